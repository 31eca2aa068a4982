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
        super.init(Widget.make(gtk_box_get_type(), role: role))
        // The role is construct-only; orientation and spacing are ordinary properties, set after.
        let gtkOrientation = orientation == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
        gtk_orientable_set_orientation(pointer.opaque, gtkOrientation)
        gtk_box_set_spacing(pointer.cast(), Int32(clamping: spacing))
    }

    /// Adds `child` after the last child.
    public func append(_ child: some WidgetRepresentable) {
        gtk_box_append(pointer.cast(), child.rootWidget.pointer)
    }

    /// Removes `child`, which must be a child of this box.
    public func remove(_ child: some WidgetRepresentable) {
        gtk_box_remove(pointer.cast(), child.rootWidget.pointer)
    }
}
