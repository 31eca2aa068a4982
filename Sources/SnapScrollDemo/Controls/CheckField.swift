import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// A check button that switches one thing on and off.
@MainActor
enum CheckField {
    /// A check button titled `title`, checked when `isOn`; `changed` hears each new state the user gives it. `id` names
    /// it to the session recorder and replay (`DemoControls`).
    static func make(_ title: String, id: String, isOn: Bool, changed: @escaping @MainActor (Bool) -> Void) -> Widget {
        let button = gtk_check_button_new_with_label(title)!
        gtk_check_button_set_active(button.cast(), isOn ? 1 : 0)
        Signals.connect(button.raw, "toggled") {
            let on = gtk_check_button_get_active(button.cast()) != 0
            DemoControls.activated(id, DemoControls.flag(on))
            changed(on)
        }
        DemoControls.register(id, button) { value in
            guard let on = DemoControls.parseFlag(value) else { return false }
            gtk_check_button_set_active(button.cast(), on ? 1 : 0)
            return true
        }
        return Widget.adopting(button)
    }
}
