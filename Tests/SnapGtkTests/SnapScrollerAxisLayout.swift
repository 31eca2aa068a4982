import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The layout behaviours `SnapScrollerTests` checks along each axis (see `ScrollerAxisInputs`): the adjustment, a
/// resize, reduced motion, right to left, a very long row, outside changes and looping.
@MainActor
enum ScrollerAxisLayout {
    static func fixture(_ axis: Orientation, count: Int = 20) -> ScrollerFixture { ScrollerAxisInputs.fixture(axis, count: count) }

    static func theAdjustmentCarriesTheOffsetAndItemsFollowOneAnother(_ axis: Orientation) {
        let f = fixture(axis)
        defer { f.close() }
        let window = f.scroller.scrolledWindow.opaque
        let along = axis == .horizontal ? gtk_scrolled_window_get_hadjustment(window) : gtk_scrolled_window_get_vadjustment(window)
        XCTAssertEqual(f.scroller.orientation, axis)
        XCTAssertEqual(f.scroller.adjustment, along, "\(axis): the adjustment along the axis")
        XCTAssertEqual(f.scroller.layout.viewportWidth, f.viewport, "\(axis): the viewport is the visible extent")
        XCTAssertEqual(gtk_adjustment_get_upper(f.scroller.adjustment), f.scroller.layout.contentWidth, "\(axis)")
        XCTAssertEqual(gtk_adjustment_get_page_size(f.scroller.adjustment), f.scroller.layout.viewportWidth, "\(axis)")
        f.scroller.scrollTo(index: 4, animated: false)
        f.waitSettled(1)
        f.assertRests(on: 4, cause: .programmatic)
        guard let b4 = f.bounds(of: 4), let b5 = f.bounds(of: 5), let s4 = f.start(of: 4), let s5 = f.start(of: 5) else {
            return XCTFail("\(axis): no widgets")
        }
        XCTAssertEqual(s5 - s4, 170, "\(axis): the next item one pitch further")
        XCTAssertEqual(axis == .horizontal ? b5.origin.y : b5.origin.x, axis == .horizontal ? b4.origin.y : b4.origin.x,
                       "\(axis): in line across the axis")
        // The last item reaches the centre too.
        f.scroller.scrollTo(index: 19, animated: false)
        f.waitSettled(2)
        f.assertRests(on: 19)
    }

    /// Sets the window's extent along the axis and waits until the scroller has it.
    private static func resize(_ f: ScrollerFixture, to extent: Int32) {
        gtk_window_set_default_size(f.window.cast(), f.axis == .horizontal ? extent : 240, f.axis == .horizontal ? 120 : extent)
        f.wait("\(f.axis): never resized to \(extent)") { f.scroller.layout.viewportWidth == Double(extent) }
        waitFrames(12, of: f.scroller.widget)
    }

    static func aResizeKeepsTheCurrentItemCentred(_ axis: Orientation) {
        let f = fixture(axis)
        defer { f.close() }
        f.scroller.scrollTo(index: 7, animated: false)
        XCTAssertEqual(f.settled.count, 1, "\(axis)")
        f.assertRests(on: 7)
        resize(f, to: 731)
        XCTAssertEqual(f.settled.count, 1, "\(axis): offsets of a uniform row do not change with the viewport: nothing to settle")
        f.assertRests(on: 7)
        // Longer items move every resting place: the item stays current, snapped at once, one resize settle.
        f.scroller.itemWidth = 120
        XCTAssertEqual(f.settled.count, 1, "\(axis): nothing is reported inside the setter")
        f.waitSettled(2)
        f.assertRests(on: 7, cause: .dataChange)
        // The last item stays last when the viewport shrinks.
        f.scroller.scrollTo(index: 19, animated: false)
        resize(f, to: 420)
        f.assertRests(on: 19)
    }

    static func reducedMotionMovesAtOnce(_ axis: Orientation) {
        let f = fixture(axis)
        defer { f.close() }
        Preferences.animationsEnabled = false
        defer { Preferences.animationsEnabled = true }
        XCTAssertTrue(f.scroller.configuration.reduceMotion, "\(axis): follows GTK's setting live")
        f.scroller.handleKey(UInt32(GDK_KEY_End))
        // Settled within the call: no frame ran.
        XCTAssertEqual(f.settled.count, 1, "\(axis)")
        XCTAssertFalse(f.scroller.isMoving, "\(axis)")
        f.assertRests(on: 19)
        f.wheel(-1)
        // The wheel moves at once too, and settles once the wheel has been quiet (a burst is one gesture).
        XCTAssertEqual(gtk_adjustment_get_value(f.scroller.adjustment), f.scroller.layout.restingOffset(18), "\(axis)")
        XCTAssertEqual(f.settled.count, 1, "\(axis)")
        f.wait("\(axis): the wheel burst never settled") { f.settled.count == 2 }
        f.assertRests(on: 18)
    }

    static func oneHundredThousandItemsCreateABoundedNumberOfWidgets(_ axis: Orientation) {
        let f = fixture(axis, count: 100_000)
        defer { f.close() }
        XCTAssertLessThan(f.scroller.createdItemCount, 20, "\(axis)")
        f.scroller.scrollTo(index: 50_000, animated: false)
        f.assertRests(on: 50_000)
        for _ in 0..<3 { f.wheel(1) }
        f.waitSettled(2)
        f.assertRests(on: 50_003)
        f.scroller.handleKey(UInt32(GDK_KEY_End))
        f.waitSettled(3)
        XCTAssertEqual(f.scroller.currentIndex, 99_999, "\(axis)")
        XCTAssertLessThan(f.scroller.createdItemCount, 20, "\(axis): widgets are recycled, not created per item")
    }

    static func outsideAdjustmentChangesAreFollowedAndSnapped(_ axis: Orientation) {
        let f = fixture(axis)
        defer { f.close() }
        // Someone else (a scrollbar, a screen reader) moves the adjustment near item 3.
        gtk_adjustment_set_value(f.scroller.adjustment, 500)
        XCTAssertEqual(f.scroller.logicalOffset, 500, "\(axis)")
        f.waitSettled(1)
        f.assertRests(on: 3)
    }

    static func aLoopingRowWrapsBackFromItsFirstItem(_ axis: Orientation) {
        let f = fixture(axis, count: 5)
        defer { f.close() }
        f.scroller.loops = true
        waitFrames(2, of: f.scroller.widget)
        XCTAssertEqual(f.scroller.currentIndex, 0, "\(axis)")
        f.wheel(-1)
        f.waitSettled(1)
        XCTAssertEqual(f.settled.last?.index, 4, "\(axis): back from the first item: the last")
        XCTAssertEqual(f.scroller.currentIndex, 4, "\(axis)")
        // Only the offset modulo one round (5 × 170 px) is meaningful in a loop: item 4's.
        let offset = f.settled.last?.offset ?? -1
        XCTAssertEqual(offset.truncatingRemainder(dividingBy: 5 * 170),
                       f.scroller.layout.restingOffset(4).truncatingRemainder(dividingBy: 5 * 170), "\(axis)")
        XCTAssertLessThanOrEqual(abs(f.centreError(of: 4) ?? .infinity), 0.5, "\(axis): item 4 centred")
        // And on past the last comes round to the first.
        f.scroller.handleKey(f.nextKey)
        f.waitSettled(2)
        XCTAssertEqual(f.settled.last?.index, 0, "\(axis)")
    }

    /// Right to left mirrors a horizontal row (placement, keys, wheel and touchpad) and changes nothing vertically.
    static func rightToLeft(_ axis: Orientation) {
        let f = fixture(axis)
        defer { f.close() }
        gtk_widget_set_direction(f.scroller.widget, GTK_TEXT_DIR_RTL)
        waitFrames(4, of: f.scroller.widget)
        XCTAssertTrue(f.scroller.isRightToLeft, "\(axis)")
        let layout = f.scroller.layout
        let mirrored = axis == .horizontal
        // Horizontally, item 0 rests at the right end of the content: the adjustment shows the far end.
        XCTAssertEqual(gtk_adjustment_get_value(f.scroller.adjustment), mirrored ? layout.maxOffset : 0, "\(axis)")
        XCTAssertEqual(f.centreError(of: 0) ?? .nan, 0, accuracy: 0.5, "\(axis)")
        // Item 1 is drawn to the left of item 0 (mirrored), below it (vertical).
        guard let s0 = f.start(of: 0), let s1 = f.start(of: 1) else { return XCTFail("\(axis): no widgets") }
        XCTAssertTrue(mirrored ? s1 < s0 : s1 > s0, "\(axis): item 1 at \(s1), item 0 at \(s0)")
        // Towards what lies left = the next item when mirrored; Down is the next item vertically.
        f.scroller.handleKey(UInt32(mirrored ? GDK_KEY_Left : GDK_KEY_Down))
        f.waitSettled(1)
        f.assertRests(on: 1)
        f.wheel(mirrored ? -1 : 1)
        f.waitSettled(2)
        f.assertRests(on: 2)
        f.scroller.handleKey(UInt32(mirrored ? GDK_KEY_Right : GDK_KEY_Up))
        f.waitSettled(3)
        f.assertRests(on: 1)
        // A touchpad swipe to the left (dx < 0) moves forward when mirrored; down the list, vertically.
        let sign = mirrored ? -1.0 : 1.0
        f.replayTouchpad(ScrollerAxisInputs.gesture([2, 6, 12, 20, 30, 30, 20, 12, 8, 5, 3].map { $0 * sign }
            + ScrollerAxisInputs.creep.map { $0 * sign }), scrollEnd: true)
        f.waitSettled(4)
        f.assertRests(on: 2)
        XCTAssertFalse(f.scroller.handleKey(UInt32(mirrored ? GDK_KEY_Up : GDK_KEY_Left)), "\(axis): across the axis")
        // Back to left to right: the same item, unmirrored.
        gtk_widget_set_direction(f.scroller.widget, GTK_TEXT_DIR_LTR)
        waitFrames(4, of: f.scroller.widget)
        XCTAssertEqual(gtk_adjustment_get_value(f.scroller.adjustment), layout.restingOffset(2), "\(axis)")
        XCTAssertEqual(f.centreError(of: 2) ?? .nan, 0, accuracy: 0.5, "\(axis)")
    }
}
