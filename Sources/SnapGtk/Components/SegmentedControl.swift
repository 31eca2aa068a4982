import CSnapGtk
import SnapCore

/// A segmented control with a sliding underline (the design of an underline tab bar): N titled segments with no background
/// or dividers, the selected one in the foreground colour and semi-bold, and a thin underline that
/// slides to the selected segment with an ease-out curve.
///
/// The animation moves the fractional *selection* (1.25 = a quarter of the way from segment 1 to
/// 2), and every allocation recomputes the segments and the underline from the current width with
/// `UnderlineGeometry`, so a resize mid-slide keeps the underline under the right segment.
/// A tab list for assistive technologies: each segment is a tab, the selected one marked selected.
@MainActor
public final class SegmentedControl {
    /// How wide the segments are.
    public enum WidthMode: Sendable {
        /// All segments share the control's width equally (the seed's layout).
        case equal
        /// Each segment is as wide as its title plus `segmentPadding` on each side, packed from the start edge.
        case fitContent
    }

    /// Thickness of the underline (px).
    public static let underlineThickness = 2.0
    /// Length of the slide (ms).
    public static let slideDuration = 300.0
    /// Space on each side of a title in fit-content mode (px); equal segments centre their titles.
    public static let segmentPadding = 16.0

    /// The root widget (role tab list) to put in a parent.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The underline (a CSS-styled widget, so its colour comes from the theme).
    let underline: UnsafeMutablePointer<GtkWidget>
    /// The segment widgets (role tab), first to last.
    private(set) var segments: [UnsafeMutablePointer<GtkWidget>] = []
    /// The titles, first to last, identified by their index (``update(titles:ids:)`` keeps segments by an identity
    /// of your own). Setting them replaces the segments; the selection is kept when it still exists, else the last
    /// segment is selected and ``onSelected`` follows once, after the setter, with the cause `.dataChange`.
    public var titles: [String] {
        get { segmentTitles }
        set { applyTitles(newValue, ids: nil as [Int]?) }
    }
    /// The application's identities of the segments as it gave them (an `[ID]`; nil: their indexes).
    private var segmentIDs: Any?
    /// Reports a selection a change of the segments moved, after the change.
    private lazy var selectionReport = IdleBatch { [weak self] in
        guard let self, !self.segments.isEmpty else { return }
        self.onSelected?(SelectionEvent(index: self.selected, cause: .dataChange))
    }
    private var segmentTitles: [String] = []
    /// The selected segment. Setting it selects as ``select(_:cause:)`` does with the cause `.programmatic`.
    public var selectedIndex: Int {
        get { selected }
        set { select(newValue) }
    }
    private var selected = 0
    /// Where the underline is, as a fractional selection; equals `selectedIndex` at rest.
    public private(set) var position = 0.0
    /// Called after the selection changed, with what changed it. See ``SelectionEvent`` on capturing.
    public var onSelected: ((SelectionEvent) -> Void)?
    /// How wide the segments are; changing it lays the control out again.
    public var widthMode: WidthMode = .equal {
        didSet { if widthMode != oldValue { gtk_widget_queue_resize(widget) } }
    }

    /// Whether the underline is sliding now.
    public var isAnimating: Bool { driver?.isRunning ?? false }
    /// The segments' spans as last laid out, in logical order (first segment at x = 0, before any
    /// right-to-left mirroring).
    public private(set) var geometry = UnderlineGeometry(segments: [])

    private var driver: FrameDriver?
    private var motion: TimedMotion?
    private var motionStart = 0.0
    private var animationsObserver: UInt = 0

    /// A control with `titles`, labelled `label` for assistive technologies.
    public init(titles: [String], label: String) {
        WidgetStyle.install()
        widget = snap_widget_new_with_role(gtk_box_get_type(), GTK_ACCESSIBLE_ROLE_TAB_LIST)
        gtk_widget_add_css_class(widget, "segmented")
        snap_accessible_set_label(widget, label)
        snap_accessible_set_orientation(widget, GTK_ORIENTATION_HORIZONTAL)

        underline = snap_widget_new_with_role(gtk_box_get_type(), GTK_ACCESSIBLE_ROLE_PRESENTATION)
        gtk_widget_add_css_class(underline, "segmented-underline")
        gtk_widget_set_can_target(underline, 0)
        gtk_widget_set_parent(underline, widget)

        // The box is only a concrete container; our layout replaces its own.
        WidgetLifetime.layout(widget, owner: self, measure: { $0.measure(orientation: $1, forSize: $2) },
                              allocate: { $0.allocate(width: $1, height: $2) })
        driver = FrameDriver(widget: widget) { [weak self] time in self?.frame(at: time) ?? false }

        // Capture phase: the arrows must select, not move focus between the segment buttons.
        KeyTranslation.addController(to: widget, capture: true) { [weak self] keyval, _ in self?.handleKey(keyval) ?? false }

        Signals.connectValue(widget.raw, "direction-changed") { [weak self] _ in
            if let self { gtk_widget_queue_allocate(self.widget) }
        }
        animationsObserver = Preferences.observeAnimations { [weak self] in
            if !Preferences.animationsEnabled { self?.finishMotion() }
        }
        WidgetLifetime.tie(self, to: widget) { control in
            Preferences.stopObserving(control.animationsObserver)
            control.animationsObserver = 0
            control.driver?.stop()
            control.selectionReport.cancel()
        }
        setTitles(titles)
    }

    /// Replaces the segments in one step, by identity: the selected segment stays selected wherever it moved; when
    /// it was removed, the one that followed it is selected (the one before it when it was the last; see
    /// `ItemChange.current(after:)`). When that changes the selected index, ``onSelected`` follows once, after this
    /// returns (from an idle callback), with the cause `.dataChange`; with no segments left, nothing is selected
    /// and nothing is reported. An underline sliding to the selected segment goes on sliding to it, at its new
    /// index. Segments set by ``titles`` alone are identified by their index: the first update names them in order
    /// (segment `i` is `ids[i]`), so the selected index stays (clamped).
    /// - Parameters:
    ///   - titles: the segments' titles, first to last.
    ///   - ids: one identifier per segment, in the same order, unique.
    public func update<ID: Hashable>(titles: [String], ids: [ID]) {
        precondition(titles.count == ids.count, "one identifier per title")
        applyTitles(titles, ids: ids)
    }

    /// New segments: the selection follows its segment's identity, a slide under way goes on to it, and a moved
    /// selection is reported afterwards.
    private func applyTitles<ID: Hashable>(_ newTitles: [String], ids newIDs: [ID]?) {
        let current: (Int?) -> Int? = newIDs.map { identityChange(from: segmentIDs, count: segmentTitles.count, to: $0).current }
            ?? ItemChange(from: Array(segmentTitles.indices), to: Array(newTitles.indices)).current
        let before = selected
        let wasEmpty = segmentTitles.isEmpty
        let after = current(wasEmpty ? nil : before)
        // Where the sliding underline is, by the segment nearest to it: the same segment after the change.
        let sliding = motion.map { _ -> Double in
            let nearest = min(max(Int(position.rounded()), 0), max(segmentTitles.count - 1, 0))
            return Double(current(nearest) ?? 0) + position - Double(nearest)
        }
        let elapsed = driver.map { $0.now - motionStart } ?? 0
        segmentIDs = newIDs.map { $0 as Any }
        setTitles(newTitles, selected: after ?? 0)
        if let sliding, let after, Double(after) != sliding {
            position = min(max(sliding, 0), Double(newTitles.count - 1))
            slide(to: after, duration: max(Self.slideDuration - elapsed, 1))
        }
        guard after != nil, selected != before || wasEmpty else { return }
        selectionReport.schedule()
    }

    /// Replaces the segments; the selection is kept when it still exists, else clamped. No event.
    func setTitles(_ newTitles: [String], selected: Int? = nil) {
        for segment in segments { gtk_widget_unparent(segment) }
        segments = []
        segmentTitles = newTitles
        for (index, title) in newTitles.enumerated() {
            let segment = snap_widget_new_with_role(gtk_button_get_type(), GTK_ACCESSIBLE_ROLE_TAB)!
            gtk_widget_add_css_class(segment, "segment")
            snap_accessible_set_label(segment, title)
            let label = snap_widget_new_with_role(gtk_label_get_type(), GTK_ACCESSIBLE_ROLE_PRESENTATION)!
            gtk_label_set_text(label.opaque, title)
            gtk_widget_add_css_class(label, "segment-title")
            gtk_widget_set_halign(label, GTK_ALIGN_CENTER)
            gtk_button_set_child(segment.cast(), label)
            gtk_widget_insert_before(segment, widget, underline)
            Signals.connect(segment.raw, "clicked") { [weak self] in self?.select(index, cause: .click) }
            segments.append(segment)
        }
        self.selected = min(max(selected ?? self.selected, 0), max(newTitles.count - 1, 0))
        gtk_widget_set_visible(underline, newTitles.isEmpty ? 0 : 1)
        finishMotion()
        updateStates(focus: false)
        gtk_widget_queue_resize(widget)
    }

    /// Selects `index`, sliding the underline there (instantly under reduced motion or while the
    /// control is not on screen), and reports it. Out-of-range or unchanged selections do nothing.
    public func select(_ index: Int, cause: Cause = .programmatic) {
        guard segments.indices.contains(index), index != selectedIndex else { return }
        let hadFocus = segments.contains { gtk_widget_has_focus($0) != 0 }
        selected = index
        updateStates(focus: hadFocus || cause == .keyboard || cause == .click)
        if Preferences.animationsEnabled, gtk_widget_get_mapped(widget) != 0 {
            slide(to: index, duration: Self.slideDuration)
        } else {
            finishMotion()
        }
        gtk_widget_queue_allocate(widget)
        onSelected?(SelectionEvent(index: index, cause: cause))
    }

    /// The underline's span in the control's coordinates (after RTL mirroring), as last allocated.
    @_spi(Testing) public var underlineBounds: (x: Double, width: Double) {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(underline, widget, &bounds) != 0 else { return (0, 0) }
        return (Double(bounds.origin.x), Double(bounds.size.width))
    }

    // MARK: motion

    /// Slides the underline from where it is now (no jump) to `index`.
    private func slide(to index: Int, duration: Double) {
        guard let driver else { return }
        motion = TimedMotion(from: position, to: Double(index), duration: duration, easing: .easeOutCubic)
        motionStart = driver.now
        driver.start()
    }

    private func frame(at time: Double) -> Bool {
        guard let motion else { return false }
        let t = time - motionStart
        position = motion.value(at: t)
        gtk_widget_queue_allocate(widget)
        if motion.isDone(at: t) {
            self.motion = nil
            position = motion.target
            return false
        }
        return true
    }

    /// Ends any slide with the underline at the selection.
    private func finishMotion() {
        driver?.stop()
        motion = nil
        position = Double(selectedIndex)
        gtk_widget_queue_allocate(widget)
    }

    // MARK: segments, states, keys

    /// The width (whole px, rounded up as a label rounds its own) of `title`'s text in the font `source` is styled with.
    private static func textWidth(of title: UnsafeMutablePointer<GtkWidget>, in source: UnsafeMutablePointer<GtkWidget>) -> Int32 {
        guard let layout = gtk_widget_create_pango_layout(source, gtk_label_get_text(title.opaque)) else { return 0 }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var width: Int32 = 0
        pango_layout_get_size(layout, &width, nil)
        return (width + PANGO_SCALE - 1) / PANGO_SCALE
    }

    private func updateStates(focus: Bool) {
        for (index, segment) in segments.enumerated() {
            let selected = index == selectedIndex
            if selected { gtk_widget_add_css_class(segment, "selected") } else { gtk_widget_remove_css_class(segment, "selected") }
            snap_accessible_set_selected(segment, selected ? 1 : 0)
            // One tab stop: the selected segment; the arrows move between segments.
            gtk_widget_set_focusable(segment, selected ? 1 : 0)
        }
        if focus, segments.indices.contains(selectedIndex) { gtk_widget_grab_focus(segments[selectedIndex]) }
    }

    /// Handles a key press as the capture-phase key controller does (internal so tests can press keys).
    func handleKey(_ keyval: UInt32) -> Bool {
        // Arrows, Home and End select; Enter and Space are the focused segment button's own.
        guard let press = KeyTranslation.press(for: keyval), press != .pageUp, press != .pageDown,
              case .move(let key) = KeyMap.command(for: press, rightToLeft: gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL),
              let target = key.target(from: selectedIndex, count: segments.count) else { return false }
        select(target, cause: .keyboard)
        return true
    }

    // MARK: layout

    /// Each segment's width, never narrower than its title in the selected segment's font (read from the selected
    /// title, so a stylesheet may set any), so selecting never shifts the others. One label a segment, not a hidden
    /// selected-font copy: every widget costs GTK a style, an accessible object, a measure and a snapshot.
    func naturalWidths() -> [(minimum: Int32, natural: Int32)] {
        let selectedTitle = segments.indices.contains(selectedIndex) ? gtk_widget_get_first_child(segments[selectedIndex]) : nil
        return segments.map { segment in
            var minimum: Int32 = 0, natural: Int32 = 0
            gtk_widget_measure(segment, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            if let selectedTitle, let title = gtk_widget_get_first_child(segment), title != selectedTitle {
                let extra = max(0, Self.textWidth(of: title, in: selectedTitle) - Self.textWidth(of: title, in: title))
                minimum += extra
                natural += extra
            }
            return (minimum, natural)
        }
    }

    /// `naturalWidths()` as the last horizontal measure found them (GTK measures again when a segment may have changed):
    /// allocation, every frame of a slide, reads this instead of laying the titles out again.
    private var measuredWidths: [(minimum: Int32, natural: Int32)] = []

    private func measure(orientation: GtkOrientation, forSize: Int32) -> (Int32, Int32) {
        if orientation == GTK_ORIENTATION_VERTICAL {
            // The tallest segment's height, and at least the underline's.
            let thickness = Int32(Self.underlineThickness)
            return segments.reduce((thickness, thickness)) { height, segment in
                var minimum: Int32 = 0, natural: Int32 = 0
                gtk_widget_measure(segment, orientation, -1, &minimum, &natural, nil, nil)
                return (max(height.0, minimum), max(height.1, natural))
            }
        }
        let widths = naturalWidths()
        measuredWidths = widths
        let padding = Int32(Self.segmentPadding * 2)
        switch widthMode {
        case .equal:
            let count = Int32(widths.count)
            let minimum = widths.map(\.minimum).max() ?? 0
            let natural = widths.map(\.natural).max() ?? 0
            return (count * minimum, count * (natural + padding))
        case .fitContent:
            let total = widths.reduce(Int32(0)) { $0 + $1.natural + padding }
            return (total, total)
        }
    }

    private func allocate(width: Int32, height: Int32) {
        let total = Double(width)
        switch widthMode {
        case .equal:
            geometry = UnderlineGeometry(segments: UnderlineGeometry.equalSegments(count: segments.count, totalWidth: total))
        case .fitContent:
            let widths = measuredWidths.count == segments.count ? measuredWidths : naturalWidths()
            geometry = UnderlineGeometry(segments: UnderlineGeometry.fittedSegments(
                contentWidths: widths.map { Double($0.natural) }, padding: Self.segmentPadding))
        }
        let rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        // Whole-pixel edges (rounded, so neighbours share an edge); mirrored in right to left.
        func place(_ child: UnsafeMutablePointer<GtkWidget>, _ span: UnderlineGeometry.Segment, y: Int32, height: Int32) {
            let left = rtl ? total - span.x - span.width : span.x
            let start = Int32(left.rounded()), end = Int32((left + span.width).rounded())
            var allocation = GtkAllocation(x: start, y: y, width: max(end - start, 0), height: height)
            gtk_widget_size_allocate(child, &allocation, -1)
        }
        for (segment, span) in zip(segments, geometry.segments) { place(segment, span, y: 0, height: height) }
        let thickness = Int32(Self.underlineThickness)
        if gtk_widget_get_visible(underline) != 0 {
            place(underline, geometry.underline(at: position), y: height - thickness, height: thickness)
        }
    }
}

extension SegmentedControl: WidgetRepresentable {
    /// The component's root widget, to put in a ``Box`` or ``Window``.
    public var rootWidget: Widget { Widget(widget, sinking: false) }
}
