import CSnapGtk

/// The one lifetime rule of every SnapGtk widget, in one place.
///
/// - The Swift owner lives exactly as long as its root widget (`tie`): GLib holds the one strong reference and lets
///   go of it when the widget is finalised.
/// - GTK reaches the owner only through weak links (`layout`, and `[weak self]` in signal handlers), each stored on
///   a GTK object as a box that GLib releases with the object: no unretained self-pointers on GTK objects.
/// - Teardown happens on the root widget's `destroy` (emitted from its dispose, while it is still a widget):
///   frame drivers stop, observers are disconnected, pools are dropped. A Swift `deinit` never calls GTK, because it
///   may run inside GObject finalize.
@_spi(GtkInterop) @MainActor
public enum WidgetLifetime {
    typealias Widget = UnsafeMutablePointer<GtkWidget>

    /// Keeps `owner` alive as long as `widget`, and runs `teardown` once on the widget's `destroy`, while the widget
    /// and its children are still alive. `teardown` is given the owner, so it needs no capture of its own.
    public static func tie<Owner: AnyObject>(_ owner: Owner, to widget: UnsafeMutablePointer<GtkWidget>,
                                      teardown: (@MainActor (Owner) -> Void)? = nil) {
        store(owner, on: widget.raw, key: ownerKey)
        guard let teardown else { return }
        Signals.connect(widget.raw, "destroy") { [weak owner] in
            if let owner { teardown(owner) }
        }
    }

    /// Gives `widget` a custom layout whose measure and allocate reach `owner` through a weak link kept on the
    /// widget (released by GLib with the widget). `measure` returns (minimum, natural) for an orientation and the
    /// size in the other orientation (-1 = unknown); `allocate` gets width and height. Once the owner is gone the
    /// widget measures as empty and allocates nothing.
    static func layout<Owner: AnyObject>(
        _ widget: Widget, owner: Owner, heightForWidth: Bool = false,
        measure: @escaping @MainActor (Owner, GtkOrientation, Int32) -> (minimum: Int32, natural: Int32),
        allocate: @escaping @MainActor (Owner, Int32, Int32) -> Void
    ) {
        let functions: LayoutFunctions = (
            measure: { [weak owner] orientation, forSize in
                guard let owner else { return (0, 0) }
                return measure(owner, orientation, forSize)
            },
            allocate: { [weak owner] width, height in
                if let owner { allocate(owner, width, height) }
            })
        store(Held(functions), on: widget.raw, key: layoutKey)
        // Height for width when the height depends on the width given (the carousel's banners keep proportions).
        let requestMode: GtkCustomRequestModeFunc? = heightForWidth ? { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH } : nil
        gtk_widget_set_layout_manager(widget, gtk_custom_layout_new(requestMode, { widget, orientation, forSize, minimum, natural, _, _ in
            let sizes = onGtkThread { WidgetLifetime.layout(of: widget)?.measure(orientation, forSize) ?? (0, 0) }
            minimum?.pointee = sizes.0
            natural?.pointee = sizes.1
        }, { widget, width, height, _ in
            onGtkThread { WidgetLifetime.layout(of: widget)?.allocate(width, height) }
        }))
    }

    private static let ownerKey = g_quark_from_string("snapscroll-owner")
    private static let layoutKey = g_quark_from_string("snapscroll-layout")

    /// What a custom layout manager calls; held by the widget, holding its owner weakly.
    private typealias LayoutFunctions = (measure: @MainActor (GtkOrientation, Int32) -> (Int32, Int32),
                                         allocate: @MainActor (Int32, Int32) -> Void)

    private static func layout(of widget: Widget?) -> LayoutFunctions? {
        stored(Held<LayoutFunctions>.self, on: widget, key: layoutKey)?.value
    }

    /// Keeps `object` on the GObject `instance` under `key` (replacing what was there) until GLib lets go of it with
    /// the instance: how every Swift object GTK reaches (an owner, a box of callbacks, a widget's state) is held.
    static func store(_ object: AnyObject, on instance: UnsafeMutableRawPointer, key: GQuark) {
        g_object_set_qdata_full(instance.assumingMemoryBound(to: GObject.self), key, retained(object), release)
    }

    /// `object` retained, as the data GLib keeps for a callback or an object until it calls ``release`` with it.
    static func retained(_ object: AnyObject) -> UnsafeMutableRawPointer { Unmanaged.passRetained(object).toOpaque() }

    /// The destroy notify that lets go of data made by ``retained(_:)``.
    static let release: GDestroyNotify = { Unmanaged<AnyObject>.fromOpaque($0!).release() }

    /// The object of type `T` that ``store(_:on:key:)`` keeps on `instance` under `key`, if any.
    static func stored<T: AnyObject>(_ type: T.Type, on instance: UnsafeMutableRawPointer?, key: GQuark) -> T? {
        guard let instance, let data = g_object_get_qdata(instance.assumingMemoryBound(to: GObject.self), key) else { return nil }
        return Unmanaged<T>.fromOpaque(data).takeUnretainedValue()
    }
}

/// A value in a box, for what GLib holds (an object's data, a signal handler's capture) or several closures share.
final class Held<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
