import CSnapGtk
import Foundation
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// Carousel autoplay on the GTK thread: the countdown's lifetime and what an advance does (the pointer and focus
/// pauses are covered end to end, where the pointer can be moved).
final class CarouselAutoplayTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    @MainActor
    private static func makeCarousel(loops: Bool) -> (Carousel, UnsafeMutablePointer<GtkWidget>, Box) {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let banners = (1...5).map {
            Carousel.Banner(title: "Banner \($0)", imagePath: root.appendingPathComponent("resources/banners/banner-\($0).png").path)
        }
        let carousel = Carousel(pageCount: 5) { banners[$0] }
        carousel.loops = loops
        let box = Box()
        carousel.onPageChanged = { box.pages.append($0.index) }
        carousel.onSettled = { box.settled.append($0.index) }
        let window = presentInWindow(carousel.widget, width: 600, height: 400)
        XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { carousel.scroller.layout.viewportWidth > 0 })
        return (carousel, window, box)
    }

    @MainActor private final class Box {
        var pages: [Int] = []
        var settled: [Int] = []
    }

    func testAdvancesWrapOrRewindAndTheCountdownEndsWithAutoplay() {
        MainActor.assumeIsolated {
            for loops in [true, false] {
                let (carousel, window, box) = Self.makeCarousel(loops: loops)
                carousel.autoplayInterval = 60
                let autoplay = carousel.autoplay!
                XCTAssertEqual(autoplay.interval, 60)
                carousel.scrollTo(page: 4, animated: false)
                XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { box.settled == [4] && !carousel.scroller.isMoving })
                box.pages = []
                // The countdown ends: from the last page, on to the first (looping) or back through the others.
                autoplay.fire()
                XCTAssertTrue(carousel.scroller.isMoving)
                XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { box.settled.count == 2 && !carousel.scroller.isMoving })
                XCTAssertEqual(box.settled.last, 0)
                XCTAssertEqual(box.pages, loops ? [0] : [3, 2, 1, 0].filter { box.pages.contains($0) })
                XCTAssertEqual(box.pages.last, 0)
                // After the rest a new countdown runs (unless the pointer happens to be over the window).
                waitFrames(3, of: carousel.widget)
                XCTAssertEqual(autoplay.isCounting, !autoplay.isPaused)
                // Reduced motion holds it still; turning autoplay off ends the countdown.
                Preferences.animationsEnabled = false
                XCTAssertFalse(autoplay.isCounting)
                XCTAssertTrue(autoplay.isPaused)
                Preferences.animationsEnabled = true
                carousel.autoplayInterval = nil
                XCTAssertNil(carousel.autoplay)
                XCTAssertFalse(autoplay.isCounting)
                gtk_window_destroy(window.cast())
            }
        }
    }
}
