import CSnapGtk

/// A widget type of ours that draws with GTK's render nodes (`GtkSnapshot`): colour rectangles, borders and text
/// layouts that the renderer composes directly, where a `GtkDrawingArea` paints a cairo image of its whole size every
/// time it is drawn (on a large, mostly transparent overlay that image is most of the cost).
///
/// Its snapshot function reaches its owner through a weak link stored on the widget (released by GLib with it); once
/// the owner is gone the widget draws nothing. It measures as empty (give it a size request to have a size).
/// For code that works with GTK's C API (`@_spi(GtkInterop)`): the demo's motion plot is one.
@_spi(GtkInterop) @MainActor
public enum SnapshotWidget {
    /// A GTK widget.
    public typealias Widget = UnsafeMutablePointer<GtkWidget>

    /// A new widget with the accessible role `role` whose snapshot calls `draw` with its owner, the widget, the
    /// snapshot and the widget's width and height.
    public static func make<Owner: AnyObject>(
        role: GtkAccessibleRole, owner: Owner,
        draw: @escaping @MainActor (Owner, Widget, OpaquePointer, Double, Double) -> Void
    ) -> Widget {
        let widget = make(role: role)
        attach(to: widget, owner: owner, draw: draw)
        return widget
    }

    /// A new widget with the accessible role `role` that draws nothing until `attach(to:owner:draw:)` gives it its
    /// drawing (for an owner that keeps the widget in a constant, made before the owner is).
    static func make(role: GtkAccessibleRole) -> Widget {
        snap_widget_new_with_role(type, role)!
    }

    /// Has `widget` (made by this type) draw by calling `draw` with its owner, the widget, the snapshot and the
    /// widget's width and height; `owner` is held weakly.
    static func attach<Owner: AnyObject>(
        to widget: Widget, owner: Owner,
        draw: @escaping @MainActor (Owner, Widget, OpaquePointer, Double, Double) -> Void
    ) {
        let draw: Draw = { [weak owner] widget, snapshot, width, height in
            if let owner { draw(owner, widget, snapshot, width, height) }
        }
        WidgetLifetime.store(Held(draw), on: widget.raw, key: drawKey)
    }

    /// Registered once, on first use: a `GtkWidget` subclass with a snapshot function of its own.
    private static let type = registerWidgetType("SnapSnapshotWidget", classInit: { klass, _ in
        let klass = UInt(bitPattern: klass)
        onGtkThread { SnapshotWidget.initClass(UnsafeMutableRawPointer(bitPattern: klass)!) }
    })

    private static let drawKey = g_quark_from_string("snapscroll-snapshot-draw")

    private static func initClass(_ klass: UnsafeMutableRawPointer) {
        let widgetClass = klass.assumingMemoryBound(to: GtkWidgetClass.self)
        widgetClass.pointee.snapshot = { widget, snapshot in
            guard let widget, let snapshot else { return }
            onGtkThread {
                let draw = WidgetLifetime.stored(Held<Draw>.self, on: widget, key: SnapshotWidget.drawKey)?.value
                draw?(widget, snapshot, Double(gtk_widget_get_width(widget)), Double(gtk_widget_get_height(widget)))
            }
        }
    }

    /// What the snapshot function calls; held by the widget, holding its owner weakly.
    private typealias Draw = @MainActor (Widget, OpaquePointer, Double, Double) -> Void
}

/// Registers the `GtkWidget` subclass `name`, its class set up by `classInit` and each instance by `instanceInit`
/// (the widget types of ours: ``SnapshotWidget``, ``ScrollableWidget``). Call it once, for a static constant.
func registerWidgetType(_ name: String, classInit: GClassInitFunc, instanceInit: GInstanceInitFunc? = nil) -> GType {
    var info = GTypeInfo()
    info.class_size = guint16(MemoryLayout<GtkWidgetClass>.size)
    info.instance_size = guint16(MemoryLayout<GtkWidget>.size)
    info.class_init = classInit
    info.instance_init = instanceInit
    return g_type_register_static(gtk_widget_get_type(), name, &info, GTypeFlags(rawValue: 0))
}
