import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The items as data: setters and batch updates bind nothing and report nothing while they run, keep the current
/// item by identity, and settle once afterwards with `.dataChange`; an empty row reports nothing.
final class SnapScrollerModelTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    /// A strip over an array the test edits, as an application's model: `bind` reads the array (and so traps on an
    /// index past its end, as an application's would) and counts what it binds.
    @MainActor
    private final class Model {
        var titles: [String]
        var binds: [String] = []
        var settled: [SettleEvent] = []
        var changes: [SelectionEvent] = []
        var eventsInsideCalls = 0
        var insideCall = false
        var scroller: SnapScroller!
        var fixture: WidgetFixture!

        init(count: Int, widths: Bool = false) {
            titles = (0..<count).map { "T\($0)" }
            scroller = SnapScroller(
                itemCount: count, itemWidth: 80, spacing: 10, label: "Model strip",
                factory: {
                    let label = gtk_label_new(nil)!
                    gtk_widget_set_size_request(label, -1, 40)
                    return label
                },
                bind: { [unowned self] label, index in
                    let title = self.titles[index]
                    self.binds.append(title)
                    gtk_label_set_text(label.opaque, title)
                })
            if widths { scroller.itemWidths = titles.indices.map { 60 + Double($0 % 3) * 30 } }
            scroller.onSettled = { [unowned self] in
                if self.insideCall { self.eventsInsideCalls += 1 }
                self.settled.append($0)
            }
            scroller.onCurrentIndexChanged = { [unowned self] in
                if self.insideCall { self.eventsInsideCalls += 1 }
                self.changes.append($0)
            }
            fixture = WidgetFixture(hosting: scroller.widget, width: 500, height: 120, laidOut: false)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { self.scroller.layout.viewportWidth > 0 })
            fixture.settle(3)
        }

        /// Runs `body` as the application's call, noting any event delivered inside it.
        func call(_ body: () -> Void) {
            insideCall = true
            body()
            insideCall = false
        }

        /// Gives the items the identities 0..<count (titled as they are), then rests on item `index`.
        func identify(restingAt index: Int) -> [Int] {
            let ids = Array(titles.indices)
            scroller.update(ids: ids)
            scroller.scrollTo(index: index, animated: false)
            waitSettled(2)
            return ids
        }

        /// The application's model becomes the items `ids` (titled `T<id>`), and it tells the row (as its call).
        func change(to ids: [Int]) {
            titles = ids.map { "T\($0)" }
            call { scroller.update(ids: ids) }
        }

        /// Checks that item `index` is the one titled `title` and drawn at the viewport's centre (within 0.5 px).
        func assertCentred(_ index: Int, _ title: String, _ name: String = "", file: StaticString = #filePath,
                           line: UInt = #line) {
            let shown = centred(index)
            XCTAssertEqual(shown?.title, title, name, file: file, line: line)
            XCTAssertLessThanOrEqual(abs(shown?.error ?? 99), 0.5, "\(name): off centre", file: file, line: line)
        }

        /// The title drawn at the viewport's centre and its distance from it (px).
        func centred(_ index: Int) -> (title: String?, error: Double)? {
            guard let item = scroller.itemWidget(at: index) else { return nil }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(item, scroller.scrolledWindow, &bounds) != 0 else { return nil }
            let error = Double(bounds.origin.x + bounds.size.width / 2) - Double(gtk_widget_get_width(scroller.scrolledWindow)) / 2
            return (gtk_label_get_text(item.opaque).map { String(cString: $0) }, error)
        }

        func waitSettled(_ count: Int, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { self.settled.count >= count && !self.scroller.isMoving },
                          "did not settle", file: file, line: line)
            fixture.settle(6)
        }

        func close() { fixture.close() }
    }

    /// The adopter's crash: a shrunk model, then widths and count set in either order.
    func testShrinkingTheModelThenSettingWidthsAndCountInEitherOrderDoesNotTrap() {
        MainActor.assumeIsolated {
            for widthsFirst in [true, false] {
                let m = Model(count: 30, widths: true)
                defer { m.close() }
                m.scroller.scrollTo(index: 12, animated: false)
                m.waitSettled(1)
                m.titles = Array(m.titles.prefix(4))
                let widths: [Double] = [200, 40, 90, 70]
                m.call {
                    if widthsFirst {
                        m.scroller.itemWidths = widths
                        m.scroller.itemCount = 4
                    } else {
                        m.scroller.itemCount = 4
                        m.scroller.itemWidths = widths
                    }
                }
                XCTAssertEqual(m.scroller.currentIndex, 3, "the geometry is right at once: the last item is current")
                m.waitSettled(2)
                XCTAssertEqual(m.eventsInsideCalls, 0)
                XCTAssertEqual(m.settled.count, 2, "one settle for the whole change")
                XCTAssertEqual(m.settled.last?.cause, .dataChange)
                XCTAssertEqual(m.settled.last?.index, 3)
                XCTAssertEqual(m.changes.last?.index, 3)
                XCTAssertEqual(m.changes.last?.cause, .dataChange)
                m.assertCentred(3, "T3")
            }
        }
    }

    func testInsertRemoveAndMoveKeepTheCurrentItemCentredAndSettleOnce() {
        MainActor.assumeIsolated {
            let m = Model(count: 10)
            defer { m.close() }
            var ids = Array(0..<10)
            m.scroller.update(ids: ids)
            m.waitSettled(1)
            m.scroller.scrollTo(index: 5, animated: false)
            m.waitSettled(2)
            var next = 100
            /// Applies one edit to the model, then the update; checks the item that must be current.
            @MainActor func edit(_ name: String, expect expected: String, _ body: (inout [Int]) -> Void) {
                let before = m.settled.count
                body(&ids)
                m.binds.removeAll()
                m.change(to: ids)
                m.waitSettled(before + 1)
                XCTAssertEqual(m.eventsInsideCalls, 0, name)
                XCTAssertEqual(m.settled.count, before + 1, "\(name): exactly one settle")
                XCTAssertEqual(m.settled.last?.cause, .dataChange, name)
                let index = m.scroller.currentIndex
                XCTAssertEqual(m.titles[index], expected, name)
                XCTAssertEqual(m.settled.last?.index, index, name)
                m.assertCentred(index, expected, name)
            }
            edit("insert before", expect: "T5") { ids in ids.insert(next, at: 5); next += 1 }
            XCTAssertEqual(m.scroller.currentIndex, 6)
            XCTAssertEqual(m.changes.last?.index, 6)
            edit("insert after", expect: "T5") { ids in ids.insert(next, at: 7); next += 1 }
            XCTAssertEqual(m.scroller.currentIndex, 6)
            edit("move to end", expect: "T5") { ids in ids.append(ids.remove(at: 6)) }
            XCTAssertEqual(m.scroller.currentIndex, ids.count - 1)
            // The last item removed: the one before it takes over.
            let previous = "T\(ids[ids.count - 2])"
            m.binds.removeAll()
            let before = m.settled.count
            ids.removeLast()
            m.change(to: ids)
            m.waitSettled(before + 1)
            XCTAssertEqual(m.titles[m.scroller.currentIndex], previous)
            XCTAssertEqual(m.settled.count, before + 1)
            // A middle item removed: the next one takes over.
            m.scroller.scrollTo(index: 3, animated: false)
            m.waitSettled(before + 2)
            let following = "T\(ids[4])"
            edit("remove current", expect: following) { ids in ids.remove(at: 3) }
            XCTAssertEqual(m.scroller.currentIndex, 3)
        }
    }

    func testAnUpdateBindsOnlyTheItemsThatChanged() {
        MainActor.assumeIsolated {
            let m = Model(count: 12)
            defer { m.close() }
            var ids = m.identify(restingAt: 6)
            m.binds.removeAll()
            // Same items, one reloaded: only it is bound again.
            m.titles[7] = "T7 edited"
            m.waitSettled(2)
            m.scroller.update(ids: ids, reloaded: [7])
            m.waitSettled(3)
            XCTAssertEqual(m.binds, ["T7 edited"])
            // An item inserted after the current one: the items from there on are at new positions and bound
            // again, those before it keep their binding.
            m.binds.removeAll()
            ids.insert(50, at: 7)
            m.change(to: ids)
            m.waitSettled(4)
            let shifted = m.scroller.items.bound.keys.filter { $0 >= 7 }.map { m.titles[$0] }
            XCTAssertEqual(Set(m.binds), Set(shifted))
            XCTAssertEqual(m.binds.count, shifted.count, "each bound once")
            XCTAssertFalse(m.binds.contains("T6"), "the current item stays as it is")
            // An item appended far away: nothing near the view changes, nothing bound.
            m.binds.removeAll()
            ids.append(99)
            m.change(to: ids)
            m.waitSettled(5)
            XCTAssertEqual(m.binds, [])
        }
    }

    func testTheNeighboursSlideIntoTheGapAndTheSettleWaitsForThem() {
        MainActor.assumeIsolated {
            let m = Model(count: 10)
            defer { m.close() }
            var ids = m.identify(restingAt: 5)
            let right = m.centred(6)!.error
            ids.remove(at: 6)
            m.change(to: ids)
            // Right after the change the old item 7 (now 6) is drawn where it was, one pitch further right.
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { m.scroller.gapMotion != nil || m.settled.count > 2 })
            waitNextFrame(of: m.scroller.widget)
            let during = m.centred(6)?.error ?? 0
            XCTAssertGreaterThan(during, right + 1, "the neighbour starts from its old place")
            XCTAssertEqual(m.settled.count, 2, "no settle while the neighbours slide")
            m.waitSettled(3)
            XCTAssertEqual(m.settled.count, 3)
            XCTAssertEqual(m.centred(6)!.error, right, accuracy: 0.5, "the neighbour closed the gap")
            XCTAssertLessThanOrEqual(abs(m.centred(5)!.error), 0.5)
        }
    }

    func testAnEmptyRowReportsNothingAndIgnoresKeysAndWheel() {
        MainActor.assumeIsolated {
            let m = Model(count: 6)
            defer { m.close() }
            m.scroller.scrollTo(index: 2, animated: false)
            m.waitSettled(1)
            let settled = m.settled.count, changes = m.changes.count
            m.titles = []
            m.scroller.itemCount = 0
            m.scroller.handleKey(UInt32(GDK_KEY_Right))
            m.scroller.handleKey(UInt32(GDK_KEY_End))
            m.scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            m.scroller.scrollTo(index: 3)
            waitFrames(30, of: m.scroller.widget)
            XCTAssertFalse(m.scroller.isMoving)
            XCTAssertEqual(m.settled.count, settled, "no settle for an empty row")
            XCTAssertEqual(m.changes.count, changes, "no current item, so no change of it")
            XCTAssertEqual(m.scroller.createdItemCount - (m.scroller.items.pool.count), 0, "nothing bound")
            // Items again: the first becomes current and it settles once.
            m.titles = ["A", "B"]
            m.scroller.itemCount = 2
            m.waitSettled(settled + 1)
            XCTAssertEqual(m.settled.last?.index, 0)
            XCTAssertEqual(m.changes.last?.index, 0)
        }
    }

    func testCarouselPageCountEventsComeAfterTheSetterWithTheirCause() {
        MainActor.assumeIsolated {
            var titles = (0..<8).map { "P\($0)" }
            let carousel = Carousel(pageCount: titles.count, accessibleLabel: "Pages",
                                    makePage: { Label() }, bindPage: { label, index in label.text = titles[index] })
            var pages: [SelectionEvent] = [], settled: [SettleEvent] = []
            var inside = false, insideCount = 0
            carousel.onPageChanged = { if inside { insideCount += 1 }; pages.append($0) }
            carousel.onSettled = { if inside { insideCount += 1 }; settled.append($0) }
            let fixture = WidgetFixture(hosting: carousel.widget, width: 600, height: 400, laidOut: false)
            defer { fixture.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { carousel.scroller.layout.viewportWidth > 0 })
            carousel.scroller.handleKey(UInt32(GDK_KEY_End))
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { settled.count == 1 && !carousel.scroller.isMoving })
            XCTAssertEqual(pages.last?.cause, .keyboard)
            // A smaller count clamps the page: reported after the setter, as the data change it is.
            titles = Array(titles.prefix(3))
            inside = true
            carousel.pageCount = 3
            inside = false
            XCTAssertEqual(carousel.currentPage, 2)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { settled.count == 2 })
            XCTAssertEqual(insideCount, 0)
            XCTAssertEqual(pages.last?.index, 2)
            XCTAssertEqual(pages.last?.cause, .dataChange)
            XCTAssertEqual(settled.last?.cause, .dataChange)
            // The pages by identity from now on (named in place: the same position stays current).
            carousel.update(ids: titles)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { settled.count == 3 })
            // Pages added before the current one: the same page stays current.
            let shown = titles[2]
            titles.insert("new", at: 0)
            carousel.update(ids: titles)
            XCTAssertEqual(carousel.currentPage, 3)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { settled.count == 4 && !carousel.scroller.isMoving })
            XCTAssertEqual(titles[carousel.currentPage], shown)
            XCTAssertEqual(pages.last?.index, 3)
            // No pages: nothing at all, not even for keys and the wheel.
            let counts = (pages.count, settled.count)
            titles = []
            carousel.pageCount = 0
            carousel.scroller.handleKey(UInt32(GDK_KEY_Left))
            carousel.scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            fixture.settle(30)
            XCTAssertEqual(pages.count, counts.0)
            XCTAssertEqual(settled.count, counts.1)
        }
    }

    func testSegmentsKeepTheSelectedOneByIdentityAndReportAfterTheChange() {
        MainActor.assumeIsolated {
            let control = SegmentedControl(titles: ["A", "B", "C", "D"], label: "Segments")
            var events: [SelectionEvent] = []
            var inside = false, insideCount = 0
            control.onSelected = { if inside { insideCount += 1 }; events.append($0) }
            let fixture = WidgetFixture(hosting: control.rootWidget.pointer, width: 400, height: 60, laidOut: false)
            defer { fixture.close() }
            control.update(titles: ["A", "B", "C", "D"], ids: ["a", "b", "c", "d"])
            control.select(2)
            XCTAssertEqual(events.count, 1)
            // A segment before the selected one: the same segment stays selected, one place on.
            inside = true
            control.update(titles: ["X", "A", "B", "C", "D"], ids: ["x", "a", "b", "c", "d"])
            inside = false
            XCTAssertEqual(control.selectedIndex, 3)
            drainMainLoop()
            XCTAssertEqual(insideCount, 0)
            XCTAssertEqual(events.count, 2)
            XCTAssertEqual(events.last?.index, 3)
            XCTAssertEqual(events.last?.cause, .dataChange)
            // The selected segment removed: the next one is selected, at the same index, so nothing to report.
            control.update(titles: ["X", "A", "B", "D"], ids: ["x", "a", "b", "d"])
            drainMainLoop()
            XCTAssertEqual(control.titles[control.selectedIndex], "D")
            XCTAssertEqual(events.count, 2)
            // The last one removed while selected: the one before it.
            control.update(titles: ["X", "A", "B"], ids: ["x", "a", "b"])
            drainMainLoop()
            XCTAssertEqual(control.selectedIndex, 2)
            XCTAssertEqual(events.count, 3)
            // None left: nothing selected, nothing reported, keys do nothing.
            control.update(titles: [], ids: [String]())
            drainMainLoop()
            XCTAssertEqual(events.count, 3)
        }
    }

    func testALoopingRowKeepsTheCurrentItemThroughAnUpdate() {
        MainActor.assumeIsolated {
            let m = Model(count: 8)
            defer { m.close() }
            var ids = Array(0..<8)
            m.scroller.update(ids: ids)
            m.scroller.loops = true
            m.scroller.scrollTo(index: 6, animated: false)
            m.waitSettled(2)
            ids.insert(40, at: 2)
            ids.remove(at: 0)
            let before = m.settled.count
            m.change(to: ids)
            m.waitSettled(before + 1)
            XCTAssertEqual(m.scroller.currentIndex, 6, "T6 is still current, at its new index")
            XCTAssertEqual(m.titles[m.scroller.currentIndex], "T6")
            m.assertCentred(m.scroller.currentIndex, "T6")
            XCTAssertEqual(m.settled.count, before + 1)
        }
    }

    func testChangesDuringASlideEndInOneSettle() {
        MainActor.assumeIsolated {
            let m = Model(count: 10)
            defer { m.close() }
            var ids = m.identify(restingAt: 5)
            ids.remove(at: 3)
            m.change(to: ids)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { m.scroller.gapMotion != nil })
            waitNextFrame(of: m.scroller.widget)
            // A second change while the first one's neighbours slide: it takes over.
            ids.insert(77, at: 1)
            m.change(to: ids)
            m.waitSettled(3)
            waitFrames(30, of: m.scroller.widget)
            XCTAssertEqual(m.settled.count, 3, "one settle for both changes")
            XCTAssertEqual(m.titles[m.scroller.currentIndex], "T5")
            m.assertCentred(m.scroller.currentIndex, "T5")
        }
    }
}
