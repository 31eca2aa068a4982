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
    // (A box's own `gtk_box_remove` is this same unparent, after checking the parent.)
    public static func removeChildren(of parent: UnsafeMutablePointer<GtkWidget>) {
        while let child = gtk_widget_get_first_child(parent) { gtk_widget_unparent(child) }
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
