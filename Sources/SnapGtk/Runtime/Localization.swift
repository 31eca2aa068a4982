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

    /// Replaces each `%d` in `format`, in order, with the next of `values` (the formats here hold only `%d`, so
    /// no C `printf` is needed and translators' formats cannot crash the process).
    static func format(_ format: String, _ values: Int...) -> String {
        var result = ""
        var rest = values.makeIterator()
        var characters = format.makeIterator()
        while let character = characters.next() {
            guard character == "%" else { result.append(character); continue }
            switch characters.next() {
            case "d": result += rest.next().map(String.init) ?? "%d"
            case "%": result.append("%")
            case let other?: result.append("%"); result.append(other)
            case nil: result.append("%")
            }
        }
        return result
    }

    /// "Page 2 of 5": the accessible name of one page dot (1-based `page`), plural-aware in `count`.
    public static func pageOfCount(page: Int, count: Int) -> String {
        format(translate(singular: "Page %d of %d", plural: "Page %d of %d", count: count), page, count)
    }

    /// "Banner 2 of 5: title": the accessible name of one banner (1-based `page`), plural-aware in `count`.
    public static func bannerOfCount(page: Int, count: Int, title: String) -> String {
        format(translate(singular: "Banner %d of %d", plural: "Banner %d of %d", count: count), page, count) + ": " + title
    }

    /// "3 / 120": the counter beside a window of page dots (1-based `page`).
    public static func counter(page: Int, count: Int) -> String {
        format(translate("%d / %d"), page, count)
    }

    /// "Pages": the accessible name of a row of page dots.
    public static var pages: String { translate("Pages") }

    /// "Banners": the accessible name of a banner carousel.
    public static var banners: String { translate("Banners") }

    /// "Image unavailable": what a banner shows when its image cannot be loaded.
    public static var imageUnavailable: String { translate("Image unavailable") }
}
