import CSnapGtk
import SnapCore

/// A horizontal row of items in a GtkScrolledWindow that always comes to rest with one item in its resting place
/// (centred for strips and menus, a page for carousels). Every input — wheel, touchpad, mouse drag, keys, clicks,
/// outside adjustment changes, resizes — goes through one `SnapController`; only items near the viewport exist.
@MainActor
public final class SnapScroller {
    /// Movement (px) before a mouse press counts as a drag rather than a tap (Embla's figure, between UIKit's and
    /// libadwaita's 16 px, so a click with a shaky hand stays a click).
    public static let dragThreshold = 10.0
    /// Item widgets kept bound beyond each edge of the viewport, so a fast move shows no gaps before relayout.
    public static let overscan = 2
    /// A touchpad gesture is steered by the axis of its first clear movement; the other axis is ignored until it ends.
    static let axisLockRatio = 1.0

    /// The root widget to put in a window: an overlay holding the scrolled window (add fixed decorations with
    /// `addOverlay`).
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The GtkScrolledWindow whose horizontal adjustment shows the controller's offset (accessible "scroll pane").
    public let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    /// The content inside the viewport; its accessible role is the one given at creation (e.g. a tab list).
    public let content: UnsafeMutablePointer<GtkWidget>
    /// The horizontal adjustment; its value at rest is the physical resting offset.
    public let adjustment: UnsafeMutablePointer<GtkAdjustment>

    /// Reports the end of every gesture once: item, adjustment value (physical px) and cause.
    public var onSettled: ((Int, Double, Cause) -> Void)?
    /// The item nearest to the resting place changed (live, while moving).
    public var onCurrentIndexChanged: ((Int) -> Void)?
    /// Continuous position between items (2.5 = halfway from item 2 to 3), on every offset change.
    public var onPositionChanged: ((Double) -> Void)?
    /// An item was activated: a click without a drag, or Enter/Space on the current item. Runs before the default
    /// action (`scrollsToTappedItem`).
    public var onTap: ((Int) -> Void)?
    /// Whether a tapped item is brought to its resting place (cause `.click`).
    public var scrollsToTappedItem = true
    /// Whether the current item's widget gets the CSS class `current` and the accessible "selected" state.
    public var marksCurrentItem = false {
        didSet { for (index, item) in bound { markCurrent(item, index == currentIndex) } }
    }
    /// Width of an item for a given viewport width; when set it overrides `itemWidth` (carousel pages).
    public var itemWidthForViewport: ((Double) -> Double)? {
        didSet { rebuildLayout() }
    }

    /// Gap between items for a given viewport width; when set it overrides `spacing` (carousel pages scale it).
    public var spacingForViewport: ((Double) -> Double)? {
        didSet { rebuildLayout() }
    }
    /// What set the content in motion most recently (wheel, touchpad, drag, keyboard, click, programmatic):
    /// the cause to report with `onCurrentIndexChanged` (e.g. a carousel's page event).
    public private(set) var inputCause = Cause.programmatic

    /// Snapping tunables: `.standard` for strips and menus, `.pager` for carousels. Reduced motion follows
    /// `Preferences.animationsEnabled`.
    public var configuration: SnapConfiguration {
        get { controller.configuration }
        set {
            var value = newValue
            value.reduceMotion = !Preferences.animationsEnabled
            controller.configuration = value
        }
    }

    /// The item nearest to the resting place now.
    public var currentIndex: Int { controller.currentIndex }
    /// The current geometry (logical, left to right).
    public var layout: SnapLayout { controller.layout }
    /// The controller's logical offset (the adjustment shows its physical mirror in right-to-left).
    public var logicalOffset: Double { controller.offset }
    /// Whether the row is laid out right to left (first item at the right).
    public private(set) var isRightToLeft: Bool
    /// True while an animation runs or a gesture awaits its end.
    public var isMoving: Bool { controller.needsFrames || dragging }
    /// The frame driver pacing animations; set `recordsIntervals` to measure frame intervals.
    public var frameDriver: FrameDriver { driver }
    /// How many item widgets exist (bound or pooled): bounded by the viewport, not by the item count.
    public var createdItemCount: Int { bound.count + pool.count }

    /// Number of items (change with `setItemCount`).
    public private(set) var itemCount: Int
    /// Width of every item in px, unless `itemWidthForViewport` decides it (change with `setItemWidth`).
    public private(set) var itemWidth: Double
    /// Gap between items in px (change with `setSpacing`).
    public private(set) var spacing: Double

    private var controller: SnapController
    private var driver: FrameDriver!
    private let factory: () -> UnsafeMutablePointer<GtkWidget>
    private let bind: (UnsafeMutablePointer<GtkWidget>, Int) -> Void
    private var bound: [Int: UnsafeMutablePointer<GtkWidget>] = [:]
    private var pool: [UnsafeMutablePointer<GtkWidget>] = []
    private var settingValue = false
    private var hasViewport = false
    private var appliedPhysical = 0.0
    private var animationsObserver: UInt = 0
    // Touchpad gesture state.
    private var scrollAxis: GtkOrientation?
    private var scrollEndPending = false
    // Mouse drag state.
    private var pressed = false
    private var dragging = false
    private var dragOriginX = 0.0
    private var dragStartX = 0.0
    private var pressTime = 0.0

    /// A scroller of `itemCount` items `itemWidth` px wide, `spacing` px apart, resting on `initialIndex`.
    /// `factory` makes an item widget; `bind` fills one for an index (called again whenever a widget is recycled).
    /// `contentRole` is the accessible role of the row (e.g. `GTK_ACCESSIBLE_ROLE_TAB_LIST`).
    public init(
        itemCount: Int, itemWidth: Double, spacing: Double, initialIndex: Int = 0,
        configuration: SnapConfiguration = .standard, contentRole: GtkAccessibleRole = GTK_ACCESSIBLE_ROLE_GROUP,
        label: String,
        factory: @escaping () -> UnsafeMutablePointer<GtkWidget>,
        bind: @escaping (UnsafeMutablePointer<GtkWidget>, Int) -> Void
    ) {
        WidgetStyle.install()
        self.itemCount = max(0, itemCount)
        self.itemWidth = itemWidth
        self.spacing = spacing
        self.factory = factory
        self.bind = bind
        var config = configuration
        config.reduceMotion = !Preferences.animationsEnabled
        let layout = SnapLayout(uniformItemWidth: itemWidth, count: self.itemCount, spacing: spacing, viewportWidth: 0)
        controller = SnapController(layout: layout, configuration: config, initialIndex: initialIndex)

        widget = gtk_overlay_new()
        let frame = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        scrolledWindow = gtk_scrolled_window_new()
        content = snap_widget_new_with_role(gtk_box_get_type(), contentRole)
        let viewport = gtk_viewport_new(nil, nil)!
        adjustment = gtk_scrolled_window_get_hadjustment(scrolledWindow.opaque)
        isRightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL

        gtk_widget_add_css_class(widget, "snap-scroller")
        gtk_widget_add_css_class(content, "snap-content")
        gtk_widget_add_css_class(scrolledWindow, "snap-viewport")
        gtk_scrolled_window_set_policy(scrolledWindow.opaque, GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        // Our snapping replaces GTK's own kinetic coasting, which would move the content behind the controller.
        gtk_scrolled_window_set_kinetic_scrolling(scrolledWindow.opaque, 0)
        gtk_widget_set_hexpand(scrolledWindow, 1)
        gtk_widget_set_focusable(scrolledWindow, 1)
        snap_accessible_set_label(scrolledWindow, label)
        // The viewport must not scroll a focused child into view on its own; and it stays left-to-right because
        // the mirroring is ours (item positions and the logical↔physical offset map).
        gtk_viewport_set_scroll_to_focus(viewport.opaque, 0)
        gtk_widget_set_direction(viewport, GTK_TEXT_DIR_LTR)
        if let bar = gtk_scrolled_window_get_hscrollbar(scrolledWindow.opaque) {
            gtk_widget_set_direction(bar, GTK_TEXT_DIR_LTR)
        }
        gtk_widget_set_direction(content, isRightToLeft ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
        gtk_viewport_set_child(viewport.opaque, content)
        gtk_scrolled_window_set_child(scrolledWindow.opaque, viewport)
        gtk_box_append(frame.cast(), scrolledWindow)
        gtk_overlay_set_child(widget.opaque, frame)

        // The frame learns the viewport width before the viewport configures its adjustment, so a resize rebuilds
        // the geometry and places the content within the same layout pass (no frame in the old geometry).
        let selfPointer = Unmanaged.passUnretained(self).toOpaque()
        g_object_set_data(UnsafeMutablePointer(OpaquePointer(frame)), Self.dataKey, selfPointer)
        g_object_set_data(UnsafeMutablePointer(OpaquePointer(content)), Self.dataKey, selfPointer)
        gtk_widget_set_layout_manager(frame, gtk_custom_layout_new(nil, { widget, orientation, forSize, minimum, natural, _, _ in
            onGtkThread { SnapScroller.owner(of: widget)?.measureFrame(orientation, forSize, minimum, natural) }
        }, { widget, width, height, _ in
            onGtkThread { SnapScroller.owner(of: widget)?.allocateFrame(width: width, height: height) }
        }))
        gtk_widget_set_layout_manager(content, gtk_custom_layout_new(nil, { widget, orientation, forSize, minimum, natural, _, _ in
            onGtkThread { SnapScroller.owner(of: widget)?.measureContent(orientation, forSize, minimum, natural) }
        }, { widget, width, height, _ in
            onGtkThread { SnapScroller.owner(of: widget)?.allocateContent(width: width, height: height) }
        }))

        driver = FrameDriver(widget: widget) { [weak self] time in self?.frame(at: time) ?? false }
        Ownership.tie(self, to: widget)
        connectInput()
        connectAdjustment()
        Signals.connectValue(widget.raw, "direction-changed") { [weak self] _ in self?.directionChanged() }
        animationsObserver = Preferences.observeAnimations { [weak self] in
            guard let self else { return }
            self.controller.configuration.reduceMotion = !Preferences.animationsEnabled
            self.startFramesIfNeeded()
        }
        updateVisibleItems()
    }

    isolated deinit {
        driver?.stop()
        Preferences.stopObserving(animationsObserver)
    }

    // MARK: - Public API

    /// Adds a widget above the row that does not scroll with it (a fixed indicator, arrows, page dots).
    public func addOverlay(_ child: UnsafeMutablePointer<GtkWidget>) {
        gtk_overlay_add_overlay(widget.opaque, child)
    }

    /// Moves to item `index` (clamped); instant when `animated` is false or motion is reduced. One `onSettled`.
    public func scrollTo(index: Int, cause: Cause = .programmatic, animated: Bool = true) {
        let animate = animated && gtk_widget_get_mapped(widget) != 0
        let reduce = controller.configuration.reduceMotion
        if !animate { controller.configuration.reduceMotion = true }
        inputCause = cause
        controller.scrollTo(index: index, cause: cause, time: now)
        controller.configuration.reduceMotion = reduce
        afterInput()
    }

    /// Sets how many items there are; the current item stays current (clamped).
    public func setItemCount(_ count: Int) {
        itemCount = max(0, count)
        rebuildLayout()
    }

    /// Sets the items' width; the current item stays current and in place.
    public func setItemWidth(_ width: Double) {
        itemWidth = width
        rebuildLayout()
    }

    /// Sets the gap between items; the current item stays current and in place.
    public func setSpacing(_ value: Double) {
        spacing = value
        rebuildLayout()
    }

    /// Sets the scrollbar policy (the menu shows none; a strip may show GTK's overlay scrollbar).
    public func setScrollbarVisible(_ visible: Bool) {
        gtk_scrolled_window_set_policy(scrolledWindow.opaque, visible ? GTK_POLICY_AUTOMATIC : GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
    }

    /// Re-runs `bind` for every bound item (e.g. after the data behind the items changed).
    public func rebindItems() {
        for (index, item) in bound { bind(item, index); markCurrent(item, index == currentIndex) }
    }

    /// The widget currently showing item `index`, if it is near the viewport.
    public func itemWidget(at index: Int) -> UnsafeMutablePointer<GtkWidget>? { bound[index] }

    /// The time base of every input: the monotonic clock in ms, the same base as the frame clock's frame times.
    public var now: Double { Double(g_get_monotonic_time()) / 1000 }

    /// Smallest (monotonic now − event time) seen: the offset from the display server's event clock to ours.
    private var eventClockOffset: Double?

    /// When the event a controller is handling happened, on the monotonic clock (ms).
    ///
    /// GTK 4 delivers input in batches at the start of a frame, so the time of handling bunches several events
    /// into one instant and a fast fling would measure as infinitely fast or not at all. Each event carries the
    /// display server's time; the least-delayed event seen fixes the offset between the two clocks (events are
    /// never handled before they happen), re-anchored at each press so slow drift between the clocks never builds up.
    func eventTime(_ controller: OpaquePointer, anchor: Bool = false) -> Double {
        let current = now
        let stamp = Double(gtk_event_controller_get_current_event_time(controller))
        guard stamp > 0 else { return current }
        let offset = current - stamp
        if anchor || eventClockOffset == nil { eventClockOffset = offset } else { eventClockOffset = min(eventClockOffset!, offset) }
        return stamp + eventClockOffset!
    }

    // MARK: - Input entry points (also used by tests to replay recorded sequences)

    /// One scroll event as GtkEventControllerScroll reports it: deltas, unit, and time (ms, monotonic base; nil =
    /// now). Wheel units move whole items (fractions accumulate); surface units steer the content like a touchpad.
    @discardableResult
    public func handleScroll(dx: Double, dy: Double, unit: GdkScrollUnit, time: Double? = nil) -> Bool {
        let time = time ?? now
        inputCause = unit == GDK_SCROLL_UNIT_WHEEL ? .wheel : .touchpad
        if unit == GDK_SCROLL_UNIT_WHEEL {
            // Horizontal wheels follow what the user sees (mirrored in RTL); a vertical wheel moves forward in
            // reading order, down = next.
            let notches = (isRightToLeft ? -dx : dx) + dy
            if notches != 0 { controller.wheel(notches: notches, time: time) }
        } else {
            if scrollAxis == nil, dx != 0 || dy != 0 {
                scrollAxis = abs(dx) * Self.axisLockRatio >= abs(dy) ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
            }
            let delta = scrollAxis == GTK_ORIENTATION_VERTICAL ? dy : (isRightToLeft ? -dx : dx)
            if delta != 0 { controller.smoothScroll(delta: delta, time: time) }
        }
        afterInput()
        return true
    }

    /// The fingers left the touchpad (scroll-end). The end is decided on the next frame unless GTK's
    /// `decelerate` (which carries its own velocity) arrives first.
    public func handleScrollEnd(time: Double? = nil) {
        scrollEndPending = true
        scrollAxis = nil
        startFramesIfNeeded(force: true)
    }

    /// Kinetic deceleration would begin with velocity (vx, vy) in px/s: the gesture ends with that velocity.
    public func handleDecelerate(vx: Double, vy: Double, time: Double? = nil) {
        let time = time ?? now
        let axisIsVertical = scrollAxis == GTK_ORIENTATION_VERTICAL || (scrollAxis == nil && abs(vy) > abs(vx))
        let velocity = (axisIsVertical ? vy : (isRightToLeft ? -vx : vx)) / 1000
        scrollEndPending = false
        scrollAxis = nil
        controller.scrollEnded(time: time, velocity: velocity)
        afterInput()
    }

    /// A mouse drag: `began` at x (scrolled-window coordinates), `changed` by offset (ox) since, `ended`.
    /// Below `dragThreshold` the press is a tap on the item under the pointer.
    public func handleDragBegin(x: Double, time: Double? = nil) {
        pressed = true
        dragging = false
        dragStartX = x
        pressTime = time ?? now
        gtk_widget_grab_focus(scrolledWindow)
    }

    /// The pointer moved by `ox` px since the press; returns true once it counts as a drag (claim the sequence).
    @discardableResult
    public func handleDragUpdate(offsetX ox: Double, time: Double? = nil) -> Bool {
        guard pressed else { return false }
        let time = time ?? now
        if !dragging {
            guard abs(ox) >= Self.dragThreshold else { return false }
            dragging = true
            // Count from the point where the threshold was crossed, so the content does not jump by the threshold;
            // that point, not this event's, because GTK may have merged several motions into this first update.
            dragOriginX = ox < 0 ? -Self.dragThreshold : Self.dragThreshold
            inputCause = .drag
            // The content was still at the press: that sample gives a fling's velocity even when GTK merged
            // every motion into this one update.
            controller.dragBegan(time: min(pressTime, time))
        }
        let translation = ox - dragOriginX
        controller.dragChanged(translation: isRightToLeft ? -translation : translation, time: time)
        afterInput()
        return true
    }

    /// The button was released (or the gesture cancelled) at `ox` from the press.
    public func handleDragEnd(offsetX ox: Double, time: Double? = nil) {
        guard pressed else { return }
        pressed = false
        let time = time ?? now
        if dragging {
            dragging = false
            controller.dragEnded(time: time)
            afterInput()
        } else if let index = itemIndex(atX: dragStartX + ox) {
            tap(index)
        }
    }

    /// A key press on the focused scroller; returns whether it was handled.
    @discardableResult
    public func handleKey(_ keyval: UInt32, time: Double? = nil) -> Bool {
        let key: SnapKey
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: key = isRightToLeft ? .next : .previous
        case GDK_KEY_Right, GDK_KEY_KP_Right: key = isRightToLeft ? .previous : .next
        case GDK_KEY_Home, GDK_KEY_KP_Home: key = .first
        case GDK_KEY_End, GDK_KEY_KP_End: key = .last
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: key = .pageBackward
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: key = .pageForward
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space, GDK_KEY_KP_Space:
            guard itemCount > 0 else { return false }
            tap(currentIndex)
            return true
        default: return false
        }
        inputCause = .keyboard
        controller.key(key, time: time ?? now)
        afterInput()
        return true
    }

    // MARK: - Wiring

    private static let dataKey = "snap-scroller"

    private static func owner(of widget: UnsafeMutablePointer<GtkWidget>?) -> SnapScroller? {
        guard let widget, let data = g_object_get_data(UnsafeMutablePointer(OpaquePointer(widget)), dataKey) else { return nil }
        return Unmanaged<SnapScroller>.fromOpaque(data).takeUnretainedValue()
    }

    private func connectInput() {
        // Capture phase on the scrolled window: we see every scroll first and stop it, so GtkScrolledWindow's own
        // scrolling never moves the content behind the controller.
        let flags = GtkEventControllerScrollFlags(rawValue:
            GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue)
        let scroll = gtk_event_controller_scroll_new(flags)!
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        let scrollObject = UnsafeMutableRawPointer(scroll)
        Signals.connectDoubles(scrollObject, "scroll") { [weak self] dx, dy in
            guard let self else { return false }
            return self.handleScroll(dx: dx, dy: dy, unit: gtk_event_controller_scroll_get_unit(scroll),
                                     time: self.eventTime(scroll))
        }
        Signals.connect(scrollObject, "scroll-end") { [weak self] in self?.handleScrollEnd(time: self?.eventTime(scroll)) }
        Signals.connectPoint(scrollObject, "decelerate") { [weak self] vx, vy in
            self?.handleDecelerate(vx: vx, vy: vy, time: self?.eventTime(scroll))
        }
        gtk_widget_add_controller(scrolledWindow, scroll)

        let drag = gtk_gesture_drag_new()!
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        gtk_gesture_single_set_button(drag, UInt32(GDK_BUTTON_PRIMARY))
        let dragObject = UnsafeMutableRawPointer(drag)
        Signals.connectPoint(dragObject, "drag-begin") { [weak self] x, _ in
            guard let self else { return }
            self.handleDragBegin(x: x, time: self.eventTime(drag, anchor: true))
        }
        Signals.connectPoint(dragObject, "drag-update") { [weak self] ox, _ in
            guard let self else { return }
            if self.handleDragUpdate(offsetX: ox, time: self.eventTime(drag)) {
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
            }
        }
        Signals.connectPoint(dragObject, "drag-end") { [weak self] ox, _ in
            guard let self else { return }
            self.handleDragEnd(offsetX: ox, time: self.eventTime(drag))
        }
        gtk_widget_add_controller(scrolledWindow, drag)

        // Capture phase too: GtkScrolledWindow binds Page Up/Down and friends to its own scrolling.
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connectKey(UnsafeMutableRawPointer(keys)) { [weak self] keyval, state in
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            guard let self, modifiers == 0 else { return false }
            return self.handleKey(keyval)
        }
        gtk_widget_add_controller(scrolledWindow, keys)
    }

    private func connectAdjustment() {
        Signals.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak self] in
            guard let self, !self.settingValue else { return }
            // Not ours: the scrollbar, accessibility, or GTK clamping. Follow it like a smooth scroll.
            let physical = gtk_adjustment_get_value(self.adjustment)
            guard physical != self.appliedPhysical else { return }
            self.inputCause = .drag
            self.controller.externalOffsetChanged(
                self.layout.logicalOffset(fromPhysical: physical, rtl: self.isRightToLeft), time: self.now)
            self.afterInput()
        }
        // Fallback for a viewport narrower than the frame (borders, a classic scrollbar): the page size is the truth.
        Signals.connectNotify(UnsafeMutableRawPointer(adjustment), property: "page-size") { [weak self] in
            guard let self else { return }
            let page = gtk_adjustment_get_page_size(self.adjustment)
            if page > 0, page != self.layout.viewportWidth { self.relayout(viewportWidth: page) }
        }
    }

    // MARK: - Frames and output

    private func startFramesIfNeeded(force: Bool = false) {
        if (force || controller.needsFrames) && !driver.isRunning { driver.start() }
    }

    private func frame(at time: Double) -> Bool {
        if scrollEndPending {
            scrollEndPending = false
            controller.scrollEnded(time: time, velocity: nil)
        }
        controller.tick(time: time)
        apply()
        return controller.needsFrames
    }

    /// After any input: show the new offset, report, and keep frames coming while something moves.
    private func afterInput() {
        apply()
        startFramesIfNeeded()
    }

    /// Puts the controller's offset on the adjustment (as physical px), updates the bound items and reports events.
    private func apply() {
        let physical = layout.physicalOffset(fromLogical: controller.offset, rtl: isRightToLeft)
        if physical != appliedPhysical || gtk_adjustment_get_value(adjustment) != physical {
            appliedPhysical = physical
            settingValue = true
            gtk_adjustment_set_value(adjustment, physical)
            settingValue = false
            updateVisibleItems()
            onPositionChanged?(layout.fractionalIndex(at: controller.offset))
        }
        // Drained into an array first: handlers may call back into the scroller (and so the controller).
        for event in controller.drainEvents() {
            switch event {
            case .currentIndexChanged(let index):
                for (i, item) in bound { markCurrent(item, i == index) }
                onCurrentIndexChanged?(index)
            case .settled(let index, let offset, let cause):
                // The adjustment holds exactly this value: the physical mirror of the controller's resting offset.
                onSettled?(index, layout.physicalOffset(fromLogical: offset, rtl: isRightToLeft), cause)
            }
        }
    }

    private func tap(_ index: Int) {
        onTap?(index)
        if scrollsToTappedItem {
            inputCause = .click
            controller.scrollTo(index: index, cause: .click, time: now)
            afterInput()
        }
    }

    /// The item under x (scrolled-window coordinates), if any.
    private func itemIndex(atX x: Double) -> Int? {
        let physical = x + gtk_adjustment_get_value(adjustment)
        for (index, _) in bound {
            let start = layout.itemStartPhysical(index, rtl: isRightToLeft)
            if physical >= start && physical < start + layout.itemWidth(index) { return index }
        }
        return nil
    }

    // MARK: - Geometry

    private func currentItemWidth(viewport: Double) -> Double {
        itemWidthForViewport?(viewport) ?? itemWidth
    }

    private func rebuildLayout() {
        relayout(viewportWidth: layout.viewportWidth, force: true)
    }

    /// New geometry for `viewportWidth`: the controller keeps its item, the adjustment is configured with the new
    /// range and value at once (so GTK's clamping never moves it), and the items are re-placed.
    private func relayout(viewportWidth: Double, force: Bool = false) {
        guard force || viewportWidth != layout.viewportWidth else { return }
        let newLayout = SnapLayout(
            uniformItemWidth: currentItemWidth(viewport: viewportWidth), count: itemCount,
            spacing: spacingForViewport?(viewportWidth) ?? spacing,
            viewportWidth: viewportWidth)
        if hasViewport {
            controller.resize(to: newLayout, time: now)
        } else {
            // The first real width is not a resize: start over on the same item, silently.
            hasViewport = viewportWidth > 0
            controller = SnapController(layout: newLayout, configuration: controller.configuration, initialIndex: currentIndex)
        }
        let physical = newLayout.physicalOffset(fromLogical: controller.offset, rtl: isRightToLeft)
        appliedPhysical = physical
        settingValue = true
        gtk_adjustment_configure(
            adjustment, physical, 0, max(newLayout.contentWidth, viewportWidth), viewportWidth * 0.1, viewportWidth * 0.9,
            viewportWidth)
        settingValue = false
        gtk_widget_queue_resize(content)
        updateVisibleItems()
        apply()
        startFramesIfNeeded()
    }

    private func directionChanged() {
        let rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        guard rtl != isRightToLeft else { return }
        isRightToLeft = rtl
        gtk_widget_set_direction(content, rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
        gtk_widget_queue_allocate(content)
        apply()
    }

    /// Binds widgets for the items near the viewport and returns the rest to the pool (hidden, not destroyed).
    private func updateVisibleItems() {
        let wanted = layout.range(visibleAt: controller.offset, overscan: Self.overscan)
        var changed = false
        for (index, item) in bound where !wanted.contains(index) {
            bound[index] = nil
            gtk_widget_set_visible(item, 0)
            pool.append(item)
            changed = true
        }
        for index in wanted where bound[index] == nil {
            let item: UnsafeMutablePointer<GtkWidget>
            if let reused = pool.popLast() {
                item = reused
                gtk_widget_set_visible(item, 1)
            } else {
                item = factory()
                gtk_widget_set_parent(item, content)
            }
            bind(item, index)
            markCurrent(item, index == currentIndex)
            bound[index] = item
            changed = true
        }
        if changed { gtk_widget_queue_allocate(content) }
    }

    private func markCurrent(_ item: UnsafeMutablePointer<GtkWidget>, _ isCurrent: Bool) {
        guard marksCurrentItem else { return }
        if isCurrent { gtk_widget_add_css_class(item, "current") } else { gtk_widget_remove_css_class(item, "current") }
        snap_accessible_set_selected(item, isCurrent ? 1 : 0)
    }

    // MARK: - Layout callbacks

    private func measureFrame(_ orientation: GtkOrientation, _ forSize: Int32,
                              _ minimum: UnsafeMutablePointer<Int32>?, _ natural: UnsafeMutablePointer<Int32>?) {
        var min: Int32 = 0, nat: Int32 = 0
        gtk_widget_measure(scrolledWindow, orientation, forSize, &min, &nat, nil, nil)
        minimum?.pointee = min
        natural?.pointee = nat
    }

    private func allocateFrame(width: Int32, height: Int32) {
        relayout(viewportWidth: Double(width))
        var min: Int32 = 0
        gtk_widget_measure(scrolledWindow, GTK_ORIENTATION_HORIZONTAL, height, &min, nil, nil, nil)
        var allocation = GtkAllocation(x: 0, y: 0, width: width, height: height)
        gtk_widget_size_allocate(scrolledWindow, &allocation, -1)
    }

    private func measureContent(_ orientation: GtkOrientation, _ forSize: Int32,
                                _ minimum: UnsafeMutablePointer<Int32>?, _ natural: UnsafeMutablePointer<Int32>?) {
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            let width = Int32(min(layout.contentWidth.rounded(.up), Double(Int32.max)))
            minimum?.pointee = width
            natural?.pointee = width
            return
        }
        var tallestMin: Int32 = 0, tallestNat: Int32 = 0
        for (index, item) in bound {
            var min: Int32 = 0, nat: Int32 = 0
            gtk_widget_measure(item, GTK_ORIENTATION_VERTICAL, Int32(layout.itemWidth(index)), &min, &nat, nil, nil)
            tallestMin = max(tallestMin, min)
            tallestNat = max(tallestNat, nat)
        }
        minimum?.pointee = tallestMin
        natural?.pointee = tallestNat
    }

    private func allocateContent(width: Int32, height: Int32) {
        for (index, item) in bound {
            let itemWidth = layout.itemWidth(index)
            var min: Int32 = 0
            gtk_widget_measure(item, GTK_ORIENTATION_HORIZONTAL, height, &min, nil, nil, nil)
            // Whole pixels: the viewport positions the content by whole pixels too, so at rest the item's centre is
            // within half a pixel of the viewport's centre.
            // An item that cannot shrink to its slot (a long title) is given its minimum, centred on the slot, so
            // its centre still rests at the viewport's centre; it overlaps its spacing rather than shifting.
            let width = max(Double(min), itemWidth.rounded())
            let start = layout.itemStartPhysical(index, rtl: isRightToLeft) - (width - itemWidth) / 2
            var allocation = GtkAllocation(x: Int32(start.rounded(.down)), y: 0, width: Int32(width), height: height)
            gtk_widget_size_allocate(item, &allocation, -1)
        }
    }
}
