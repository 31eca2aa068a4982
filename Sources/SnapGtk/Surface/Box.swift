import CSnapGtk

/// A row or column of widgets (a `GtkBox`).
@MainActor
public final class Box: Widget {
    /// How the children follow each other.
    public enum Orientation: Sendable {
        /// Side by side, from the start edge.
        case horizontal
        /// One under the other.
        case vertical
    }

    /// An empty box laying children out in `orientation` with `spacing` px between them, with `role` for assistive
    /// technologies (nil: a plain group), e.g. `.tabList` for a row of ``Label``s made with the role `.tab`.
    public init(_ orientation: Orientation, spacing: Int = 0, role: AccessibleRole? = nil) {
        let gtkOrientation = orientation == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
        guard let role else {
            super.init(gtk_box_new(gtkOrientation, Int32(clamping: spacing)))
            return
        }
        // The role is construct-only; orientation and spacing are ordinary properties, set after.
        let box = snap_widget_new_with_role(gtk_box_get_type(), role.gtk)!
        gtk_orientable_set_orientation(OpaquePointer(box), gtkOrientation)
        gtk_box_set_spacing(UnsafeMutablePointer(OpaquePointer(box)), Int32(clamping: spacing))
        super.init(box)
    }

    /// Adds `child` after the last child.
    public func append(_ child: some WidgetRepresentable) {
        gtk_box_append(boxPointer, child.rootWidget.pointer)
    }

    /// Removes `child`, which must be a child of this box.
    public func remove(_ child: some WidgetRepresentable) {
        gtk_box_remove(boxPointer, child.rootWidget.pointer)
    }

    private var boxPointer: UnsafeMutablePointer<GtkBox> { UnsafeMutablePointer(OpaquePointer(pointer)) }
}
