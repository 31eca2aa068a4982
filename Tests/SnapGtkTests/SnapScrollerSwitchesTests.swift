import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// libadwaita's switches on the scroller and the carousel: each kind of input turned off moves nothing (and is not
/// taken, so it can go on), long swipes allowed or not, spacing and duration changed while shown.
final class SnapScrollerSwitchesTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    /// Nothing moved and nothing settled for a dozen frames: the input was ignored.
    @MainActor
    private static func assertStill(_ f: ScrollerFixture, at index: Int, settled count: Int, _ what: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        waitFrames(12, of: f.scroller.widget, file: file, line: line)
        XCTAssertFalse(f.scroller.isMoving, "\(what): moving", file: file, line: line)
        XCTAssertEqual(f.settled.count, count, "\(what): settled", file: file, line: line)
        XCTAssertEqual(f.scroller.logicalOffset, f.scroller.layout.restingOffset(index), "\(what): moved",
                       file: file, line: line)
    }

    /// A fast drag left across three items' worth, released while moving.
    @MainActor
    private static func fastDrag(_ scroller: SnapScroller, distance: Double, isTouch: Bool = false) -> [Bool] {
        var time = scroller.now
        scroller.handleDragBegin(x: 400, time: time, isTouch: isTouch)
        var claimed: [Bool] = []
        for step in 1...12 {
            time += 5
            claimed.append(scroller.handleDragUpdate(offsetX: -Double(step) * distance / 12, time: time))
        }
        scroller.handleDragEnd(offsetX: -distance, time: time + 5)
        return claimed
    }

    func testTheWheelSwitchLeavesWheelNotchesToOthersAndKeepsTheTouchpad() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture()
            defer { f.close() }
            f.scroller.allowsScrollWheel = false
            XCTAssertFalse(f.scroller.handleScroll(dx: 0, dy: 1, unit: GDK_SCROLL_UNIT_WHEEL), "a notch is not taken")
            XCTAssertFalse(f.scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL))
            Self.assertStill(f, at: 0, settled: 0, "wheel off")
            // The touchpad still moves it.
            XCTAssertTrue(f.scroller.handleScroll(dx: 200, dy: 0, unit: GDK_SCROLL_UNIT_SURFACE))
            f.scroller.handleScrollEnd()
            f.waitSettled(1)
            XCTAssertEqual(f.settled.last?.cause, .touchpad)
            f.assertRests(on: 1)
            // On again: a notch moves one item.
            f.scroller.allowsScrollWheel = true
            XCTAssertTrue(f.scroller.handleScroll(dx: 0, dy: 1, unit: GDK_SCROLL_UNIT_WHEEL))
            f.waitSettled(2)
            f.assertRests(on: 2)
        }
    }

    func testTheMouseDragSwitchGivesUpMouseDragsButKeepsClicksAndTouch() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture()
            defer { f.close() }
            f.scroller.allowsMouseDrag = false
            let claimed = Self.fastDrag(f.scroller, distance: 300)
            XCTAssertEqual(claimed.filter { $0 }.count, 0, "a mouse drag is never claimed")
            Self.assertStill(f, at: 0, settled: 0, "mouse drag off")
            XCTAssertEqual(f.taps, [], "a drag given up is no tap")
            // A click without moving still taps (and brings the item to the centre).
            let centre = Double(gtk_widget_get_width(f.scroller.scrolledWindow)) / 2
            f.scroller.handleDragBegin(x: centre + 170)
            f.scroller.handleDragEnd(offsetX: 2)
            XCTAssertEqual(f.taps, [1])
            f.waitSettled(1)
            f.assertRests(on: 1)
            // A touchscreen drag still moves it.
            XCTAssertEqual(Self.fastDrag(f.scroller, distance: 300, isTouch: true).last, true)
            f.waitSettled(2)
            XCTAssertEqual(f.settled.last?.cause, .drag)
            XCTAssertGreaterThan(f.scroller.currentIndex, 1)
            f.assertRests(on: f.scroller.currentIndex)
        }
    }

    func testANonInteractiveScrollerIgnoresEveryInputButStillTapsAndMovesOnRequest() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture()
            defer { f.close() }
            f.scroller.isInteractive = false
            XCTAssertFalse(f.scroller.handleScroll(dx: 0, dy: 1, unit: GDK_SCROLL_UNIT_WHEEL))
            XCTAssertFalse(f.scroller.handleScroll(dx: 120, dy: 0, unit: GDK_SCROLL_UNIT_SURFACE))
            f.scroller.handleScrollEnd()
            f.scroller.handleDecelerate(vx: 3000, vy: 0)
            XCTAssertFalse(f.scroller.handleKey(UInt32(GDK_KEY_Right)), "a move key is not taken")
            XCTAssertFalse(f.scroller.handleKey(UInt32(GDK_KEY_End)))
            XCTAssertEqual(Self.fastDrag(f.scroller, distance: 300).filter { $0 }.count, 0)
            XCTAssertEqual(Self.fastDrag(f.scroller, distance: 300, isTouch: true).filter { $0 }.count, 0)
            Self.assertStill(f, at: 0, settled: 0, "not interactive")
            // A click on a neighbour is reported but moves nothing; Enter taps the current item.
            let centre = Double(gtk_widget_get_width(f.scroller.scrolledWindow)) / 2
            f.scroller.handleDragBegin(x: centre + 170)
            f.scroller.handleDragEnd(offsetX: 0)
            XCTAssertTrue(f.scroller.handleKey(UInt32(GDK_KEY_Return)))
            XCTAssertEqual(f.taps, [1, 0])
            Self.assertStill(f, at: 0, settled: 0, "a tap while not interactive")
            // The application still moves it.
            f.scroller.scrollTo(index: 3)
            f.waitSettled(1)
            XCTAssertEqual(f.settled.last?.cause, .programmatic)
            f.assertRests(on: 3)
        }
    }

    func testSwitchingInteractionOffMidDragEndsTheDragInPlace() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture()
            defer { f.close() }
            let start = f.scroller.now
            f.scroller.handleDragBegin(x: 300, time: start)
            XCTAssertTrue(f.scroller.handleDragUpdate(offsetX: -150, time: start + 400))
            // Held still long enough that the release carries no fling: the nearest item.
            f.scroller.handleDragUpdate(offsetX: -150, time: start + 800)
            f.scroller.isInteractive = false
            XCTAssertFalse(f.scroller.handleDragUpdate(offsetX: -400, time: start + 420), "the rest of the drag is ignored")
            f.waitSettled(1)
            XCTAssertEqual(f.settled.count, 1)
            f.assertRests(on: 1)
        }
    }

    func testLongSwipesDecideWhetherAFlingMayPassMoreThanOneItem() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture(count: 40)
            defer { f.close() }
            XCTAssertTrue(f.scroller.allowsLongSwipes, "a strip allows long swipes")
            _ = Self.fastDrag(f.scroller, distance: 510)
            f.waitSettled(1)
            let far = f.scroller.currentIndex
            XCTAssertGreaterThan(far, 2, "a fast fling passes several items")
            f.assertRests(on: far)

            f.scroller.allowsLongSwipes = false
            XCTAssertEqual(f.scroller.configuration.targetParameters.maximumItemsPerFling, 1)
            XCTAssertEqual(f.scroller.configuration.touchpadParameters.maximumItemsPerFling, 1)
            _ = Self.fastDrag(f.scroller, distance: 510)
            f.waitSettled(2)
            f.assertRests(on: far + 1)
            // The same on the touchpad: fast deltas, then scroll-end.
            var time = f.scroller.now
            for _ in 0..<15 {
                time += 8
                f.scroller.handleScroll(dx: 40, dy: 0, unit: GDK_SCROLL_UNIT_SURFACE, time: time)
            }
            f.scroller.handleScrollEnd()
            f.waitSettled(3)
            f.assertRests(on: far + 2)
        }
    }

    func testTheAnimationDurationTimesTheNextMove() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture()
            defer { f.close() }
            f.scroller.animationDuration = 900
            XCTAssertEqual(f.scroller.configuration.glideOneItemDuration, 900)
            XCTAssertEqual(f.scroller.configuration.glideLongestDuration, 1500, accuracy: 1e-9)
            // Ticked by hand at chosen times (the main loop does not run in between, so no real frame interferes).
            let start = f.scroller.now
            f.scroller.handleKey(UInt32(GDK_KEY_Right), time: start)
            let pitch = f.scroller.layout.restingOffset(1)
            _ = f.scroller.frame(at: start + 1)
            XCTAssertTrue(f.scroller.frame(at: start + 600), "still moving at 600 of 900 ms")
            XCTAssertGreaterThan(f.scroller.logicalOffset, 0)
            XCTAssertLessThan(f.scroller.logicalOffset, pitch)
            _ = f.scroller.frame(at: start + 901)
            XCTAssertEqual(f.scroller.logicalOffset, pitch, "there at 900 ms")
            f.waitSettled(1)
            f.assertRests(on: 1)
            // Zero: the next move lands on its first frame.
            f.scroller.animationDuration = 0
            let later = f.scroller.now
            f.scroller.handleKey(UInt32(GDK_KEY_Right), time: later)
            _ = f.scroller.frame(at: later + 1)
            XCTAssertEqual(f.scroller.logicalOffset, f.scroller.layout.restingOffset(2))
            f.waitSettled(2)
            f.assertRests(on: 2)
            f.scroller.animationDuration = .nan
            XCTAssertEqual(f.scroller.animationDuration, GlideMotion.defaultOneItemDuration)
        }
    }

    // MARK: - Carousel

    /// A carousel of 30 label pages in a window.
    @MainActor
    private final class CarouselFixture: WidgetFixture {
        let carousel: Carousel
        var settled: [SettleEvent] = []
        var tapped: [Int] = []

        init() {
            carousel = Carousel(pageCount: 30, accessibleLabel: "Pages", makePage: { Label() },
                                bindPage: { label, index in label.text = "Page \(index)" })
            super.init(hosting: carousel.widget, width: 600, height: 400)
            carousel.onSettled = { [unowned self] in settled.append($0) }
            carousel.onTapped = { [unowned self] in tapped.append($0.index) }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { self.carousel.scroller.layout.viewportWidth > 0 })
        }

        func waitSettled(_ count: Int) {
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) {
                self.settled.count >= count && !self.carousel.scroller.isMoving }, "never settled")
        }

        /// The current page at its resting place, to the pixel GTK drew it at.
        func assertAtRest(_ page: Int, file: StaticString = #filePath, line: UInt = #line) {
            let layout = carousel.scroller.layout
            XCTAssertEqual(carousel.currentPage, page, file: file, line: line)
            XCTAssertEqual(carousel.scroller.logicalOffset, layout.restingOffset(page), file: file, line: line)
            waitFrames(2, of: carousel.widget, file: file, line: line)
            guard let widget = carousel.pageWidget(at: page) else { return XCTFail("no widget", file: file, line: line) }
            var bounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(widget.pointer, carousel.scroller.scrolledWindow, &bounds), 0)
            let centre = Double(bounds.origin.x + bounds.size.width / 2)
            XCTAssertEqual(centre, Double(gtk_widget_get_width(carousel.scroller.scrolledWindow)) / 2, accuracy: 0.5,
                           "page \(page) centred", file: file, line: line)
        }
    }

    func testTheCarouselForwardsItsSwitchesAndTurnsOnePageASwipeUnlessLongSwipesAreOn() {
        MainActor.assumeIsolated {
            let f = CarouselFixture()
            defer { f.close() }
            let scroller = f.carousel.scroller
            XCTAssertFalse(f.carousel.allowsLongSwipes, "a carousel turns one page a swipe")
            let pitch = scroller.layout.restingOffset(1)
            _ = Self.fastDrag(scroller, distance: pitch * 3)
            f.waitSettled(1)
            f.assertAtRest(1)
            f.carousel.allowsLongSwipes = true
            _ = Self.fastDrag(scroller, distance: pitch * 3)
            f.waitSettled(2)
            XCTAssertGreaterThan(f.carousel.currentPage, 2, "a long swipe turns several pages")
            f.assertAtRest(f.carousel.currentPage)

            let page = f.carousel.currentPage
            f.carousel.isInteractive = false
            XCTAssertFalse(scroller.isInteractive)
            XCTAssertFalse(scroller.handleKey(UInt32(GDK_KEY_Right)))
            // A click on the peeking neighbour moves nothing; on the current page it taps.
            let width = Double(gtk_widget_get_width(scroller.scrolledWindow))
            scroller.handleDragBegin(x: width - 5)
            scroller.handleDragEnd(offsetX: 0)
            scroller.handleDragBegin(x: width / 2)
            scroller.handleDragEnd(offsetX: 0)
            XCTAssertEqual(f.tapped, [page])
            waitFrames(12, of: f.carousel.widget)
            XCTAssertEqual(f.settled.count, 2)
            f.carousel.allowsScrollWheel = false
            XCTAssertFalse(scroller.allowsScrollWheel)
            f.carousel.allowsMouseDrag = false
            XCTAssertFalse(scroller.allowsMouseDrag)
            f.carousel.animationDuration = 500
            XCTAssertEqual(scroller.animationDuration, 500)
        }
    }

    func testTheCarouselsSpacingChangesLiveWithTheCurrentPageInPlace() {
        MainActor.assumeIsolated {
            let f = CarouselFixture()
            defer { f.close() }
            f.carousel.scrollTo(page: 7, animated: false)
            f.waitSettled(1)
            let designGap = f.carousel.scroller.layout.spacing
            XCTAssertNil(f.carousel.spacing, "the design's gap until set")
            XCTAssertEqual(designGap, f.carousel.geometry.gap.rounded())
            for gap in [40.0, 0, 123] {
                f.carousel.spacing = gap
                // Laid out again at once, in place: no motion, no frame in between.
                XCTAssertEqual(f.carousel.scroller.layout.spacing, gap)
                XCTAssertEqual(f.carousel.scroller.logicalOffset, f.carousel.scroller.layout.restingOffset(7))
                XCTAssertFalse(f.carousel.scroller.isMoving)
                f.assertAtRest(7)
                // The neighbour sits one panel and one gap further.
                guard let here = f.carousel.pageWidget(at: 7), let next = f.carousel.pageWidget(at: 8) else {
                    return XCTFail("neighbours have widgets")
                }
                var a = graphene_rect_t(), b = graphene_rect_t()
                _ = gtk_widget_compute_bounds(here.pointer, f.carousel.scroller.scrolledWindow, &a)
                _ = gtk_widget_compute_bounds(next.pointer, f.carousel.scroller.scrolledWindow, &b)
                XCTAssertEqual(Double(b.origin.x - a.origin.x - a.size.width), gap, accuracy: 0.5)
            }
            f.carousel.spacing = nil
            XCTAssertEqual(f.carousel.scroller.layout.spacing, designGap)
            // Each new spacing comes to rest at once, in place, reported as a resize.
            XCTAssertEqual(f.settled.map(\.index), [7, 7, 7, 7, 7])
            XCTAssertEqual(f.settled.dropFirst().map(\.cause), [.resize, .resize, .resize, .resize])
            // Far pages have no widget; the current one is the page made by `makePage`.
            XCTAssertNil(f.carousel.pageWidget(at: 25))
            XCTAssertNil(f.carousel.pageWidget(at: -1))
            XCTAssertNil(f.carousel.pageWidget(at: 30))
            let label = f.carousel.pageWidget(at: 7).map { String(cString: gtk_label_get_text($0.pointer.opaque)) }
            XCTAssertEqual(label, "Page 7")
        }
    }
}
