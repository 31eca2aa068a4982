import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The snapping engine on the GTK thread, driven through the same entry points its event controllers call.
/// Touchpad sequences are replayed in real time (Xvfb sends no smooth scrolling).
final class SnapScrollerTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    /// A scroller in a window with settled events recorded.
    @MainActor
    final class Fixture: WidgetFixture {
        let scroller: SnapScroller
        var settled: [(index: Int, offset: Double, cause: Cause)] = []
        var taps: [Int] = []

        init(count: Int = 20, width: Double = 100, spacing: Double = 70, windowWidth: Int32 = 500) {
            scroller = SnapScroller(
                itemCount: count, itemWidth: width, spacing: spacing, label: "Test strip",
                factory: {
                    let label = gtk_label_new(nil)!
                    gtk_widget_set_size_request(label, -1, 40)
                    return label
                },
                bind: { label, index in gtk_label_set_text(label.opaque, "\(index)") })
            super.init(hosting: scroller.widget, width: windowWidth, height: 120)
            scroller.onSettled = { [unowned self] event in
                // The adjustment holds the exact resting offset when the settle is reported.
                self.settled.append((event.index, gtk_adjustment_get_value(self.scroller.adjustment), event.cause))
            }
            scroller.onTap = { [unowned self] in self.taps.append($0.index) }
            let ready = GtkThread.iterate(timeout: testPatience) { self.scroller.layout.viewportWidth > 0 }
            XCTAssertTrue(ready, "never laid out")
        }

        /// Runs the loop until `count` settled events arrived and nothing moves, then a little more so a
        /// duplicate settle would show.
        func waitSettled(_ count: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
            let done = GtkThread.iterate(timeout: testPatience) { self.settled.count >= count && !self.scroller.isMoving }
            XCTAssertTrue(done, "did not settle (\(settled.count) settled)", file: file, line: line)
            waitFrames(18, of: scroller.widget, file: file, line: line)
        }

        /// The item's centre minus the viewport's centre, in px, as GTK draws it now.
        func centreError(of index: Int) -> Double? {
            guard let item = scroller.itemWidget(at: index) else { return nil }
            var bounds = graphene_rect_t()
            guard gtk_widget_compute_bounds(item, scroller.scrolledWindow, &bounds) != 0 else { return nil }
            return Double(bounds.origin.x + bounds.size.width / 2) - Double(gtk_widget_get_width(scroller.scrolledWindow)) / 2
        }

        /// At rest on `index`: the adjustment holds its exact resting offset, the widget is centred within 0.5 px,
        /// and the last settled event says so.
        func assertRests(on index: Int, file: StaticString = #filePath, line: UInt = #line) {
            let layout = scroller.layout
            // The adjustment spans the whole row, from its left end (flipped right to left); a looping row rests on
            // a copy of the item (a virtual index).
            let resting = layout.restingOffset(scroller.loops ? scroller.controller.currentIndex : index)
            let expected = layout.physicalOffset(fromLogical: resting, rtl: scroller.isRightToLeft)
            XCTAssertEqual(scroller.currentIndex, index, "current index", file: file, line: line)
            XCTAssertEqual(gtk_adjustment_get_value(scroller.adjustment), expected, "adjustment value", file: file, line: line)
            XCTAssertEqual(settled.last?.index, index, "settled index", file: file, line: line)
            XCTAssertEqual(settled.last?.offset, expected, "settled offset", file: file, line: line)
            waitFrames(2, of: scroller.widget, file: file, line: line)
            if let error = centreError(of: index) {
                XCTAssertLessThanOrEqual(abs(error), 0.5, "item \(index) off centre by \(error) px", file: file, line: line)
            } else {
                XCTFail("item \(index) has no widget", file: file, line: line)
            }
        }

        /// Replays touchpad samples (ms from start, dx px) at their real times, optionally ending with scroll-end
        /// (the replay the benchmark's flings use too: `TouchpadReplay`).
        func replayTouchpad(_ samples: [(Double, Double)], scrollEnd: Bool) {
            let gesture = TouchpadGesture(samples: samples.map { TouchpadGesture.Sample(time: $0.0, dx: $0.1) },
                                          ending: scrollEnd ? .scrollEnd : .none)
            var replay = TouchpadReplay(gesture, startingAt: scroller.now)
            let delivered = GtkThread.iterate(timeout: testPatience) { replay.deliver(to: self.scroller, through: self.scroller.now) }
            XCTAssertTrue(delivered, "the replay never finished")
        }
    }

    /// 20 samples of 0.1 px: the fingers slow to a creep for longer than the velocity window before lifting.
    static let creep = [Double](repeating: 0.1, count: 20)

    /// Samples 8 ms apart, deltas rising then falling.
    static func gesture(_ deltas: [Double]) -> [(Double, Double)] {
        deltas.enumerated().map { (Double($0.offset) * 8, $0.element) }
    }

    func testSlowTouchpadScrollLandsOnTheNearestItemWithAndWithoutScrollEnd() {
        MainActor.assumeIsolated {
            // 150 px, then the fingers creep for 160 ms (0.0125 px/ms, no fling): nearest is item 1 (170), not 0.
            let slow = Self.gesture([2, 6, 12, 20, 30, 30, 20, 12, 8, 5, 3] + Self.creep)
            XCTAssertEqual(slow.map(\.1).reduce(0, +), 150, accuracy: 1e-9)
            for withEnd in [true, false] {
                let f = Fixture()
                f.replayTouchpad(slow, scrollEnd: withEnd)
                f.waitSettled()
                XCTAssertEqual(f.settled.count, 1, "exactly one settled (scroll-end: \(withEnd))")
                XCTAssertEqual(f.settled.first?.cause, .touchpad)
                f.assertRests(on: 1)
                f.close()
            }
            // 60 px, slow: back to item 0.
            let f = Fixture()
            f.replayTouchpad(Self.gesture([2, 6, 10, 14, 12, 8, 4, 2] + Self.creep), scrollEnd: true)
            f.waitSettled()
            XCTAssertEqual(f.settled.count, 1)
            f.assertRests(on: 0)
            f.close()
        }
    }

    func testTouchpadFlingTravelsSeveralItemsAndLandsExactly() {
        MainActor.assumeIsolated {
            let f = Fixture(count: 40)
            // Fingers leave at ~5 px/ms: the projection carries the content well past the nearest item.
            f.replayTouchpad(Self.gesture([4, 10, 20, 30, 40, 40, 40, 40]), scrollEnd: true)
            f.waitSettled()
            XCTAssertEqual(f.settled.count, 1)
            let index = f.scroller.currentIndex
            XCTAssertGreaterThanOrEqual(index, 4, "a fling goes beyond the nearest item")
            f.assertRests(on: index)
            // The same fling leftwards from there comes back.
            f.settled.removeAll()
            f.replayTouchpad(Self.gesture([-4, -10, -20, -30, -40, -40, -40, -40]), scrollEnd: false)
            f.waitSettled()
            XCTAssertEqual(f.settled.count, 1)
            XCTAssertLessThan(f.scroller.currentIndex, index)
            f.assertRests(on: f.scroller.currentIndex)
            f.close()
        }
    }

    func testDecelerateEndsTheGestureWithGtksVelocity() {
        MainActor.assumeIsolated {
            let f = Fixture(count: 40)
            f.replayTouchpad(Self.gesture([1, 2, 3, 3, 2, 1]), scrollEnd: true)
            // GTK's decelerate follows scroll-end within the same event: 3000 px/s is a strong fling.
            f.scroller.handleDecelerate(vx: 3000, vy: 0)
            f.waitSettled()
            XCTAssertEqual(f.settled.count, 1)
            XCTAssertGreaterThanOrEqual(f.scroller.currentIndex, 3)
            f.assertRests(on: f.scroller.currentIndex)
            f.close()
        }
    }

    func testWheelNotchesMoveOneItemEachInBothDirections() {
        MainActor.assumeIsolated {
            let f = Fixture()
            f.scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(1)
            XCTAssertEqual(f.settled.count, 1)
            XCTAssertEqual(f.settled.last?.cause, .wheel)
            f.assertRests(on: 1)
            // A burst of four quick notches: four items, one settle.
            for _ in 0..<4 { f.scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL); waitFrames(2, of: f.scroller.widget) }
            f.waitSettled(2)
            XCTAssertEqual(f.settled.count, 2)
            f.assertRests(on: 5)
            // Vertical wheel: up = previous, twice.
            f.scroller.handleScroll(dx: 0, dy: -1, unit: GDK_SCROLL_UNIT_WHEEL)
            f.scroller.handleScroll(dx: 0, dy: -1, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(3)
            XCTAssertEqual(f.settled.count, 3)
            f.assertRests(on: 3)
            // A high-resolution wheel: quarter notches add up to one item.
            for _ in 0..<4 { f.scroller.handleScroll(dx: 0, dy: 0.25, unit: GDK_SCROLL_UNIT_WHEEL) }
            f.waitSettled(4)
            XCTAssertEqual(f.settled.count, 4)
            f.assertRests(on: 4)
            // Past the first item: clamped, still one settle.
            for _ in 0..<8 { f.scroller.handleScroll(dx: -1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL) }
            f.waitSettled(5)
            XCTAssertEqual(f.settled.count, 5)
            f.assertRests(on: 0)
            f.close()
        }
    }

    func testKeysMoveByItemPageAndToTheEnds() {
        MainActor.assumeIsolated {
            let f = Fixture()
            XCTAssertTrue(f.scroller.handleKey(UInt32(GDK_KEY_Right)))
            f.waitSettled(1)
            XCTAssertEqual(f.settled.last?.cause, .keyboard)
            f.assertRests(on: 1)
            f.scroller.handleKey(UInt32(GDK_KEY_End))
            f.waitSettled(2)
            f.assertRests(on: 19)
            f.scroller.handleKey(UInt32(GDK_KEY_Left))
            f.waitSettled(3)
            f.assertRests(on: 18)
            // Page Up: the farthest item within one viewport (500 px / 170 px pitch → 2 items).
            f.scroller.handleKey(UInt32(GDK_KEY_Page_Up))
            f.waitSettled(4)
            f.assertRests(on: 16)
            f.scroller.handleKey(UInt32(GDK_KEY_Home))
            f.waitSettled(5)
            f.assertRests(on: 0)
            XCTAssertEqual(f.settled.count, 5)
            XCTAssertFalse(f.scroller.handleKey(UInt32(GDK_KEY_a)), "other keys pass through")
            f.close()
        }
    }

    func testMouseDragFollowsAndSnapsAndAClickIsATap() {
        MainActor.assumeIsolated {
            let f = Fixture()
            // A slow drag left by 200 px: content follows, then lands on the nearest item (1).
            f.scroller.handleDragBegin(x: 300)
            let start = f.scroller.now
            XCTAssertFalse(f.scroller.handleDragUpdate(offsetX: -5, time: start), "below the threshold")
            for step in 1...20 {
                GtkThread.iterate(timeout: testPatience) { f.scroller.now >= start + Double(step) * 30 }
                f.scroller.handleDragUpdate(offsetX: -10 - Double(step) * 10, time: start + Double(step) * 30)
            }
            // Counted from the threshold (10 px), so the content never jumps by the threshold.
            XCTAssertEqual(f.scroller.logicalOffset, 200, accuracy: 0.001, "content follows the pointer past the threshold")
            // Held still for 200 ms before the release: no fling.
            GtkThread.iterate(timeout: testPatience) { f.scroller.now >= start + 20 * 30 + 200 }
            f.scroller.handleDragEnd(offsetX: -210)
            f.waitSettled(1)
            XCTAssertEqual(f.settled.count, 1)
            XCTAssertEqual(f.settled.last?.cause, .drag)
            f.assertRests(on: 1)
            XCTAssertEqual(f.taps, [])
            // A press and release without moving, on the item right of the centre: a tap that brings it to the centre.
            let centre = Double(gtk_widget_get_width(f.scroller.scrolledWindow)) / 2
            f.scroller.handleDragBegin(x: centre + 170)
            f.scroller.handleDragUpdate(offsetX: 3)
            f.scroller.handleDragEnd(offsetX: 3)
            XCTAssertEqual(f.taps, [2])
            f.waitSettled(2)
            XCTAssertEqual(f.settled.last?.cause, .click)
            f.assertRests(on: 2)
            f.close()
        }
    }

    func testAFlingWhoseMotionsGtkMergedStillMoves() {
        MainActor.assumeIsolated {
            // Under load GTK merges a fast fling's motions: the first update is already far past the threshold.
            let f = Fixture()
            let start = f.scroller.now
            f.scroller.handleDragBegin(x: 400, time: start)
            XCTAssertTrue(f.scroller.handleDragUpdate(offsetX: -250, time: start + 8))
            XCTAssertEqual(f.scroller.logicalOffset, 240, accuracy: 0.001, "the whole motion past the threshold counts")
            f.scroller.handleDragEnd(offsetX: -250, time: start + 16)
            f.waitSettled(1)
            XCTAssertGreaterThanOrEqual(f.settled.last?.index ?? 0, 2, "a fast fling travels at least to the item it passed")
            f.close()
        }
    }

    func testResizeKeepsTheCurrentItemCentred() {
        MainActor.assumeIsolated {
            let f = Fixture()
            f.scroller.scrollTo(index: 7, animated: false)
            XCTAssertEqual(f.settled.count, 1)
            f.assertRests(on: 7)
            gtk_window_set_default_size(f.window.cast(), 731, 120)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { f.scroller.layout.viewportWidth == 731 })
            waitFrames(12, of: f.scroller.widget)
            XCTAssertEqual(f.scroller.currentIndex, 7)
            XCTAssertEqual(f.settled.count, 1, "offsets of a uniform row do not change with the width: nothing to settle")
            f.assertRests(on: 7)
            // Wider items move every resting place: the item stays current, snapped at once, one resize settle.
            f.scroller.itemWidth = 120
            XCTAssertEqual(f.settled.count, 1, "nothing is reported inside the setter")
            f.waitSettled(2)
            XCTAssertEqual(f.settled.count, 2)
            XCTAssertEqual(f.settled.last?.cause, .dataChange)
            f.assertRests(on: 7)
            // The last item stays last when the viewport narrows.
            f.scroller.scrollTo(index: 19, animated: false)
            gtk_window_set_default_size(f.window.cast(), 420, 120)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { f.scroller.layout.viewportWidth == 420 })
            waitFrames(12, of: f.scroller.widget)
            f.assertRests(on: 19)
            f.close()
        }
    }

    func testReducedMotionMovesAtOnce() {
        MainActor.assumeIsolated {
            let f = Fixture()
            Preferences.animationsEnabled = false
            defer { Preferences.animationsEnabled = true }
            XCTAssertTrue(f.scroller.configuration.reduceMotion, "follows GTK's setting live")
            f.scroller.handleKey(UInt32(GDK_KEY_End))
            // Settled within the call: no frame ran.
            XCTAssertEqual(f.settled.count, 1)
            XCTAssertFalse(f.scroller.isMoving)
            f.assertRests(on: 19)
            f.scroller.handleScroll(dx: -1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            // The wheel moves at once too, and settles once the wheel has been quiet (a burst is one gesture).
            let layout = f.scroller.layout
            XCTAssertEqual(gtk_adjustment_get_value(f.scroller.adjustment), layout.physicalOffset(fromLogical: layout.restingOffset(18), rtl: false))
            XCTAssertEqual(f.settled.count, 1)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { f.settled.count == 2 }, "the wheel burst never settled")
            f.assertRests(on: 18)
            f.close()
        }
    }

    func testRightToLeftMirrorsPlacementKeysAndWheel() {
        MainActor.assumeIsolated {
            let f = Fixture()
            gtk_widget_set_direction(f.scroller.widget, GTK_TEXT_DIR_RTL)
            waitFrames(4, of: f.scroller.widget)
            XCTAssertTrue(f.scroller.isRightToLeft)
            let layout = f.scroller.layout
            // Item 0 rests at the right end of the content: the adjustment shows the far end.
            XCTAssertEqual(gtk_adjustment_get_value(f.scroller.adjustment), layout.maxOffset)
            XCTAssertEqual(f.centreError(of: 0) ?? .nan, 0, accuracy: 0.5)
            // Item 1 is drawn to the left of item 0.
            var b0 = graphene_rect_t(), b1 = graphene_rect_t()
            XCTAssertNotEqual(gtk_widget_compute_bounds(f.scroller.itemWidget(at: 0)!, f.scroller.scrolledWindow, &b0), 0)
            XCTAssertNotEqual(gtk_widget_compute_bounds(f.scroller.itemWidget(at: 1)!, f.scroller.scrolledWindow, &b1), 0)
            XCTAssertLessThan(b1.origin.x, b0.origin.x)
            // Left = towards what lies left = the next item; a wheel notch left likewise.
            f.scroller.handleKey(UInt32(GDK_KEY_Left))
            f.waitSettled(1)
            f.assertRests(on: 1)
            f.scroller.handleScroll(dx: -1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(2)
            f.assertRests(on: 2)
            f.scroller.handleKey(UInt32(GDK_KEY_Right))
            f.waitSettled(3)
            f.assertRests(on: 1)
            // A touchpad swipe to the left (dx < 0) moves forward in RTL.
            f.replayTouchpad(Self.gesture([-2, -6, -12, -20, -30, -30, -20, -12, -8, -5, -3] + Self.creep.map { -$0 }), scrollEnd: true)
            f.waitSettled(4)
            f.assertRests(on: 2)
            // Back to left-to-right: same item, unmirrored.
            gtk_widget_set_direction(f.scroller.widget, GTK_TEXT_DIR_LTR)
            waitFrames(4, of: f.scroller.widget)
            XCTAssertEqual(gtk_adjustment_get_value(f.scroller.adjustment), layout.restingOffset(2))
            XCTAssertEqual(f.centreError(of: 2) ?? .nan, 0, accuracy: 0.5)
            f.close()
        }
    }

    func testOneHundredThousandItemsCreateABoundedNumberOfWidgets() {
        MainActor.assumeIsolated {
            let f = Fixture(count: 100_000)
            let bound = f.scroller.createdItemCount
            XCTAssertLessThan(bound, 20)
            f.scroller.scrollTo(index: 50_000, animated: false)
            f.assertRests(on: 50_000)
            for _ in 0..<3 { f.scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL) }
            f.waitSettled(2)
            f.assertRests(on: 50_003)
            f.scroller.handleKey(UInt32(GDK_KEY_End))
            f.waitSettled(3)
            XCTAssertEqual(f.scroller.currentIndex, 99_999)
            XCTAssertLessThan(f.scroller.createdItemCount, 20, "widgets are recycled, not created per item")
            f.close()
        }
    }

    func testOutsideAdjustmentChangesAreFollowedAndSnapped() {
        MainActor.assumeIsolated {
            let f = Fixture()
            // Someone else (a scrollbar, a screen reader) moves the adjustment near item 3.
            gtk_adjustment_set_value(f.scroller.adjustment, 500)
            XCTAssertEqual(f.scroller.logicalOffset, 500)
            f.waitSettled(1)
            XCTAssertEqual(f.settled.count, 1)
            f.assertRests(on: 3)
            f.close()
        }
    }
}

/// Programmatic snaps in a row on a long row, on the frame clock: each lands exactly and settles once. (The frame
/// timing figures of many snaps are the benchmark's: `scripts/bench`, bench/frames.py.)
final class SnapScrollerConsecutiveSnapsTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    func testConsecutiveSnapsOnALongRowEachLandExactlyOnce() {
        MainActor.assumeIsolated {
            let f = SnapScrollerTests.Fixture(count: 100_000, windowWidth: 960)
            defer { f.close() }
            var target = 0
            for snap in 1...6 {
                target += snap % 2 == 0 ? 3 : 1
                f.scroller.scrollTo(index: target)
                f.waitSettled(snap)
                XCTAssertEqual(f.settled.count, snap, "one settle per snap")
                XCTAssertEqual(f.settled.last?.index, target)
                XCTAssertEqual(gtk_adjustment_get_value(f.scroller.adjustment), f.scroller.layout.restingOffset(target))
            }
            XCTAssertLessThan(f.scroller.createdItemCount, 40, "item widgets are bounded by the viewport")
        }
    }
}
