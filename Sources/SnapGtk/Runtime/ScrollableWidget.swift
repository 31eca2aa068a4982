import CSnapGtk
import SnapCore

/// What a ``ScrollableWidget`` asks of the component that drives it. Reached through a weak link the widget keeps
/// (released by GLib with the widget), so a widget whose owner is gone measures as empty and places nothing.
@MainActor
protocol ScrollableOwner: AnyObject {
    /// Minimum and natural size in `orientation` for `forSize` in the other one (-1: not known).
    func measureScrollable(_ orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32)
    /// The widget (the visible area) was given `width` × `height`: set the scrolling adjustment's range and page
    /// (the horizontal one, or the vertical one of a vertical widget) from the content's extent, and place the
    /// children at their positions minus the adjustment's value.
    func allocateScrollable(width: Int32, height: Int32, adjustment: UnsafeMutablePointer<GtkAdjustment>)
    /// Someone else changed the scrolling adjustment's value (the scrollbar, accessibility, a test): the owner's own
    /// writes (``ScrollableWidget/write(to:_:)``, and whatever it sets in ``allocateScrollable(width:height:adjustment:)``)
    /// never come back here. The widget has queued a new allocation already.
    func scrollableValueChanged(_ adjustment: UnsafeMutablePointer<GtkAdjustment>)
    /// The rectangle (the widget's own coordinates) `child` is drawn within, when it must not draw past it (an item
    /// wider than its slot); nil: drawn whole.
    func clip(ofChild child: UnsafeMutablePointer<GtkWidget>) -> graphene_rect_t?
}

extension ScrollableOwner {
    func clip(ofChild child: UnsafeMutablePointer<GtkWidget>) -> graphene_rect_t? { nil }
}

/// A `GtkScrollable` of ours put directly in a `GtkScrolledWindow`, as GTK's lists are: in each allocation its owner
/// (``ScrollableOwner``) sets the scrolling adjustment from the content's extent and places the children in the
/// widget's own small coordinates, so a row of any length is placed exactly; right to left is the owner flipping the
/// adjustment. As in `GtkListBase`, adjustments always exist, and the owner's writes and the allocation's configure
/// are made with the value handler blocked, so no value of ours comes back as someone else's change.
@MainActor
enum ScrollableWidget {
    typealias Widget = UnsafeMutablePointer<GtkWidget>
    typealias Adjustment = UnsafeMutablePointer<GtkAdjustment>

    /// A new scrollable widget with the accessible role `role` (a construct-only property), driven by `owner` once
    /// ``attach(_:to:)`` links them.
    static func make(role: GtkAccessibleRole) -> Widget {
        snap_widget_new_with_role(type, role)
    }

    /// Makes `owner` the component that measures and places `widget`'s content (held weakly).
    static func attach(_ owner: some ScrollableOwner, to widget: Widget) {
        state(of: widget)?.owner = owner
    }

    /// The scrolling adjustment (horizontal, or vertical for a vertical widget): the one the scrolled window handed
    /// over, or (outside a scrolled window) the widget's own.
    static func adjustment(of widget: Widget) -> Adjustment {
        guard let state = state(of: widget) else { preconditionFailure("not a ScrollableWidget") }
        return state.scrolling
    }

    /// The owner's own write to the scrolling adjustment (a value, a configure) in `body`: made with the value handler
    /// blocked, so it does not come back to the owner as someone else's change; the content is placed again.
    static func write(to widget: Widget, _ body: (Adjustment) -> Void) {
        guard let state = state(of: widget) else { preconditionFailure("not a ScrollableWidget") }
        state.write(body)
    }

    /// Makes the widget scroll along `orientation` (horizontal at first): its owner then hears the value changes of
    /// that adjustment and sets it in each allocation; the other adjustment is the visible extent, nothing to scroll.
    static func setOrientation(_ orientation: Orientation, of widget: Widget) {
        state(of: widget)?.setVertical(orientation == .vertical)
    }

    /// Registered once, on first use: a `GtkWidget` subclass implementing `GtkScrollable`.
    private static var parentClass: UnsafeMutablePointer<GObjectClass>?
    private static let type: GType = {
        let type = registerWidgetType("SnapScrollable", classInit: { klass, _ in
            let klass = UInt(bitPattern: klass)
            onGtkThread { ScrollableWidget.initClass(UnsafeMutableRawPointer(bitPattern: klass)!) }
        }, instanceInit: { instance, _ in
            let widget = UInt(bitPattern: instance)
            onGtkThread { ScrollableWidget.initInstance(UnsafeMutablePointer(bitPattern: widget)!) }
        })
        var scrollable = GInterfaceInfo()
        g_type_add_interface_static(type, gtk_scrollable_get_type(), &scrollable)
        return type
    }()

    /// `GtkScrollable`'s properties, by id from 1: an adjustment and a scroll policy for each axis, horizontal first.
    fileprivate static let properties = ["hadjustment", "vadjustment", "hscroll-policy", "vscroll-policy"]

    /// The axis (0: horizontal, 1: vertical) and kind of property `id`, nil for an id the class does not have.
    private static func property(_ id: guint) -> (axis: Int, isPolicy: Bool)? {
        (1...4).contains(id) ? (Int(id - 1) % 2, id > 2) : nil
    }

    private static let stateKey = g_quark_from_string("snapscroll-scrollable-state")
    /// The widget's CSS node name (GTK's lists have `listview`, `gridview`).
    static let cssName = "snapscrollable"

    private static func state(of widget: UnsafeMutableRawPointer?) -> ScrollableState? {
        WidgetLifetime.stored(ScrollableState.self, on: widget, key: stateKey)
    }

    private static func initClass(_ klass: UnsafeMutableRawPointer) {
        parentClass = g_type_class_peek_parent(klass)?.assumingMemoryBound(to: GObjectClass.self)
        let objectClass = klass.assumingMemoryBound(to: GObjectClass.self)
        objectClass.pointee.set_property = { object, id, value, pspec in
            onGtkThread { ScrollableWidget.setProperty(object!, id, value!, pspec) }
        }
        objectClass.pointee.get_property = { object, id, value, pspec in
            onGtkThread { ScrollableWidget.getProperty(object!, id, value!, pspec) }
        }
        objectClass.pointee.dispose = { object in
            onGtkThread { ScrollableWidget.dispose(UnsafeMutableRawPointer(object!)) }
        }
        for (index, name) in properties.enumerated() { g_object_class_override_property(objectClass, guint(index + 1), name) }
        let widgetClass = klass.assumingMemoryBound(to: GtkWidgetClass.self)
        gtk_widget_class_set_css_name(widgetClass, cssName)
        widgetClass.pointee.measure = { widget, orientation, forSize, minimum, natural, _, _ in
            let sizes = onGtkThread {
                ScrollableWidget.state(of: widget!)?.owner?.measureScrollable(orientation, forSize: forSize) ?? (0, 0)
            }
            minimum?.pointee = sizes.0
            natural?.pointee = sizes.1
        }
        widgetClass.pointee.size_allocate = { widget, width, height, _ in
            onGtkThread { ScrollableWidget.state(of: widget!)?.allocate(width: width, height: height) }
        }
        widgetClass.pointee.snapshot = { widget, snapshot in
            onGtkThread { ScrollableWidget.snapshot(widget!, snapshot!) }
        }
    }

    /// Draws the children in order, each within the clip its owner gives it.
    private static func snapshot(_ widget: Widget, _ snapshot: OpaquePointer) {
        let owner = state(of: widget)?.owner
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if var clip = owner?.clip(ofChild: current) {
                gtk_snapshot_push_clip(snapshot, &clip)
                gtk_widget_snapshot_child(widget, current, snapshot)
                gtk_snapshot_pop(snapshot)
            } else {
                gtk_widget_snapshot_child(widget, current, snapshot)
            }
            child = gtk_widget_get_next_sibling(current)
        }
    }

    private static func initInstance(_ widget: Widget) {
        WidgetLifetime.store(ScrollableState(widget: widget), on: widget.raw, key: stateKey)
        // Children outside the visible area (the overscan) are not drawn over the scrolled window's edges.
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)
    }

    private static func setProperty(_ object: UnsafeMutablePointer<GObject>, _ id: guint, _ value: UnsafePointer<GValue>,
                                    _ pspec: UnsafeMutablePointer<GParamSpec>?) {
        guard let state = state(of: UnsafeMutableRawPointer(object)) else { return }
        guard let (axis, isPolicy) = property(id) else { return snap_object_warn_invalid_property(object, id, pspec) }
        if isPolicy {
            state.setPolicy(GtkScrollablePolicy(rawValue: UInt32(bitPattern: g_value_get_enum(value))), axis: axis)
        } else {
            state.setAdjustment(g_value_get_object(value)?.assumingMemoryBound(to: GtkAdjustment.self), axis: axis)
        }
    }

    private static func getProperty(_ object: UnsafeMutablePointer<GObject>, _ id: guint, _ value: UnsafeMutablePointer<GValue>,
                                    _ pspec: UnsafeMutablePointer<GParamSpec>?) {
        guard let state = state(of: UnsafeMutableRawPointer(object)) else { return }
        guard let (axis, isPolicy) = property(id) else { return snap_object_warn_invalid_property(object, id, pspec) }
        if isPolicy {
            g_value_set_enum(value, gint(bitPattern: state.policies[axis].rawValue))
        } else {
            g_value_set_object(value, UnsafeMutableRawPointer(state.adjustments[axis]))
        }
    }

    /// Lets go of the adjustments and the children while the widget is still a widget, then GTK's own dispose.
    private static func dispose(_ object: UnsafeMutableRawPointer) {
        if let state = state(of: object) {
            state.stopFollowing()
            Ownership.removeChildren(of: state.widget)
        }
        parentClass?.pointee.dispose?(object.assumingMemoryBound(to: GObject.self))
    }
}

/// One scrollable widget's own data, stored on it and released by GLib when it is finalised (its `deinit` calls
/// nothing of GTK: the adjustments are held by the widget's own data, which GLib unrefs at finalise).
@MainActor
private final class ScrollableState {
    /// The widget this belongs to (the state lives exactly as long as it).
    let widget: UnsafeMutablePointer<GtkWidget>
    weak var owner: (any ScrollableOwner)?
    /// The adjustments, horizontal then vertical: always one each (the widget's own until a scrolled window hands
    /// one over).
    private(set) var adjustments: [UnsafeMutablePointer<GtkAdjustment>] = []
    /// The scroll policies, horizontal then vertical.
    private(set) var policies = [GTK_SCROLL_MINIMUM, GTK_SCROLL_MINIMUM]
    private var valueHandler: UInt = 0
    /// The axis that scrolls: 0 horizontal, 1 vertical.
    private var axis = 0
    /// Inside our own allocation (what the owner writes there is placed by that same allocation).
    private var allocating = false
    /// Disposed: no value change reaches the owner any more.
    private var disposed = false

    private static let keys = ["snapscroll-hadjustment", "snapscroll-vadjustment"]

    init(widget: UnsafeMutablePointer<GtkWidget>) {
        self.widget = widget
        adjustments = Self.keys.map { Self.hold(nil, on: widget, key: $0) }
        connectValue()
    }

    /// Sinks `adjustment` (a new one of ours when nil) and keeps it as the widget's data: GLib unrefs it when it is
    /// replaced or the widget is finalised.
    private static func hold(_ adjustment: UnsafeMutablePointer<GtkAdjustment>?, on widget: UnsafeMutablePointer<GtkWidget>,
                             key: String) -> UnsafeMutablePointer<GtkAdjustment> {
        let adjustment = adjustment ?? gtk_adjustment_new(0, 0, 0, 0, 0, 0)!
        g_object_ref_sink(adjustment)
        g_object_set_data_full(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), key,
                               UnsafeMutableRawPointer(adjustment)) { g_object_unref($0) }
        return adjustment
    }

    var scrolling: UnsafeMutablePointer<GtkAdjustment> { adjustments[axis] }

    /// Scrolls along the other axis from now on: the value handler moves to that adjustment, and the content is
    /// measured and placed again.
    func setVertical(_ value: Bool) {
        guard (value ? 1 : 0) != axis else { return }
        disconnectValue()
        axis = value ? 1 : 0
        connectValue()
        gtk_widget_queue_resize(widget)
    }

    /// Takes an adjustment handed over for `axis` (nil: one of our own again); the content is placed again with it.
    func setAdjustment(_ adjustment: UnsafeMutablePointer<GtkAdjustment>?, axis: Int) {
        guard adjustment != adjustments[axis] || adjustment == nil else { return }
        let scrolls = axis == self.axis
        if scrolls { disconnectValue() }
        adjustments[axis] = Self.hold(adjustment, on: widget, key: Self.keys[axis])
        if scrolls { connectValue() }
        gtk_widget_queue_allocate(widget)
    }

    /// Stores a new scroll policy for `axis`: when it changed, the widget is measured again and the property notified.
    func setPolicy(_ policy: GtkScrollablePolicy, axis: Int) {
        guard policy != policies[axis] else { return }
        policies[axis] = policy
        gtk_widget_queue_resize(widget)
        g_object_notify(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), ScrollableWidget.properties[2 + axis])
    }

    /// At dispose: no more value changes reach the owner (the adjustments go with the widget's data).
    func stopFollowing() {
        disconnectValue()
        disposed = true
    }

    /// The owner's own write: its value change is not the owner's to hear; the content is placed again.
    func write(_ body: (UnsafeMutablePointer<GtkAdjustment>) -> Void) {
        let adjustment = scrolling
        blocked(adjustment) { body(adjustment) }
        if !allocating { gtk_widget_queue_allocate(widget) }
    }

    /// Runs `body` with our value handler blocked on `adjustment` (when it is the scrolling one).
    private func blocked(_ adjustment: UnsafeMutablePointer<GtkAdjustment>, _ body: () -> Void) {
        let handler = adjustment == scrolling ? valueHandler : 0
        if handler != 0 { g_signal_handler_block(UnsafeMutableRawPointer(adjustment), gulong(handler)) }
        body()
        if handler != 0 { g_signal_handler_unblock(UnsafeMutableRawPointer(adjustment), gulong(handler)) }
    }

    /// Follows the scrolling adjustment's value changes made by others for the owner.
    private func connectValue() {
        guard !disposed else { return }
        let adjustment = scrolling
        valueHandler = Signals.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak self] in
            guard let self else { return }
            gtk_widget_queue_allocate(self.widget)
            self.owner?.scrollableValueChanged(adjustment)
        }
    }

    private func disconnectValue() {
        if valueHandler != 0 { Signals.disconnect(UnsafeMutableRawPointer(scrolling), valueHandler) }
        valueHandler = 0
    }

    /// One configuration of the adjustments per allocation, with our handler blocked: the owner's (the scrolling
    /// one, in ``ScrollableOwner/allocateScrollable(width:height:adjustment:)``) and the visible extent across.
    func allocate(width: Int32, height: Int32) {
        allocating = true
        defer { allocating = false }
        // Nothing scrolls across the content: that adjustment is the visible extent.
        let page = Double(axis == 1 ? width : height)
        gtk_adjustment_configure(adjustments[1 - axis], 0, 0, page, page * 0.1, page * 0.9, page)
        let adjustment = scrolling
        blocked(adjustment) { owner?.allocateScrollable(width: width, height: height, adjustment: adjustment) }
    }
}
