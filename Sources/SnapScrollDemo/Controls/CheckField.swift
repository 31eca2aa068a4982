import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// A check button that switches one thing on and off.
@MainActor
enum CheckField {
    /// A check button titled `title`, checked when `isOn`; `changed` hears each new state the user gives it.
    static func make(_ title: String, isOn: Bool, changed: @escaping @MainActor (Bool) -> Void) -> Widget {
        let button = gtk_check_button_new_with_label(title)!
        gtk_check_button_set_active(button.cast(), isOn ? 1 : 0)
        Signals.connect(button.raw, "toggled") { changed(gtk_check_button_get_active(button.cast()) != 0) }
        return Widget.adopting(button)
    }
}
