import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// The item widget the menu's tabs and the strip's cards share: one label, styled as the tab or card itself and
/// ellipsized so an item never grows wider than its slot (a wider item would rest off-centre). A single widget, not a
/// box around a label: every widget costs GTK a style, an accessible object, a measure and a snapshot, at start-up and
/// while scrolling, and a row holds one item per visible slot and its overscan (side by side, three comparisons of 21
/// launches each: the strip's `ready` 5.7-7.4 ms sooner, the menu's 1.5-5 ms).
@MainActor
enum LabelItem {
    /// A new item: a label with `cssClass`, `height` px tall (its text centred), and the accessible `role` when given.
    static func make(cssClass: String, height: Int32, role: GtkAccessibleRole? = nil) -> UnsafeMutablePointer<GtkWidget> {
        let item = role.map { snap_widget_new_with_role(gtk_label_get_type(), $0)! } ?? gtk_label_new(nil)!
        gtk_widget_add_css_class(item, cssClass)
        gtk_widget_set_size_request(item, -1, height)
        gtk_label_set_ellipsize(item.opaque, PANGO_ELLIPSIZE_END)
        PressFeedback.attach(to: item)
        return item
    }

    /// Shows `text` in an item made by `make`, with `accessibleLabel` (default: the text) for screen readers.
    static func bind(_ item: UnsafeMutablePointer<GtkWidget>, text: String, accessibleLabel: String? = nil) {
        gtk_label_set_text(item.opaque, text)
        snap_accessible_set_label(item, accessibleLabel ?? text)
    }
}

extension WidgetRepresentable {
    /// The component's root as a GTK pointer, for the demo's direct GTK calls.
    var gtk: UnsafeMutablePointer<GtkWidget> { rootWidget.unsafePointer.assumingMemoryBound(to: GtkWidget.self) }
}
