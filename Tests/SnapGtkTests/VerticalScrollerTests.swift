import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// A row turned vertical while shown (what a vertical scroller does under every input is `SnapScrollerTests`'s,
/// along both axes).
final class VerticalScrollerTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    func testTurningARowVerticalWhileShownKeepsItsItemInPlaceAlongTheNewAxis() {
        MainActor.assumeIsolated {
            let scroller = SnapScroller(
                itemCount: 30, itemWidth: 60, spacing: 30, label: "Turning",
                factory: { gtk_label_new(nil)! }, bind: { label, index in gtk_label_set_text(label.opaque, "\(index)") })
            var settled: [SettleEvent] = []
            scroller.onSettled = { settled.append($0) }
            let f = WidgetFixture(hosting: scroller.widget, width: 500, height: 400)
            defer { f.close() }
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
}
