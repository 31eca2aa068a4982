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
        let folder = try temporaryFolder("locale", for: self)
        let messages = folder.appendingPathComponent("xx/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
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

    /// The templates are what `xgettext` finds in the sources now, and every catalogue translates every message of
    /// its template, none fuzzy, each passing `msgfmt --check` (formats, plural forms, header).
    func testTemplatesFollowTheCodeAndCataloguesAreComplete() throws {
        try XCTSkipIf(!FileManager.default.isExecutableFile(atPath: "/usr/bin/msgfmt"), "gettext is not installed")
        let (status, output) = try Self.run(checkout.appendingPathComponent("scripts/translations").path, ["check"])
        XCTAssertEqual(status, 0, output)
    }

    /// The catalogues shipped in `po/`, compiled and read through gettext as the app reads them: German and Arabic
    /// words, and each of Arabic's six plural forms chosen for its numbers (the Plural-Forms expression at work).
    func testShippedCataloguesTranslateWithTheirPluralForms() throws {
        try XCTSkipIf(!FileManager.default.isExecutableFile(atPath: "/usr/bin/msgfmt"), "gettext is not installed")
        let folder = try temporaryFolder("locale", for: self)
        let (status, output) = try Self.run(checkout.appendingPathComponent("scripts/translations").path, ["compile", folder.path])
        XCTAssertEqual(status, 0, output)
        let demo = TextDomain("snapscroll-demo")
        try MainActor.assumeIsolated {
            let savedLocale = String(cString: setlocale(LC_MESSAGES, nil))
            let savedLanguage = getenv("LANGUAGE").map { String(cString: $0) }
            let savedFolders = [Localization.textDomain, demo.name].map { (domain: String) in String(cString: bindtextdomain(domain, nil)) }
            try XCTSkipIf(setlocale(LC_MESSAGES, "C.UTF-8") == nil, "no C.UTF-8 locale")
            defer {
                if let savedLanguage { setenv("LANGUAGE", savedLanguage, 1) } else { unsetenv("LANGUAGE") }
                setlocale(LC_MESSAGES, savedLocale)
                bindtextdomain(Localization.textDomain, savedFolders[0])
                bindtextdomain(demo.name, savedFolders[1])
            }
            func chips(_ n: Int) -> String { demo.plural("%d chip", "%d chips", count: n, .int(n)) }
            Localization.bindTextDomain(to: folder.path)
            demo.bind(to: folder.path)
            /// Switches the language; a change of locale makes gettext forget what it found for the one before.
            func speak(_ language: String) {
                setenv("LANGUAGE", language, 1)
                setlocale(LC_MESSAGES, "C")
                setlocale(LC_MESSAGES, "C.UTF-8")
            }

            speak("de")
            XCTAssertEqual(Localization.pageOfCount(page: 2, count: 5), "Seite 2 von 5")
            XCTAssertEqual(Localization.pages, "Seiten")
            XCTAssertEqual(demo("Centring"), "Zentrierung")
            XCTAssertEqual([1, 2].map(chips), ["1 Chip", "2 Chips"])

            speak("ar")
            XCTAssertEqual(Localization.pageOfCount(page: 2, count: 5), "الصفحة 2 من 5")
            XCTAssertEqual([0, 1, 2, 3, 10, 11, 99, 100, 102, 103].map(chips),
                           ["0 شريحة", "شريحة واحدة", "شريحتان", "3 شرائح", "10 شرائح", "11 شريحة", "99 شريحة", "100 شريحة",
                            "102 شريحة", "103 شرائح"])
        }
    }

    /// Runs `tool` with `arguments`: its exit status and what it wrote (both streams).
    private static func run(_ tool: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
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
