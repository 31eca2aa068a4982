import CSnapGtk

/// Small helpers for owning GTK objects from Swift: floating references sunk when kept, and children removed
/// through their parent. (A Swift object tied to a widget's lifetime: `WidgetLifetime.tie`.)
/// For code that works with GTK's C API directly (the demo, tests): `@_spi(GtkInterop) import SnapGtk`.
@_spi(GtkInterop) @MainActor
public enum Ownership {
    /// Takes a reference the caller owns (sinking a floating one); balance with `g_object_unref`.
    @discardableResult
    public static func keep<T>(_ object: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
        g_object_ref_sink(object)
        return object
    }

    /// Removes every child of a widget through the widget's own API (box, or plain unparent).
    public static func removeChildren(of parent: UnsafeMutablePointer<GtkWidget>) {
        while let child = gtk_widget_get_first_child(parent) {
            if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(parent)), gtk_box_get_type()) != 0 {
                gtk_box_remove(parent.cast(), child)
            } else {
                gtk_widget_unparent(child)
            }
        }
    }
}

/// Pointer casts GTK's C API needs all the time, named once.
@_spi(GtkInterop) public extension UnsafeMutablePointer where Pointee == GtkWidget {
    /// The widget as an untyped GObject pointer, for signal connection and GObject calls.
    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(self) }
    /// The widget as an opaque pointer, for the many GTK types Swift imports opaquely (GtkBox *, GtkLabel *, …).
    var opaque: OpaquePointer { OpaquePointer(self) }
    /// The widget as a typed pointer of one of its classes (GtkBox *, GtkWindow *, …).
    func cast<T>() -> UnsafeMutablePointer<T> { UnsafeMutablePointer<T>(OpaquePointer(self)) }
}
