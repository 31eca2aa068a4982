import CSnapGtk
import Foundation
import SnapDecode
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// Every decode runs in a child process within a budget of processor time, memory and wall time; one that runs over
/// is abandoned (the child killed) with a failure naming the budget. Only the formats whose size is read before any
/// pixel is decoded are offered.
final class DecodeBudgetTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
        folder = try temporaryFolder("budget", for: self)
    }

    /// An SVG of 4000×4000 px whose filter costs seconds of processor time at any size it is drawn: `layers` layers
    /// of turbulence of many octaves, merged, then a large blur (12 layers at 710×536 px: about 8 s).
    private func slowSvg(layers: Int = 12) throws -> String {
        let turbulence = (0..<layers).map {
            "<feTurbulence baseFrequency=\"0.002\" numOctaves=\"24\" seed=\"\($0)\" result=\"t\($0)\"/>"
        }.joined()
        let merge = (0..<layers).map { "<feMergeNode in=\"t\($0)\"/>" }.joined()
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000">
              <filter id="f" x="0" y="0" width="1" height="1">\(turbulence)<feMerge>\(merge)</feMerge>\
            <feGaussianBlur stdDeviation="300"/></filter>
              <rect width="4000" height="4000" filter="url(#f)"/>
            </svg>
            """
        let path = folder.appendingPathComponent("slow.svg").path
        try Data(svg.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func failure<T>(_ result: Result<T, ImageFile.Failure>) -> ImageFile.Failure? {
        if case .failure(let failure) = result { return failure }
        return nil
    }

    func testADecoderOverItsCpuBudgetIsStopped() throws {
        let limits = ImageFile.Limits(decodeCPUSeconds: 1, decodeWallSeconds: 600)
        let found = try XCTUnwrap(failure(ImageFile.load(path: try slowSvg(), fitting: (width: 710, height: 536), limits: limits)))
        XCTAssertEqual(found.brief, "decoding took longer than its 1 s CPU budget")
        XCTAssertTrue(found.abandoned)
    }

    func testADecoderOverItsWallClockBudgetIsKilled() throws {
        // The processor budget is far away: only the deadline can end it.
        let limits = ImageFile.Limits(decodeCPUSeconds: 600, decodeWallSeconds: 0.5)
        let found = try XCTUnwrap(failure(ImageFile.load(path: try slowSvg(), fitting: (width: 710, height: 536), limits: limits)))
        XCTAssertEqual(found.brief, "decoding took longer than its 0.5 s time budget")
        XCTAssertTrue(found.abandoned)
        XCTAssertEqual(Self.children(), [], "the decoder was not left running")
    }

    func testADecoderOverItsMemoryBudgetFails() throws {
        // 16 megapixels (the most allowed) need 64 MB for the decoded rows alone.
        let big = try writeImage(in: folder, "big.png", width: 4000, height: 4000)
        let limits = ImageFile.Limits(decodeMemoryBytes: 100 << 20)
        let found = try XCTUnwrap(failure(ImageFile.load(path: big, limits: limits)))
        XCTAssertTrue(found.abandoned, found.brief)
        XCTAssertEqual(found.brief, "the image needs more memory than its 100 MB budget")
        // Within the standard budget it decodes.
        let decoded = try ImageFile.load(path: big, fitting: (width: 400, height: 400)).get()
        XCTAssertEqual([decoded.width, decoded.height, decoded.naturalWidth], [400, 400, 4000])
    }

    func testADecoderThatCrashesIsOneFailureAndTheCallerGoesOn() throws {
        // A decoder that aborts on the image it is given (as librsvg 2.54 does on a feConvolveMatrix of order 31),
        // whatever the installed decoders do: a stand-in loader that reads the request, then aborts.
        let png = try writeImage(in: folder, "after.png", width: 40, height: 30)
        let crashing = folder.appendingPathComponent("crashing-decode").path
        try Data("#!/bin/sh\n/bin/dd bs=4096 count=1 of=/dev/null 2>/dev/null\nkill -s ABRT $$\n".utf8)
            .write(to: URL(fileURLWithPath: crashing))
        XCTAssertEqual(chmod(crashing, 0o755), 0)
        let installed = ImageFile.decoderPath
        LoaderPool.shared.endIdle()   // no loader kept from an earlier test takes the job
        ImageFile.decoderPath = crashing
        let found = failure(ImageFile.load(path: png, fitting: (width: 20, height: 20)))
        ImageFile.decoderPath = installed
        XCTAssertEqual(found?.brief, "not a readable image: the decoder crashed (signal \(SIGABRT))")
        XCTAssertEqual(found?.abandoned, true)
        // The caller goes on: the next image decodes in a new (real) loader.
        let decoded = try ImageFile.load(path: png).get()
        XCTAssertEqual([decoded.width, decoded.height], [40, 30])
    }

    func testACancelledDecodeKillsItsDecoder() throws {
        // At full size this filter takes many minutes: a decoder still there after the patience was not stopped.
        let slow = try slowSvg()
        let limits = ImageFile.Limits(decodeCPUSeconds: 3600, decodeWallSeconds: 3600)
        let children: @Sendable () -> [String] = { DecodeBudgetTests.children() }
        try MainActor.assumeIsolated {
            var answers = 0
            let loading = Texture.load(contentsOfFile: slow, limits: limits) { _ in answers += 1 }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { !children().isEmpty }, "no decoder started")
            loading.cancel()
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { children().isEmpty },
                          "the decoder still runs: \(children())")
            drainMainLoop()
            XCTAssertEqual(answers, 0)
            _ = try XCTUnwrap(ImageFile.decoderPath)
        }
    }

    func testALoaderKilledFromOutsideIsACrashWithItsSignal() throws {
        // A decode of many minutes; its loader is killed as a user or the system would (SIGKILL, not the budget's).
        let slow = try slowSvg()
        let png = try writeImage(in: folder, "after.png", width: 40, height: 30)
        let limits = ImageFile.Limits(decodeCPUSeconds: 3600, decodeWallSeconds: 3600)
        let children: @Sendable () -> [String] = { DecodeBudgetTests.children() }
        try MainActor.assumeIsolated {
            var answer: Result<Texture, ImageFile.Failure>?
            let loading = Texture.load(contentsOfFile: slow, limits: limits) { answer = $0 }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { !children().isEmpty }, "no decoder started")
            // Give the decode time to begin, then kill every decoder child (an idle one too: it is replaced).
            _ = GtkThread.iterate(timeout: 0.3) { false }
            for pid in children() { kill(pid_t(pid)!, SIGKILL) }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { answer != nil }, "no answer")
            guard case .failure(let failure) = answer else { return XCTFail("decoded: \(String(describing: answer))") }
            XCTAssertEqual(failure.brief, "not a readable image: the decoder crashed (signal 9)")
            XCTAssertTrue(failure.abandoned)
            withExtendedLifetime(loading) {}
            // The pool goes on: the next image decodes in a new loader.
            XCTAssertNoThrow(try Texture(contentsOfFile: png))
        }
    }

    /// Has `cache` decode `path` to cover `fitting` and waits for the answer (nil: the pixels are kept).
    @MainActor private static func decode(_ cache: SurfaceCache, _ path: String, _ fitting: (width: Int, height: Int)) -> SurfaceCache.Failure? {
        var answer: SurfaceCache.Failure??
        let request = cache.decode(path: path, fitting: fitting, rank: { 0 }) { answer = .some($0) }
        XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { answer != nil }, "no answer for \(path)")
        withExtendedLifetime(request) {}
        return answer ?? nil
    }

    func testAFileOverItsBudgetWhenLargerFailsForGoodThoughShownSmaller() throws {
        // One layer of turbulence: a fraction of a second at 200×200 px, half a minute at its own size.
        let slow = try slowSvg(layers: 1)
        try MainActor.assumeIsolated {
            let cache = SurfaceCache(limits: ImageFile.Limits(decodeCPUSeconds: 1, decodeWallSeconds: 600),
                                     queue: DecodeQueue(limit: 2))
            XCTAssertNil(Self.decode(cache, slow, (200, 200)))
            guard case .image(_, covers: false) = cache.lookup(path: slow, fitting: (4000, 4000)) else {
                return XCTFail("the small decode was not kept")
            }
            let failure = try XCTUnwrap(Self.decode(cache, slow, (4000, 4000)), "decoded at its own size within 1 s")
            XCTAssertEqual(failure.brief, "decoding took longer than its 1 s CPU budget")
            XCTAssertEqual(cache.knownFailure(path: slow), failure, "not remembered: it would be decoded at every resize")
            XCTAssertEqual(cache.decodedBytes, 0, "the smaller pixels are dropped: the banner shows the placeholder")
            cache.releaseDecoded()
            guard case .failed = cache.lookup(path: slow, fitting: (200, 200)) else { return XCTFail("decoded again on return") }
            XCTAssertEqual(cache.decodes, 2)
        }
    }

    func testALargerDecodeThatFailsKeepsTheSmallerPixelsAndIsNotAskedForAgain() throws {
        // A plain 4000×4000 SVG renders small within 60 MB, but not at its own size (64 MB of pixels alone; librsvg
        // then reports an error of its own, not a budget).
        let svg = folder.appendingPathComponent("plain.svg").path
        try Data("""
            <svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><circle cx="2000" cy="2000" r="1900" \
            fill="teal"/></svg>
            """.utf8).write(to: URL(fileURLWithPath: svg))
        MainActor.assumeIsolated {
            let cache = SurfaceCache(limits: ImageFile.Limits(decodeMemoryBytes: 60 << 20), queue: DecodeQueue(limit: 2))
            XCTAssertNil(Self.decode(cache, svg, (200, 200)))
            XCTAssertNil(Self.decode(cache, svg, (4000, 4000)), "a larger failure keeps the smaller pixels")
            guard case .image(let image, let covers) = cache.lookup(path: svg, fitting: (4000, 4000)) else {
                return XCTFail("the smaller pixels were dropped")
            }
            XCTAssertEqual(image.width, 200)
            XCTAssertTrue(covers, "asked for again at the size that failed")
            guard case .image(_, covers: false) = cache.lookup(path: svg, fitting: (800, 800)) else {
                return XCTFail("a size below the one that failed is no longer asked for")
            }
            XCTAssertNil(cache.knownFailure(path: svg))
            XCTAssertEqual(cache.decodes, 2)
        }
    }

    func testOnlyFormatsWhoseSizeIsReadFirstAreOffered() throws {
        // A binary PNM (GdkPixbuf has a loader for it) and a TGA are not offered; PNG, JPEG, BMP, TIFF and ICO are.
        let pnm = folder.appendingPathComponent("image.pnm").path
        try Data(Array("P6\n2 2\n255\n".utf8) + Array(repeating: 0x80, count: 12)).write(to: URL(fileURLWithPath: pnm))
        XCTAssertEqual(failure(ImageFile.load(path: pnm)), ImageFile.notOffered)
        for format in ["png", "jpeg", "bmp", "tiff", "ico"] {
            let path = try writeImage(in: folder, "small.\(format)", width: 48, height: 32, format: format)
            XCTAssertNil(failure(ImageFile.load(path: path)), format)
        }
        XCTAssertEqual(ImageFormats.sniff(Array("<?xml version=\"1.0\"?>\n<svg xmlns=".utf8)), "svg")
        XCTAssertNil(ImageFormats.sniff(Array("P6\n".utf8)))
    }

    func testEveryOfferedFormatsSizeIsCheckedBeforeDecoding() throws {
        let limits = ImageFile.Limits(maxPixels: 1000)
        // A GIF whose canvas is 20 megapixels around one pixel: refused from its header.
        let gif = folder.appendingPathComponent("canvas.gif").path
        try Data([UInt8](Array("GIF89a".utf8)) + [0x88, 0x13, 0xA0, 0x0F, 0, 0, 0,
                                                   0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B])
            .write(to: URL(fileURLWithPath: gif))
        XCTAssertEqual(failure(ImageFile.load(path: gif))?.brief, "image too large (5000×4000 px, limit 16 megapixels)")
        // An SVG by the size it declares, before anything is drawn.
        let svg = folder.appendingPathComponent("wide.svg").path
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="5000" height="4000"><rect width="9" height="9"/></svg>"#.utf8)
            .write(to: URL(fileURLWithPath: svg))
        XCTAssertEqual(failure(ImageFile.load(path: svg))?.brief, "image too large (5000×4000 px, limit 16 megapixels)")
        for format in ["png", "jpeg", "bmp", "tiff", "ico"] {
            let path = try writeImage(in: folder, "wide.\(format)", width: 100, height: 20, format: format)
            XCTAssertEqual(failure(ImageFile.load(path: path, limits: limits))?.brief,
                           "image too large (100×20 px, limit 1000 pixels)", format)
        }
    }

    /// The process IDs of this process's children (decoders), from /proc.
    private static func children() -> [String] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        return tasks.flatMap { task in
            ((try? String(contentsOfFile: "/proc/self/task/\(task)/children", encoding: .utf8)) ?? "")
                .split(separator: " ").map(String.init)
        }
    }
}
