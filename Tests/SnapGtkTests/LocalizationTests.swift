import CSnapGtk
import Foundation
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The library's words: formatted as printf formats them (numbered arguments included, so translations can reorder
/// them), a translation that does not fit never shown half replaced, and the translators' template in step with the
/// code.
final class LocalizationTests: XCTestCase {
    private var checkout: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    func testFormatsReplaceConversionsInOrderOrByNumber() {
        MainActor.assumeIsolated {
            @MainActor func format(_ text: String, _ arguments: Localization.Argument...) -> String? {
                Localization.format(text, arguments)
            }
            XCTAssertEqual(format("Page %d of %d", .int(2), .int(5)), "Page 2 of 5")
            XCTAssertEqual(format("%2$d sur %1$d", .int(2), .int(5)), "5 sur 2", "numbered: the translation's order")
            XCTAssertEqual(format("%3$s (%1$d/%2$d)", .int(1), .int(3), .text("Sea")), "Sea (1/3)")
            XCTAssertEqual(format("%1$d, %1$d", .int(7)), "7, 7", "one argument used twice")
            XCTAssertEqual(format("Seite %2$d", .int(1), .int(1)), "Seite 1", "an argument left out")
            XCTAssertEqual(format("%i%% – %s", .int(-40), .text("ü 🍎")), "-40% – ü 🍎")
            XCTAssertEqual(format("%s", .text("%d %1$s")), "%d %1$s", "arguments are not formats")
            XCTAssertEqual(format("no conversions"), "no conversions")
        }
    }

    func testMalformedFormatsAreRefusedNotCrashed() {
        MainActor.assumeIsolated {
            let two: [Localization.Argument] = [.int(1), .int(2)]
            for text in ["%", "100%", "%q", "%5d", "%1$", "%1$q", "%0$d", "%3$d", "%$d", "%d %d %d", "%1$d %d", "%d %2$d",
                         "%s", "%1$s", "%99999999999999999999$d", "%1\u{301}$d", "%\u{301}d"] {
                XCTAssertNil(Localization.format(text, two), text)
            }
            XCTAssertNil(Localization.format("%d", [.text("a")]), "text for an integer")
        }
    }

    func testEnglishMessagesWithoutACatalogue() {
        MainActor.assumeIsolated {
            XCTAssertEqual(Localization.pageOfCount(page: 2, count: 5), "Page 2 of 5")
            XCTAssertEqual(Localization.counter(page: 3, count: 120), "3 / 120")
            XCTAssertEqual(Localization.bannerOfCount(page: 1, count: 3, title: "Sea %d"), "Banner 1 of 3: Sea %d")
        }
    }

    /// A real catalogue through gettext: translations that reorder their arguments are shown reordered; one whose
    /// conversions do not fit its arguments falls back to English rather than showing a broken string.
    func testATranslationMayReorderTheArgumentsAndABrokenOneFallsBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("locale-\(getpid())-\(UUID().uuidString)")
        let messages = folder.appendingPathComponent("xx/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.catalogue([
            ("", "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"),
            ("Banner %d of %d: %s\u{0}Banner %d of %d: %s", "%3$s – Banner %1$d/%2$d\u{0}%3$s – Banner %1$d von %2$d"),
            ("Page %d of %d\u{0}Page %d of %d", "Von %2$d die %1$d.\u{0}Von %2$d die %1$d."),
            ("%d / %d", "%d / %s"),
            ("Pages", "Seiten"),
        ]).write(to: messages.appendingPathComponent("snapscroll.mo"))
        try MainActor.assumeIsolated {
            // gettext reads LANGUAGE unless the locale is plain "C"; C.UTF-8 is built into glibc.
            let savedLocale = String(cString: setlocale(LC_MESSAGES, nil))
            let savedLanguage = getenv("LANGUAGE").map { String(cString: $0) }
            let savedFolder = String(cString: bindtextdomain(Localization.textDomain, nil))
            setenv("LANGUAGE", "xx", 1)
            try XCTSkipIf(setlocale(LC_MESSAGES, "C.UTF-8") == nil, "no C.UTF-8 locale")
            Localization.bindTextDomain(to: folder.path)
            defer {
                if let savedLanguage { setenv("LANGUAGE", savedLanguage, 1) } else { unsetenv("LANGUAGE") }
                setlocale(LC_MESSAGES, savedLocale)
                // Binding again also makes gettext forget the answers it cached for the language tried here.
                bindtextdomain(Localization.textDomain, savedFolder)
            }
            XCTAssertEqual(Localization.pages, "Seiten", "the catalogue was not found")
            XCTAssertEqual(Localization.bannerOfCount(page: 2, count: 5, title: "Sea"), "Sea – Banner 2 von 5")
            XCTAssertEqual(Localization.bannerOfCount(page: 1, count: 1, title: "Sea"), "Sea – Banner 1/1")
            XCTAssertEqual(Localization.pageOfCount(page: 2, count: 5), "Von 5 die 2.")
            XCTAssertEqual(Localization.counter(page: 3, count: 120), "3 / 120", "a translation that does not fit")
        }
        MainActor.assumeIsolated { XCTAssertEqual(Localization.pages, "Pages", "the test's language stayed") }
    }

    func testTheTemplateListsEveryMessageWithItsFlags() throws {
        let sources = checkout.appendingPathComponent("Sources/SnapGtk")
        var code: [String: String?] = [:]
        let call = try NSRegularExpression(
            pattern: #"localized\(\s*(?:singular:\s*)?"([^"\\]*)"(?:\s*,\s*plural:\s*"([^"\\]*)")?|translate\(\s*"([^"\\]*)""#)
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
        for case let file as URL in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in call.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                func group(_ i: Int) -> String? { Range(match.range(at: i), in: text).map { String(text[$0]) } }
                if let message = group(1) { code[message] = .some(group(2)) } else if let message = group(3) { code[message] = .some(nil) }
            }
        }
        XCTAssertGreaterThanOrEqual(code.count, 6, "the messages in the code were not found")

        let template = try Self.templateEntries(try String(contentsOf: checkout.appendingPathComponent("po/snapscroll.pot"), encoding: .utf8))
        XCTAssertEqual(Set(template.map(\.msgid)), Set(code.keys), "po/snapscroll.pot and the code differ")
        for entry in template {
            if let plural = code[entry.msgid] {
                XCTAssertEqual(entry.plural, plural, "the plural of \(entry.msgid)")
            }
            let conversions = Self.conversions(entry.msgid)
            XCTAssertEqual(entry.flags.contains("c-format"), !conversions.isEmpty, "the c-format flag of \(entry.msgid)")
            if let plural = entry.plural {
                XCTAssertEqual(Self.conversions(plural), conversions, "\(entry.msgid): the plural's conversions differ")
            }
        }
    }

    /// The conversions of a printf format, in order ("%%" is none).
    private static func conversions(_ format: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: #"%(?:%|[0-9]*\$?[a-z])"#)
        return regex.matches(in: format, range: NSRange(format.startIndex..., in: format))
            .map { String(format[Range($0.range, in: format)!]) }.filter { $0 != "%%" }
    }

    /// The entries of a gettext template after its header: flags, msgid, msgid_plural.
    private static func templateEntries(_ text: String) throws -> [(flags: [String], msgid: String, plural: String?)] {
        var entries: [(flags: [String], msgid: String, plural: String?)] = []
        for block in text.components(separatedBy: "\n\n") {
            var flags: [String] = []
            var fields: [String: String] = [:]
            var last: String?
            for line in block.split(separator: "\n") {
                if line.hasPrefix("#,") {
                    flags += line.dropFirst(2).split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                } else if line.hasPrefix("\"") {
                    if let last { fields[last, default: ""] += try Self.unquoted(line) }
                } else if !line.hasPrefix("#"), let space = line.firstIndex(of: " ") {
                    last = String(line[..<space])
                    fields[last!] = try Self.unquoted(line[line.index(after: space)...])
                }
            }
            guard let msgid = fields["msgid"], !msgid.isEmpty else { continue }
            entries.append((flags, msgid, fields["msgid_plural"]))
        }
        return entries
    }

    /// A PO string's text (its quotes gone, `\"`, `\\` and `\n` read).
    private static func unquoted(_ quoted: Substring) throws -> String {
        XCTAssertTrue(quoted.hasPrefix("\"") && quoted.hasSuffix("\"") && quoted.count >= 2, String(quoted))
        return String(quoted.dropFirst().dropLast())
            .replacingOccurrences(of: #"\\"#, with: "\u{0}").replacingOccurrences(of: #"\""#, with: "\"")
            .replacingOccurrences(of: #"\n"#, with: "\n").replacingOccurrences(of: "\u{0}", with: "\\")
    }

    /// A gettext catalogue (`.mo`) of `entries` (msgid, msgstr): a plural's msgid is its two forms and its msgstr its
    /// translations, each joined by a NUL. Little-endian, without a hash table, so gettext finds the msgids by binary
    /// search: they are sorted as `strcmp` sorts.
    private static func catalogue(_ entries: [(String, String)]) -> Data {
        let sorted = entries.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
        let headerSize = 28
        var data = Data()
        func word(_ value: Int) { withUnsafeBytes(of: UInt32(value).littleEndian) { data.append(contentsOf: $0) } }
        var strings = Data()
        var originals: [(Int, Int)] = [], translations: [(Int, Int)] = []
        let stringsStart = headerSize + 16 * sorted.count
        for (msgid, _) in sorted {
            originals.append((msgid.utf8.count, stringsStart + strings.count))
            strings.append(contentsOf: Array(msgid.utf8) + [0])
        }
        for (_, msgstr) in sorted {
            translations.append((msgstr.utf8.count, stringsStart + strings.count))
            strings.append(contentsOf: Array(msgstr.utf8) + [0])
        }
        for value in [0x9504_12de, 0, sorted.count, headerSize, headerSize + 8 * sorted.count, 0, stringsStart] { word(value) }
        for (length, offset) in originals + translations {
            word(length)
            word(offset)
        }
        return data + strings
    }
}
