import CSnapGtk
import Foundation
@testable import SnapDecode
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// Hostile image files are refused before they are read or decoded, with a reason; good ones decode at the size
/// asked for, and the cache decodes again only when more pixels are needed. (FIFOs, devices, folders and sparse files
/// too large: `TextureTests`, through the public way in, with a watchdog should a FIFO be waited on.)
final class ImageFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagefile-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A PNG (or another `format` GdkPixbuf writes) of `width × height` pixels in the test's folder.
    private func png(_ name: String, width: Int32, height: Int32, format: String = "png") throws -> String {
        try writeImage(in: folder, name, width: width, height: height, format: format)
    }

    private func brief<T>(_ result: Result<T, ImageFile.Failure>) -> String? {
        if case .failure(let failure) = result { return failure.brief }
        return nil
    }

    func testSizeIsCheckedBeforeReading() throws {
        let empty = folder.appendingPathComponent("empty.png").path
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        XCTAssertEqual(brief(ImageFile.load(path: empty)), "empty file")
        let small = ImageFile.Limits(maxFileBytes: 100, maxPixels: 16_000_000)
        XCTAssertEqual(brief(ImageFile.load(path: try png("a.png", width: 64, height: 64), limits: small)),
                       "file too large (1 MB, limit 1 MB)")
    }

    func testPixelCountIsCheckedFromTheHeader() throws {
        let path = try png("wide.png", width: 400, height: 300)
        let limits = ImageFile.Limits(maxFileBytes: 32 << 20, maxPixels: 100_000)
        XCTAssertEqual(brief(ImageFile.load(path: path, limits: limits)), "image too large (400×300 px, limit 100000 pixels)")
        XCTAssertNil(brief(ImageFile.load(path: path, limits: ImageFile.Limits(maxPixels: 120_000))))
        let text = folder.appendingPathComponent("notes.png").path
        try Data("not an image\n".utf8).write(to: URL(fileURLWithPath: text))
        let failure = try XCTUnwrap(brief(ImageFile.load(path: text)))
        XCTAssertTrue(failure.hasPrefix("not a readable image"), failure)
        XCTAssertFalse(failure.hasSuffix("\n"))
    }

    func testXpmAndXbmAreRefusedAsNotOfferedBeforeAnyDecoding() throws {
        // Their GdkPixbuf decoders write the bytes to a new file in /tmp and fill every pixel before they report the
        // size: neither works inside the loader's sandbox, so neither is offered (no banner needs them).
        let xpm = "/* XPM */\nstatic char *bomb[] = {\n/* columns rows colours chars-per-pixel */\n\"20000 20000 1 1\",\n"
        let xbm = "#define bomb_width 11000\n#define bomb_height 9000\nstatic unsigned char bomb_bits[] = {\n"
        for (name, text) in [("bomb.xpm", xpm), ("bomb.xbm", xbm)] {
            let path = folder.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            XCTAssertEqual(brief(ImageFile.load(path: path)), ImageFile.notOffered.brief)
        }
    }

    func testDecodesAtTheSizeThatCoversWhatIsAskedNeverLarger() throws {
        let path = try png("photo.png", width: 400, height: 300)
        let half = try ImageFile.load(path: path, fitting: (width: 100, height: 50)).get()
        XCTAssertEqual([half.width, half.height], [100, 75], "covers 100×50 with the proportions kept")
        XCTAssertEqual([half.naturalWidth, half.naturalHeight], [400, 300])
        let full = try ImageFile.load(path: path, fitting: (width: 4000, height: 10)).get()
        XCTAssertEqual([full.width, full.height], [400, 300], "never scaled up")
    }

    func testJpegAndSvgAreAskedForFewerPixelsWhenTheHeaderIsRead() throws {
        func asked(_ format: String, _ width: Int, _ height: Int, _ fitting: (width: Int, height: Int)) -> [Int]? {
            PixbufDecode.decoderSize(format: format, width: width, height: height, fitting: fitting).map { [$0.width, $0.height] }
        }
        // JPEG: the smallest of 1/2, 1/4, 1/8 that still covers, in libjpeg's rounding up.
        XCTAssertEqual(asked("jpeg", 4000, 3000, (710, 536)), [1000, 750])
        XCTAssertEqual(asked("jpeg", 4001, 3001, (100, 100)), [501, 376])
        XCTAssertNil(asked("jpeg", 1000, 750, (710, 536)), "a half would not cover")
        XCTAssertEqual(asked("svg", 400, 300, (100, 50)), [100, 75])
        XCTAssertNil(asked("png", 4000, 3000, (710, 536)), "PNG decodes whole whatever is asked")
        XCTAssertNil(asked("svg", 400, 300, (800, 10)), "never larger")

        // Asked inside the loader, the decoders deliver what covers the size asked for.
        let jpeg = try png("photo.jpg", width: 1600, height: 1200, format: "jpeg")
        let small = try ImageFile.load(path: jpeg, fitting: (width: 100, height: 50)).get()
        XCTAssertEqual([small.width, small.height, small.naturalWidth, small.naturalHeight], [100, 75, 1600, 1200])
        let svg = folder.appendingPathComponent("shape.svg").path
        try Data(##"<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><rect width="400" height="300" fill="#336699"/></svg>"##.utf8)
            .write(to: URL(fileURLWithPath: svg))
        let drawing = try ImageFile.load(path: svg, fitting: (width: 100, height: 50)).get()
        XCTAssertEqual([drawing.width, drawing.height, drawing.naturalWidth, drawing.naturalHeight], [100, 75, 400, 300])
    }

    func testAJpegCutShortIsRefusedThoughItsDecoderFillsTheRest() throws {
        let jpeg = try png("photo.jpg", width: 1600, height: 1200, format: "jpeg")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: jpeg))
        let cut = folder.appendingPathComponent("cut.jpg").path
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        let padded = folder.appendingPathComponent("padded.jpg").path
        try (bytes + Data(count: 64)).write(to: URL(fileURLWithPath: padded))
        for fitting in [nil, (width: 100, height: 50)] as [(width: Int, height: Int)?] {
            XCTAssertEqual(brief(ImageFile.load(path: cut, fitting: fitting)), "not a readable image: the file ends before the image does")
            XCTAssertNil(brief(ImageFile.load(path: jpeg, fitting: fitting)))
            XCTAssertNil(brief(ImageFile.load(path: padded, fitting: fitting)), "bytes after the end of the image are no cut")
        }
    }

    func testCacheDecodesWhenAskedAndAgainOnlyWhenLarger() throws {
        let path = try png("banner.png", width: 800, height: 400)
        // A file cut short (its header whole) fails when decoded, and is then known as failed.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: try png("big.png", width: 600, height: 600)))
        let cut = folder.appendingPathComponent("cut.png").path
        try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: cut))
        try MainActor.assumeIsolated {
            try requireGtk()
            let cache = SurfaceCache(queue: DecodeQueue(limit: 2))
            /// Has a worker decode `path` to cover `fitting` and waits for the answer (nil: the pixels are kept).
            @MainActor func decode(_ path: String, _ fitting: (width: Int, height: Int)) -> SurfaceCache.Failure? {
                var answer: SurfaceCache.Failure??
                let request = cache.decode(path: path, fitting: fitting, rank: { 0 }) { answer = .some($0) }
                XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { answer != nil }, "no answer for \(path)")
                withExtendedLifetime(request) {}
                return answer ?? nil
            }
            @MainActor func kept(_ fitting: (width: Int, height: Int)) -> (image: DecodedImage, covers: Bool)? {
                guard case .image(let image, let covers) = cache.lookup(path: path, fitting: fitting) else { return nil }
                return (image, covers)
            }
            XCTAssertNil(kept((200, 100)), "kept before a decode")
            XCTAssertNil(decode(path, (200, 100)))
            let small = try XCTUnwrap(kept((200, 100)))
            XCTAssertEqual([small.image.width, small.image.height, small.covers ? 1 : 0], [200, 100, 1])
            XCTAssertEqual(kept((150, 60))?.covers, true, "smaller needs no new decode")
            XCTAssertEqual(kept((400, 200))?.covers, false, "larger does")
            XCTAssertNil(decode(path, (400, 200)))
            let large = try XCTUnwrap(kept((400, 200))).image
            XCTAssertGreaterThanOrEqual(large.width, 400)
            XCTAssertEqual(cache.decodes, 2)
            XCTAssertEqual(cache.loads, 1)
            XCTAssertEqual(cache.decodedBytes, large.byteCount, "the larger one replaced the smaller")

            // Released (a hidden carousel): no pixels kept, the file still known; drawn again, decoded at that size.
            cache.releaseDecoded()
            XCTAssertEqual(cache.decodedBytes, 0)
            XCTAssertNil(kept((200, 100)))
            XCTAssertNil(decode(path, (200, 100)))
            let again = try XCTUnwrap(kept((200, 100))).image
            XCTAssertEqual([again.width, again.height], [200, 100])
            XCTAssertEqual([cache.decodes, cache.loads], [3, 1], "the file is not tried as a new one")
            XCTAssertEqual(cache.decodedBytes, 200 * 100 * 4)

            XCTAssertNil(cache.knownFailure(path: cut))
            XCTAssertEqual(decode(cut, (100, 100))?.brief, "not a readable image: the file ends before the image does")
            XCTAssertNotNil(cache.knownFailure(path: cut))
        }
    }

    /// Beyond `capacity` images, or `byteBudget` bytes, the least recently used are dropped (a lookup is a use; the
    /// image just kept stays whatever its size); a dropped file is still known, so it is no new load.
    func testCacheDropsTheLeastRecentlyUsedBeyondItsCapacityAndBudget() throws {
        let paths = try (0..<4).map { try png("lru\($0).png", width: 100, height: 100) }
        let large = try png("lru-large.png", width: 400, height: 400)
        try MainActor.assumeIsolated {
            try requireGtk()
            let cache = SurfaceCache(capacity: 3, byteBudget: 3 * 100 * 100 * 4, queue: DecodeQueue(limit: 2))
            @MainActor func decode(_ path: String) {
                var answered = false
                let request = cache.decode(path: path, fitting: nil, rank: { 0 }) { _ in answered = true }
                XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { answered }, "no answer for \(path)")
                withExtendedLifetime(request) {}
            }
            @MainActor func kept() -> [Bool] {
                paths.map { if case .image = cache.lookup(path: $0, fitting: nil) { true } else { false } }
            }
            for path in paths.prefix(3) { decode(path) }
            guard case .image = cache.lookup(path: paths[0], fitting: nil) else { return XCTFail("the first image was dropped") }
            decode(paths[3])
            XCTAssertEqual(cache.sizes.images, 3)
            // The second was the least recently used (a lookup changes the order of use, never what is kept).
            XCTAssertEqual(kept(), [true, false, true, true])
            XCTAssertEqual(cache.decodedBytes, 3 * 100 * 100 * 4)

            // Over the byte budget: one large image is kept alone.
            decode(large)
            XCTAssertEqual(cache.sizes.images, 1)
            guard case .image = cache.lookup(path: large, fitting: nil) else { return XCTFail("the image just kept was dropped") }
            XCTAssertEqual(cache.sizes.files, 5, "dropped files stay known")
        }
    }
}
