import Foundation
@testable import SnapScrollDemo
import XCTest

/// Where the demo finds its files: a checkout, an installed prefix, or the environment's override.
final class ResourcesTests: XCTestCase {
    private var checkout: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testFindsResourcesFromABinaryInsideTheCheckout() throws {
        let binary = checkout.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/snapscroll-demo")
        let found = try XCTUnwrap(Resources.locate(executable: binary.path, environment: [:]))
        XCTAssertEqual(URL(fileURLWithPath: found.directory).standardizedFileURL.path, checkout.appendingPathComponent("resources").standardizedFileURL.path)
        XCTAssertTrue(try found.text("content.json").contains("banners"))
        XCTAssertEqual(found.localeDirectory.map { URL(fileURLWithPath: $0).standardizedFileURL.path },
                       checkout.appendingPathComponent(".build/locale").standardizedFileURL.path,
                       "a checkout's binary reads the catalogues scripts/translations compiles")
        XCTAssertNotNil(found.checkoutIconFolder)
    }

    func testEnvironmentOverrideWins() {
        let shipped = checkout.appendingPathComponent("resources").path
        let found = Resources.locate(executable: "/nowhere/bin/x", environment: [Resources.environmentVariable: shipped])
        XCTAssertEqual(found?.directory, shipped)
    }

    func testAnOverrideThatIsNoResourcesFolderSaysSo() {
        let nowhere = "/nowhere/bin/x"
        XCTAssertThrowsError(try Resources.find(executable: nowhere, environment: [Resources.environmentVariable: "/nonexistent"])) {
            XCTAssertEqual($0 as? Resources.Problem, .overrideMissing("/nonexistent"))
            XCTAssertEqual(String(describing: $0), "SNAPSCROLL_RESOURCES=/nonexistent: no such folder")
        }
        let sources = checkout.appendingPathComponent("Sources").path
        XCTAssertThrowsError(try Resources.find(executable: nowhere, environment: [Resources.environmentVariable: sources])) {
            XCTAssertEqual($0 as? Resources.Problem, .overrideIncomplete(sources))
        }
        XCTAssertThrowsError(try Resources.find(executable: nowhere, environment: [:])) {
            XCTAssertEqual($0 as? Resources.Problem, .installIncomplete("/nowhere/share/snapscroll"))
        }
        XCTAssertThrowsError(try Resources.find(executable: "/nowhere/build/x", environment: [:])) {
            XCTAssertEqual($0 as? Resources.Problem, .notFound)
            XCTAssertEqual(String(describing: $0), "cannot find the resources folder (set SNAPSCROLL_RESOURCES)")
        }
    }

    func testInstalledLayoutIsFound() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("snapscroll-prefix-\(getpid())")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let share = prefix.appendingPathComponent("share/snapscroll")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try "".write(to: share.appendingPathComponent("snapscroll.css"), atomically: true, encoding: .utf8)
        let found = Resources.locate(executable: prefix.appendingPathComponent("bin/snapscroll-demo").path, environment: [:])
        XCTAssertEqual(found.map { URL(fileURLWithPath: $0.directory).standardizedFileURL.path }, share.standardizedFileURL.path)
        XCTAssertEqual(found?.localeDirectory, prefix.appendingPathComponent("share/locale").standardizedFileURL.path)
        XCTAssertNil(Resources.locate(executable: "/nowhere/bin/x", environment: [:]))
    }

    /// A prefix inside the checkout: walking up from its bin/ would reach the checkout's resources/, which an
    /// installed binary must never use (they change under it, and an uninstall would leave it running on them).
    func testAnInstalledBinaryNeverFallsBackToTheSourceTree() throws {
        let prefix = checkout.appendingPathComponent(".build/resources-test-prefix-\(getpid())")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let bin = prefix.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let binary = bin.appendingPathComponent("snapscroll-demo").path
        let share = prefix.appendingPathComponent("share/snapscroll").standardizedFileURL.path
        XCTAssertThrowsError(try Resources.find(executable: binary, environment: [:])) {
            XCTAssertEqual($0 as? Resources.Problem, .installIncomplete(share))
            XCTAssertEqual(String(describing: $0),
                           "cannot find the resources folder: \(share) has no snapscroll.css (reinstall, or set SNAPSCROLL_RESOURCES)")
        }
        // The override still wins over the installed layout.
        let shipped = checkout.appendingPathComponent("resources").path
        XCTAssertEqual(Resources.locate(executable: binary, environment: [Resources.environmentVariable: shipped])?.directory, shipped)
        XCTAssertNil(Resources.locate(executable: binary, environment: [Resources.environmentVariable: shipped])?.localeDirectory)
    }
}

/// The path helpers the lookup is built on (plain strings, no Foundation in the demo).
final class ResourcePathTests: XCTestCase {
    func testParentJoinAndNormalize() {
        XCTAssertEqual(Resources.parent("/a/b/c"), "/a/b")
        XCTAssertEqual(Resources.parent("/a/b/"), "/a")
        XCTAssertEqual(Resources.parent("/a"), "/")
        XCTAssertEqual(Resources.parent("/"), "/")
        XCTAssertEqual(Resources.join("/a", "b"), "/a/b")
        XCTAssertEqual(Resources.join("/a/", "b"), "/a/b")
        XCTAssertEqual(Resources.normalized("/a/./b/../c//d/"), "/a/c/d")
        XCTAssertEqual(Resources.normalized("/../a"), "/a")
        XCTAssertEqual(Resources.lastComponent("/usr/bin"), "bin")
        XCTAssertEqual(Resources.lastComponent("/"), "")
    }

    func testTheRunningBinaryAndTheEnvironmentAreRead() {
        XCTAssertTrue(Resources.currentExecutable().hasPrefix("/"))
        XCTAssertEqual(Resources.currentEnvironment()["PATH"], ProcessInfo.processInfo.environment["PATH"])
    }

    func testReadingAMissingFileSaysWhich() {
        let resources = Resources(directory: "/nonexistent")
        XCTAssertThrowsError(try resources.text("snapscroll.css")) {
            XCTAssertTrue(String(describing: $0).hasPrefix("/nonexistent/snapscroll.css: "), String(describing: $0))
        }
    }
}
