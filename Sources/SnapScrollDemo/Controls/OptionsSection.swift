import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// "Options": a toggle button under the menu, the strip and the carousel that shows and hides the page's test
/// controls (counts, sizes, switches, edit buttons) below it. They start hidden and are built the first time the
/// button opens them, so start-up makes none of them; closing only hides them, and they keep their values.
///
/// Not a `GtkExpander`: GTK 4.8 gives an expander's title no role (a screen reader hears a panel holding the text
/// "Options", neither a button nor its state). A toggle button is a button, and it says whether it is expanded.
@MainActor
enum OptionsSection {
    /// The button, then, once opened, `build()`'s rows one under another. `id` names the button to the session
    /// recorder and replay (`DemoControls`): opening it builds and shows controls, which moves what is below.
    static func make(id: String, _ build: @escaping @MainActor () -> [Widget]) -> Widget {
        let section = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_add_css_class(section, "page-options")
        // Translators: the button under the menu, the strip and the carousel that shows their test controls.
        let title = tr("Options")
        let button = gtk_toggle_button_new()!
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_set_halign(button, GTK_ALIGN_CENTER)
        // The arrow points where the controls will appear: toward the end (mirrored right to left), down when open.
        let arrow = gtk_image_new_from_icon_name("pan-end-symbolic")!
        let face = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
        gtk_box_append(face.cast(), arrow)
        gtk_box_append(face.cast(), gtk_label_new(title))
        gtk_button_set_child(button.cast(), face)
        snap_accessible_set_label(button, title)   // GTK 4.8 does not name a button by a label inside a box
        snap_accessible_set_expanded(button, 0)
        gtk_box_append(section.cast(), button)

        var controls: UnsafeMutablePointer<GtkWidget>?   // owned by `section`, which outlives the button's handler
        Signals.connect(button.raw, "toggled") {
            let open = gtk_toggle_button_get_active(button.cast()) != 0
            DemoControls.activated(id, DemoControls.flag(open))
            gtk_image_set_from_icon_name(arrow.opaque, open ? "pan-down-symbolic" : "pan-end-symbolic")
            snap_accessible_set_expanded(button, open ? 1 : 0)
            if open, controls == nil {
                let rows = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
                for row in build() { gtk_box_append(rows.cast(), row.gtkWidget) }
                gtk_box_append(section.cast(), rows)
                controls = rows
            }
            if let controls { gtk_widget_set_visible(controls, open ? 1 : 0) }
        }
        DemoControls.register(id, button) { value in
            guard let open = DemoControls.parseFlag(value) else { return false }
            gtk_toggle_button_set_active(button.cast(), open ? 1 : 0)
            return true
        }
        return Widget.adopting(section)
    }
}
