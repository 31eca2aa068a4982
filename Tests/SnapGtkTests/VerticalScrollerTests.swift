import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// A vertical scroller: the same exactness along the height under every input, through the same entry points its
/// event controllers call (touchpad sequences replayed in real time: Xvfb sends no smooth scrolling).
final class VerticalScrollerTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    /// A vertical list of 20 items 60 px tall, 30 px apart (pitch 90), in a 240 × 400 window.
    @MainActor
    final class Fixture: WidgetFixture {
        let scroller: SnapScroller
        var settled: [SettleEvent] = []
        var taps: [Int] = []
        static let pitch = 90.0

        init(count: Int = 20, height: Int32 = 400) {
            scroller = SnapScroller(
                itemCount: count, itemWidth: 60, spacing: 30, label: "Test list",
                factory: { gtk_label_new(nil)! },
                bind: { label, index in gtk_label_set_text(label.opaque, "\(index)") })
            scroller.orientation = .vertical
            super.init(hosting: scroller.widget, width: 240, height: height)
            scroller.onSettled = { [unowned self] in settled.append($0) }
            scroller.onTap = { [unowned self] in taps.append($0.index) }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { self.scroller.layout.viewportWidth > 0 }, "never laid out")
        }

        func waitSettled(_ count: Int, file: StaticString = #filePath, line: UInt = #line) {
            let done = GtkThread.iterate(timeout: testPatience) { self.settled.count >= count && !self.scroller.isMoving }
            XCTAssertTrue(done, "did not settle (\(settled.count) settled)", file: file, line: line)
            waitFrames(12, of: scroller.widget, file: file, line: line)
            XCTAssertEqual(settled.count, count, "one settle per gesture", file: file, line: line)
        }

        /// The item's bounds in the scrolled window, as GTK draws it now.
        func bounds(of index: Int) -> graphene_rect_t? {
            guard let item = scroller.itemWidget(at: index) else { return nil }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(item, scroller.scrolledWindow, &bounds) != 0 else { return nil }
            return bounds
        }

        /// At rest on `index`: the vertical adjustment holds `index × pitch`, the settled event says so, and the
        /// item's centre is within 0.5 px of the viewport's vertical centre, spanning the whole width.
        func assertRests(on index: Int, cause: Cause? = nil, file: StaticString = #filePath, line: UInt = #line) {
            let expected = Double(index) * Self.pitch
            XCTAssertEqual(scroller.currentIndex, index, "current index", file: file, line: line)
            XCTAssertEqual(gtk_adjustment_get_value(scroller.adjustment), expected, "adjustment", file: file, line: line)
            XCTAssertEqual(settled.last?.index, index, "settled index", file: file, line: line)
            XCTAssertEqual(settled.last?.offset, expected, "settled offset", file: file, line: line)
            if let cause { XCTAssertEqual(settled.last?.cause, cause, file: file, line: line) }
            waitFrames(2, of: scroller.widget, file: file, line: line)
            guard let b = bounds(of: index) else { return XCTFail("item \(index) has no widget", file: file, line: line) }
            let error = Double(b.origin.y + b.size.height / 2) - Double(gtk_widget_get_height(scroller.scrolledWindow)) / 2
            XCTAssertLessThanOrEqual(abs(error), 0.5, "item \(index) off centre by \(error) px", file: file, line: line)
            XCTAssertEqual(Double(b.size.height), 60, file: file, line: line)
            XCTAssertEqual(Double(b.size.width), Double(gtk_widget_get_width(scroller.content)), "as wide as the row", file: file, line: line)
        }

        func replayTouchpad(_ gesture: TouchpadGesture) {
            var replay = TouchpadReplay(gesture, startingAt: scroller.now)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { replay.deliver(to: self.scroller, through: self.scroller.now) },
                          "the replay never finished")
        }
    }

    func testTheVerticalAdjustmentCarriesTheOffsetAndItemsStackDown() {
        MainActor.assumeIsolated {
            let f = Fixture()
            defer { f.close() }
            XCTAssertEqual(f.scroller.orientation, .vertical)
            XCTAssertEqual(f.scroller.adjustment, gtk_scrolled_window_get_vadjustment(f.scroller.scrolledWindow.opaque))
            XCTAssertEqual(f.scroller.layout.viewportWidth, Double(gtk_widget_get_height(f.scroller.scrolledWindow)),
                           "the viewport is the visible height")
            let upper = gtk_adjustment_get_upper(f.scroller.adjustment)
            XCTAssertEqual(upper, f.scroller.layout.contentWidth)
            XCTAssertEqual(gtk_adjustment_get_page_size(f.scroller.adjustment), f.scroller.layout.viewportWidth)
            f.scroller.scrollTo(index: 4, animated: false)
            f.waitSettled(1)
            f.assertRests(on: 4, cause: .programmatic)
            guard let b4 = f.bounds(of: 4), let b5 = f.bounds(of: 5) else { return XCTFail("no widgets") }
            XCTAssertEqual(Double(b5.origin.y - b4.origin.y), Fixture.pitch, "the next item one pitch below")
            XCTAssertEqual(b5.origin.x, b4.origin.x)
            // The last item reaches the centre too.
            f.scroller.scrollTo(index: 19, animated: false)
            f.waitSettled(2)
            f.assertRests(on: 19)
        }
    }

    func testWheelNotchesDownAndUpMoveOneItemEachAndASidewaysWheelIsNotTaken() {
        MainActor.assumeIsolated {
            let f = Fixture()
            defer { f.close() }
            XCTAssertTrue(f.scroller.handleScroll(dx: 0, dy: 1, unit: GDK_SCROLL_UNIT_WHEEL))
            f.waitSettled(1)
            f.assertRests(on: 1, cause: .wheel)
            for _ in 0..<3 { f.scroller.handleScroll(dx: 0, dy: 1, unit: GDK_SCROLL_UNIT_WHEEL); waitFrames(2, of: f.scroller.widget) }
            f.waitSettled(2)
            f.assertRests(on: 4)
            f.scroller.handleScroll(dx: 0, dy: -1, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(3)
            f.assertRests(on: 3)
            // A high-resolution wheel: quarter notches add up to one item.
            for _ in 0..<4 { f.scroller.handleScroll(dx: 0, dy: 0.25, unit: GDK_SCROLL_UNIT_WHEEL) }
            f.waitSettled(4)
            f.assertRests(on: 4)
            // A horizontal wheel is left to the widgets around the list.
            XCTAssertFalse(f.scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL))
            XCTAssertFalse(f.scroller.handleScroll(dx: -1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL))
            waitFrames(12, of: f.scroller.widget)
            XCTAssertEqual(f.settled.count, 4)
            f.assertRests(on: 4)
        }
    }

    func testATouchpadSwipeWithDecelerationLandsExactlyAndASidewaysSwipeIsNotTaken() {
        MainActor.assumeIsolated {
            let f = Fixture(count: 60)
            defer { f.close() }
            // Fingers leave at ~3 px/ms upwards on the pad (content down the list); GTK's decelerate ends it.
            let fling = TouchpadGesture(
                samples: [2, 6, 12, 20, 24, 24, 24, 24].enumerated().map { .init(time: Double($0.offset) * 8, dx: 0, dy: $0.element) },
                ending: .decelerate)
            f.replayTouchpad(fling)
            f.waitSettled(1)
            let far = f.scroller.currentIndex
            XCTAssertGreaterThan(far, 2, "a fling travels past the nearest item")
            f.assertRests(on: far, cause: .touchpad)
            // Slow and short back up: the nearest item.
            let slow = TouchpadGesture(
                samples: ([-4, -8, -12, -16, -12, -8, -4, -3] + [Double](repeating: -0.1, count: 20))
                    .enumerated().map { .init(time: Double($0.offset) * 8, dx: 0, dy: $0.element) },
                ending: .scrollEnd)
            f.replayTouchpad(slow)
            f.waitSettled(2)
            f.assertRests(on: far - 1, cause: .touchpad)
            // Sideways: locked to the other axis, not the list's.
            XCTAssertFalse(f.scroller.handleScroll(dx: 30, dy: 2, unit: GDK_SCROLL_UNIT_SURFACE))
            XCTAssertFalse(f.scroller.handleScroll(dx: 30, dy: 20, unit: GDK_SCROLL_UNIT_SURFACE), "the lock holds")
            f.scroller.handleScrollEnd()
            waitFrames(12, of: f.scroller.widget)
            XCTAssertEqual(f.settled.count, 2)
            f.assertRests(on: far - 1)
        }
    }

    func testADragUpFollowsAndSnapsAndAClickBelowTapsTheItemThere() {
        MainActor.assumeIsolated {
            let f = Fixture()
            defer { f.close() }
            let centre = Double(gtk_widget_get_height(f.scroller.scrolledWindow)) / 2
            // A slow drag up by 120 px (the y offset): the content follows, then the nearest item, 1.
            let start = f.scroller.now
            f.scroller.handleDragBegin(x: centre + 60, time: start)
            for step in 1...12 {
                f.scroller.handleDragUpdate(offsetX: -Double(step) * 10, time: start + Double(step) * 30)
            }
            XCTAssertEqual(f.scroller.logicalOffset, 110, accuracy: 0.001, "follows past the threshold")
            f.scroller.handleDragUpdate(offsetX: -120, time: start + 700)
            f.scroller.handleDragEnd(offsetX: -120, time: start + 700)
            f.waitSettled(1)
            f.assertRests(on: 1, cause: .drag)
            // A click one pitch below the centre: the item there.
            f.scroller.handleDragBegin(x: centre + Fixture.pitch)
            f.scroller.handleDragEnd(offsetX: 1)
            XCTAssertEqual(f.taps, [2])
            f.waitSettled(2)
            f.assertRests(on: 2, cause: .click)
        }
    }

    func testUpDownPageAndEndKeysMoveItLeftAndRightAreNotTaken() {
        MainActor.assumeIsolated {
            let f = Fixture()
            defer { f.close() }
            XCTAssertTrue(f.scroller.handleKey(UInt32(GDK_KEY_Down)))
            f.waitSettled(1)
            f.assertRests(on: 1, cause: .keyboard)
            f.scroller.handleKey(UInt32(GDK_KEY_KP_Down))
            f.waitSettled(2)
            f.assertRests(on: 2)
            f.scroller.handleKey(UInt32(GDK_KEY_Up))
            f.waitSettled(3)
            f.assertRests(on: 1)
            // Page Down: the farthest item within one viewport (400 px / 90 px pitch → 4 items).
            f.scroller.handleKey(UInt32(GDK_KEY_Page_Down))
            f.waitSettled(4)
            f.assertRests(on: 5)
            f.scroller.handleKey(UInt32(GDK_KEY_End))
            f.waitSettled(5)
            f.assertRests(on: 19)
            f.scroller.handleKey(UInt32(GDK_KEY_Page_Up))
            f.waitSettled(6)
            f.assertRests(on: 15)
            f.scroller.handleKey(UInt32(GDK_KEY_Home))
            f.waitSettled(7)
            f.assertRests(on: 0)
            XCTAssertFalse(f.scroller.handleKey(UInt32(GDK_KEY_Right)), "Left and Right move the focus instead")
            XCTAssertFalse(f.scroller.handleKey(UInt32(GDK_KEY_Left)))
        }
    }

    func testRightToLeftChangesNothingVertically() {
        MainActor.assumeIsolated {
            let f = Fixture()
            defer { f.close() }
            gtk_widget_set_direction(f.scroller.widget, GTK_TEXT_DIR_RTL)
            waitFrames(4, of: f.scroller.widget)
            XCTAssertTrue(f.scroller.isRightToLeft)
            XCTAssertEqual(gtk_adjustment_get_value(f.scroller.adjustment), 0, "the first item at the top")
            f.scroller.handleKey(UInt32(GDK_KEY_Down))
            f.waitSettled(1)
            f.assertRests(on: 1)
            f.scroller.handleScroll(dx: 0, dy: 1, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(2)
            f.assertRests(on: 2)
            XCTAssertFalse(f.scroller.handleKey(UInt32(GDK_KEY_Left)))
            guard let b2 = f.bounds(of: 2), let b3 = f.bounds(of: 3) else { return XCTFail("no widgets") }
            XCTAssertGreaterThan(b3.origin.y, b2.origin.y)
        }
    }

    func testTurningARowVerticalWhileShownKeepsItsItemInPlaceAlongTheNewAxis() {
        MainActor.assumeIsolated {
            let scroller = SnapScroller(
                itemCount: 30, itemWidth: 60, spacing: 30, label: "Turning",
                factory: { gtk_label_new(nil)! }, bind: { label, index in gtk_label_set_text(label.opaque, "\(index)") })
            var settled: [SettleEvent] = []
            scroller.onSettled = { settled.append($0) }
            let window = presentInWindow(scroller.widget, width: 500, height: 400)
            defer { gtk_window_destroy(window.cast()) }
            scroller.scrollTo(index: 6, animated: false)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { scroller.layout.viewportWidth == 500 })
            XCTAssertEqual(gtk_adjustment_get_value(scroller.adjustment), 540)
            scroller.orientation = .vertical
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { scroller.layout.viewportWidth == 400 }, "the height is the viewport")
            waitFrames(4, of: scroller.widget)
            XCTAssertEqual(scroller.currentIndex, 6)
            XCTAssertEqual(scroller.adjustment, gtk_scrolled_window_get_vadjustment(scroller.scrolledWindow.opaque))
            XCTAssertEqual(gtk_adjustment_get_value(scroller.adjustment), 540)
            var bounds = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(scroller.itemWidget(at: 6)!, scroller.scrolledWindow, &bounds), 0)
            XCTAssertEqual(Double(bounds.origin.y + bounds.size.height / 2), 200, accuracy: 0.5)
            scroller.handleKey(UInt32(GDK_KEY_Down))
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { settled.last?.index == 7 && !scroller.isMoving })
            XCTAssertEqual(settled.last?.offset, 630)
            // And back: the horizontal adjustment carries it again.
            scroller.orientation = .horizontal
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { scroller.layout.viewportWidth == 500 })
            waitFrames(4, of: scroller.widget)
            XCTAssertEqual(scroller.adjustment, gtk_scrolled_window_get_hadjustment(scroller.scrolledWindow.opaque))
            XCTAssertEqual(gtk_adjustment_get_value(scroller.adjustment), 630)
            XCTAssertTrue(scroller.handleKey(UInt32(GDK_KEY_Right)))
        }
    }

    func testALoopingVerticalListWrapsUpwardsFromItsFirstItem() {
        MainActor.assumeIsolated {
            let f = Fixture(count: 5)
            defer { f.close() }
            f.scroller.loops = true
            waitFrames(2, of: f.scroller.widget)
            XCTAssertEqual(f.scroller.currentIndex, 0)
            f.scroller.handleScroll(dx: 0, dy: -1, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(1)
            XCTAssertEqual(f.settled.last?.index, 4, "up from the first item: the last")
            XCTAssertEqual(f.scroller.currentIndex, 4)
            // Only the offset modulo one round (5 × 90 px) is meaningful in a loop: item 4's.
            let offset = f.settled.last?.offset ?? -1
            XCTAssertEqual(offset.truncatingRemainder(dividingBy: 5 * Fixture.pitch), 4 * Fixture.pitch)
            guard let b = f.bounds(of: 4) else { return XCTFail("no widget for item 4") }
            let error = Double(b.origin.y + b.size.height / 2) - Double(gtk_widget_get_height(f.scroller.scrolledWindow)) / 2
            XCTAssertLessThanOrEqual(abs(error), 0.5)
            // And Down past the last comes round to the first.
            f.scroller.handleKey(UInt32(GDK_KEY_Down))
            f.waitSettled(2)
            XCTAssertEqual(f.settled.last?.index, 0)
        }
    }
}
