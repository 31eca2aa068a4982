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
    private static func makeCarousel(loops: Bool) -> (Carousel, WidgetFixture, Box) {
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
        let window = WidgetFixture(hosting: carousel.widget, width: 600, height: 400)
        window.wait("never laid out") { carousel.scroller.layout.viewportWidth > 0 }
        return (carousel, window, box)
    }

    @MainActor private final class Box {
        var pages: [Int] = []
        var settled: [Int] = []
    }

    /// The countdown itself (GLib's timeout, not `fire()`): it runs once autoplay may run again, advances the page
    /// when it runs out, and after that advance a new one runs out and advances again. The pointer is away from the
    /// window (the headless screen's centre), so only what the test does holds autoplay still.
    func testACountdownRunsOutAndAdvancesAfterAPauseAndAfterEachAdvance() {
        MainActor.assumeIsolated {
            let was = Preferences.animationsEnabled
            defer { Preferences.animationsEnabled = was }
            for loops in [true, false] {
                // Held still (reduced motion) while set up on the last page, so no countdown runs out early.
                Preferences.animationsEnabled = false
                let (carousel, window, box) = Self.makeCarousel(loops: loops)
                carousel.autoplayInterval = 0.3
                let autoplay = carousel.autoplay!
                carousel.scrollTo(page: 4, animated: false)
                XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { box.settled == [4] && !carousel.scroller.isMoving })
                XCTAssertFalse(autoplay.isCounting, "loops \(loops): counting while held")
                // Resumed: a countdown runs, and running out it moves on (to the first page either way).
                Preferences.animationsEnabled = true
                XCTAssertTrue(autoplay.isCounting, "loops \(loops): no countdown after the pause ended")
                XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { box.settled.count == 2 },
                              "loops \(loops): the countdown never advanced the page")
                XCTAssertEqual(box.settled.last, 0, "loops \(loops)")
                // After that advance, a new countdown runs out and moves on again, page by page.
                XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { box.settled.count == 3 },
                              "loops \(loops): no countdown ran out after the advance")
                XCTAssertEqual(box.settled, [4, 0, 1], "loops \(loops)")
                carousel.autoplayInterval = nil
                window.close()
            }
        }
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
                // After the rest a new countdown runs, with nothing holding it (the pointer is away from the window).
                waitFrames(3, of: carousel.widget)
                XCTAssertFalse(autoplay.isPaused)
                XCTAssertTrue(autoplay.isCounting)
                // Reduced motion holds it still; turning autoplay off ends the countdown.
                Preferences.animationsEnabled = false
                XCTAssertFalse(autoplay.isCounting)
                XCTAssertTrue(autoplay.isPaused)
                Preferences.animationsEnabled = true
                XCTAssertTrue(autoplay.isCounting, "no countdown after reduced motion ended")
                carousel.autoplayInterval = nil
                XCTAssertNil(carousel.autoplay)
                XCTAssertFalse(autoplay.isCounting)
                window.close()
            }
        }
    }
}
