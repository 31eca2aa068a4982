import CSnapGtk
import SnapGtk

/// The demo's switches for GTK's process-wide settings that the components follow (`Preferences` reads them):
/// `--reduce-motion`, `--rtl` and the header bar's toggles.
@MainActor
enum DemoSettings {
    /// Turns GTK's `gtk-enable-animations` on or off for the whole process.
    static func setAnimationsEnabled(_ enabled: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        snap_object_set_boolean(UnsafeMutableRawPointer(settings), "gtk-enable-animations", enabled ? 1 : 0)
    }

    /// Sets GTK's default text direction for every widget.
    static func setRightToLeft(_ rtl: Bool) {
        gtk_widget_set_default_direction(rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
    }
}
