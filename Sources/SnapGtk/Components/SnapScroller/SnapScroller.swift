import CSnapGtk
import SnapCore

/// A row of items in a GtkScrolledWindow that always comes to rest with one item in its resting place (centred for
/// strips and menus, a page for carousels); horizontal, or a vertical list (``orientation``). Every input goes
/// through one `SnapController`; only items near the viewport exist, placed by a `ScrollableWidget`.
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
    /// The row itself, the scrolled window's child: the item widgets' parent, the widget that takes the focus and the
    /// input, with the accessible role given at creation (e.g. a tab list).
    @_spi(GtkInterop) public let content: UnsafeMutablePointer<GtkWidget>
    /// The horizontal adjustment, over the whole row: its value at rest is the resting offset measured from the row's
    /// left end (flipped right to left, as GTK's lists do).
    @_spi(GtkInterop) public var adjustment: UnsafeMutablePointer<GtkAdjustment> { ScrollableWidget.adjustment(of: content) }

    // Event handlers. The scroller keeps each handler as long as it lives: a handler that uses the scroller, or
    // anything that owns it, must capture that `weak` (`{ [weak self] event in … }`), or the two keep each other
    // alive after their window closes.

    /// Reports the end of every gesture once, when the content is at rest exactly in place: the item and the cause.
    /// (The adjustment then holds the exact resting offset, in px from the row's left end.)
    public var onSettled: ((SettleEvent) -> Void)?
    /// The item nearest to the resting place changed (live, while moving), with what moved it.
    public var onCurrentIndexChanged: ((SelectionEvent) -> Void)?
    /// Continuous position between items (2.5 = halfway from item 2 to 3), on every offset change.
    public var onPositionChanged: ((Double) -> Void)?
    /// An item was activated: a click without a drag, or Enter/Space on the current item. Runs before the default
    /// action (`scrollsToTappedItem`).
    public var onTap: ((TapEvent) -> Void)?
    /// A user's gesture began or let go: its input, and at its end the release velocity, where that velocity would
    /// coast the content and the item chosen to rest on (see ``GestureEvent``). Requests (taps, ``scrollTo(index:cause:animated:)``)
    /// are not gestures.
    public var onGesture: ((GestureEvent) -> Void)?
    /// Sees every input GTK's controllers hand the scroller, before its handler runs (a session recorder); inputs
    /// delivered with ``inject(_:)`` are not shown to it.
    @_spi(Testing) public var inputTap: ((ScrollerInput) -> Void)?
    /// Sees the row's offset, speed and heading each time its offset changes (see ``MotionSample``): a motion plot.
    @_spi(Testing) public var motionTap: ((MotionSample) -> Void)?
    /// Whether a tapped item is brought to its resting place (cause `.click`, or `.keyboard` for Enter/Space). An item
    /// already resting in its place does not move, so it reports no settle.
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
        didSet { applicationChange { rebuildLayout() } }
    }

    /// Gap between items for a given viewport width; when set it overrides `spacing` (carousel pages scale it).
    public var spacingForViewport: ((Double) -> Double)? {
        didSet { applicationChange { rebuildLayout() } }
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

    /// The item nearest to the resting place now (in a loop, the real item: 0..<itemCount). A row without items has
    /// no current item: then it is 0 and means nothing.
    public var currentIndex: Int { realIndex(indexBeforeLayout ?? controller.currentIndex) }
    /// The current geometry (logical, left to right; in a loop, the long virtual row).
    public var layout: SnapLayout { controller.layout }
    /// The controller's logical offset over the whole content, from the row's start (the adjustment holds it flipped
    /// right to left).
    public var logicalOffset: Double { controller.offset }
    /// Whether the row is laid out right to left (first item at the right). A vertical row is not mirrored.
    public var isRightToLeft: Bool { gestures.isRightToLeft }
    /// True while an animation runs or a gesture awaits its end.
    public var isMoving: Bool { controller.needsFrames || gestures.isDragging }
    /// The frame driver pacing animations; set `recordsIntervals` to measure frame intervals.
    @_spi(Testing) public var frameDriver: FrameDriver { driver }
    /// How many item widgets exist (bound or pooled): bounded by the viewport, not by the item count.
    @_spi(Testing) public var createdItemCount: Int { items.bound.count + items.pool.count }

    /// Number of items, identified by their index (use ``update(ids:widths:reloaded:animated:)`` for items with
    /// identities of their own). Setting it replaces the items: the current item stays current when it still exists
    /// (else the last becomes current), and every item near the view is bound again after the setter returns, so
    /// changed data shows. A move under way keeps going to the index it was heading for (clamped). Events follow
    /// once, after the setter (cause `.dataChange`); with no items, none.
    public var itemCount: Int {
        get { storedItemCount }
        set { setItemCount(newValue) }
    }
    /// Width of every item in px, unless `itemWidths` or `itemWidthForViewport` decides it; when it changes the
    /// current item stays current and in place.
    public var itemWidth: Double {
        didSet { applicationChange { rebuildLayout() } }
    }
    /// Individual item widths in px, for items of different widths (natural-width titles): item `i` is
    /// `itemWidths[i]` wide, items past the end of the array `itemWidth`. Nil (the default) keeps every item
    /// `itemWidth` wide, with constant-memory geometry however many items there are. A looping row (``loops``)
    /// repeats these widths round after round.
    ///
    /// Widths and count may be set in either order: nothing is bound until the setter has returned.
    public var itemWidths: [Double]? {
        get { storedItemWidths }
        set { applicationChange { storedItemWidths = newValue; rebuildLayout() } }
    }
    /// Gap between items in px, unless `spacingForViewport` decides it; the current item stays current and in place.
    public var spacing: Double {
        didSet { applicationChange { rebuildLayout() } }
    }
    /// Whether a horizontal scrollbar shows (the menu shows none; a strip may show GTK's overlay scrollbar, which
    /// spans the whole row). None while the row loops.
    public var isScrollbarVisible = false {
        didSet { updateScrollbar() }
    }
    /// Whether a mouse drag moves the row (default true). Off, a press that moves past the drag threshold is given
    /// up (neither a drag nor a tap); a click without moving still taps, and a touchscreen drag still moves it.
    public var allowsMouseDrag = true
    /// Whether mouse wheel notches move the row (default true). Off, they are not taken: the widgets around the
    /// scroller get them (a scrolling page scrolls). Touchpad scrolling still moves the row.
    public var allowsScrollWheel = true
    /// Whether the user can move the row at all (default true). Off, no wheel, touchpad, drag, key or click moves
    /// it (a tap is still reported through ``onTap``, Enter/Space too); ``scrollTo(index:cause:animated:)`` still
    /// does, so an application (or attached page dots) can move it.
    public var isInteractive = true {
        didSet {
            // A gesture in progress ends where it is, by the usual rules, rather than hanging on.
            if !isInteractive && gestures.isDragging {
                _ = gestures.release(offsetX: 0)
                controller.dragEnded(time: now)
                afterInput()
            }
        }
    }

    var storedItemCount: Int
    var storedItemWidths: [Double]?
    /// The slot each item wider than its slot is drawn within (by widget), set in each allocation.
    var itemClips: [UnsafeMutableRawPointer: graphene_rect_t] = [:]
    /// Whether `bind` shows the item count too (a banner's "3 of 5"): a new count binds every item again.
    var bindingShowsCount = false
    /// The application's identities of the items as it gave them (an `[ID]` of its own type, see
    /// ``update(ids:widths:reloaded:animated:)``); nil: identified by their index.
    @usableFromInline var itemIDs: Any?
    /// Depth of the application's changes running now (``applicationChange(_:)``): binding and events wait.
    var changeDepth = 0
    /// Items near the view wait to be bound (a change asked for them while it ran).
    var bindingPending = false
    /// The settle an application's change caused, delivered after it.
    var pendingSettle: SettleEvent?
    /// The settle of a change whose neighbours still slide, delivered when they are in place.
    var pendingGapSettle: SettleEvent?
    /// The last current index reported to `onCurrentIndexChanged` (nil: none, or no items).
    var lastReportedIndex: Int?
    /// Delivers what an application's change caused, from an idle callback before the next frame.
    var afterChange: IdleBatch!
    /// An application's change has ended and what it caused is not delivered yet.
    var deliveryPending = false
    /// The neighbours sliding into place after a change, and the frame time last shown.
    var gapMotion: ItemSlide?
    var gapTime = 0.0

    var controller: SnapController
    var driver: FrameDriver!
    /// The item widgets near the viewport, and the pool they are recycled through.
    let items: ItemRecycler
    var hasViewport = false
    /// The items' lengths changed with something the row does not see (the height that limits a carousel's scale): the
    /// next allocation lays the row out again at its width, even an unchanged one.
    var needsRelayout = false
    /// Inside the row's allocation, which configures the adjustment once, after laying the row out.
    var isAllocating = false
    var animationsObserver: UInt = 0
    /// The input rules (threshold, tap, axis lock, wheel units, mirroring); its direction follows `isRightToLeft`.
    var gestures = GestureInterpreter()
    /// Display-server event times → the monotonic clock.
    var eventClock = EventClock()
    /// A touchpad gesture ended without `decelerate`: the next frame ends it in the controller.
    var scrollEndPending = false
    /// Where the pointer is along the row (its own x; a vertical row's y), nil when it is elsewhere: hover follows the items moving under
    /// a still pointer (see `followPointer`).
    var pointerX: Double?
    /// The virtual row's arithmetic while the row loops (nil: it does not); the recycler binds through it.
    var loopSpace: LoopSpace? { items.loop }
    /// The snap guides' drawing over the row while `showsSnapGuides` is on (nil, and no widget, while off).
    var guideArea: UnsafeMutablePointer<GtkWidget>?
    /// Set on the root's `destroy`: no widget is added after it, and the public calls that would reach GTK (moves,
    /// changes of the items) do nothing: the widgets may be freed already while the application still holds this.
    var isTornDown = false
    /// The (virtual) item asked for before the first real width: a row without width may have no pitch (carousel
    /// pages are sized from the width), where every index rests at 0 and the controller could not keep it.
    var indexBeforeLayout: Int?
    /// The item the content is on or heading to, last reported to `onDestinationChanged`.
    var reportedDestination: Int?
    /// The item the content is on or heading to changed (the target of a request or a released fling, or while input
    /// steers, the nearest item): once per change, not for each item passed on the way (a carousel's page).
    var onDestinationChanged: ((SelectionEvent) -> Void)? {
        didSet { reportedDestination = destinationIndex }
    }

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
        self.itemWidth = itemWidth
        self.spacing = spacing
        var config = configuration
        config.reduceMotion = !Preferences.animationsEnabled
        let layout = SnapLayout(uniformItemWidth: itemWidth, count: storedItemCount, spacing: spacing, viewportWidth: 0)
        controller = SnapController(layout: layout, configuration: config, initialIndex: initialIndex)

        widget = gtk_overlay_new()
        scrolledWindow = gtk_scrolled_window_new()
        content = ScrollableWidget.make(role: contentRole)
        items = ItemRecycler(parent: content, factory: factory, bind: bind)

        gtk_widget_add_css_class(widget, "snap-scroller")
        gtk_widget_add_css_class(content, "snap-content")
        gtk_scrolled_window_set_policy(scrolledWindow.opaque, GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        // GtkScrolledWindow's own kinetic scrolling (touch drag and coasting) would move the row behind the controller.
        gtk_scrolled_window_set_kinetic_scrolling(scrolledWindow.opaque, 0)
        gtk_widget_set_hexpand(scrolledWindow, 1)
        // The row takes the focus (and with it the keys); the scrolled window would take it first when focusable.
        gtk_widget_set_focusable(scrolledWindow, 0)
        gtk_widget_set_focusable(content, 1)
        snap_accessible_set_label(scrolledWindow, label)
        gtk_scrolled_window_set_child(scrolledWindow.opaque, content)
        gtk_overlay_set_child(widget.opaque, scrolledWindow)
        ScrollableWidget.attach(self, to: content)

        driver = FrameDriver(widget: widget) { [weak self] time in self?.frame(at: time) ?? false }
        afterChange = IdleBatch { [weak self] in self?.deliverAfterChange() }
        lastReportedIndex = storedItemCount > 0 ? controller.currentIndex : nil
        gestures.isRightToLeft = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        WidgetLifetime.tie(self, to: widget) { $0.tearDown() }
        connectInput()
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
        isTornDown = true
        // The overlay takes the guides' area with it; later switches change nothing.
        guideArea = nil
        driver.stop()
        afterChange.cancel()
        Preferences.stopObserving(animationsObserver)
        animationsObserver = 0
        items.drop()
    }

    // MARK: - Public API

    /// Adds a GTK widget above the row that does not scroll with it (the C-level form of `addOverlay(_:)`).
    @_spi(GtkInterop) public func addOverlay(_ child: UnsafeMutablePointer<GtkWidget>) {
        gtk_overlay_add_overlay(widget.opaque, child)
        keepGuidesOnTop()
    }

    /// Moves to item `index` (clamped); instant when `animated` is false or motion is reduced. One `onSettled`.
    /// Once the row's widget is destroyed (its window closed), nothing.
    public func scrollTo(index: Int, cause: Cause = .programmatic, animated: Bool = true) {
        guard !isTornDown else { return }
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

    /// `itemCount`'s setter: items identified by their index, the current one kept (the last when it is gone), every
    /// bound one bound again.
    func setItemCount(_ count: Int) {
        applicationChange {
            let newCount = max(0, count)
            let current: Int? = newCount > 0 ? min(itemCount > 0 ? currentIndex : 0, newCount - 1) : nil
            let target = newCount > 0 ? movingTarget().map { min($0, newCount - 1) } : nil
            itemIDs = nil
            storedItemCount = newCount
            items.release { _ in true }
            replaceItems(current: current, target: target)
        }
    }

    /// Binds every item near the view again (e.g. after the data behind the items changed), after this returns.
    public func rebindItems() {
        applicationChange {
            items.release { _ in true }
            updateVisibleItems()
        }
    }

    /// The widget currently showing item `index`, if it is near the viewport.
    @_spi(GtkInterop) public func itemWidget(at index: Int) -> UnsafeMutablePointer<GtkWidget>? {
        items.bound[loopSpace.map { $0.virtualIndex(nearestCopyOf: index, to: controller.currentIndex) } ?? index]
    }

    /// The time base of every input: the monotonic clock in ms, the same base as the frame clock's frame times.
    public var now: Double { Double(g_get_monotonic_time()) / 1000 }
}
