import CSnapGtk
import CSnapGtkTesting

/// Whether `widget`'s accessible SELECTED state is `expected` (GTK's `gtk_test_accessible_check_state`).
@MainActor func accessibleSelected(_ widget: UnsafeMutablePointer<GtkWidget>?, is expected: Bool) -> Bool {
    snap_test_accessible_selected_is(widget, expected ? 1 : 0) != 0
}

/// Whether `widget`'s accessible LABEL is `expected` (GTK's `gtk_test_accessible_check_property`).
@MainActor func accessibleLabel(_ widget: UnsafeMutablePointer<GtkWidget>?, is expected: String) -> Bool {
    snap_test_accessible_label_is(widget, expected) != 0
}
