import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// A spin button with its title beside it, as one field (the title stays beside its button when a row wraps).
@MainActor
enum SpinField {
    /// A field titled `title` holding `value` in `range`, moved by `step`; `changed` hears each new value.
    /// `accessibleLabel` names the spin button for screen readers (default: the title). `id` names it to the session
    /// recorder and replay (`DemoControls`).
    static func make(_ title: String, id: String, value: Double, range: ClosedRange<Double>, step: Double,
                     accessibleLabel: String? = nil, changed: @escaping @MainActor (Double) -> Void) -> Widget {
        let label = gtk_label_new(title)!
        let button = gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step)!
        gtk_spin_button_set_value(button.opaque, value)
        snap_accessible_set_label(button, accessibleLabel ?? title)
        Signals.connect(button.raw, "value-changed") {
            let value = gtk_spin_button_get_value(button.opaque)
            DemoControls.activated(id, Recording.number(value))
            changed(value)
        }
        DemoControls.register(id, button) { text in
            guard let text, let number = Double(text), range.contains(number) else { return false }
            gtk_spin_button_set_value(button.opaque, number)
            return true
        }
        let field = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(field.cast(), label)
        gtk_box_append(field.cast(), button)
        return Widget.adopting(field)
    }
}
