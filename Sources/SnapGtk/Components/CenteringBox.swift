import CSnapGtk
import SnapCore
import Glibc

/// A horizontal container for any child: centred with no scrolling while the child is narrower than the view,
/// start-aligned (left, or right in RTL) and scrollable once it is wider.
///
/// A scrolled window over a `ScrollableWidget` that places the child with `CenteringLayout`; the scroll is kept as a
/// distance from the start edge, so nothing jumps as the child grows or the direction flips. The focused widget is
/// scrolled into view; while scrolling, the box is a Tab stop that the arrows, Page Up/Down, Home/End and a
/// vertical wheel scroll.
@MainActor
public final class CenteringBox {
    /// The root widget (the scrolled window) to put in a parent.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The widget the child lives in: the scrolled window's scrollable child, as wide as the view.
    let holder: UnsafeMutablePointer<GtkWidget>
    /// The horizontal adjustment of the scroller.
    var adjustment: UnsafeMutablePointer<GtkAdjustment> { ScrollableWidget.adjustment(of: holder) }
    /// The hosted child's widget, if any.
    private(set) var childWidget: UnsafeMutablePointer<GtkWidget>?
    /// The hosted content: any widget or component, or nil for an empty box. The box keeps it while it is set.
    public var child: (any WidgetRepresentable)? {
        didSet { setChild(child?.rootWidget.pointer) }
    }
    /// The current placement (updated at every allocation).
    public private(set) var placement: CenteringLayout?
    /// The mode as of the last allocation; nil before the first.
    public var mode: CenteringLayout.Mode? { placement?.mode }
    /// Called (from the main loop, after the allocation that caused it) when the mode changes,
    /// including the first mode once the box is first allocated.
    public var onModeChanged: ((CenteringLayout.Mode) -> Void)?

    private var reportedMode: CenteringLayout.Mode?
    /// How far the content is scrolled from its start edge (the left, or the right in RTL), px.
    private var startDistance = 0.0
    /// The window the box is in, whose focus changes are followed (see `followFocus`).
    private var root: UnsafeMutableRawPointer?
    private var focusHandler: UInt = 0
    /// Reports the mode from an idle callback: changing other widgets (a readout label) from inside an allocation
    /// would queue a resize in the middle of layout. A flip and flop within one layout pass reports nothing.
    private lazy var reportBatch = IdleBatch { [weak self] in
        guard let self, let mode = self.mode, mode != self.reportedMode else { return }
        self.reportedMode = mode
        self.onModeChanged?(mode)
    }

    /// A centring container with `label` as the scroller's accessible label.
    public init(label: String) {
        WidgetStyle.install()
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(widget.opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_add_css_class(widget, "centering-box")
        snap_accessible_set_label(widget, label)

        holder = ScrollableWidget.make(role: GTK_ACCESSIBLE_ROLE_GENERIC)
        gtk_widget_add_css_class(holder, "centering-content")
        // Natural policy: the content is as wide as the child wants, so "fits" means its natural width fits.
        gtk_scrollable_set_hscroll_policy(holder.opaque, GTK_SCROLL_NATURAL)
        gtk_scrolled_window_set_child(widget.opaque, holder)
        ScrollableWidget.attach(self, to: holder)
        Signals.connectNotify(holder.raw, property: "root") { [weak self] in self?.followFocus() }
        // Keys while the box itself has the focus (not a widget inside the child), and a vertical wheel over it.
        KeyTranslation.addController(to: widget) { [weak self] keyval, state in
            guard let self, KeyTranslation.isPlain(state), gtk_widget_has_focus(self.widget) != 0,
                  let press = KeyTranslation.press(for: keyval) else { return false }
            return self.scroll(by: press)
        }
        // In the capture phase: the scrolled window's own controller would take a vertical wheel and do nothing with it.
        let wheel = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        gtk_event_controller_set_propagation_phase(wheel, GTK_PHASE_CAPTURE)
        Signals.connectDoubles(UnsafeMutableRawPointer(wheel), "scroll") { [weak self] _, dy in
            self?.scrollVertically(dy, unit: gtk_event_controller_scroll_get_unit(wheel)) ?? false
        }
        gtk_widget_add_controller(widget, wheel)
        WidgetLifetime.tie(self, to: widget) { $0.reportBatch.cancel() }
    }

    /// Hosts `child` (replacing any previous one); nil empties the box.
    func setChild(_ newChild: UnsafeMutablePointer<GtkWidget>?) {
        if let childWidget { gtk_widget_unparent(childWidget) }
        childWidget = newChild
        if let newChild { gtk_widget_set_parent(newChild, holder) }
        gtk_widget_queue_resize(holder)
    }

    /// The viewport's width: the adjustment's page size once allocated.
    public var viewportWidth: Double { gtk_adjustment_get_page_size(adjustment) }

    private var isRightToLeft: Bool { gtk_widget_get_direction(holder) == GTK_TEXT_DIR_RTL }

    /// The holder's CSS padding at both ends (its inset while the content scrolls): GTK takes it off the width the
    /// holder is given, so the room the child has is the view less this.
    private var inset: Double {
        var padding = GtkBorder()
        gtk_style_context_get_padding(gtk_widget_get_style_context(holder), &padding)
        return Double(padding.left) + Double(padding.right)
    }

    /// The child, while there is one to show.
    private var visibleChild: UnsafeMutablePointer<GtkWidget>? {
        childWidget.flatMap { gtk_widget_get_visible($0) != 0 ? $0 : nil }
    }

    /// How far the content scrolls: its length less the view's.
    private var scrollEnd: Double { gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment) }

    /// Scrolls to `value`, kept within the content; true (the input was used).
    private func scroll(to value: Double) -> Bool {
        gtk_adjustment_set_value(adjustment, min(max(value, 0), scrollEnd))
        return true
    }

    // MARK: Keys and wheel

    /// Moves the content for a key; false (the key goes on to others) when it does not scroll or the key is not one
    /// of the box's.
    @_spi(Testing) public func scroll(by press: KeyPress) -> Bool {
        guard mode == .scrolling else { return false }
        let value = gtk_adjustment_get_value(adjustment)
        // Values count from the left end; the start edge is the right one right to left.
        let towardEnd: Double = isRightToLeft ? -1 : 1
        switch press {
        case .left: return scroll(to: value - gtk_adjustment_get_step_increment(adjustment))
        case .right: return scroll(to: value + gtk_adjustment_get_step_increment(adjustment))
        case .home: return scroll(to: isRightToLeft ? scrollEnd : 0)
        case .end: return scroll(to: isRightToLeft ? 0 : scrollEnd)
        case .pageUp: return scroll(to: value - towardEnd * gtk_adjustment_get_page_increment(adjustment))
        case .pageDown: return scroll(to: value + towardEnd * gtk_adjustment_get_page_increment(adjustment))
        default: return false
        }
    }

    /// A vertical mouse wheel scrolls the content sideways, toward its end for a turn down: a notch as far as GTK's
    /// own scrolled windows move for one (the view's width to the power 2/3). Touchpad deltas are left to the scrolled
    /// window (a sideways swipe's vertical jitter must not swallow its sideways part).
    @_spi(Testing) public func scrollVertically(_ dy: Double, unit: GdkScrollUnit) -> Bool {
        guard mode == .scrolling, dy != 0, unit == GDK_SCROLL_UNIT_WHEEL else { return false }
        let distance = dy * pow(gtk_adjustment_get_page_size(adjustment), 2.0 / 3.0)
        return scroll(to: gtk_adjustment_get_value(adjustment) + (isRightToLeft ? -distance : distance))
    }

    // MARK: Focus

    /// Follows the focus of the window the box is in (reconnected whenever the box moves to another window).
    private func followFocus() {
        if let root, focusHandler != 0 { Signals.disconnect(root, focusHandler) }
        focusHandler = 0
        root = gtk_widget_get_root(holder).map { UnsafeMutableRawPointer($0) }
        guard let root else { return }
        focusHandler = Signals.connectNotify(root, property: "focus-widget") { [weak self] in self?.scrollFocusIntoView() }
    }

    /// Scrolls as little as shows the whole focused widget, when the focus is inside the child.
    private func scrollFocusIntoView() {
        guard gtk_widget_get_state_flags(holder).rawValue & GTK_STATE_FLAG_FOCUS_WITHIN.rawValue != 0,
              let root = gtk_widget_get_root(holder), let focus = gtk_root_get_focus(root) else { return }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(focus, holder, &bounds) != 0 else { return }
        // The holder's coordinates start inside its padding, the adjustment's at the content's left end: the
        // focused widget is shown with the insets around it (the whole content's first and last widget reach the
        // content's ends).
        let value = gtk_adjustment_get_value(adjustment)
        let page = gtk_adjustment_get_page_size(adjustment)
        let start = Double(bounds.origin.x) + value
        let end = start + Double(bounds.size.width) + inset
        if start < value {
            gtk_adjustment_set_value(adjustment, start)
        } else if end > value + page {
            gtk_adjustment_set_value(adjustment, min(start, end - page))
        }
    }
}

extension CenteringBox: ScrollableOwner {
    func measureScrollable(_ orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        guard let child = visibleChild else { return (0, 0) }
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(child, orientation, forSize, &minimum, &natural, nil, nil)
        return (minimum, natural)
    }

    /// The view is the holder's width plus its padding; the content is the child's natural width plus the padding
    /// when it does not fit, the view when it does. The child sits at its place in the content minus the value.
    func allocateScrollable(width: Int32, height: Int32, adjustment: UnsafeMutablePointer<GtkAdjustment>) {
        let inset = inset
        let view = Double(width) + inset
        let child = visibleChild
        var childWidth: Int32 = 0, natural: Int32 = 0
        if let child {
            gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, height, &childWidth, &natural, nil, nil)
            childWidth = max(childWidth, natural)
        }
        // Nothing always fits.
        let place = CenteringLayout.place(childWidth: Double(natural), viewportWidth: Double(width), rtl: isRightToLeft)
        placement = place
        if place.mode != reportedMode { reportBatch.schedule() }
        let content = place.mode == .scrolling ? Double(natural) + inset : view
        let end = max(0, content - view)
        let distance = min(max(startDistance, 0), end)
        let value = isRightToLeft ? end - distance : distance
        gtk_adjustment_configure(adjustment, value, 0, content, view * 0.1, view * 0.9, view)
        guard let child else { return }
        // Whole pixels keep text crisp; rounding the centred x is off by at most half a pixel.
        let x = place.mode == .scrolling ? -value : place.childX
        var allocation = GtkAllocation(x: Int32(pixels: x.rounded()), y: 0, width: childWidth, height: height)
        gtk_widget_size_allocate(child, &allocation, -1)
    }

    /// Any change of the value (the scrolled window's own scrolling, its scrollbar, ours): keep it as a distance
    /// from the start edge.
    func scrollableValueChanged(_ adjustment: UnsafeMutablePointer<GtkAdjustment>) {
        let value = gtk_adjustment_get_value(adjustment)
        startDistance = isRightToLeft ? scrollEnd - value : value
    }
}

extension CenteringBox: WidgetRepresentable {
    /// The component's root widget, to put in a ``Box`` or ``Window``.
    public var rootWidget: Widget { Widget(widget, sinking: false) }
}
