import CSnapGtk
import Foundation
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// Hostile image files are refused before they are read or decoded, with a reason; good ones decode at the size
/// asked for, and the cache decodes again only when more pixels are needed.
final class ImageFileTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("imagefile-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// A PNG (or another `format` GdkPixbuf writes) of `width × height` pixels.
    private func png(_ name: String, width: Int32, height: Int32, format: String = "png") throws -> String {
        let path = folder.appendingPathComponent(name).path
        let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, format == "png" ? 1 : 0, 8, width, height))
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0x3366_99ff)
        var error: UnsafeMutablePointer<GError>?
        XCTAssertEqual(gdk_pixbuf_savev(pixbuf, path, format, nil, nil, &error), 1)
        return path
    }

    private func brief<T>(_ result: Result<T, ImageFile.Failure>) -> String? {
        if case .failure(let failure) = result { return failure.brief }
        return nil
    }

    func testFilesThatAreNotRegularAreRefusedWithoutBlocking() throws {
        let fifo = folder.appendingPathComponent("pipe.png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let started = Date()
        XCTAssertEqual(brief(ImageFile.load(path: fifo)), "not a regular file (a FIFO)")
        XCTAssertEqual(brief(ImageFile.size(path: fifo)), "not a regular file (a FIFO)")
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "a FIFO without a writer must not block")
        XCTAssertEqual(brief(ImageFile.load(path: "/dev/zero")), "not a regular file (a device)")
        XCTAssertEqual(brief(ImageFile.load(path: folder.path)), "not a regular file (a folder)")
        XCTAssertEqual(brief(ImageFile.load(path: folder.appendingPathComponent("missing.png").path)), "file not found")
    }

    func testSizeIsCheckedBeforeReading() throws {
        let sparse = folder.appendingPathComponent("sparse.png").path
        XCTAssertTrue(FileManager.default.createFile(atPath: sparse, contents: nil))
        XCTAssertEqual(truncate(sparse, 3 << 30), 0)
        XCTAssertEqual(brief(ImageFile.load(path: sparse)), "file too large (3072 MB, limit 32 MB)")
        let empty = folder.appendingPathComponent("empty.png").path
        XCTAssertTrue(FileManager.default.createFile(atPath: empty, contents: Data()))
        XCTAssertEqual(brief(ImageFile.load(path: empty)), "empty file")
        let small = ImageFile.Limits(maxFileBytes: 100, maxPixels: 16_000_000)
        XCTAssertEqual(brief(ImageFile.load(path: try png("a.png", width: 64, height: 64), limits: small)),
                       "file too large (1 MB, limit 1 MB)")
    }

    func testPixelCountIsCheckedFromTheHeader() throws {
        let path = try png("wide.png", width: 400, height: 300)
        let size = try ImageFile.size(path: path).get()
        XCTAssertEqual(size.width, 400)
        XCTAssertEqual(size.height, 300)
        let limits = ImageFile.Limits(maxFileBytes: 32 << 20, maxPixels: 100_000)
        XCTAssertEqual(brief(ImageFile.size(path: path, limits: limits)), "image too large (400×300 px, limit 100000 pixels)")
        XCTAssertEqual(brief(ImageFile.load(path: path, limits: limits)), "image too large (400×300 px, limit 100000 pixels)")
        let text = folder.appendingPathComponent("notes.png").path
        try Data("not an image\n".utf8).write(to: URL(fileURLWithPath: text))
        let failure = try XCTUnwrap(brief(ImageFile.load(path: text)))
        XCTAssertTrue(failure.hasPrefix("not a readable image"), failure)
        XCTAssertFalse(failure.hasSuffix("\n"))
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
            ImageFile.decoderSize(format: format, width: width, height: height, fitting: fitting).map { [$0.width, $0.height] }
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

    func testCacheChecksOnceDecodesWhenDrawnAndAgainOnlyWhenLarger() throws {
        let path = try png("banner.png", width: 800, height: 400)
        // A file cut short passes the check (its header is whole) and fails when decoded; then the check says so.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: try png("big.png", width: 600, height: 600)))
        let cut = folder.appendingPathComponent("cut.png").path
        try bytes.prefix(bytes.count / 3).write(to: URL(fileURLWithPath: cut))
        try MainActor.assumeIsolated {
            let cache = SurfaceCache()
            XCTAssertNil(cache.check(path: path))
            XCTAssertEqual(cache.decodes, 0, "checking reads the header only")
            let small = try cache.image(atPath: path, fitting: (width: 200, height: 100)).get()
            XCTAssertEqual([small.width, small.height], [200, 100])
            _ = try cache.image(atPath: path, fitting: (width: 150, height: 60)).get()
            XCTAssertEqual(cache.decodes, 1, "smaller needs no new decode")
            let large = try cache.image(atPath: path, fitting: (width: 400, height: 200)).get()
            XCTAssertGreaterThanOrEqual(large.width, 400)
            XCTAssertEqual(cache.decodes, 2)
            XCTAssertEqual(cache.loads, 1)
            XCTAssertEqual(cache.decodedBytes, large.width * large.height * 4, "the larger one replaced the smaller")

            // Released (a hidden carousel): no pixels kept, the file still known; drawn again, decoded at that size.
            cache.releaseDecoded()
            XCTAssertEqual(cache.decodedBytes, 0)
            XCTAssertTrue(cache.check(path: path) == nil && cache.loads == 1, "the file is not checked again")
            let again = try cache.image(atPath: path, fitting: (width: 200, height: 100)).get()
            XCTAssertEqual([again.width, again.height], [200, 100])
            XCTAssertEqual(cache.decodes, 3)
            XCTAssertEqual(cache.decodedBytes, 200 * 100 * 4)

            XCTAssertNil(cache.check(path: cut))
            guard case .failure = cache.image(atPath: cut, fitting: (width: 100, height: 100)) else {
                return XCTFail("a PNG cut short decoded")
            }
            XCTAssertNotNil(cache.check(path: cut))
        }
    }
}
