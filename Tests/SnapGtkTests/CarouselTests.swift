import CSnapGtk
import Foundation
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

final class CarouselTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    /// The shipped artwork, found from this file's place in the checkout.
    private static var banners: [Carousel.Banner] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (1...5).map { Carousel.Banner(title: "Banner \($0)", imagePath: root.appendingPathComponent("resources/banners/banner-\($0).png").path) }
    }

    /// A carousel in a window, recording what it reports.
    @MainActor
    private final class Fixture: WidgetFixture {
        let carousel: Carousel
        var pages: [(Int, Cause)] = []
        var settled: [(Int, Cause)] = []
        var tapped: [Int] = []
        var errors: [(Int, String)] = []
        var positions: [Double] = []

        init(_ banners: [Carousel.Banner], width: Int32 = 600, height: Int32 = 400, cache: SurfaceCache = SurfaceCache()) {
            carousel = Carousel(pageCount: banners.count, cache: cache) { banners[$0 % banners.count] }
            super.init(hosting: carousel.widget, width: width, height: height)
            carousel.onPageChanged = { [unowned self] in pages.append(($0.index, $0.cause)) }
            carousel.onSettled = { [unowned self] in settled.append(($0.index, $0.cause)) }
            carousel.onTapped = { [unowned self] in tapped.append($0.index) }
            carousel.onImageError = { [unowned self] in errors.append(($0.index, $0.message)) }
            carousel.onPositionChanged = { [unowned self] in positions.append($0) }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { self.carousel.scroller.layout.viewportWidth > 0 }, "never laid out")
            // The banners' images are checked and decoded on workers after their first draw: wait for that, so the
            // results do not land inside a test's glide.
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { cache.decodes > 0 && !cache.isDecoding },
                          "the banner images were never decoded")
        }

        func waitForSettle(_ count: Int = 1) {
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { self.settled.count >= count }, "never settled")
        }
    }

    func testPagesChangeByAPIAndKeysWithTheirCause() {
        MainActor.assumeIsolated {
            let f = Fixture(Self.banners)
            defer { f.close() }
            f.carousel.scrollTo(page: 2, cause: .programmatic, animated: false)
            XCTAssertEqual(f.pages.map(\.0), [2], "an instant move jumps straight there")
            XCTAssertEqual(f.pages.map(\.1), [.programmatic])
            f.waitForSettle()
            XCTAssertEqual(f.settled.map(\.0), [2])
            XCTAssertEqual(f.carousel.currentPage, 2)

            f.pages.removeAll()
            f.carousel.scroller.handleKey(UInt32(GDK_KEY_Right))
            f.waitForSettle(2)
            XCTAssertEqual(f.pages.map(\.0), [3])
            XCTAssertEqual(f.pages.map(\.1), [.keyboard])
            XCTAssertEqual(f.settled.last?.1, .keyboard)
            let layout = f.carousel.scroller.layout
            XCTAssertEqual(f.carousel.scroller.logicalOffset, layout.restingOffset(3), "at rest exactly on its page")

            // Enter on the focused carousel taps the current banner; it does not move.
            f.carousel.scroller.handleKey(UInt32(GDK_KEY_Return))
            XCTAssertEqual(f.tapped, [3])
            XCTAssertTrue(f.carousel.cell(forPage: 3)!.isHighlighted, "visible feedback")
        }
    }

    func testAFastDragOrTouchpadFlingMovesAtMostOnePage() {
        MainActor.assumeIsolated {
            let f = Fixture(Self.banners)
            defer { f.close() }
            let scroller = f.carousel.scroller
            let pitch = scroller.layout.restingOffset(1)
            // A recorded fast drag: 3 pages' worth in 60 ms, released while still moving.
            var time = scroller.now
            scroller.handleDragBegin(x: 500)
            for step in 1...12 {
                time += 5
                scroller.handleDragUpdate(offsetX: -Double(step) * pitch * 3 / 12, time: time)
            }
            scroller.handleDragEnd(offsetX: -pitch * 3, time: time + 5)
            f.waitForSettle()
            XCTAssertEqual(f.settled.map(\.0), [1], "one page only")
            XCTAssertEqual(f.settled.map(\.1), [.drag])
            XCTAssertTrue(f.tapped.isEmpty, "a drag is no tap")

            // A recorded touchpad swipe: fast smooth deltas, then scroll-end.
            time = scroller.now
            for _ in 0..<15 {
                time += 8
                scroller.handleScroll(dx: pitch / 5, dy: 0, unit: GDK_SCROLL_UNIT_SURFACE, time: time)
            }
            scroller.handleScrollEnd()
            f.waitForSettle(2)
            XCTAssertEqual(f.settled.map(\.0), [1, 2], "one more page only")
            XCTAssertEqual(f.settled.last?.1, .touchpad)
            XCTAssertEqual(f.pages.last?.1, .touchpad)
        }
    }

    func testDotsFollowTheFractionalPositionAndActivatingADotScrolls() {
        MainActor.assumeIsolated {
            let f = Fixture(Self.banners)
            defer { f.close() }
            let dots = PageDots()
            dots.attach(to: f.carousel)
            XCTAssertEqual(dots.count, 5, "attaching takes the page count")
            var dotPositions: [Double] = []
            f.carousel.onPositionChanged = { [unowned dots] position in
                XCTAssertEqual(dots.position, position, "the dots follow before the application hears")
                dotPositions.append(position)
            }
            dots.activate(1, cause: .click)
            f.waitForSettle()
            XCTAssertEqual(f.settled.map(\.0), [1])
            XCTAssertEqual(f.settled.map(\.1), [.click])
            XCTAssertEqual(f.pages.map(\.1), [.click])
            if Preferences.animationsEnabled {
                XCTAssertTrue(dotPositions.contains { $0 > 0.05 && $0 < 0.95 }, "the dots saw in-between positions: \(dotPositions)")
            }
            XCTAssertEqual(dotPositions, dotPositions.sorted(), "a critically damped glide only goes forward")
            XCTAssertEqual(dots.position, 1)
            XCTAssertEqual(dots.currentPage, 1)
            XCTAssertEqual(dots.radius(ofPage: 1), PageDots.selectedRadius)
            XCTAssertEqual(dots.radius(ofPage: 0), PageDots.radius)
        }
    }

    func testClickOnCurrentBannerTapsAndOnAPeekingNeighbourPages() {
        MainActor.assumeIsolated {
            let f = Fixture(Self.banners)
            defer { f.close() }
            let scroller = f.carousel.scroller
            let width = scroller.layout.viewportWidth
            // Press and release in the middle: the current banner is tapped; nothing moves.
            scroller.handleDragBegin(x: width / 2)
            scroller.handleDragUpdate(offsetX: 3)
            scroller.handleDragEnd(offsetX: 3)
            XCTAssertEqual(f.tapped, [0])
            waitFrames(12, of: f.carousel.widget)
            XCTAssertTrue(f.settled.isEmpty && f.pages.isEmpty)
            // Near the right edge the next banner peeks in: a click there taps it (as a strip's item), then pages
            // (cause click).
            scroller.handleDragBegin(x: width - 4)
            scroller.handleDragEnd(offsetX: 0)
            XCTAssertEqual(f.tapped, [0, 1], "tapped before the move")
            f.waitForSettle()
            XCTAssertEqual(f.settled.map(\.0), [1])
            XCTAssertEqual(f.settled.map(\.1), [.click])
            XCTAssertEqual(f.tapped, [0, 1])
        }
    }

    func testMissingAndCorruptImagesShowPlaceholdersAndReportOnceEach() throws {
        let folder = try temporaryFolder("carousel", for: self)
        try MainActor.assumeIsolated {
            let corrupt = folder.appendingPathComponent("corrupt.png").path
            try Data("definitely not a PNG".utf8).write(to: URL(fileURLWithPath: corrupt))
            let missing = folder.appendingPathComponent("missing.png").path
            let good = Self.banners[0].imagePath
            let banners = [good, corrupt, missing, good, good, good].enumerated().map {
                Carousel.Banner(title: "B\($0.offset)", imagePath: $0.element)
            }
            let cache = SurfaceCache()
            let f = Fixture(banners, cache: cache)
            defer { f.close() }
            // Two files are checked at a time, on workers: the two failures may be found in either order.
            let errors = f.errors.sorted { $0.0 < $1.0 }
            XCTAssertEqual(errors.map(\.0), [1, 2])
            XCTAssertEqual(errors[1].1, "banner 3: cannot load image missing.png: file not found")
            XCTAssertTrue(errors[0].1.hasPrefix("banner 2: cannot load image corrupt.png: "), errors[0].1)
            XCTAssertTrue(f.carousel.cell(forPage: 1)!.showsPlaceholder)
            XCTAssertTrue(f.carousel.cell(forPage: 2)!.showsPlaceholder)
            XCTAssertFalse(f.carousel.cell(forPage: 0)!.showsPlaceholder)
            // Visit every page and come back: cells are recycled and rebound, no new reports, no reloads.
            for page in [5, 0, 5, 0] {
                f.carousel.scrollTo(page: page, animated: false)
                waitFrames(2, of: f.carousel.widget)
            }
            XCTAssertEqual(f.errors.count, 2)
            XCTAssertEqual(cache.loads, 3, "each distinct path tried once")
            XCTAssertEqual(cache.decodes, 3, "each file tried once: the good one decoded at the size drawn, the others refused")
            XCTAssertLessThan(f.carousel.scroller.createdItemCount, banners.count + 3)
        }
    }

    /// As the demo's pages are: a carousel of `banners` in a stack (named "carousel", with a label page "other"),
    /// in a 1400x900 window, shown; with its own cache.
    @MainActor
    private static func carouselInStack() -> (SurfaceCache, Carousel, UnsafeMutablePointer<GtkWidget>, WidgetFixture) {
        let cache = SurfaceCache()
        let banners = Self.banners
        let carousel = Carousel(pageCount: banners.count, cache: cache) { banners[$0] }
        let stack = gtk_stack_new()!
        gtk_stack_add_named(stack.opaque, carousel.widget, "carousel")
        gtk_stack_add_named(stack.opaque, gtk_label_new("another page"), "other")
        return (cache, carousel, stack, WidgetFixture(hosting: stack, width: 1400, height: 900, laidOut: false))
    }

    func testAHiddenCarouselKeepsNoDecodedImagesAndDecodesAtTheShownSizeAgain() throws {
        try MainActor.assumeIsolated {
            let (cache, carousel, stack, fixture) = Self.carouselInStack()
            defer { fixture.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { cache.decodedBytes > 0 && !cache.isDecoding },
                          "the shown banners were never decoded")
            let large = cache.decodedBytes
            let decodes = cache.decodes

            gtk_stack_set_visible_child_name(stack.opaque, "other")
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { gtk_widget_get_mapped(carousel.widget) == 0 }, "never hidden")
            XCTAssertEqual(cache.decodedBytes, 0, "a hidden carousel keeps no decoded pixels")
            // Files stay known: showing them again decodes, it does not check the files again.
            let loads = cache.loads

            gtk_window_set_default_size(fixture.window.cast(), 500, 600)
            fixture.settle(2)
            gtk_stack_set_visible_child_name(stack.opaque, "carousel")
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { cache.decodes > decodes && cache.decodedBytes > 0 },
                          "shown again, the banners were never decoded")
            waitFrames(2, of: carousel.widget)
            XCTAssertEqual(cache.loads, loads)
            XCTAssertLessThan(cache.decodedBytes, large / 2, "decoded at the smaller size shown now, not the largest seen")
            for page in 0..<2 {
                XCTAssertFalse(try XCTUnwrap(carousel.cell(forPage: page)).showsPlaceholder, "page \(page)")
            }
        }
    }

    func testADecodeThatEndsAfterTheCarouselIsHiddenIsNotKept() {
        MainActor.assumeIsolated {
            let (cache, carousel, stack, fixture) = Self.carouselInStack()
            defer { fixture.close() }
            // Hidden as soon as a decode is under way, before it can end.
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { cache.isDecoding }, "no decode was asked for")
            gtk_stack_set_visible_child_name(stack.opaque, "other")
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { gtk_widget_get_mapped(carousel.widget) == 0 }, "never hidden")
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { !cache.isDecoding }, "the decodes never ended")
            XCTAssertEqual(cache.decodedBytes, 0, "pixels decoded for a carousel no longer shown were kept")
            // Shown again, the banners are decoded and drawn.
            gtk_stack_set_visible_child_name(stack.opaque, "carousel")
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { cache.decodedBytes > 0 && !cache.isDecoding },
                          "shown again, the banners were never decoded")
        }
    }

    /// A carousel at rest on page 3 in a window of `width`×`height`, then given the size `to`: the fixture (its page
    /// events cleared before the resize) and the geometry before.
    @MainActor
    private static func resizedOnPage3(width: Int32, height: Int32, to size: (Int32, Int32)) -> (Fixture, PagerGeometry) {
        let f = Fixture(banners, width: width, height: height)
        f.carousel.scrollTo(page: 3, animated: false)
        f.waitForSettle()
        let before = f.carousel.geometry
        f.pages.removeAll()
        gtk_window_set_default_size(f.window.cast(), size.0, size.1)
        return (f, before)
    }

    func testResizeKeepsTheCurrentPageInPlaceAtTheNewScale() {
        MainActor.assumeIsolated {
            let (f, before) = Self.resizedOnPage3(width: 900, height: 900, to: (500, 900))
            defer { f.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { f.carousel.geometry.componentWidth < before.componentWidth - 100 }, "never narrowed")
            f.waitForSettle(2)
            XCTAssertEqual(f.settled.last?.0, 3)
            XCTAssertEqual(f.settled.last?.1, .resize)
            XCTAssertEqual(f.carousel.currentPage, 3)
            XCTAssertTrue(f.pages.isEmpty, "the page did not change: \(f.pages)")
            let layout = f.carousel.scroller.layout
            XCTAssertEqual(f.carousel.scroller.logicalOffset, layout.restingOffset(3))
            XCTAssertEqual(layout.itemWidth(3), f.carousel.geometry.panelWidth.rounded())
            XCTAssertEqual(layout.viewportWidth, f.carousel.geometry.componentWidth)
        }
    }

    /// A window made taller at the same width scales height-limited banners up: the row's slots follow in the same
    /// pass, so the banners neither overlap nor leave the current one off-centre (the soak found a 1600×900 window
    /// resized to 640×480 showing 332 px banners 133 px apart).
    func testANewHeightAtTheSameWidthScalesTheRowWithTheBanners() {
        MainActor.assumeIsolated {
            let (f, before) = Self.resizedOnPage3(width: 900, height: 250, to: (900, 700))
            defer { f.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { f.carousel.geometry.panelWidth > before.panelWidth + 100 },
                          "the banners never grew")
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { !f.carousel.scroller.isMoving }, "never came to rest")
            let g = f.carousel.geometry
            XCTAssertEqual(g.componentWidth, before.componentWidth, "the same width")
            let layout = f.carousel.scroller.layout
            XCTAssertEqual(layout.itemWidth(3), g.panelWidth.rounded())
            XCTAssertEqual(layout.itemStart(4) - layout.itemStart(3), g.panelWidth.rounded() + g.gap.rounded())
            XCTAssertEqual(f.carousel.currentPage, 3)
            XCTAssertEqual(f.carousel.scroller.logicalOffset, layout.restingOffset(3))
            // The current banner drawn at the panel's width, centred in the component.
            guard let banner = f.carousel.scroller.itemWidget(at: 3) else { return XCTFail("page 3 is not bound") }
            var bounds = graphene_rect_t()
            XCTAssertTrue(gtk_widget_compute_bounds(banner, f.carousel.widget, &bounds) != 0)
            XCTAssertEqual(Double(bounds.size.width), g.panelWidth.rounded(), accuracy: 1)
            XCTAssertEqual(Double(bounds.origin.x + bounds.size.width / 2), g.componentWidth / 2, accuracy: 1)
        }
    }

    /// A new width and a new height at once: the row lays out once, at the new width, so one `settled` reports it.
    func testANewWidthAndHeightAtOnceSettleOnce() {
        MainActor.assumeIsolated {
            let (f, before) = Self.resizedOnPage3(width: 900, height: 250, to: (700, 700))
            defer { f.close() }
            let settledBefore = f.settled.count
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { f.carousel.geometry.panelWidth > before.panelWidth + 100 },
                          "the banners never grew")
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { !f.carousel.scroller.isMoving }, "never came to rest")
            _ = GtkThread.iterate(timeout: 0.3) { false }
            XCTAssertEqual(f.settled.dropFirst(settledBefore).map(\.1), [.resize])
            XCTAssertEqual(f.carousel.scroller.layout.itemWidth(3), f.carousel.geometry.panelWidth.rounded())
        }
    }

    func testHeightLimitsTheBannerScaleWhileTheComponentFillsTheWidth() {
        MainActor.assumeIsolated {
            let f = Fixture(Self.banners, width: 1200, height: 300)
            defer { f.close() }
            let g = f.carousel.geometry
            let width = Double(gtk_widget_get_width(f.carousel.widget))
            XCTAssertEqual(g.componentWidth, width.rounded(.down), "the component spans the page")
            XCTAssertEqual(Double(gtk_widget_get_width(f.carousel.scroller.widget)), width)
            XCTAssertLessThanOrEqual(g.panelHeight, Double(gtk_widget_get_height(f.carousel.widget)) + 1)
            XCTAssertLessThan(g.panelWidth, width * 355.0 / 406.0 - 100, "narrower banners than the width alone allows")
            XCTAssertEqual(g.panelWidth, g.panelHeight * 355.0 / 268.0, accuracy: 1, "the design's proportions")
            XCTAssertEqual(g.panelWidth + 2 * g.sideMargin, g.componentWidth, "whole, equal margins")
            let layout = f.carousel.scroller.layout
            XCTAssertEqual(layout.viewportWidth, g.componentWidth)
            XCTAssertGreaterThan(g.sideMargin, 0.25 * width, "the neighbours show well in, up to the edges")
        }
    }

    func testBannersFromTexturesDrawTheirPixelsThroughRecyclingAndASmallCache() throws {
        try MainActor.assumeIsolated {
            let texture = try Texture(contentsOfFile: Self.banners[0].imagePath)
            XCTAssertGreaterThan(texture.size.width, 0)
            XCTAssertThrowsError(try Texture(contentsOfFile: "/nonexistent/banner.png"))
            let file = Self.banners[1].imagePath
            let banners = (0..<8).map {
                $0 % 2 == 0 ? Carousel.Banner(title: "T\($0)", texture: texture) : Carousel.Banner(title: "F\($0)", imagePath: file)
            }
            // A one-image cache: the file's image and the texture push each other out at every other bind.
            let cache = SurfaceCache(capacity: 1)
            let carousel = Carousel(pageCount: banners.count, cache: cache) { banners[$0] }
            var errors: [ImageErrorEvent] = []
            carousel.onImageError = { errors.append($0) }
            let fixture = WidgetFixture(hosting: carousel.widget, width: 600, height: 400, laidOut: false)
            defer { fixture.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { carousel.scroller.layout.viewportWidth > 0 })
            for page in [7, 0, 4, 5, 2] {
                carousel.scrollTo(page: page, animated: false)
                waitFrames(2, of: carousel.widget)
                let cell = try XCTUnwrap(carousel.cell(forPage: page))
                XCTAssertFalse(cell.showsPlaceholder, "page \(page)")
            }
            XCTAssertEqual(errors, [])
            // The texture's pixels are its own, drawn as they are: the one-image cache never pushes them out.
            guard case .image(let image, covers: true) = cache.lookup(path: texture.cacheKey, fitting: nil) else {
                return XCTFail("texture lost")
            }
            XCTAssertTrue(image === texture.image)
            XCTAssertEqual(banners[0], Carousel.Banner(title: "T0", texture: texture))
            XCTAssertNotEqual(banners[0], Carousel.Banner(title: "T0", imagePath: Self.banners[0].imagePath))
        }
    }
}
