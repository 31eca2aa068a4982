import CSnapGtk

/// The words the components show or give to assistive technologies, translated through gettext in the text domain
/// ``textDomain``. Each component also takes its strings as properties, for an application that words things its
/// own way; the defaults come from here.
///
/// Translations are looked up in the locale directory gettext knows for the domain (the system's, unless
/// ``bindTextDomain(to:)`` names another). GTK sets the locale from the environment when it starts.
@MainActor
public enum Localization {
    /// The gettext text domain of this package's strings.
    public static let textDomain = "snapscroll"

    private static var bound = false

    /// Looks the package's translations up in `directory` (the folder holding `<lang>/LC_MESSAGES/snapscroll.mo`).
    /// Call it before the first component is created.
    public static func bindTextDomain(to directory: String) {
        bindtextdomain(textDomain, directory)
        bindCodeset()
    }

    /// Translations always come as UTF-8, whatever the locale's character set: GTK takes nothing else. Done once.
    private static func bindCodeset() {
        guard !bound else { return }
        bound = true
        bind_textdomain_codeset(textDomain, "UTF-8")
    }

    /// `message` in the user's language (the message itself when there is no translation).
    static func translate(_ message: String) -> String {
        bindCodeset()
        // Without a translation gettext returns the pointer it was given: the message's temporary C string, which
        // lives only inside `withCString`, so the copy is made there.
        return message.withCString { String(cString: g_dgettext(textDomain, $0)) }
    }

    /// The singular or plural form of a message for `count`, in the user's language.
    static func translate(singular: String, plural: String, count: Int) -> String {
        bindCodeset()
        // As in `translate(_:)`: the result may be one of the temporary C strings given, so it is copied while they live.
        return singular.withCString { one in
            plural.withCString { many in
                String(cString: g_dngettext(textDomain, one, many, gulong(clamping: max(0, count))))
            }
        }
    }

    /// A value for one conversion of a message: `%d` takes an integer, `%s` text.
    enum Argument: Equatable {
        case int(Int)
        case text(String)
    }

    /// `message` in the user's language with its conversions filled from `arguments`. A translation whose format does
    /// not fit the arguments (see `format`) is not shown: the message itself is, formatted.
    static func localized(_ message: String, _ arguments: Argument...) -> String {
        format(translate(message), arguments) ?? format(message, arguments) ?? message
    }

    /// The singular or plural form of a message for `count`, in the user's language, with its conversions filled from
    /// `arguments`; as `localized(_:_:)`, a translation whose format does not fit falls back to the message itself.
    static func localized(singular: String, plural: String, count: Int, _ arguments: Argument...) -> String {
        let original = count == 1 ? singular : plural
        return format(translate(singular: singular, plural: plural, count: count), arguments)
            ?? format(original, arguments) ?? original
    }

    /// `format` with its conversions replaced as C's `printf` replaces the ones messages use, or nil when `printf`
    /// would not accept it for `arguments`. `%d` (or `%i`) takes an integer, `%s` text, and `%%` is a percent sign.
    /// Unnumbered conversions take the arguments in order; numbered ones (`%2$s`, counted from 1) the argument they
    /// name, so a translation can put the arguments in the order its language needs (the message says
    /// `"Banner %d of %d: %s"`, a translation `"%3$s (%1$d/%2$d)"`), use one twice or leave one out. Nil, as gettext's
    /// `msgfmt --check-format` would refuse it, for an unknown or unfinished conversion, numbered and unnumbered
    /// ones mixed, a number out of range or an argument of the other kind: a translator's mistake never crashes or
    /// shows half-replaced text.
    static func format(_ format: String, _ arguments: [Argument]) -> String? {
        let scalars = Array(format.unicodeScalars)
        var result = String.UnicodeScalarView()
        var nextUnnumbered = 0
        var numbering: Bool?
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            i += 1
            guard scalar == "%" else { result.append(scalar); continue }
            guard i < scalars.count else { return nil }
            if scalars[i] == "%" {
                result.append("%")
                i += 1
                continue
            }
            // An argument number: digits and a dollar sign. Four digits at most (no message has thousands of arguments),
            // so a long run of digits cannot overflow.
            var number = 0
            var digits = 0
            while i + digits < scalars.count, case 48...57 = scalars[i + digits].value {
                guard digits < 4 else { return nil }
                number = number * 10 + Int(scalars[i + digits].value - 48)
                digits += 1
            }
            let index: Int
            if digits > 0 {
                guard i + digits < scalars.count, scalars[i + digits] == "$", number >= 1 else { return nil }
                i += digits + 1
                index = number - 1
            } else {
                index = nextUnnumbered
                nextUnnumbered += 1
            }
            if let numbering, numbering != (digits > 0) { return nil }
            numbering = digits > 0
            guard i < scalars.count, index < arguments.count else { return nil }
            let conversion = scalars[i]
            i += 1
            switch (conversion, arguments[index]) {
            case ("d", .int(let value)), ("i", .int(let value)): result.append(contentsOf: String(value).unicodeScalars)
            case ("s", .text(let text)): result.append(contentsOf: text.unicodeScalars)
            default: return nil
            }
        }
        return String(result)
    }

    /// "Page 2 of 5": the accessible name of one page dot (1-based `page`), plural-aware in `count`.
    public static func pageOfCount(page: Int, count: Int) -> String {
        localized(singular: "Page %d of %d", plural: "Page %d of %d", count: count, .int(page), .int(count))
    }

    /// "Banner 2 of 5: title": the accessible name of one banner (1-based `page`), plural-aware in `count`.
    public static func bannerOfCount(page: Int, count: Int, title: String) -> String {
        localized(singular: "Banner %d of %d: %s", plural: "Banner %d of %d: %s", count: count,
                  .int(page), .int(count), .text(title))
    }

    /// "3 / 120": the counter beside a window of page dots (1-based `page`).
    public static func counter(page: Int, count: Int) -> String {
        localized("%d / %d", .int(page), .int(count))
    }

    /// "Pages": the accessible name of a row of page dots.
    public static var pages: String { translate("Pages") }

    /// "Banners": the accessible name of a banner carousel.
    public static var banners: String { translate("Banners") }

    /// "Image unavailable": what a banner shows when its image cannot be loaded.
    public static var imageUnavailable: String { translate("Image unavailable") }
}
