import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// Issue 13 on the GTK thread: a million items through a re-based adjustment window, and looping rows.
final class SnapScrollerWindowTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }
    typealias Fixture = SnapScrollerTests.Fixture

    func testAMillionItemsRestCentredAtTheMiddleAndTheEndThroughAWindow() {
        MainActor.assumeIsolated {
            let f = Fixture(count: 1_000_000)
            let layout = f.scroller.layout
            XCTAssertGreaterThan(layout.contentWidth, 1.6e8)
            XCTAssertLessThanOrEqual(gtk_adjustment_get_upper(f.scroller.adjustment), ContentWindow.defaultMaximumLength + 1)
            f.scroller.scrollTo(index: 500_000, animated: false)
            f.assertRests(on: 500_000)
            XCTAssertGreaterThan(f.scroller.adjustmentWindow.base, 0)
            // An animated trip of 85 million px: the window is re-based on the way, and the end is exact.
            f.scroller.handleKey(UInt32(GDK_KEY_End))
            f.waitSettled(2)
            f.assertRests(on: 999_999)
            XCTAssertEqual(f.scroller.adjustmentWindow.base + f.scroller.adjustmentWindow.length, layout.contentWidth)
            f.scroller.handleScroll(dx: -1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(3)
            f.assertRests(on: 999_998)
            XCTAssertLessThan(f.scroller.createdItemCount, 20)
            // Right to left: the same items, mirrored, still exact.
            gtk_widget_set_direction(f.scroller.widget, GTK_TEXT_DIR_RTL)
            GtkThread.iterate(timeout: 0.3) { false }
            XCTAssertEqual(f.centreError(of: 999_998) ?? .nan, 0, accuracy: 0.5)
            f.scroller.handleKey(UInt32(GDK_KEY_Home))
            f.waitSettled(4)
            f.assertRests(on: 0)
            f.close()
        }
    }

    /// Every painted frame of an animated trip across a million items (the window re-based many times on the way)
    /// shows every bound item where the controller's offset puts it: a re-base never shows a frame out of place.
    func testEveryFrameOfALongTripIsInPlaceAcrossRebases() {
        MainActor.assumeIsolated {
            let f = Fixture(count: 1_000_000)
            f.scroller.scrollTo(index: 10, animated: false)
            f.waitSettled(1)
            var frames = 0
            var worst = 0.0
            var bases: Set<Double> = []
            let clock = gtk_widget_get_frame_clock(f.window)!
            let handler = Signals.connect(UnsafeMutableRawPointer(clock), "after-paint") {
                let scroller = f.scroller
                let layout = scroller.layout
                let physical = layout.physicalOffset(fromLogical: scroller.controller.offset, rtl: scroller.isRightToLeft)
                bases.insert(scroller.adjustmentWindow.base)
                for (index, item) in scroller.items.bound where gtk_widget_get_visible(item) != 0 {
                    var bounds = graphene_rect_t()
                    guard gtk_widget_compute_bounds(item, scroller.scrolledWindow, &bounds) != 0 else { continue }
                    let expected = layout.itemStartPhysical(index, rtl: false) - physical
                    let drawnCentre = Double(bounds.origin.x + bounds.size.width / 2)
                    worst = max(worst, abs(drawnCentre - (expected + layout.itemWidth(index) / 2)))
                }
                frames += 1
            }
            f.scroller.handleKey(UInt32(GDK_KEY_End))
            f.waitSettled(2)
            Signals.disconnect(UnsafeMutableRawPointer(clock), handler)
            f.assertRests(on: 999_999)
            XCTAssertGreaterThan(frames, 5)
            XCTAssertGreaterThan(bases.count, 3, "the trip should cross several windows")
            XCTAssertLessThanOrEqual(worst, 1.0, "an item was drawn \(worst) px from its place in some frame")
            f.close()
        }
    }

    func testTheScrollbarOfAWindowedRowSpansTheWholeRow() {
        MainActor.assumeIsolated {
            let f = Fixture(count: 1_000_000)
            f.scroller.isScrollbarVisible = true
            let bar = try! XCTUnwrap(f.scroller.wholeRangeScrollbar)
            XCTAssertEqual(gtk_widget_get_visible(bar.widget), 1)
            XCTAssertEqual(gtk_adjustment_get_upper(bar.adjustment), f.scroller.layout.contentWidth)
            var hPolicy = GTK_POLICY_ALWAYS, vPolicy = GTK_POLICY_ALWAYS
            gtk_scrolled_window_get_policy(f.scroller.scrolledWindow.opaque, &hPolicy, &vPolicy)
            XCTAssertEqual(hPolicy, GTK_POLICY_EXTERNAL)
            // Dragging it to the middle of the row: followed, then snapped to the nearest item.
            let target = f.scroller.layout.restingOffset(600_000) + 30
            gtk_adjustment_set_value(bar.adjustment, target)
            f.waitSettled(1)
            f.assertRests(on: 600_000)
            XCTAssertEqual(gtk_adjustment_get_value(bar.adjustment), f.scroller.layout.restingOffset(600_000))
            // A short row uses GTK's own scrollbar again.
            f.scroller.setItemCount(50)
            XCTAssertEqual(gtk_widget_get_visible(bar.widget), 0)
            gtk_scrolled_window_get_policy(f.scroller.scrolledWindow.opaque, &hPolicy, &vPolicy)
            XCTAssertEqual(hPolicy, GTK_POLICY_AUTOMATIC)
            f.close()
        }
    }

    func testALoopingRowWrapsBothWaysAndReportsRealItems() {
        MainActor.assumeIsolated {
            let f = Fixture(count: 5)
            var current: [Int] = []
            f.scroller.onCurrentIndexChanged = { current.append($0.index) }
            f.scroller.loops = true
            GtkThread.iterate(timeout: 0.2) { false }
            XCTAssertEqual(f.scroller.currentIndex, 0)
            XCTAssertEqual(f.centreError(of: 0) ?? .nan, 0, accuracy: 0.5)
            f.scroller.handleScroll(dx: -1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(1)
            XCTAssertEqual(f.settled.last?.index, 4)
            XCTAssertEqual(f.scroller.currentIndex, 4)
            XCTAssertEqual(current, [4])
            XCTAssertEqual(f.settled.last?.offset, gtk_adjustment_get_value(f.scroller.adjustment))
            XCTAssertEqual(f.centreError(of: 4) ?? .nan, 0, accuracy: 0.5)
            XCTAssertEqual(f.scroller.position, -1 + 1 + 4, accuracy: 1e-9)
            // Keys: Right wraps on to the first; End is the last of this round; Home its first.
            f.scroller.handleKey(UInt32(GDK_KEY_Right))
            f.waitSettled(2)
            XCTAssertEqual(f.settled.last?.index, 0)
            f.scroller.handleKey(UInt32(GDK_KEY_End))
            f.waitSettled(3)
            XCTAssertEqual(f.settled.last?.index, 4)
            f.scroller.handleKey(UInt32(GDK_KEY_Home))
            f.waitSettled(4)
            XCTAssertEqual(f.settled.last?.index, 0)
            // Programmatic moves take the short way round: from 0 to 3 is two back.
            current = []
            f.scroller.scrollTo(index: 3)
            f.waitSettled(5)
            XCTAssertEqual(current, [4, 3])
            XCTAssertEqual(f.centreError(of: 3) ?? .nan, 0, accuracy: 0.5)
            // A tap on a visible item reports the real item.
            f.taps = []
            if let item = f.scroller.itemWidget(at: 4) {
                var bounds = graphene_rect_t()
                XCTAssertNotEqual(gtk_widget_compute_bounds(item, f.scroller.scrolledWindow, &bounds), 0)
                let x = Double(bounds.origin.x + bounds.size.width / 2)
                f.scroller.handleDragBegin(x: x)
                f.scroller.handleDragEnd(offsetX: 0)
                XCTAssertEqual(f.taps, [4])
                f.waitSettled(6)
                XCTAssertEqual(f.settled.last?.index, 4)
            } else {
                XCTFail("item 4 is not near item 3")
            }
            // Far from the middle copy at rest, the row moves back to the middle without a visible change.
            let loop = try! XCTUnwrap(f.scroller.loopSpace)
            let far = loop.virtualIndex(middleOf: 4) + 5 * (loop.cycles / 4 + 2)
            f.scroller.restart(onVirtualIndex: far)
            GtkThread.iterate(timeout: 0.2) { false }
            let before = f.centreError(of: 4)
            f.scroller.recentreLoopIfFar()
            XCTAssertEqual(f.scroller.controller.currentIndex, loop.virtualIndex(middleOf: 4))
            GtkThread.iterate(timeout: 0.1) { false }
            XCTAssertEqual(f.centreError(of: 4) ?? .nan, before ?? .nan, accuracy: 0.5)
            // Loop off: a plain row on the same item.
            f.scroller.loops = false
            XCTAssertEqual(f.scroller.currentIndex, 4)
            XCTAssertEqual(f.scroller.layout.count, 5)
            f.close()
        }
    }
}
