import CSnapGtk
import Foundation
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import Synchronization
import XCTest

/// `Texture`, the public way to get pixels from a file, goes through `ImageFile`'s rules, on the calling thread or on a
/// worker: a FIFO or an oversized file is refused at once, without a byte read; a good file decodes at the size asked
/// for.
final class TextureTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = try temporaryFolder("texture", for: self)
    }

    /// A PNG of `width × height` pixels of one colour (0xRRGGBBAA) in the test's folder.
    private func png(_ name: String, width: Int32, height: Int32, color: UInt32 = 0x3366_99ff) throws -> String {
        try writeImage(in: folder, name, width: width, height: height, color: color)
    }

    /// Why `Texture(contentsOfFile:)` refused `path`, or nil when it loaded.
    @MainActor
    private static func refusal(_ path: String, limits: ImageFile.Limits = .standard) -> String? {
        do {
            _ = try Texture(contentsOfFile: path, limits: limits)
            return nil
        } catch {
            return error.brief
        }
    }

    func testAFifoIsRefusedAtOnceNeverWaitedOn() throws {
        let fifo = folder.appendingPathComponent("pipe.png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        // A reader that waits for a writer would wait for ever: the watchdog writes after a while, so a regression
        // fails here (late, with the watchdog's mark) instead of hanging the test run.
        let watchdog = FifoWatchdog(path: fifo, after: 5)
        defer { watchdog.stop() }
        let (folder, missing) = (folder.path, folder.appendingPathComponent("missing.png").path)
        let started = Date()
        MainActor.assumeIsolated {
            XCTAssertEqual(Self.refusal(fifo), "not a regular file (a FIFO)")
            XCTAssertEqual(Self.refusal("/dev/zero"), "not a regular file (a device)")
            XCTAssertEqual(Self.refusal(folder), "not a regular file (a folder)")
            XCTAssertEqual(Self.refusal(missing), "file not found")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "the refusals were not at once")
        XCTAssertFalse(watchdog.fired, "the FIFO was waited on until the watchdog wrote to it")
    }

    func testAFileOverTheSizeLimitIsRefusedWithoutBeingRead() throws {
        // Sparse: 64 MB that take no room on disk, and would take 64 MB of reading and memory if read.
        let sparse = folder.appendingPathComponent("sparse.png").path
        XCTAssertTrue(FileManager.default.createFile(atPath: sparse, contents: nil))
        XCTAssertEqual(truncate(sparse, 64 << 20), 0)
        let before = try bytesReadByThisProcess()
        MainActor.assumeIsolated {
            XCTAssertEqual(Self.refusal(sparse), "file too large (64 MB, limit 32 MB)")
        }
        // Other threads may read a little meanwhile (GLib's own), but nothing of the file's size.
        XCTAssertLessThan(try bytesReadByThisProcess() - before, 1 << 20, "the file was read")
    }

    func testAValidPngLoadsAtTheSizeAsked() throws {
        let path = try png("photo.png", width: 400, height: 300)
        try MainActor.assumeIsolated {
            let small = try Texture(contentsOfFile: path, fitting: (width: 100, height: 50))
            XCTAssertEqual([small.size.width, small.size.height], [100, 75], "covers 100×50 with the proportions kept")
            XCTAssertEqual(Self.middlePixel(small), [0x33, 0x66, 0x99, 0xff])
            let whole = try Texture(contentsOfFile: path)
            XCTAssertEqual([whole.size.width, whole.size.height], [400, 300])
            XCTAssertEqual(Self.refusal(path, limits: ImageFile.Limits(maxPixels: 100_000)),
                           "image too large (400×300 px, limit 100000 pixels)")
        }
    }

    func testAnApplicationsTextureIsCopiedWithinTheLimits() throws {
        try MainActor.assumeIsolated {
            let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 64, 32))
            gdk_pixbuf_fill(pixbuf, 0xcc22_22ff)
            let texture = try XCTUnwrap(gdk_texture_new_for_pixbuf(pixbuf))
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
            let copy = try Texture(unsafeCopying: UnsafeMutableRawPointer(texture))
            XCTAssertEqual([copy.size.width, copy.size.height], [64, 32])
            XCTAssertEqual(Self.middlePixel(copy), [0xcc, 0x22, 0x22, 0xff])
            XCTAssertThrowsError(try Texture(unsafeCopying: UnsafeMutableRawPointer(texture),
                                             limits: ImageFile.Limits(maxPixels: 1000))) { error in
                XCTAssertEqual((error as? ImageFile.Failure)?.brief, "image too large (64×32 px, limit 1000 pixels)")
            }
        }
    }

    func testLoadingOnAWorkerReturnsAtOnceAndAnswersOnGtksThread() throws {
        try MainActor.assumeIsolated { try requireGtk() }
        let fifo = folder.appendingPathComponent("pipe.png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let sparse = folder.appendingPathComponent("sparse.png").path
        XCTAssertTrue(FileManager.default.createFile(atPath: sparse, contents: nil))
        XCTAssertEqual(truncate(sparse, 64 << 20), 0)
        let photo = try png("photo.png", width: 400, height: 300)
        let watchdog = FifoWatchdog(path: fifo, after: 5)
        defer { watchdog.stop() }
        let before = try bytesReadByThisProcess()
        MainActor.assumeIsolated {
            var answers: [String: String] = [:]
            let started = Date()
            for path in [fifo, sparse, photo] {
                Texture.load(contentsOfFile: path, fitting: (width: 100, height: 50)) { result in
                    switch result {
                    case .success(let texture): answers[path] = "\(texture.size.width)×\(texture.size.height)"
                    case .failure(let failure): answers[path] = failure.brief
                    }
                }
            }
            XCTAssertLessThan(Date().timeIntervalSince(started), 0.5, "load touched a file on the calling thread")
            XCTAssertEqual(answers, [:], "answered before the main loop ran")
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { answers.count == 3 }, "\(answers)")
            XCTAssertEqual(answers[fifo], "not a regular file (a FIFO)")
            XCTAssertEqual(answers[sparse], "file too large (64 MB, limit 32 MB)")
            XCTAssertEqual(answers[photo], "100×75")
        }
        XCTAssertFalse(watchdog.fired, "a worker waited on the FIFO until the watchdog wrote to it")
        XCTAssertLessThan(try bytesReadByThisProcess() - before, 1 << 20, "the sparse file was read")
    }

    func testACancelledLoadNeverAnswers() throws {
        try MainActor.assumeIsolated { try requireGtk() }
        let photo = try png("photo.png", width: 400, height: 300)
        MainActor.assumeIsolated {
            var cancelledAnswers = 0
            Texture.load(contentsOfFile: photo) { _ in cancelledAnswers += 1 }.cancel()
            // Asked for later, so it would answer after the first one, were that one still there.
            var answered = false
            Texture.load(contentsOfFile: photo) { _ in answered = true }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { answered })
            drainMainLoop()
            XCTAssertEqual(cancelledAnswers, 0)
        }
    }

    func testAPictureShowsAFileOnceDecodedAndRefusesAFifoWithoutWaiting() throws {
        try MainActor.assumeIsolated { try requireGtk() }
        let fifo = folder.appendingPathComponent("pipe.png").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let photo = try png("photo.png", width: 400, height: 300)
        let watchdog = FifoWatchdog(path: fifo, after: 5)
        defer { watchdog.stop() }
        MainActor.assumeIsolated {
            let picture = Picture(fit: .cover)
            var failures: [String] = []
            picture.show(contentsOfFile: fifo) { failures.append($0.brief) }
            XCTAssertNil(picture.texture, "nothing is shown before the worker answers")
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { !failures.isEmpty })
            XCTAssertEqual(failures, ["not a regular file (a FIFO)"])
            XCTAssertNil(picture.texture)

            picture.show(contentsOfFile: photo, fitting: (width: 100, height: 50)) { failures.append($0.brief) }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { picture.texture != nil })
            XCTAssertEqual(picture.texture.map { "\($0.size.width)×\($0.size.height)" }, "100×75")
            XCTAssertTrue(gtk_picture_get_paintable(OpaquePointer(picture.pointer)) == picture.texture?.gdkTexture)

            // A texture set while a file loads wins: the load is given up.
            picture.show(contentsOfFile: photo)
            let chosen = picture.texture
            picture.texture = try? Texture(contentsOfFile: photo, fitting: (width: 40, height: 30))
            XCTAssertNil(chosen)
            // Asked for later, so it answers after the given-up load would have.
            var answered = false
            Texture.load(contentsOfFile: photo) { _ in answered = true }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { answered })
            drainMainLoop()
            XCTAssertEqual(picture.texture?.size.width, 40)
            XCTAssertEqual(failures.count, 1)
        }
        XCTAssertFalse(watchdog.fired, "the picture's load waited on the FIFO")
    }

    /// The pixel in the middle of `texture` as red, green, blue and alpha.
    @MainActor
    private static func middlePixel(_ texture: Texture) -> [UInt8] {
        let surface = texture.image.surface
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        // Cairo's ARGB32 is a native-endian word: blue, green, red, alpha in memory on this machine.
        let at = data + (texture.size.height / 2) * stride + (texture.size.width / 2) * 4
        return [at[2], at[1], at[0], at[3]]
    }
}

/// Bytes this process has read through `read` and its kind so far (`rchar` in `/proc/self/io`).
func bytesReadByThisProcess() throws -> Int {
    let text = try String(contentsOfFile: "/proc/self/io", encoding: .utf8)
    let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix("rchar:") })
    return try XCTUnwrap(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
}

/// Opens a FIFO for writing after `seconds` unless stopped first, which lets a reader stuck waiting for a writer go
/// on: a test that would otherwise hang for ever fails instead.
final class FifoWatchdog: Sendable {
    private let marked = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)

    init(path: String, after seconds: Double) {
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            guard !stopped.load(ordering: .acquiring) else { return }
            marked.store(true, ordering: .releasing)
            let fd = open(path, O_WRONLY | O_NONBLOCK)
            if fd >= 0 {
                _ = write(fd, "not an image", 12)
                close(fd)
            }
        }
    }

    /// Whether it wrote.
    var fired: Bool { marked.load(ordering: .acquiring) }

    func stop() { stopped.store(true, ordering: .releasing) }
}
