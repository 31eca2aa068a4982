import CSnapGtk

/// The display's settings that decide how large text is laid out: the interface font, the resolution and the glyph
/// rendering. A session recorded on one display server replays on another only if these are the same: GTK reads
/// them from GSettings under Wayland and from XSETTINGS (or its defaults) under X11, so the same window can lay out
/// its rows a few pixels taller or shorter, and a carousel that fills the height left to it comes to rest elsewhere.
struct TextRendering: Equatable {
    var font: String
    /// `gtk-xft-dpi`: 1024 × dots per inch, or -1 for the default.
    var dpi: Int32
    var antialias: Int32
    var hinting: Int32
    var hintStyle: String

    /// Nothing recorded: each value GTK's own default.
    static let unset = TextRendering(font: "", dpi: -1, antialias: -1, hinting: -1, hintStyle: "")

    /// GtkSettings' values now (GTK initialised).
    @MainActor static func current() -> TextRendering? {
        guard let settings = gtk_settings_get_default().map(UnsafeMutableRawPointer.init) else { return nil }
        func text(_ name: String) -> String {
            guard let value = snap_object_get_string(settings, name) else { return "" }
            defer { g_free(value) }
            return String(cString: value)
        }
        return TextRendering(font: text("gtk-font-name"), dpi: snap_object_get_int(settings, "gtk-xft-dpi"),
                             antialias: snap_object_get_int(settings, "gtk-xft-antialias"),
                             hinting: snap_object_get_int(settings, "gtk-xft-hinting"),
                             hintStyle: text("gtk-xft-hintstyle"))
    }

    /// Makes these GtkSettings' values for the rest of the process (a replay, before its window is built).
    @MainActor func apply() {
        guard let settings = gtk_settings_get_default().map(UnsafeMutableRawPointer.init) else { return }
        if !font.isEmpty { snap_object_set_string(settings, "gtk-font-name", font) }
        snap_object_set_int(settings, "gtk-xft-dpi", dpi)
        snap_object_set_int(settings, "gtk-xft-antialias", antialias)
        snap_object_set_int(settings, "gtk-xft-hinting", hinting)
        if !hintStyle.isEmpty { snap_object_set_string(settings, "gtk-xft-hintstyle", hintStyle) }
    }
}
