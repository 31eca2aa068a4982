import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The input behaviours `SnapScrollerTests` checks along each axis: one body per behaviour, taking the axis, run by a
/// horizontal and a vertical test; every assertion names the axis. Same geometry along both: items 100 px long, 70 px
/// apart (pitch 170 px), a 500 px viewport.
@MainActor
enum ScrollerAxisInputs {
    /// A fixture along `axis` that checks every wait for settles is exactly one settle per gesture, and every item
    /// at rest is drawn its full length.
    static func fixture(_ axis: Orientation, count: Int = 20) -> ScrollerFixture {
        let f = ScrollerFixture(axis: axis, count: count)
        f.settlesExactly = true
        f.checksItemLength = true
        return f
    }

    /// 20 samples of 0.1 px: the fingers slow to a creep for longer than the velocity window before lifting.
    static let creep = [Double](repeating: 0.1, count: 20)

    /// Samples 8 ms apart.
    static func gesture(_ deltas: [Double]) -> [(Double, Double)] {
        deltas.enumerated().map { (Double($0.offset) * 8, $0.element) }
    }

    static func slowSwipeLandsOnTheNearestItem(_ axis: Orientation) {
        // 150 px, then the fingers creep for 160 ms (0.0125 px/ms, no fling): nearest is item 1 (170), not 0.
        let slow = gesture([2, 6, 12, 20, 30, 30, 20, 12, 8, 5, 3] + creep)
        for withEnd in [true, false] {
            let f = fixture(axis)
            f.replayTouchpad(slow, scrollEnd: withEnd)
            f.waitSettled()
            f.assertRests(on: 1, cause: .touchpad)
            f.close()
        }
        // 60 px, slow: back to item 0.
        let f = fixture(axis)
        defer { f.close() }
        f.replayTouchpad(gesture([2, 6, 10, 14, 12, 8, 4, 2] + creep), scrollEnd: true)
        f.waitSettled()
        f.assertRests(on: 0)
    }

    static func flingTravelsSeveralItemsAndBack(_ axis: Orientation) {
        let f = fixture(axis, count: 40)
        defer { f.close() }
        // Fingers leave at ~5 px/ms: the projection carries the content well past the nearest item.
        f.replayTouchpad(gesture([4, 10, 20, 30, 40, 40, 40, 40]), scrollEnd: true)
        f.waitSettled()
        let index = f.scroller.currentIndex
        XCTAssertGreaterThanOrEqual(index, 4, "\(axis): a fling goes beyond the nearest item")
        f.assertRests(on: index, cause: .touchpad)
        // The same fling back from there comes back, without scroll-end.
        f.replayTouchpad(gesture([-4, -10, -20, -30, -40, -40, -40, -40]), scrollEnd: false)
        f.waitSettled(2)
        XCTAssertLessThan(f.scroller.currentIndex, index, "\(axis)")
        f.assertRests(on: f.scroller.currentIndex)
    }

    static func gtksDecelerateEndsTheGesture(_ axis: Orientation) {
        let f = fixture(axis, count: 40)
        defer { f.close() }
        f.replayTouchpad(gesture([1, 2, 3, 3, 2, 1]), scrollEnd: true)
        // GTK's decelerate follows scroll-end within the same event: 3000 px/s is a strong fling.
        f.scroller.handleDecelerate(vx: axis == .horizontal ? 3000 : 0, vy: axis == .vertical ? 3000 : 0)
        f.waitSettled()
        XCTAssertGreaterThanOrEqual(f.scroller.currentIndex, 3, "\(axis)")
        f.assertRests(on: f.scroller.currentIndex)
        // A swipe ended by GTK's decelerate, then a slow short one back: the nearest item before it.
        let fling = TouchpadGesture(samples: gesture([2, 6, 12, 20, 24, 24, 24, 24]).map {
            axis == .horizontal ? .init(time: $0.0, dx: $0.1) : .init(time: $0.0, dx: 0, dy: $0.1)
        }, ending: .decelerate)
        let before = f.scroller.currentIndex
        f.replayTouchpad(fling)
        f.waitSettled(2)
        let far = f.scroller.currentIndex
        XCTAssertGreaterThan(far, before + 2, "\(axis): a fling travels past the nearest item")
        f.assertRests(on: far, cause: .touchpad)
        f.replayTouchpad(gesture([2, 6, 12, 20, 30, 30, 20, 12, 8, 5, 3].map { -$0 } + creep.map { -$0 }), scrollEnd: true)
        f.waitSettled(3)
        f.assertRests(on: far - 1, cause: .touchpad)
        // A vertical list leaves a sideways swipe to the widgets around it: locked to the other axis, not taken. (A
        // horizontal row takes an upright swipe, as it takes an upright wheel.)
        guard axis == .vertical else { return }
        let across: (Double, Double) -> Bool = { along, other in
            f.scroller.handleScroll(dx: axis == .horizontal ? along : other, dy: axis == .vertical ? along : other,
                                    unit: GDK_SCROLL_UNIT_SURFACE)
        }
        XCTAssertFalse(across(2, 30), "\(axis): a swipe across")
        XCTAssertFalse(across(20, 30), "\(axis): the lock holds")
        f.scroller.handleScrollEnd()
        f.waitSettled(3)
        f.assertRests(on: far - 1)
    }

    static func wheelNotchesMoveOneItemEach(_ axis: Orientation) {
        let f = fixture(axis)
        defer { f.close() }
        XCTAssertTrue(f.wheel(1), "\(axis): the wheel is taken")
        f.waitSettled(1)
        f.assertRests(on: 1, cause: .wheel)
        // A burst of four quick notches: four items, one settle.
        for _ in 0..<4 { f.wheel(1); waitFrames(2, of: f.scroller.widget) }
        f.waitSettled(2)
        f.assertRests(on: 5)
        f.wheel(-1)
        f.wheel(-1)
        f.waitSettled(3)
        f.assertRests(on: 3)
        // A high-resolution wheel: quarter notches add up to one item.
        for _ in 0..<4 { f.wheel(0.25) }
        f.waitSettled(4)
        f.assertRests(on: 4)
        // Past the first item: clamped, still one settle.
        for _ in 0..<8 { f.wheel(-1) }
        f.waitSettled(5)
        f.assertRests(on: 0)
        if axis == .horizontal {
            // A vertical wheel moves a horizontal row too: down = next.
            XCTAssertTrue(f.scroller.handleScroll(dx: 0, dy: 1, unit: GDK_SCROLL_UNIT_WHEEL), "\(axis)")
            f.waitSettled(6)
            f.assertRests(on: 1)
        } else {
            // A horizontal wheel is left to the widgets around a vertical list.
            XCTAssertFalse(f.scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL), "\(axis)")
            XCTAssertFalse(f.scroller.handleScroll(dx: -1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL), "\(axis)")
            f.waitSettled(5)
            f.assertRests(on: 0)
        }
    }

    static func keysMoveByItemPageAndToTheEnds(_ axis: Orientation) {
        let f = fixture(axis)
        defer { f.close() }
        let keypadNext = UInt32(axis == .horizontal ? GDK_KEY_KP_Right : GDK_KEY_KP_Down)
        // Each key, and the item it rests on after (Page Down and Up: the farthest item within one viewport, 500 px
        // / 170 px pitch → 2 items).
        let steps: [(key: UInt32, name: String, index: Int)] = [
            (f.nextKey, "next", 1), (keypadNext, "keypad next", 2), (f.previousKey, "previous", 1),
            (UInt32(GDK_KEY_Page_Down), "Page Down", 3), (UInt32(GDK_KEY_End), "End", 19),
            (UInt32(GDK_KEY_Page_Up), "Page Up", 17), (UInt32(GDK_KEY_Home), "Home", 0),
        ]
        for (n, step) in steps.enumerated() {
            XCTAssertTrue(f.scroller.handleKey(step.key), "\(axis): \(step.name) taken")
            f.waitSettled(n + 1)
            f.assertRests(on: step.index, cause: .keyboard)
        }
        XCTAssertFalse(f.scroller.handleKey(UInt32(GDK_KEY_a)), "\(axis): other keys pass through")
        // The arrows across the axis move the focus instead.
        let across = axis == .horizontal ? [GDK_KEY_Up, GDK_KEY_Down] : [GDK_KEY_Left, GDK_KEY_Right]
        for key in across { XCTAssertFalse(f.scroller.handleKey(UInt32(key)), "\(axis): key \(key) across the axis") }
    }

    static func dragFollowsAndSnapsAndAClickIsATap(_ axis: Orientation) {
        let f = fixture(axis)
        defer { f.close() }
        // A slow drag back by 200 px: content follows, then lands on the nearest item (1).
        f.scroller.handleDragBegin(x: 300)
        let start = f.scroller.now
        XCTAssertFalse(f.scroller.handleDragUpdate(offsetX: -5, time: start), "\(axis): below the threshold")
        for step in 1...20 {
            GtkThread.iterate(timeout: testPatience) { f.scroller.now >= start + Double(step) * 30 }
            f.scroller.handleDragUpdate(offsetX: -10 - Double(step) * 10, time: start + Double(step) * 30)
        }
        // Counted from the threshold (10 px), so the content never jumps by the threshold.
        XCTAssertEqual(f.scroller.logicalOffset, 200, accuracy: 0.001, "\(axis): content follows the pointer past the threshold")
        // Held still for 200 ms before the release: no fling.
        GtkThread.iterate(timeout: testPatience) { f.scroller.now >= start + 20 * 30 + 200 }
        f.scroller.handleDragEnd(offsetX: -210)
        f.waitSettled(1)
        f.assertRests(on: 1, cause: .drag)
        XCTAssertEqual(f.taps, [], "\(axis)")
        // A press and release without moving, one pitch past the centre: a tap that brings that item to the centre.
        f.scroller.handleDragBegin(x: f.viewport / 2 + 170)
        f.scroller.handleDragUpdate(offsetX: 3)
        f.scroller.handleDragEnd(offsetX: 3)
        XCTAssertEqual(f.taps, [2], "\(axis)")
        f.waitSettled(2)
        f.assertRests(on: 2, cause: .click)
    }

    static func aFlingWhoseMotionsGtkMergedStillMoves(_ axis: Orientation) {
        // Under load GTK merges a fast fling's motions: the first update is already far past the threshold.
        let f = fixture(axis)
        defer { f.close() }
        let start = f.scroller.now
        f.scroller.handleDragBegin(x: 400, time: start)
        XCTAssertTrue(f.scroller.handleDragUpdate(offsetX: -250, time: start + 8), "\(axis)")
        XCTAssertEqual(f.scroller.logicalOffset, 240, accuracy: 0.001, "\(axis): the whole motion past the threshold counts")
        f.scroller.handleDragEnd(offsetX: -250, time: start + 16)
        f.waitSettled(1)
        XCTAssertGreaterThanOrEqual(f.settled.last?.index ?? 0, 2, "\(axis): a fast fling travels at least to the item it passed")
    }
}
