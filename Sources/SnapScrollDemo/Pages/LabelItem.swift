import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// The item widget the menu's tabs and the strip's cards share: a box holding one label, ellipsized so an item
/// never grows wider than its slot (a wider item would rest off-centre).
@MainActor
enum LabelItem {
    /// A new item: a box with `cssClass`, `height` px tall, and the accessible `role` when given.
    static func make(cssClass: String, height: Int32, role: GtkAccessibleRole? = nil) -> UnsafeMutablePointer<GtkWidget> {
        let item = role.map { snap_widget_new_with_role(gtk_box_get_type(), $0)! } ?? gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        gtk_widget_add_css_class(item, cssClass)
        gtk_widget_set_size_request(item, -1, height)
        let label = gtk_label_new(nil)!
        gtk_widget_set_hexpand(label, 1)
        gtk_widget_set_vexpand(label, 1)
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        gtk_box_append(item.cast(), label)
        PressFeedback.attach(to: item)
        return item
    }

    /// Shows `text` in an item made by `make`, with `accessibleLabel` (default: the text) for screen readers.
    static func bind(_ item: UnsafeMutablePointer<GtkWidget>, text: String, accessibleLabel: String? = nil) {
        gtk_label_set_text(gtk_widget_get_first_child(item).opaque, text)
        snap_accessible_set_label(item, accessibleLabel ?? text)
    }
}

extension WidgetRepresentable {
    /// The component's root as a GTK pointer, for the demo's direct GTK calls.
    var gtk: UnsafeMutablePointer<GtkWidget> { rootWidget.unsafePointer.assumingMemoryBound(to: GtkWidget.self) }
}
