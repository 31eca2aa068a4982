import CSnapGtk
import Foundation
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

final class StylesheetTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    private var checkout: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
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
