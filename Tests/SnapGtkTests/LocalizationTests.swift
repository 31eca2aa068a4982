import Foundation
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The library's words: formatted safely, and every message in the translators' template.
final class LocalizationTests: XCTestCase {
    private var checkout: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testFormatsReplaceOnlyIntegerPlaceholders() {
        MainActor.assumeIsolated {
            XCTAssertEqual(Localization.format("Page %d of %d", 2, 5), "Page 2 of 5")
            XCTAssertEqual(Localization.format("%d%% done", 40), "40% done")
            XCTAssertEqual(Localization.format("%s %d %d", 1), "%s 1 %d", "a translator's stray format stays text")
            XCTAssertEqual(Localization.counter(page: 3, count: 120), "3 / 120")
            XCTAssertEqual(Localization.bannerOfCount(page: 1, count: 3, title: "Sea"), "Banner 1 of 3: Sea")
        }
    }

    func testEveryMessageIsInTheTranslationTemplate() throws {
        let source = try String(contentsOf: checkout.appendingPathComponent("Sources/SnapGtk/Runtime/Localization.swift"), encoding: .utf8)
        let template = try String(contentsOf: checkout.appendingPathComponent("po/snapscroll.pot"), encoding: .utf8)
        let messages = try NSRegularExpression(pattern: #"(?:translate\(|singular: |plural: )"([^"]+)""#)
        let found = messages.matches(in: source, range: NSRange(source.startIndex..., in: source)).map {
            String(source[Range($0.range(at: 1), in: source)!])
        }
        XCTAssertGreaterThanOrEqual(Set(found).count, 6)
        for message in Set(found) {
            XCTAssertTrue(template.contains("msgid \"\(message)\"") || template.contains("msgid_plural \"\(message)\""),
                          "\(message) is missing from po/snapscroll.pot")
        }
    }
}
