import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// Check buttons of which one is checked at a time (GTK draws them as radio buttons).
@MainActor
enum ChoiceButtons {
    /// One button per title, `titles[selected]` checked; `changed` hears the index of each button the user checks.
    /// `id` names the choice to the session recorder and replay (`DemoControls`), its value the index.
    static func make(_ titles: [String], id: String, selected: Int, changed: @escaping @MainActor (Int) -> Void) -> [Widget] {
        let buttons = titles.map { gtk_check_button_new_with_label($0)! }
        for button in buttons.dropFirst() { gtk_check_button_set_group(button.cast(), buttons[0].cast()) }
        if buttons.indices.contains(selected) { gtk_check_button_set_active(buttons[selected].cast(), 1) }
        for (index, button) in buttons.enumerated() {
            // Both the button checked and the one unchecked report `toggled`: only the first is a choice.
            Signals.connect(button.raw, "toggled") {
                guard gtk_check_button_get_active(button.cast()) != 0 else { return }
                DemoControls.activated(id, String(index))
                changed(index)
            }
        }
        if let first = buttons.first {
            // One entry for the choice, held as long as its first button (the buttons live and go together).
            DemoControls.register(id, first) { value in
                guard let value, let index = Int(value), buttons.indices.contains(index) else { return false }
                gtk_check_button_set_active(buttons[index].cast(), 1)
                return true
            }
        }
        return buttons.map(Widget.adopting)
    }
}
