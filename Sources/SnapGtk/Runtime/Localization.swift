import CSnapGtk

/// A gettext text domain (`<locale folder>/<lang>/LC_MESSAGES/<name>.mo`), formatted as the components' own words are
/// (a translation whose conversions do not fit shows the message itself). An application keeps one for its own
/// messages under the name its extraction looks for (`xgettext --keyword=tr --keyword=plural:1,2`):
///
/// ```swift
/// let tr = TextDomain("myapp")
/// label.text = tr("Back to first")
/// count.text = tr.plural("%d chip", "%d chips", count: chips, .int(chips))
/// ```
public struct TextDomain: Sendable {
    /// The domain's name, the catalogue's file name without `.mo`.
    public let name: String

    /// The domain `name`. Its translations always come as UTF-8, whatever the locale's character set: GTK takes
    /// nothing else.
    public init(_ name: String) {
        self.name = name
        bind_textdomain_codeset(name, "UTF-8")
    }

    /// Looks the domain's translations up in `directory` (the folder holding `<lang>/LC_MESSAGES/<name>.mo`) rather
    /// than the system's locale folder. Call it before the first message is translated.
    public func bind(to directory: String) {
        bindtextdomain(name, directory)
    }

    /// `message` in the user's language, its conversions (`%d`, `%s`) filled from `arguments`; the message itself
    /// when there is no translation or the translation's conversions do not fit.
    public func callAsFunction(_ message: String, _ arguments: Localization.Argument...) -> String {
        let translated = message.withCString { String(cString: g_dgettext(name, $0)) }
        return Localization.format(translated, arguments) ?? Localization.format(message, arguments) ?? message
    }

    /// The form of a message for `count` in the user's language (a language has one to six forms; English two,
    /// `singular` for a count of 1 and `plural` otherwise), its conversions filled from `arguments`.
    public func plural(_ singular: String, _ plural: String, count: Int, _ arguments: Localization.Argument...) -> String {
        let original = count == 1 ? singular : plural
        // Without a translation gettext returns the pointer it was given: one of the temporary C strings, which live
        // only inside `withCString`, so the copy is made there.
        let translated = singular.withCString { one in
            plural.withCString { many in
                String(cString: g_dngettext(name, one, many, gulong(clamping: max(0, count))))
            }
        }
        return Localization.format(translated, arguments) ?? Localization.format(original, arguments) ?? original
    }
}

/// The components' default words (each component also takes them as properties), translated through gettext in
/// ``textDomain``, from the system's locale folder unless ``bindTextDomain(to:)`` names another.
public enum Localization {
    /// The gettext text domain of this package's strings.
    public static let textDomain = "snapscroll"

    /// The library's messages (`tr`: the name `scripts/translations` extracts them by).
    static let tr = TextDomain(textDomain)

    /// Looks the package's translations up in `directory` (the folder holding `<lang>/LC_MESSAGES/snapscroll.mo`).
    /// Call it before the first component is created.
    public static func bindTextDomain(to directory: String) {
        tr.bind(to: directory)
    }

    /// A value for one conversion of a message: `%d` takes an integer, `%s` text.
    public enum Argument: Equatable, Sendable {
        /// An integer, for `%d` (or `%i`).
        case int(Int)
        /// Text, for `%s`.
        case text(String)
    }

    /// `format` with its `%d`/`%i`, `%s` and `%%` replaced as `printf` would, numbered ones (`%2$s`) too, so a
    /// translation may reorder its arguments; nil where `msgfmt --check-format` would refuse it (unknown or mixed
    /// conversions, a number out of range, an argument of the other kind): a translator's mistake never crashes.
    static func format(_ format: String, _ arguments: [Argument]) -> String? {
        // Every piece after the first follows a `%`: a conversion and plain text, or nothing for the first `%` of
        // `%%` (the next piece is then plain text).
        let pieces = format.unicodeScalars.split(separator: "%", omittingEmptySubsequences: false)
        var result = String.UnicodeScalarView(pieces[0])
        var nextUnnumbered = 0
        var numbering: Bool?
        var escaped = false
        for piece in pieces.dropFirst() {
            if escaped || piece.isEmpty {
                if escaped { result.append(contentsOf: piece) } else { result.append("%") }
                escaped.toggle()
                continue
            }
            // An argument number: digits and a dollar sign, four digits at most (no message has thousands of arguments).
            let digits = piece.prefix { (48...57).contains($0.value) }
            var conversion = piece.dropFirst(digits.count)
            let numbered = !digits.isEmpty
            var index = nextUnnumbered
            if numbered {
                guard digits.count <= 4, conversion.first == "$", let number = Int(String(String.UnicodeScalarView(digits))),
                      number >= 1 else { return nil }
                index = number - 1
                conversion = conversion.dropFirst()
            } else {
                nextUnnumbered += 1
            }
            guard numbering == nil || numbering == numbered, index < arguments.count, let kind = conversion.first else { return nil }
            numbering = numbered
            switch (kind, arguments[index]) {
            case ("d", .int(let value)), ("i", .int(let value)): result.append(contentsOf: String(value).unicodeScalars)
            case ("s", .text(let text)): result.append(contentsOf: text.unicodeScalars)
            default: return nil
            }
            result.append(contentsOf: conversion.dropFirst())
        }
        return escaped ? nil : String(result)
    }

    /// "Page 2 of 5": the accessible name of one page dot (1-based `page`), plural-aware in `count`.
    public static func pageOfCount(page: Int, count: Int) -> String {
        // Translators: the accessible name of one page dot of a carousel: the page (counted from 1), the page count.
        tr.plural("Page %d of %d", "Page %d of %d", count: count, .int(page), .int(count))
    }

    /// "Banner 2 of 5: title": the accessible name of one banner (1-based `page`), plural-aware in `count`.
    public static func bannerOfCount(page: Int, count: Int, title: String) -> String {
        // Translators: the accessible name of one banner: its page (counted from 1), the page count, its title.
        tr.plural("Banner %d of %d: %s", "Banner %d of %d: %s", count: count, .int(page), .int(count), .text(title))
    }

    /// "3 / 120": the counter beside a window of page dots (1-based `page`).
    public static func counter(page: Int, count: Int) -> String {
        // Translators: the counter beside a window of page dots: the current page (counted from 1), the page count.
        tr("%d / %d", .int(page), .int(count))
    }

    /// "Pages": the accessible name of a row of page dots.
    public static var pages: String {
        // Translators: the accessible name of a carousel's row of page dots.
        tr("Pages")
    }

    /// "Banners": the accessible name of a banner carousel.
    public static var banners: String {
        // Translators: the accessible name of a carousel of banners.
        tr("Banners")
    }

    /// "Image unavailable": what a banner shows when its image cannot be loaded.
    public static var imageUnavailable: String {
        // Translators: shown on a banner whose image cannot be loaded.
        tr("Image unavailable")
    }
}
