import CSnapGtk
import SnapCore

/// A horizontal container for any child (seed 001): centred with no scrolling while the child is
/// narrower than the view, start-aligned (left, or right in RTL) and scrollable once it is wider.
///
/// Structure: GtkScrolledWindow → GtkViewport (natural-width policy) → a holder widget whose
/// custom layout places the child with `CenteringLayout`. The viewport keeps the scroll position
/// anchored to the start edge as the content grows or shrinks (in RTL it keeps the distance from
/// the right end), so the content never jumps beyond the change itself.
@MainActor
public final class CenteringBox {
    /// The root widget (the scrolled window) to put in a parent.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The widget the child lives in; its allocation is the scrollable content.
    let holder: UnsafeMutablePointer<GtkWidget>
    /// The horizontal adjustment of the scroller.
    let adjustment: UnsafeMutablePointer<GtkAdjustment>
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
    /// The child's natural width at the last allocation, to re-decide the mode when only the view changes.
    private var childNatural: Double?
    /// Reports the mode from an idle callback (see `scheduleReport`).
    private lazy var reportBatch = IdleBatch { [weak self] in self?.report() }

    /// A centring container with `label` as the scroller's accessible label.
    public init(label: String) {
        WidgetStyle.install()
        widget = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(widget.opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_add_css_class(widget, "centering-box")
        snap_accessible_set_label(widget, label)

        // Any concrete container works as the holder; its own layout is replaced by ours.
        holder = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(holder, "centering-content")

        let viewport = gtk_viewport_new(nil, nil)!
        // Natural policy: the content is as wide as the child wants, so "fits" means its natural width fits.
        gtk_scrollable_set_hscroll_policy(viewport.opaque, GTK_SCROLL_NATURAL)
        gtk_viewport_set_scroll_to_focus(viewport.opaque, 1)
        gtk_viewport_set_child(viewport.opaque, holder)
        gtk_scrolled_window_set_child(widget.opaque, viewport)
        adjustment = gtk_scrolled_window_get_hadjustment(widget.opaque)

        WidgetLifetime.layout(holder, owner: self, measure: { $0.measure(orientation: $1, forSize: $2) },
                              allocate: { $0.allocate(width: $1, height: $2) })
        // The view can shrink or grow while the content keeps its width (it is max(view, child)),
        // and then GTK does not allocate the holder again: re-decide the mode from the page size.
        Signals.connect(UnsafeMutableRawPointer(adjustment), "changed") { [weak self] in
            guard let self, let natural = self.childNatural else { return }
            let page = gtk_adjustment_get_page_size(self.adjustment)
            guard page > 0 else { return }
            self.updatePlacement(childWidth: natural, viewWidth: page - self.inset)
        }
        // A flip of direction keeps the scrolled distance from the start edge (which changes side).
        Signals.connectValue(widget.raw, "direction-changed") { [weak self] _ in
            guard let self else { return }
            let adjustment = self.adjustment
            let end = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            if end > 0 { gtk_adjustment_set_value(adjustment, end - gtk_adjustment_get_value(adjustment)) }
        }
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

    // MARK: layout

    private func measure(orientation: GtkOrientation, forSize: Int32) -> (Int32, Int32) {
        guard let child = childWidget, gtk_widget_get_visible(child) != 0 else { return (0, 0) }
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(child, orientation, forSize, &minimum, &natural, nil, nil)
        return (minimum, natural)
    }

    private func allocate(width: Int32, height: Int32) {
        guard let child = childWidget, gtk_widget_get_visible(child) != 0 else {
            updatePlacement(childWidth: 0, viewWidth: Double(width))   // nothing always fits
            return
        }
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, height, &minimum, &natural, nil, nil)
        // The viewport hands us max(view, child's natural width): the view is the page size, or
        // our own width before the adjustment knows it.
        let page = gtk_adjustment_get_page_size(adjustment)
        let place = updatePlacement(childWidth: Double(natural), viewWidth: page > 0 ? page - inset : Double(width))
        // Whole pixels keep text crisp; rounding the centred x is off by at most half a pixel.
        let childWidth = max(natural, minimum)
        var x = Int32(place.childX.rounded())
        // When the viewport gave us more than the content width (it never gives less), stay inside it.
        x = min(max(x, 0), max(width - childWidth, 0))
        var allocation = GtkAllocation(x: x, y: 0, width: childWidth, height: height)
        gtk_widget_size_allocate(child, &allocation, -1)
    }

    /// The holder's CSS padding at both ends (its inset while the content scrolls): GTK adds it around our layout,
    /// so the room the child has is the view less this.
    private var inset: Double {
        var padding = GtkBorder()
        gtk_style_context_get_padding(gtk_widget_get_style_context(holder), &padding)
        return Double(padding.left) + Double(padding.right)
    }

    @discardableResult
    private func updatePlacement(childWidth: Double, viewWidth: Double) -> CenteringLayout {
        childNatural = childWidth
        let rtl = gtk_widget_get_direction(holder) == GTK_TEXT_DIR_RTL
        let place = CenteringLayout.place(childWidth: childWidth, viewportWidth: viewWidth, rtl: rtl)
        placement = place
        if place.mode != reportedMode { scheduleReport() }
        return place
    }

    /// Reports the mode from an idle callback: changing other widgets (a readout label) from inside
    /// an allocation would queue a resize in the middle of layout. A flip and flop within one
    /// layout pass reports nothing.
    private func scheduleReport() {
        reportBatch.schedule()
    }

    private func report() {
        guard let mode, mode != reportedMode else { return }
        reportedMode = mode
        onModeChanged?(mode)
    }
}

extension CenteringBox: WidgetRepresentable {
    /// The component's root widget, to put in a ``Box`` or ``Window``.
    public var rootWidget: Widget { Widget(widget, sinking: false) }
}
