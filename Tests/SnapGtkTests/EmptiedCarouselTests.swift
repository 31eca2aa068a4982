import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The adopter's SIGSEGV (issue 36): `scrollTo(page: 2, animated: false)` then `pageCount = 0` on a carousel whose
/// window had closed. The application still held the carousel; its widgets were freed, and the move and the new
/// count reached them (the scrolling adjustment looked up on a freed widget): a crash only when the freed memory had
/// been reused, so about once in 75 runs. Once its widget is destroyed, the carousel ignores such calls.
final class EmptiedCarouselTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    func testACarouselWhoseWindowClosedIgnoresAMoveAndANewCount() {
        MainActor.assumeIsolated {
            // Fresh carousels, so the freed memory is reused differently each round.
            for round in 0..<12 {
                let carousel = Carousel(pageCount: 5, accessibleLabel: "Pages", makePage: { Label() },
                                        bindPage: { label, index in label.text = "P\(index)" })
                var events = 0
                carousel.onPageChanged = { _ in events += 1 }
                carousel.onSettled = { _ in events += 1 }
                let fixture = WidgetFixture(hosting: carousel.widget, width: 500, height: 300, laidOut: false)
                fixture.settle(1 + round % 3)
                fixture.close()
                drainMainLoop()
                events = 0
                carousel.scrollTo(page: 2, animated: false)
                carousel.pageCount = 0
                carousel.update(ids: ["a", "b", "c"])
                drainMainLoop()
                XCTAssertEqual(carousel.pageCount, 5, "ignored: the widgets are gone")
                XCTAssertEqual(carousel.currentPage, 0)
                XCTAssertEqual(events, 0)
            }
        }
    }
}
