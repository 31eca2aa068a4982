import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// A vertical carousel: pages stacked down the height, each resting exactly in the middle, at the design's
/// proportions, one page a swipe.
final class VerticalCarouselTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    @MainActor
    private final class Fixture: WidgetFixture {
        let carousel: Carousel
        var settled: [SettleEvent] = []

        init(width: Int32 = 420, height: Int32 = 600) {
            carousel = Carousel(pageCount: 12, accessibleLabel: "Pages", makePage: { Label() },
                                bindPage: { label, index in label.text = "Page \(index)" })
            carousel.orientation = .vertical
            super.init(hosting: carousel.widget, width: width, height: height)
            carousel.onSettled = { [unowned self] in settled.append($0) }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { self.carousel.scroller.layout.viewportWidth > 0 })
            waitFrames(2, of: carousel.widget)
        }

        func waitSettled(_ count: Int, file: StaticString = #filePath, line: UInt = #line) {
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) {
                self.settled.count >= count && !self.carousel.scroller.isMoving }, "never settled", file: file, line: line)
            waitFrames(2, of: carousel.widget, file: file, line: line)
        }

        func bounds(_ page: Int) -> graphene_rect_t? {
            guard let widget = carousel.pageWidget(at: page) else { return nil }
            var b = graphene_rect_t()
            guard gtk_widget_compute_bounds(widget.pointer, carousel.widget, &b) != 0 else { return nil }
            return b
        }

        /// `page` current and at rest in the middle of the carousel, at its exact resting offset.
        func assertAtRest(_ page: Int, file: StaticString = #filePath, line: UInt = #line) {
            let layout = carousel.scroller.layout
            XCTAssertEqual(carousel.currentPage, page, file: file, line: line)
            XCTAssertEqual(gtk_adjustment_get_value(carousel.scroller.adjustment), layout.restingOffset(page), file: file, line: line)
            XCTAssertEqual(settled.last?.offset, layout.restingOffset(page), file: file, line: line)
            guard let b = bounds(page) else { return XCTFail("page \(page) has no widget", file: file, line: line) }
            let height = Double(gtk_widget_get_height(carousel.widget)), width = Double(gtk_widget_get_width(carousel.widget))
            XCTAssertEqual(Double(b.origin.y + b.size.height / 2), height / 2, accuracy: 0.5, "centred vertically", file: file, line: line)
            XCTAssertEqual(Double(b.origin.x + b.size.width / 2), width / 2, accuracy: 0.5, "centred across", file: file, line: line)
        }
    }

    func testPagesStackDownAtTheDesignsProportionsAndRestInTheMiddle() {
        MainActor.assumeIsolated {
            let f = Fixture()
            defer { f.close() }
            let scroller = f.carousel.scroller
            XCTAssertEqual(scroller.orientation, .vertical)
            XCTAssertEqual(scroller.adjustment, gtk_scrolled_window_get_vadjustment(scroller.scrolledWindow.opaque))
            XCTAssertEqual(scroller.layout.viewportWidth, 600, "the viewport is the height")
            let g = f.carousel.geometry
            let design = f.carousel.design
            // 412 px of room for 355 px design panels, 600 px of height for a 306.5 px design length: the width limits.
            XCTAssertEqual(g.panelWidth, 412, "the width less the row's 4 px padding at each side")
            XCTAssertEqual(g.panelHeight, (design.imageHeight + design.textHeight) * 412 / 355, accuracy: 1)
            XCTAssertEqual(g.panelHeight + 2 * g.sideMargin, 600)
            XCTAssertEqual(scroller.layout.itemWidth(0), g.panelHeight, "a page's length is its height")
            guard let b0 = f.bounds(0), let b1 = f.bounds(1) else { return XCTFail("no page widgets") }
            XCTAssertEqual(Double(b0.size.width), g.panelWidth)
            XCTAssertEqual(Double(b0.size.height), g.panelHeight)
            XCTAssertEqual(Double(b1.origin.y - b0.origin.y), g.panelHeight + scroller.layout.spacing, "the next page below")
            f.carousel.scrollTo(page: 5, animated: false)
            f.waitSettled(1)
            f.assertAtRest(5)
            f.carousel.scrollTo(page: 11, animated: false)
            f.waitSettled(2)
            f.assertAtRest(11)
        }
    }

    func testWheelKeysAndSwipesTurnOnePageDownOrUp() {
        MainActor.assumeIsolated {
            let f = Fixture()
            defer { f.close() }
            let scroller = f.carousel.scroller
            XCTAssertTrue(scroller.handleScroll(dx: 0, dy: 1, unit: GDK_SCROLL_UNIT_WHEEL))
            f.waitSettled(1)
            f.assertAtRest(1)
            XCTAssertEqual(f.settled.last?.cause, .wheel)
            XCTAssertFalse(scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL), "a sideways wheel is left")
            XCTAssertTrue(scroller.handleKey(UInt32(GDK_KEY_Down)))
            f.waitSettled(2)
            f.assertAtRest(2)
            XCTAssertFalse(scroller.handleKey(UInt32(GDK_KEY_Right)))
            scroller.handleKey(UInt32(GDK_KEY_Up))
            f.waitSettled(3)
            f.assertAtRest(1)
            // A fast drag up across three pages' worth: one page only.
            let pitch = scroller.layout.restingOffset(1)
            var time = scroller.now
            scroller.handleDragBegin(x: 500, time: time)
            for step in 1...12 {
                time += 5
                scroller.handleDragUpdate(offsetX: -Double(step) * pitch * 3 / 12, time: time)
            }
            scroller.handleDragEnd(offsetX: -pitch * 3, time: time + 5)
            f.waitSettled(4)
            f.assertAtRest(2)
            XCTAssertEqual(f.settled.last?.cause, .drag)
            // A touchpad fling down the pad, ended by GTK's deceleration: one page.
            let fling = TouchpadGesture(
                samples: (0..<10).map { .init(time: Double($0) * 8, dx: 0, dy: pitch / 4) }, ending: .decelerate)
            var replay = TouchpadReplay(fling, startingAt: scroller.now)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { replay.deliver(to: scroller, through: scroller.now) })
            f.waitSettled(5)
            f.assertAtRest(3)
            XCTAssertEqual(f.settled.last?.cause, .touchpad)
        }
    }

    func testAResizeOrTurningBackKeepsThePageInPlace() {
        MainActor.assumeIsolated {
            let f = Fixture()
            defer { f.close() }
            f.carousel.scrollTo(page: 4, animated: false)
            f.waitSettled(1)
            // Narrower: smaller pages, the same page in the middle.
            gtk_window_set_default_size(f.window.cast(), 300, 600)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { f.carousel.geometry.panelWidth == 292 })
            waitFrames(6, of: f.carousel.widget)
            XCTAssertEqual(f.carousel.currentPage, 4)
            f.assertAtRest(4)
            // Short and wide: the height limits, the panel narrower than the width.
            gtk_window_set_default_size(f.window.cast(), 700, 400)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { f.carousel.scroller.layout.viewportWidth == 400 })
            waitFrames(6, of: f.carousel.widget)
            XCTAssertLessThan(f.carousel.geometry.panelWidth, 700)
            f.assertAtRest(4)
            f.carousel.orientation = .horizontal
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { f.carousel.scroller.layout.viewportWidth == 700 })
            waitFrames(6, of: f.carousel.widget)
            XCTAssertEqual(f.carousel.currentPage, 4)
            XCTAssertEqual(gtk_adjustment_get_value(f.carousel.scroller.adjustment), f.carousel.scroller.layout.restingOffset(4))
        }
    }
}
