import CSnapGtk
import SnapGtk

/// A page whose component is not built yet says so plainly.
@MainActor
func makeNotBuiltPage(_ title: String) -> UnsafeMutablePointer<GtkWidget> {
    let label = gtk_label_new("\(title): not built yet")!
    gtk_widget_add_css_class(label, "not-built")
    gtk_widget_set_vexpand(label, 1)
    return label
}
