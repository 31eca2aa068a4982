import CSnapGtk
import Foundation
@testable import SnapGtk
import XCTest

final class ResourcesTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    private var checkout: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testFindsResourcesFromABinaryInsideTheCheckout() throws {
        let binary = checkout.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/snapscroll-demo")
        let found = try XCTUnwrap(Resources.locate(executable: binary, environment: [:]))
        XCTAssertEqual(found.directory.standardizedFileURL.path, checkout.appendingPathComponent("resources").standardizedFileURL.path)
        XCTAssertTrue(try found.text("content.json").contains("banners"))
    }

    func testEnvironmentOverrideWins() {
        let found = Resources.locate(executable: URL(fileURLWithPath: "/nowhere/bin/x"), environment: [Resources.environmentVariable: "/some/dir"])
        XCTAssertEqual(found?.directory.path, "/some/dir")
    }

    func testInstalledLayoutIsFound() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("snapscroll-prefix-\(getpid())")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let share = prefix.appendingPathComponent("share/snapscroll")
        try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
        try "".write(to: share.appendingPathComponent("snapscroll.css"), atomically: true, encoding: .utf8)
        let found = Resources.locate(executable: prefix.appendingPathComponent("bin/snapscroll-demo"), environment: [:])
        XCTAssertEqual(found?.directory.standardizedFileURL.path, share.standardizedFileURL.path)
        XCTAssertNil(Resources.locate(executable: URL(fileURLWithPath: "/nowhere/bin/x"), environment: [:]))
    }

    func testShippedStylesheetParsesCleanly() throws {
        let css = try String(contentsOf: checkout.appendingPathComponent("resources/snapscroll.css"), encoding: .utf8)
        MainActor.assumeIsolated { XCTAssertEqual(Stylesheet.install(css: css), []) }
    }

    func testStylesheetReportsParseErrorsWithTheirLine() {
        MainActor.assumeIsolated {
            let errors = Stylesheet.install(css: ".ok { color: red; }\n.bad { colr: blue; }\n")
            XCTAssertEqual(errors.count, 1)
            XCTAssertTrue(errors.first?.hasPrefix("2:") ?? false, "\(errors)")
        }
    }

    func testAnimationPreferenceFollowsGtkSettingsAndNotifies() {
        MainActor.assumeIsolated {
            let original = Preferences.animationsEnabled
            defer { Preferences.animationsEnabled = original }
            var changes = 0
            let id = Preferences.observeAnimations { changes += 1 }
            defer { Preferences.stopObserving(id) }
            Preferences.animationsEnabled = false
            XCTAssertFalse(Preferences.animationsEnabled)
            Preferences.animationsEnabled = true
            XCTAssertTrue(Preferences.animationsEnabled)
            XCTAssertEqual(changes, 2)
        }
    }
}
