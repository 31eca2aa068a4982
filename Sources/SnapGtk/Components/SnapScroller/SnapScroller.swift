import CSnapGtk
import SnapCore

/// A horizontal row of items in a GtkScrolledWindow that always comes to rest with one item in its resting place
/// (centred for strips and menus, a page for carousels). Every input — wheel, touchpad, mouse drag, keys, clicks,
/// outside adjustment changes, resizes — goes through one `SnapController`; only items near the viewport exist.
@MainActor
public final class SnapScroller {
    /// Movement (px) before a mouse press counts as a drag rather than a tap (see `GestureInterpreter`).
    public static let dragThreshold = GestureInterpreter.dragThreshold
    /// Item widgets kept bound beyond each edge of the viewport, so a fast move shows no gaps before relayout.
    nonisolated public static let overscan = 2

    /// The root widget to put in a window: an overlay holding the scrolled window (add fixed decorations with
    /// `addOverlay`).
    @_spi(GtkInterop) public let widget: UnsafeMutablePointer<GtkWidget>
    /// The GtkScrolledWindow whose horizontal adjustment shows the controller's offset (accessible "scroll pane").
    @_spi(GtkInterop) public let scrolledWindow: UnsafeMutablePointer<GtkWidget>
    /// The content inside the viewport; its accessible role is the one given at creation (e.g. a tab list).
    @_spi(GtkInterop) public let content: UnsafeMutablePointer<GtkWidget>
    /// The horizontal adjustment; its value at rest is the physical resting offset.
    @_spi(GtkInterop) public let adjustment: UnsafeMutablePointer<GtkAdjustment>

    // Event handlers. The scroller keeps each handler as long as it lives: a handler that uses the scroller, or
    // anything that owns it, must capture that `weak` (`{ [weak self] event in … }`), or the two keep each other
    // alive after their window closes.

    /// Reports the end of every gesture once, when the content is at rest exactly in place: the item and the cause.
    /// (The adjustment then holds the exact resting offset, in physical px.)
    public var onSettled: ((SettleEvent) -> Void)?
    /// The item nearest to the resting place changed (live, while moving), with what moved it.
    public var onCurrentIndexChanged: ((SelectionEvent) -> Void)?
    /// Continuous position between items (2.5 = halfway from item 2 to 3), on every offset change.
    public var onPositionChanged: ((Double) -> Void)?
    /// An item was activated: a click without a drag, or Enter/Space on the current item. Runs before the default
    /// action (`scrollsToTappedItem`).
    public var onTap: ((TapEvent) -> Void)?
    /// Whether a tapped item is brought to its resting place (cause `.click`).
    public var scrollsToTappedItem = true
    /// Whether the current item's widget gets the CSS class `current` and the accessible "selected" state.
    public var marksCurrentItem = false {
        didSet {
            items.marksCurrent = marksCurrentItem
            items.markCurrent(controller.currentIndex)
        }
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
    public internal(set) var inputCause = Cause.programmatic

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

    /// The item nearest to the resting place now (in a loop, the real item: 0..<itemCount).
    public var currentIndex: Int { realIndex(indexBeforeLayout ?? controller.currentIndex) }
    /// The current geometry (logical, left to right; in a loop, the long virtual row).
    public var layout: SnapLayout { controller.layout }
    /// The controller's logical offset over the whole content (the adjustment shows a window of its physical mirror).
    public var logicalOffset: Double { controller.offset }
    /// Whether the row is laid out right to left (first item at the right).
    public internal(set) var isRightToLeft: Bool {
        didSet { gestures.isRightToLeft = isRightToLeft }
    }
    /// True while an animation runs or a gesture awaits its end.
    public var isMoving: Bool { controller.needsFrames || gestures.isDragging }
    /// The frame driver pacing animations; set `recordsIntervals` to measure frame intervals.
    @_spi(Testing) public var frameDriver: FrameDriver { driver }
    /// How many item widgets exist (bound or pooled): bounded by the viewport, not by the item count.
    @_spi(Testing) public var createdItemCount: Int { items.createdCount }

    /// Number of items; when it changes the current item stays current (clamped).
    public var itemCount: Int {
        get { storedItemCount }
        set { setItemCount(newValue) }
    }
    /// Width of every item in px, unless `itemWidths` or `itemWidthForViewport` decides it; when it changes the
    /// current item stays current and in place.
    public var itemWidth: Double {
        get { storedItemWidth }
        set { setItemWidth(newValue) }
    }
    /// Individual item widths in px, for items of different widths (natural-width titles): item `i` is
    /// `itemWidths[i]` wide, items past the end of the array `itemWidth`. Nil (the default) keeps every item
    /// `itemWidth` wide, with constant-memory geometry however many items there are. A looping row (``loops``)
    /// repeats these widths round after round.
    public var itemWidths: [Double]? {
        didSet { rebuildLayout() }
    }
    /// Gap between items in px, unless `spacingForViewport` decides it; the current item stays current and in place.
    public var spacing: Double {
        get { storedSpacing }
        set { setSpacing(newValue) }
    }
    /// Whether a horizontal scrollbar shows (the menu shows none; a strip may show GTK's overlay scrollbar).
    public var isScrollbarVisible: Bool {
        get { storedScrollbarVisible }
        set {
            storedScrollbarVisible = newValue
            setScrollbarVisible(newValue)
        }
    }

    var storedItemCount: Int
    var storedItemWidth: Double
    var storedSpacing: Double
    var storedScrollbarVisible = false

    var controller: SnapController
    var driver: FrameDriver!
    /// The item widgets near the viewport, and the pool they are recycled through.
    let items: ItemRecycler
    var settingValue = false
    var hasViewport = false
    var appliedPhysical = 0.0
    var animationsObserver: UInt = 0
    /// The input rules (threshold, tap, axis lock, wheel units, mirroring); its direction follows `isRightToLeft`.
    var gestures = GestureInterpreter()
    /// Display-server event times → the monotonic clock.
    var eventClock = EventClock()
    /// A touchpad gesture ended without `decelerate`: the next frame ends it in the controller.
    var scrollEndPending = false
    /// The stretch of content the adjustment shows (offsets past GTK's single precision are re-based into it).
    var contentWindow = ContentWindow(contentWidth: 0, viewportWidth: 0, around: 0)
    /// The virtual row's arithmetic while the row loops (nil: it does not).
    var loopSpace: LoopSpace? {
        didSet { indexMap.loop = loopSpace }
    }
    /// Maps the recycler's (virtual) indexes to the caller's items for `bind`.
    let indexMap = LoopIndexMap()
    /// The whole-range scrollbar shown when the content is windowed (see `updateScrollbar`).
    var wholeRangeScrollbar: WholeRangeScrollbar?
    /// The (virtual) item asked for before the first real width: a row without width may have no pitch (carousel
    /// pages are sized from the width), where every index rests at 0 and the controller could not keep it.
    var indexBeforeLayout: Int?

    /// The C-level form of ``init(itemCount:itemWidth:spacing:initialIndex:configuration:label:makeItem:bindItem:)``
    /// for code that builds its items with GTK's C API: `factory` makes an item widget; `bind` fills one for an index
    /// (called again whenever a widget is recycled). `contentRole` is the accessible role of the row (e.g.
    /// `GTK_ACCESSIBLE_ROLE_TAB_LIST`). Ordinary apps use the `makeItem:bindItem:` form with ``Widget`` handles.
    @_spi(GtkInterop) public init(
        itemCount: Int, itemWidth: Double, spacing: Double, initialIndex: Int = 0,
        configuration: SnapConfiguration = .standard, contentRole: GtkAccessibleRole = GTK_ACCESSIBLE_ROLE_GROUP,
        label: String,
        factory: @escaping () -> UnsafeMutablePointer<GtkWidget>,
        bind: @escaping (UnsafeMutablePointer<GtkWidget>, Int) -> Void
    ) {
        WidgetStyle.install()
        storedItemCount = max(0, itemCount)
        storedItemWidth = itemWidth
        storedSpacing = spacing
        var config = configuration
        config.reduceMotion = !Preferences.animationsEnabled
        let layout = SnapLayout(uniformItemWidth: itemWidth, count: storedItemCount, spacing: spacing, viewportWidth: 0)
        controller = SnapController(layout: layout, configuration: config, initialIndex: initialIndex)

        widget = gtk_overlay_new()
        let frame = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        scrolledWindow = gtk_scrolled_window_new()
        content = snap_widget_new_with_role(gtk_box_get_type(), contentRole)
        let viewport = gtk_viewport_new(nil, nil)!
        adjustment = gtk_scrolled_window_get_hadjustment(scrolledWindow.opaque)
        let indexMap = indexMap
        items = ItemRecycler(parent: content, factory: factory, bind: { item, index in bind(item, indexMap.real(index)) })
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
        WidgetLifetime.layout(frame, owner: self, measure: { $0.measureFrame($1, $2) },
                              allocate: { $0.allocateFrame(width: $1, height: $2) })
        WidgetLifetime.layout(content, owner: self, measure: { $0.measureContent($1, $2) },
                              allocate: { $0.allocateContent(width: $1, height: $2) })

        driver = FrameDriver(widget: widget) { [weak self] time in self?.frame(at: time) ?? false }
        gestures.isRightToLeft = isRightToLeft
        WidgetLifetime.tie(self, to: widget) { $0.tearDown() }
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

    /// Runs once on the root widget's `destroy`, while every widget is still alive: no more frames, no more
    /// preference changes, no item widgets kept (their parent takes them with it).
    private func tearDown() {
        driver.stop()
        Preferences.stopObserving(animationsObserver)
        animationsObserver = 0
        items.drop()
    }

    // MARK: - Public API

    /// Adds a GTK widget above the row that does not scroll with it (the C-level form of `addOverlay(_:)`).
    @_spi(GtkInterop) public func addOverlay(_ child: UnsafeMutablePointer<GtkWidget>) {
        gtk_overlay_add_overlay(widget.opaque, child)
    }

    /// Moves to item `index` (clamped); instant when `animated` is false or motion is reduced. One `onSettled`.
    public func scrollTo(index: Int, cause: Cause = .programmatic, animated: Bool = true) {
        let animate = animated && gtk_widget_get_mapped(widget) != 0
        let reduce = controller.configuration.reduceMotion
        if !animate { controller.configuration.reduceMotion = true }
        inputCause = cause
        let target = virtualTarget(forItem: index)
        if !hasViewport { indexBeforeLayout = target }
        controller.scrollTo(index: target, cause: cause, time: now)
        controller.configuration.reduceMotion = reduce
        afterInput()
    }

    /// Sets how many items there are (`itemCount`'s setter).
    func setItemCount(_ count: Int) {
        let real = currentIndex
        storedItemCount = max(0, count)
        if loops {
            // A new count is a new virtual row: the same item (clamped) in its middle copy.
            let loop = LoopSpace(count: storedItemCount)
            loopSpace = loop
            restart(onVirtualIndex: loop.virtualIndex(middleOf: real))
            return
        }
        rebuildLayout()
    }

    /// Sets the items' width (`itemWidth`'s setter).
    func setItemWidth(_ width: Double) {
        storedItemWidth = width
        rebuildLayout()
    }

    /// Sets the gap between items (`spacing`'s setter).
    func setSpacing(_ value: Double) {
        storedSpacing = value
        rebuildLayout()
    }

    /// Sets the scrollbar policy (`isScrollbarVisible`'s setter).
    /// With content past GTK's precision (see `ContentWindow`) the scrollbar is one of ours spanning the whole row.
    func setScrollbarVisible(_ visible: Bool) {
        updateScrollbar()
    }

    /// Re-runs `bind` for every bound item (e.g. after the data behind the items changed).
    public func rebindItems() {
        items.rebindAll(current: controller.currentIndex)
    }

    /// The widget currently showing item `index`, if it is near the viewport.
    @_spi(GtkInterop) public func itemWidget(at index: Int) -> UnsafeMutablePointer<GtkWidget>? {
        items.widget(at: loopSpace.map { $0.virtualIndex(nearestCopyOf: index, to: controller.currentIndex) } ?? index)
    }

    /// The time base of every input: the monotonic clock in ms, the same base as the frame clock's frame times.
    public var now: Double { Double(g_get_monotonic_time()) / 1000 }
}
