import CSnapGtk
import SnapGtk

// The demo's own GTK controls (spin buttons, check buttons, a stack, a plain scrolled window, the wrapping row) are
// made with GTK's C API, as an application with GTK code of its own would make them, and handed to the pages as
// SnapGtk `Widget` handles through the public interop entry, `Widget(unsafeRetaining:)`. SnapGtk stays a library
// of snapping components rather than growing a wrapper for every GTK widget the demo happens to use.

extension Widget {
    /// A handle owning `widget`, a widget just made with GTK's C API: its floating reference is sunk into the
    /// handle, so the widget lives as long as the handle or a parent holds it.
    static func adopting(_ widget: UnsafeMutablePointer<GtkWidget>) -> Widget {
        g_object_ref_sink(widget)
        let handle = Widget(unsafeRetaining: UnsafeMutableRawPointer(widget))
        g_object_unref(widget)
        return handle
    }
}

extension WidgetRepresentable {
    /// The component's root as a `GtkWidget *`, for the controls' GTK calls; valid while the component lives.
    var gtkWidget: UnsafeMutablePointer<GtkWidget> { rootWidget.unsafePointer.assumingMemoryBound(to: GtkWidget.self) }
}
