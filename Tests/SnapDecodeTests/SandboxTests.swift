import Foundation
@testable import SnapDecode
import XCTest

/// The loader's sandbox, tried from inside: the built `snapscroll-decode`, once sandboxed, attempts what the sandbox
/// forbids and reports each errno; and it still decodes every offered format.
final class SandboxTests: XCTestCase {
    /// The loader built beside this test bundle.
    private func loader() throws -> String {
        let exe = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let path = URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("snapscroll-decode").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            struct NotBuilt: Error {}
            XCTFail("snapscroll-decode is not built beside the tests (swift build --build-tests builds it)")
            throw NotBuilt()
        }
        return path
    }

    private func run(_ arguments: [String]) throws -> (output: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try loader())
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }

    func testEveryForbiddenCallIsDeniedWithItsErrno() throws {
        let (output, status) = try run(["probe-sandbox"])
        XCTAssertEqual(status, 0, output)
        let lines = output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines, [
            "open /etc/passwd: EACCES",
            "openat /etc/hostname: EACCES",
            "open O_CREAT: EACCES",
            "socket AF_UNIX: EPERM",
            "socket AF_INET: EPERM",
            "execve /bin/true: EPERM",
            "ptrace TRACEME: EPERM",
            "kill parent: EPERM",
            "fork: EPERM",
        ])
    }

    func testEveryOfferedFormatDecodesInsideTheSandbox() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The loader's own warm-up images (GdkPixbuf's writers, a GIF and an SVG with text), as files opened before
        // the sandbox and decoded after it.
        let samples = WarmUp.samples()
        XCTAssertEqual(Set(samples.map(\.0)), Set(ImageFormats.offered), "a sample for every format offered")
        var paths: [String] = []
        for (format, bytes) in samples {
            let path = folder.appendingPathComponent("sample.\(format)").path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let (output, status) = try run(["check"] + paths)
        XCTAssertEqual(status, 0, output)
        let expected = samples.map { format, _ in
            format == "svg" ? "svg 64×16" : format == "gif" ? "gif 1×1" : "\(format) 2×2"
        }
        XCTAssertEqual(output.split(separator: "\n").map(String.init), expected)
    }

    func testFormatsWhoseDecodersWriteFilesAreNotOffered() {
        // GdkPixbuf's XPM and XBM decoders write the bytes to a new file in /tmp to parse them: refused by the
        // sandbox, so not offered (and told apart from nothing else).
        XCTAssertNil(ImageFormats.sniff(Array("/* XPM */\nstatic char *x[] = {\n".utf8)))
        XCTAssertNil(ImageFormats.sniff(Array("#define x_width 8\n".utf8)))
        XCTAssertFalse(ImageFormats.offered.contains("xpm") || ImageFormats.offered.contains("xbm"))
    }
}

/// The formats offered are one list: the code's, the contract's refusal, the DocC article's and the API's docs.
final class FormatListTests: XCTestCase {
    func testTheContractTheDocsAndTheCodeNameTheSameFormats() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        func text(_ path: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        }
        let list = ImageFormats.offeredList
        XCTAssertEqual(list.replacingOccurrences(of: " or ", with: ", ").lowercased().components(separatedBy: ", "),
                       ImageFormats.offered)
        XCTAssertTrue(try text("docs/component-contract.md").contains("not a format offered (\(list))"))
        XCTAssertTrue(try text("docs/component-contract.md").contains(
            "Formats offered: " + list.replacingOccurrences(of: " or ", with: " and ")))
        for path in ["Sources/SnapGtk/SnapGtk.docc/UsingSnapGtkInYourApp.md",
                     "Sources/SnapGtk/Components/Carousel/Carousel.swift", "Sources/SnapGtk/Images/Texture.swift"] {
            XCTAssertTrue(try text(path).contains("(\(list))"), "\(path) does not name the formats as (\(list))")
        }
    }
}
