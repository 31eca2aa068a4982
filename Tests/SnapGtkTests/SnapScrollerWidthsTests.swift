import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// Items of different widths (`itemWidths`): each rests exactly centred, keys and the wheel step through them, and
/// going back to nil restores the uniform row.
final class SnapScrollerWidthsTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    private static let widths: [Double] = [60, 220, 90, 140, 300, 70, 110, 180]

    func testVariableWidthItemsRestCentredAndKeepTheCurrentItem() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture(count: Self.widths.count, width: 100, spacing: 20)
            defer { f.close() }
            f.scroller.scrollTo(index: 3, animated: false)
            f.scroller.itemWidths = Self.widths
            XCTAssertEqual(f.scroller.currentIndex, 3, "new widths keep the current item")
            XCTAssertEqual(f.scroller.layout.itemWidth(4), 300)
            f.waitSettled(2)
            XCTAssertEqual(f.settled.last?.cause, .dataChange)
            f.assertRests(on: 3)
            for index in [4, 5, 1, 7] {
                let before = f.settled.count
                f.scroller.scrollTo(index: index)
                f.waitSettled(before + 1)
                f.assertRests(on: index)
                XCTAssertEqual(f.settled.count, before + 1, "one settle per move")
            }
            f.scroller.handleKey(UInt32(GDK_KEY_Left))
            f.waitSettled(f.settled.count + 1)
            f.assertRests(on: 6)
            f.scroller.handleScroll(dx: -1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(f.settled.count + 1)
            f.assertRests(on: 5)
        }
    }

    func testShortWidthArraysFallBackToTheUniformWidthAndNilRestoresIt() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture(count: 10, width: 100, spacing: 20)
            defer { f.close() }
            f.scroller.itemWidths = [250, 40]
            XCTAssertEqual(f.scroller.layout.itemWidth(0), 250)
            XCTAssertEqual(f.scroller.layout.itemWidth(1), 40)
            XCTAssertEqual(f.scroller.layout.itemWidth(9), 100, "past the array: itemWidth")
            f.scroller.scrollTo(index: 1, animated: false)
            f.assertRests(on: 1)
            let settled = f.settled.count
            f.scroller.itemWidths = nil
            f.waitSettled(settled + 1)
            XCTAssertEqual(f.scroller.layout.itemWidth(0), 100)
            f.assertRests(on: 1)
        }
    }

    /// A looping row keeps its items' own widths: the wheel and keys cross the seam both ways, every resting item is
    /// centred, the first item follows the last at the usual spacing, and the jump back to the middle round (with
    /// widths whose round is a fractional number of pixels) leaves every item on the same screen pixel.
    func testALoopingRowKeepsItsItemWidthsAcrossTheSeam() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture(count: Self.widths.count, width: 100, spacing: 20, windowWidth: 700)
            defer { f.close() }
            f.scroller.itemWidths = Self.widths
            f.scroller.loops = true
            waitFrames(3, of: f.scroller.widget)
            let loop = try! XCTUnwrap(f.scroller.loopSpace)
            XCTAssertEqual(f.scroller.layout.count, loop.virtualCount)
            XCTAssertEqual(f.scroller.currentIndex, 0)
            // The item's left and right edges as drawn, in the scrolled window's coordinates.
            @MainActor func edges(_ index: Int) -> (left: Double, right: Double)? {
                guard let item = f.scroller.itemWidget(at: index) else { return nil }
                var bounds = graphene_rect_t()
                guard gtk_widget_compute_bounds(item, f.scroller.scrolledWindow, &bounds) != 0 else { return nil }
                return (Double(bounds.origin.x), Double(bounds.origin.x + bounds.size.width))
            }
            @MainActor func assertRestsCentred(on index: Int, line: UInt = #line) {
                XCTAssertEqual(f.scroller.currentIndex, index, line: line)
                XCTAssertEqual(f.settled.last?.index, index, line: line)
                XCTAssertEqual(f.settled.last?.offset, gtk_adjustment_get_value(f.scroller.adjustment), line: line)
                waitFrames(2, of: f.scroller.widget)
                XCTAssertEqual(f.centreError(of: index) ?? .nan, 0, accuracy: 0.5, "item \(index)", line: line)
                if let item = edges(index) {
                    XCTAssertEqual(item.right - item.left, Self.widths[index], "its own width", line: line)
                }
            }
            // Back from the first: the last item, through the seam.
            f.scroller.handleScroll(dx: -1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(1)
            assertRestsCentred(on: 7)
            // The first item follows the last one spacing on.
            if let last = edges(7), let first = edges(0) {
                XCTAssertEqual(first.left - last.right, 20, "the seam is one spacing")
            } else {
                XCTFail("the first item is not shown next to the last")
            }
            f.scroller.handleKey(UInt32(GDK_KEY_Right))
            f.waitSettled(2)
            assertRestsCentred(on: 0)
            f.scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            f.waitSettled(3)
            assertRestsCentred(on: 1)
            // Widths whose round is not a whole number of pixels: far from the middle, at rest on item 4, the row
            // jumps back whole rounds to the middle one, and nothing on screen moves.
            f.scroller.itemWidths = Self.widths.enumerated().map { $0.element + [0.3, 0.6, 0.25, 0.7, 0.1, 0.45, 0.9, 0.35][$0.offset] }
            f.scroller.restart(onVirtualIndex: loop.virtualIndex(middleOf: 4) + Self.widths.count * (loop.cycles / 4 + 3))
            waitFrames(3, of: f.scroller.widget)
            let before = (0..<Self.widths.count).map { edges($0).map { [$0.left, $0.right] } }
            XCTAssertGreaterThanOrEqual(before.compactMap { $0 }.count, 3, "several items shown")
            f.scroller.recentreLoopIfFar()
            XCTAssertEqual(f.scroller.controller.currentIndex, loop.virtualIndex(middleOf: 4))
            waitFrames(3, of: f.scroller.widget)
            let after = (0..<Self.widths.count).map { edges($0).map { [$0.left, $0.right] } }
            XCTAssertEqual(after, before, "every item on the same pixels after the jump")
            XCTAssertEqual(f.scroller.currentIndex, 4)
        }
    }
}
