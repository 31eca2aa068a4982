import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The application changing the items while a row moves, and a count-built row getting identities: a move someone
/// asked for keeps going to the item it was heading for, at its new index (as AdwCarousel keeps going to its page).
final class ItemsInMotionTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    /// A carousel of labels over `titles` in a window, recording what it reports.
    @MainActor
    private final class Pages {
        var titles: [String]
        var pages: [SelectionEvent] = []
        var settled: [SettleEvent] = []
        var binds = 0
        var carousel: Carousel!
        var fixture: WidgetFixture!

        init(count: Int) {
            titles = (0..<count).map { "P\($0)" }
            carousel = Carousel(pageCount: count, accessibleLabel: "Pages", makePage: { Label() },
                                bindPage: { [unowned self] label, index in
                                    self.binds += 1
                                    label.text = self.titles[index]
                                })
            carousel.onPageChanged = { [unowned self] in pages.append($0) }
            carousel.onSettled = { [unowned self] in settled.append($0) }
            fixture = WidgetFixture(hosting: carousel.widget, width: 600, height: 400, laidOut: false)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { self.carousel.scroller.layout.viewportWidth > 0 })
            fixture.settle(3)
        }

        func waitSettled(_ count: Int, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { self.settled.count >= count && !self.carousel.scroller.isMoving },
                          "did not settle", file: file, line: line)
        }

        /// Runs frames until the row has moved away from where it was, part of the way to its target.
        func waitUnderWay(file: StaticString = #filePath, line: UInt = #line) {
            let start = carousel.scroller.logicalOffset
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { self.carousel.scroller.logicalOffset != start },
                          "never moved", file: file, line: line)
            fixture.settle(4)
            XCTAssertTrue(carousel.scroller.isMoving, "arrived before the change: the test shows nothing", file: file, line: line)
        }

        func close() { fixture.close() }
    }

    /// The adopter's probe (ported from libadwaita's test-carousel.c): a refresh that inserts a page while a dot's
    /// move is under way must not drop the move.
    func testAnUpdateDuringAMoveKeepsGoingToThePageAskedFor() {
        MainActor.assumeIsolated {
            let p = Pages(count: 8)
            defer { p.close() }
            // The pages get their identities first (a count-built carousel's first update names them in place).
            p.carousel.update(ids: p.titles)
            p.waitSettled(1)
            p.carousel.animationDuration = 600
            p.carousel.scrollTo(page: 5)
            p.waitUnderWay()
            let settledBefore = p.settled.count
            p.titles.insert("new", at: 0)
            p.carousel.update(ids: p.titles)
            p.waitSettled(settledBefore + 1)
            waitFrames(6, of: p.carousel.widget)
            XCTAssertEqual(p.titles[p.carousel.currentPage], "P5", "rests on the page asked for")
            XCTAssertEqual(p.carousel.currentPage, 6)
            XCTAssertEqual(p.settled.count, settledBefore + 1, "one settle, on arrival")
            XCTAssertEqual(p.settled.last?.index, 6)
            XCTAssertEqual(p.settled.last?.cause, .programmatic, "the move's own cause")
            XCTAssertEqual(p.pages.last?.index, 6, "the destination's new index was reported")
            let layout = p.carousel.scroller.layout
            XCTAssertEqual(p.carousel.scroller.logicalOffset, layout.restingOffset(6), "exactly at rest")
        }
    }

    /// Removing pages around the target, and a new count (pages identified by their index), during a move.
    func testRemovalsAndANewCountDuringAMoveKeepTheTarget() {
        MainActor.assumeIsolated {
            let p = Pages(count: 10)
            defer { p.close() }
            p.carousel.animationDuration = 600
            p.carousel.update(ids: p.titles)
            p.waitSettled(1)
            p.carousel.scrollTo(page: 7)
            p.waitUnderWay()
            p.titles.removeAll { $0 == "P1" || $0 == "P9" }
            p.carousel.update(ids: p.titles)
            p.waitSettled(2)
            XCTAssertEqual(p.titles[p.carousel.currentPage], "P7")
            XCTAssertEqual(p.settled.last?.cause, .programmatic)

            // By index: a smaller count keeps the index asked for (clamped).
            p.carousel.scrollTo(page: 1)
            p.waitUnderWay()
            p.titles = Array(p.titles.prefix(5))
            p.carousel.pageCount = 5
            p.waitSettled(3)
            XCTAssertEqual(p.carousel.currentPage, 1)
            XCTAssertEqual(p.settled.last?.cause, .programmatic)
        }
    }

    /// A carousel built with a count identifies its pages by their index, the `Int`s from 0: `Int` identifiers are
    /// compared with those, identifiers of another type name the pages in place (and bind them all again) — and a
    /// move under way keeps going either way.
    func testTheFirstUpdateOfACountBuiltRowFollowsIntsAndNamesOtherIdentitiesInPlace() {
        MainActor.assumeIsolated {
            // Strings name the pages in place: the page asked for is the one at the index asked for.
            let p = Pages(count: 8)
            defer { p.close() }
            p.carousel.animationDuration = 600
            p.carousel.scrollTo(page: 5)
            p.waitUnderWay()
            let binds = p.binds
            p.titles.insert("new", at: 0)
            p.carousel.update(ids: p.titles)
            p.waitSettled(1)
            XCTAssertEqual(p.carousel.currentPage, 5, "the move kept its index")
            XCTAssertEqual(p.settled.last?.cause, .programmatic)
            XCTAssertGreaterThanOrEqual(p.binds - binds, 3, "the pages near the view are bound again")

            // Ints are the pages' indexes: a new first page moves the current one on.
            let q = Pages(count: 8)
            defer { q.close() }
            q.carousel.scrollTo(page: 2, animated: false)
            q.waitSettled(1)
            q.titles.insert("new", at: 0)
            q.carousel.update(ids: [100, 0, 1, 2, 3, 4, 5, 6, 7])
            q.waitSettled(2)
            XCTAssertEqual(q.carousel.currentPage, 3)
            XCTAssertEqual(q.titles[q.carousel.currentPage], "P2")
        }
    }

    /// The segmented control's underline sliding to the selected segment goes on sliding to it through an update.
    func testAnUpdateDuringASlideKeepsSlidingToTheSelectedSegment() throws {
        try MainActor.assumeIsolated {
            guard Preferences.animationsEnabled else { throw XCTSkip("animations are off") }
            let control = SegmentedControl(titles: ["A", "B", "C", "D", "E"], label: "Segments")
            let fixture = WidgetFixture(hosting: control.rootWidget.pointer, width: 500, height: 60, laidOut: false)
            defer { fixture.close() }
            control.update(titles: ["A", "B", "C", "D", "E"], ids: ["a", "b", "c", "d", "e"])
            fixture.settle(3)
            control.select(3)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { control.position > 0.3 })
            XCTAssertTrue(control.isAnimating)
            control.update(titles: ["X", "A", "B", "C", "D", "E"], ids: ["x", "a", "b", "c", "d", "e"])
            XCTAssertEqual(control.selectedIndex, 4)
            XCTAssertTrue(control.isAnimating, "the slide goes on")
            XCTAssertLessThan(control.position, 4)
            XCTAssertGreaterThan(control.position, 1, "from where it was, one segment on")
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { !control.isAnimating })
            XCTAssertEqual(control.position, 4)
        }
    }
}
