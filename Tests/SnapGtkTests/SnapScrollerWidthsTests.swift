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
            let f = SnapScrollerTests.Fixture(count: Self.widths.count, width: 100, spacing: 20)
            defer { f.close() }
            f.scroller.scrollTo(index: 3, animated: false)
            f.scroller.itemWidths = Self.widths
            XCTAssertEqual(f.scroller.currentIndex, 3, "new widths keep the current item")
            XCTAssertEqual(f.scroller.layout.itemWidth(4), 300)
            XCTAssertEqual(f.settled.last?.cause, .resize)
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
            let f = SnapScrollerTests.Fixture(count: 10, width: 100, spacing: 20)
            defer { f.close() }
            f.scroller.itemWidths = [250, 40]
            XCTAssertEqual(f.scroller.layout.itemWidth(0), 250)
            XCTAssertEqual(f.scroller.layout.itemWidth(1), 40)
            XCTAssertEqual(f.scroller.layout.itemWidth(9), 100, "past the array: itemWidth")
            f.scroller.scrollTo(index: 1, animated: false)
            f.assertRests(on: 1)
            f.scroller.itemWidths = nil
            XCTAssertEqual(f.scroller.layout.itemWidth(0), 100)
            f.assertRests(on: 1)
        }
    }
}
