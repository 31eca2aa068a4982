import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The Swift surface an application builds pages with: labels measured, ellipsized and given roles, pictures,
/// scrollers made with the public initialiser (roles, settle offsets, focus).
final class SurfaceAPITests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    func testSettleEventsCarryTheAdjustmentsRestingValue() {
        MainActor.assumeIsolated {
            XCTAssertEqual(SettleEvent(index: 2, cause: .wheel).offset, 0, "the older initialiser still works")
            let strip = SnapScroller(itemCount: 20, itemWidth: 100, spacing: 70, label: "Strip",
                                     makeItem: { Label() }, bindItem: { label, index in label.text = "\(index)" })
            var events: [SettleEvent] = []
            strip.onSettled = { events.append($0) }
            let window = presentInWindow(strip.widget, width: 500, height: 80)
            defer { gtk_window_destroy(window.cast()) }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { strip.layout.viewportWidth > 0 })
            strip.scrollTo(index: 3, animated: false)
            XCTAssertEqual(events.last?.index, 3)
            XCTAssertEqual(events.last?.offset, gtk_adjustment_get_value(strip.adjustment))
            XCTAssertEqual(events.last?.offset, strip.layout.restingOffset(3), "left to right: the logical resting offset")

            let carousel = Carousel(pageCount: 5, accessibleLabel: "Pages", makePage: { Label() }, bindPage: { _, _ in })
            var pages: [SettleEvent] = []
            carousel.onSettled = { pages.append($0) }
            let carouselWindow = presentInWindow(carousel.widget, width: 600, height: 300)
            defer { gtk_window_destroy(carouselWindow.cast()) }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { carousel.scroller.layout.viewportWidth > 0 })
            carousel.scrollTo(page: 2, animated: false)
            XCTAssertEqual(pages.last?.index, 2)
            XCTAssertEqual(pages.last?.offset, gtk_adjustment_get_value(carousel.scroller.adjustment))
            XCTAssertGreaterThan(pages.last?.offset ?? 0, 0)
        }
    }
}
