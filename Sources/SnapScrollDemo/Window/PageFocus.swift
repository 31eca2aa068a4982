import CSnapGtk
import SnapGtk

/// Which component of a page takes the focus when the page shows (its `grabFocus()` picks the widget).
@MainActor
enum PageFocus {
    private static let key = "snapscroll-demo-focus"

    /// Names `component` (shown inside `page`) as the page's focus target; the page keeps it until it is freed.
    static func mark(_ page: Widget, component: any WidgetRepresentable) {
        g_object_set_data_full(page.unsafePointer.assumingMemoryBound(to: GObject.self), key,
                               Unmanaged.passRetained(Target(component)).toOpaque()) { data in
            Unmanaged<Target>.fromOpaque(data!).release()
        }
    }

    /// The focus target of `page`, if it named one.
    static func component(of page: UnsafeMutablePointer<GtkWidget>) -> (any WidgetRepresentable)? {
        g_object_get_data(UnsafeMutablePointer(OpaquePointer(page)), key)
            .map { Unmanaged<Target>.fromOpaque($0).takeUnretainedValue().component }
    }

    private final class Target {
        let component: any WidgetRepresentable
        init(_ component: any WidgetRepresentable) { self.component = component }
    }
}
