import CSnapGtk
import Foundation
@testable import SnapDecode
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// Banner images decode on worker threads (`DecodeQueue`): a draw never decodes, the pixels come back and are
/// drawn, a cell destroyed or rebound while its decode runs is released and never gets the stale answer, a file
/// that fails on the worker still gives one placeholder and one report, and decodes run a few at a time, the
/// lowest rank first.
final class DecodeTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
        folder = try temporaryFolder("decode", for: self)
    }

    /// A PNG of `width × height` pixels of one colour (0xRRGGBBAA) in the test's folder.
    private func png(_ name: String, width: Int32, height: Int32, color: UInt32) throws -> String {
        try writeImage(in: folder, name, width: width, height: height, color: color)
    }

    /// A PNG whose header is whole but whose pixels end a third of the way: it passes the check, fails the decode.
    private func cutShort(_ name: String) throws -> String {
        let whole = try Data(contentsOf: URL(fileURLWithPath: try png("whole-\(name)", width: 600, height: 600, color: 0x8040_20ff)))
        let path = folder.appendingPathComponent(name).path
        try whole.prefix(whole.count / 3).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The colour (RGB) at the middle of a cell's image, as its window's renderer draws it.
    @MainActor
    private static func imageColor(_ cell: BannerCell) -> (Int, Int, Int)? {
        guard let (width, height, pixels) = pixels(of: cell) else { return nil }
        // The image fills the top of the cell (the title is below): a third of the way down is inside it.
        let at = 4 * ((height / 3) * width + width / 2)
        return (Int(pixels[at + 2]), Int(pixels[at + 1]), Int(pixels[at]))
    }

    /// A cell as its window's renderer draws it: premultiplied BGRA, row after row, on a transparent background.
    @MainActor
    private static func pixels(of cell: BannerCell) -> (width: Int, height: Int, bytes: [UInt8])? {
        let widget = cell.widget
        let width = Int(gtk_widget_get_width(widget)), height = Int(gtk_widget_get_height(widget))
        guard width > 0, height > 0, let paintable = gtk_widget_paintable_new(widget) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                       size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(gtk_native_get_renderer(gtk_widget_get_native(widget)), node, &viewport) else {
            return nil
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        var pixels = [UInt8](repeating: 0, count: 4 * width * height)
        gdk_texture_download(texture, &pixels, gsize(4 * width))
        return (width, height, pixels)
    }

    /// A banner cell drawn at the size its geometry gives (centred in its window, as a carousel sizes it).
    @MainActor
    private static func cell(_ cache: SurfaceCache) -> BannerCell {
        let cell = BannerCell(cache: cache)
        gtk_widget_set_halign(cell.widget, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(cell.widget, GTK_ALIGN_CENTER)
        return cell
    }

    private static func near(_ color: (Int, Int, Int)?, _ expected: (Int, Int, Int)) -> Bool {
        guard let color else { return false }
        return abs(color.0 - expected.0) <= 2 && abs(color.1 - expected.1) <= 2 && abs(color.2 - expected.2) <= 2
    }

    func testDecodedPixelsComeBackFromTheWorkerAndAreDrawn() throws {
        let path = try png("blue.png", width: 1200, height: 900, color: 0x3366_99ff)
        MainActor.assumeIsolated {
            let queue = DecodeQueue(limit: 2)
            let cache = SurfaceCache(queue: queue)
            let cell = Self.cell(cache)
            XCTAssertNil(cell.bind(index: 0, count: 1, title: "Blue", imagePath: path))
            queue.isPaused = true
            let fixture = WidgetFixture(hosting: cell.widget, width: 500, height: 400, laidOut: false)
            defer { fixture.close() }
            // Drawn once: the plain panel, and a decode asked for rather than done on GTK's thread.
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { cache.isDecoding(path: path) }, "the draw asked for no decode")
            XCTAssertEqual(cache.decodes, 0, "the draw decoded on GTK's thread")
            XCTAssertEqual(cell.drawnSinceBind, [])
            XCTAssertFalse(Self.near(Self.imageColor(cell), (0x33, 0x66, 0x99)), "pixels without a decode")
            queue.isPaused = false
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { cell.drawnSinceBind == [path] }, "the decoded image was never drawn")
            XCTAssertEqual(cache.decodes, 1)
            XCTAssertFalse(cell.showsPlaceholder)
            XCTAssertTrue(Self.near(Self.imageColor(cell), (0x33, 0x66, 0x99)), "\(String(describing: Self.imageColor(cell)))")
            // Decoded at the size drawn, not the file's.
            let drawn = (width: Int(gtk_widget_get_width(cell.widget)), height: 1)
            guard case .image(let image, let covers) = cache.lookup(path: path, fitting: drawn) else {
                return XCTFail("nothing kept")
            }
            XCTAssertTrue(covers)
            XCTAssertLessThan(image.width, 1200)
            XCTAssertGreaterThanOrEqual(image.width, drawn.width)
            XCTAssertEqual(queue.running, 0)
        }
    }

    func testAPictureIsCutByItsRoundedCornersAloneAndEveryPixelIsPaintedOnce() throws {
        // Half transparent, so a pixel painted twice would show denser, and one missed empty.
        let path = try png("half.png", width: 800, height: 600, color: 0x3366_9980)
        MainActor.assumeIsolated {
            // Corners of 10 px (the design's) and of 9.6 px (ending inside a pixel).
            for componentWidth in [406.0, 391.0] {
                let geometry = PagerGeometry(componentWidth: componentWidth)
                let cell = Self.cell(SurfaceCache(queue: DecodeQueue(limit: 1)))
                cell.apply(geometry: geometry)
                XCTAssertNil(cell.bind(index: 0, count: 1, title: "", imagePath: path))
                let fixture = WidgetFixture(hosting: cell.widget, width: 500, height: 400, laidOut: false)
                defer { fixture.close() }
                XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { cell.drawnSinceBind == [path] })
                fixture.settle(2)
                guard let drawn = Self.pixels(of: cell) else { return XCTFail("nothing drawn") }

                // What one curved clip over the whole picture gives: the rounded rectangle's coverage of each pixel.
                let width = Int(geometry.panelWidth.rounded()), height = Int(geometry.imageHeight.rounded())
                let radius = BannerCell.cornerRadius(geometry: geometry, width: Double(width), height: Double(height))
                XCTAssertEqual(drawn.width, width)
                let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height))!
                defer { cairo_surface_destroy(mask) }
                let cr = cairo_create(mask)!
                cairo_new_sub_path(cr)
                cairo_arc(cr, Double(width) - radius, radius, radius, -Double.pi / 2, 0)
                cairo_arc(cr, Double(width) - radius, Double(height) - radius, radius, 0, Double.pi / 2)
                cairo_arc(cr, radius, Double(height) - radius, radius, Double.pi / 2, Double.pi)
                cairo_arc(cr, radius, radius, radius, Double.pi, 3 * Double.pi / 2)
                cairo_close_path(cr)
                cairo_fill(cr)
                cairo_destroy(cr)
                cairo_surface_flush(mask)
                let stride = Int(cairo_image_surface_get_stride(mask))
                let coverage = cairo_image_surface_get_data(mask)!
                var wrong: [(Int, Int, Int, Int)] = []
                for y in 0..<height {
                    for x in 0..<width {
                        let expected = (Int(coverage[y * stride + x]) * 0x80 + 127) / 255
                        let alpha = Int(drawn.bytes[4 * (y * width + x) + 3])
                        if abs(alpha - expected) > 2 { wrong.append((x, y, alpha, expected)) }
                    }
                }
                XCTAssertTrue(wrong.isEmpty, "width \(componentWidth): \(wrong.count) pixels off, first \(wrong.prefix(5))")
                XCTAssertEqual(Int(drawn.bytes[3]), 0, "the top left corner is cut off")
                XCTAssertEqual(Int(drawn.bytes[4 * (height / 2 * width + width / 2) + 3]), 0x80, "the middle, once")
            }
        }
    }

    func testBannerDestroyedWhileItsDecodeRunsIsReleasedAndGetsNothing() throws {
        let path = try png("large.png", width: 2400, height: 1800, color: 0x3366_99ff)
        MainActor.assumeIsolated {
            let watch = LogWatch()
            defer { watch.remove() }
            let handlersBefore = Signals.liveHandlers
            let queue = DecodeQueue(limit: 2)
            let cache = SurfaceCache(queue: queue)
            weak var owner: BannerCell?
            var failures = 0
            do {
                let cell = Self.cell(cache)
                owner = cell
                cell.onImageFailure = { _, _ in failures += 1 }
                cell.bind(index: 0, count: 1, title: "Large", imagePath: path)
                let fixture = WidgetFixture(hosting: cell.widget, width: 500, height: 400, laidOut: false)
                // The worker has the job: its answer cannot reach GTK's thread before the loop runs again.
                XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { queue.running == 1 }, "the decode never started")
                fixture.close()
            }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { owner == nil }, "the cell outlived its widget")
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { queue.running == 0 }, "the decode never came back")
            drainMainLoop()
            XCTAssertEqual(watch.messages, [], "GLib complained")
            XCTAssertEqual(Signals.liveHandlers, handlersBefore, "signal handler boxes still held")
            XCTAssertEqual(failures, 0)
            // The pixels went to the cache (kept for the next cell that shows the file), not astray.
            XCTAssertEqual(cache.decodes, 1)
            guard case .image = cache.lookup(path: path, fitting: (width: 10, height: 10)) else { return XCTFail("pixels lost") }
        }
    }

    func testBannerDestroyedBeforeItsDecodeStartsWithdrawsIt() throws {
        let path = try png("waiting.png", width: 800, height: 600, color: 0x3366_99ff)
        MainActor.assumeIsolated {
            let queue = DecodeQueue(limit: 2)
            let cache = SurfaceCache(queue: queue)
            queue.isPaused = true
            weak var owner: BannerCell?
            do {
                let cell = Self.cell(cache)
                owner = cell
                cell.bind(index: 0, count: 1, title: "Waiting", imagePath: path)
                let fixture = WidgetFixture(hosting: cell.widget, width: 500, height: 400, laidOut: false)
                XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { queue.waitingCount == 1 }, "no decode asked for")
                fixture.close()
            }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { owner == nil }, "the cell outlived its widget")
            XCTAssertEqual(queue.waitingCount, 0, "the decode nobody waits for was not withdrawn")
            XCTAssertFalse(cache.isDecoding(path: path))
            queue.isPaused = false
            drainMainLoop()
            XCTAssertEqual(queue.peakRunning, 0)
            XCTAssertEqual(cache.decodes, 0)
        }
    }

    func testRebindingWhileADecodeRunsShowsTheNewImageNeverTheOld() throws {
        let red = try png("red.png", width: 2400, height: 1800, color: 0xcc22_22ff)
        let blue = try png("blue.png", width: 600, height: 450, color: 0x3366_99ff)
        let cut = try cutShort("cut.png")
        MainActor.assumeIsolated {
            let queue = DecodeQueue(limit: 2)
            let cache = SurfaceCache(queue: queue)
            let cell = Self.cell(cache)
            var failures: [Int] = []
            cell.onImageFailure = { index, _ in failures.append(index) }
            cell.bind(index: 0, count: 3, title: "Red", imagePath: red)
            let fixture = WidgetFixture(hosting: cell.widget, width: 500, height: 400, laidOut: false)
            defer { fixture.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { queue.running == 1 }, "the red decode never started")
            XCTAssertNil(cell.bind(index: 1, count: 3, title: "Blue", imagePath: blue))
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { queue.running == 0 && queue.waitingCount == 0 }, "decodes never ended")
            fixture.settle(3)
            XCTAssertEqual(cell.drawnSinceBind, [blue], "drew something else than the image bound")
            XCTAssertTrue(Self.near(Self.imageColor(cell), (0x33, 0x66, 0x99)), "\(String(describing: Self.imageColor(cell)))")
            XCTAssertEqual(cache.decodes, 2, "the red decode ran to its end and was kept by the cache")

            // A file that fails on the worker, rebound before its answer: the new banner is not blamed for it.
            XCTAssertNil(cell.bind(index: 2, count: 3, title: "Cut", imagePath: cut))
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { queue.running == 1 }, "the cut decode never started")
            XCTAssertNil(cell.bind(index: 1, count: 3, title: "Blue", imagePath: blue))
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { queue.running == 0 && queue.waitingCount == 0 })
            fixture.settle(2)
            XCTAssertEqual(failures, [])
            XCTAssertFalse(cell.showsPlaceholder)
            XCTAssertEqual(cell.drawnSinceBind, [blue])
            // The failure is the cache's: the next bind of that file is refused at once.
            XCTAssertEqual(cache.knownFailure(path: cut)?.brief, "not a readable image: the file ends before the image does")
        }
    }

    func testAFileThatFailsOnTheWorkerGivesOnePlaceholderAndOneReport() throws {
        let good = try png("good.png", width: 800, height: 600, color: 0x3366_99ff)
        let cut = try cutShort("cut.png")
        MainActor.assumeIsolated {
            let banners = [good, cut, good, cut].enumerated().map { Carousel.Banner(title: "B\($0.offset)", imagePath: $0.element) }
            let cache = SurfaceCache(queue: DecodeQueue(limit: 2))
            let carousel = Carousel(pageCount: banners.count, cache: cache) { banners[$0] }
            var errors: [ImageErrorEvent] = []
            carousel.onImageError = { errors.append($0) }
            let fixture = WidgetFixture(hosting: carousel.widget, width: 600, height: 400, laidOut: false)
            defer { fixture.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { carousel.cell(forPage: 1)?.showsPlaceholder == true }, "no placeholder")
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { carousel.cell(forPage: 0)?.drawnSinceBind == [good] }, "the good image never drawn")
            for page in [3, 0, 3] {
                carousel.scrollTo(page: page, animated: false)
                fixture.settle(2)
            }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { errors.count >= 2 })
            fixture.settle(2)
            let message = "not a readable image: the file ends before the image does"
            // One report per banner (both wait for the one decode of the file, so either may come first).
            XCTAssertEqual(errors.sorted { $0.index < $1.index }, [ImageErrorEvent(index: 1, message: "banner 2: cannot load image cut.png: \(message)"),
                                    ImageErrorEvent(index: 3, message: "banner 4: cannot load image cut.png: \(message)")])
            XCTAssertTrue(carousel.cell(forPage: 3)?.showsPlaceholder == true)
        }
    }

    func testRefusalsComeFromTheWorkerWithTheirReasonsEvenForACellNotDrawn() throws {
        let fifo = folder.appendingPathComponent("pipe.png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let missing = folder.appendingPathComponent("missing.png").path
        let large = try png("large.png", width: 100, height: 100, color: 0x3366_99ff)
        MainActor.assumeIsolated {
            let cache = SurfaceCache(limits: ImageFile.Limits(maxPixels: 1000), queue: DecodeQueue(limit: 2))
            let cell = Self.cell(cache)
            var failures: [(Int, String)] = []
            cell.onImageFailure = { failures.append(($0, $1.brief)) }
            let fixture = WidgetFixture(hosting: cell.widget, width: 500, height: 400, laidOut: false)
            defer { fixture.close() }
            // Hidden, so never drawn: a cell in a window asks for its file when bound.
            gtk_widget_set_visible(cell.widget, 0)
            for (index, path) in [fifo, missing, large].enumerated() {
                XCTAssertNil(cell.bind(index: index, count: 3, title: "B\(index)", imagePath: path), "checked on GTK's thread")
                XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { failures.count == index + 1 }, "no report for \(path)")
                XCTAssertTrue(cell.showsPlaceholder)
            }
            XCTAssertEqual(failures.map(\.0), [0, 1, 2])
            XCTAssertEqual(failures.map(\.1), ["not a regular file (a FIFO)", "file not found",
                                               "image too large (100×100 px, limit 1000 pixels)"])
            // Known now: the next bind says so at once, and nothing is tried again.
            let decodes = cache.decodes
            XCTAssertEqual(cell.bind(index: 0, count: 3, title: "B0", imagePath: fifo)?.brief, "not a regular file (a FIFO)")
            drainMainLoop()
            XCTAssertEqual(cache.decodes, decodes)
            XCTAssertEqual(failures.count, 3)
        }
    }

    func testReadingGoesPastTheSizeReportedButNeverPastTheLimit() throws {
        // A file of 3000 bytes read as if it had 1000 stands in for one that grew after fstat.
        let path = folder.appendingPathComponent("grown.bin").path
        let written = [UInt8](repeating: 7, count: 3000)
        try Data(written).write(to: URL(fileURLWithPath: path))
        for (limit, expected) in [(10_000, "3000 bytes"), (2_000, "file too large (1 MB, limit 1 MB)")] {
            let fd = open(path, O_RDONLY)
            XCTAssertGreaterThanOrEqual(fd, 0)
            defer { close(fd) }
            switch Loader.readAll(fd, size: 1000, limit: limit) {
            case .success(let bytes):
                XCTAssertEqual("\(bytes.count) bytes", expected)
                XCTAssertEqual(bytes, written)
            case .failure(let failure):
                XCTAssertEqual(failure.brief, expected)
            }
            XCTAssertEqual(lseek(fd, 0, SEEK_CUR), 0, "the descriptor's offset, shared with the application, is not moved")
        }
    }

    func testDecodesRunAFewAtATimeLowestRankFirst() throws {
        let paths = try (0..<6).map { try png("p\($0).png", width: 400, height: 300, color: 0x3366_99ff) }
        MainActor.assumeIsolated {
            // One worker: the order they end in is the order they started in.
            let single = DecodeQueue(limit: 1)
            let cache = SurfaceCache(queue: single)
            single.isPaused = true
            let ranks = [3, 1, 4, 0, 2, 5]
            var order: [Int] = []
            let requests = paths.indices.map { i in
                cache.decode(path: paths[i], fitting: (width: 100, height: 100), rank: { ranks[i] }, done: { failure in
                    XCTAssertNil(failure)
                    order.append(i)
                })
            }
            // A withdrawn request that nobody else waits for never runs.
            requests[5].cancel()
            single.isPaused = false
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { order.count == 5 && single.running == 0 })
            XCTAssertEqual(order, [3, 1, 4, 0, 2])
            XCTAssertEqual(single.peakRunning, 1)
            XCTAssertEqual(cache.decodes, 5)

            // Two workers: never more than two at once, and both used.
            let pair = DecodeQueue(limit: 2)
            let other = SurfaceCache(queue: pair)
            var done = 0
            let all = paths.map { other.decode(path: $0, fitting: nil, rank: { 0 }, done: { _ in done += 1 }) }
            // A second request for a path being decoded waits for that decode.
            let again = other.decode(path: paths[0], fitting: nil, rank: { 0 }, done: { _ in done += 1 })
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { done == 7 })
            XCTAssertEqual(pair.peakRunning, 2)
            XCTAssertEqual(other.decodes, 6)
            withExtendedLifetime((requests, all, again)) {}
        }
    }
}
