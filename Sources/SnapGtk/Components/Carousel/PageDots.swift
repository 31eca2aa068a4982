import CSnapGtk
import SnapCore

/// Page dots for a pager: one small focusable tab per page (clickable, keyboard-navigable, selected for the current
/// page in the accessibility tree), drawn by us and interpolated from the pager's FRACTIONAL position.
///
/// Many pages: at most `maximumDots` dots stand for a window of pages around the current (or focused) one, and a
/// "N / M" counter appears beside them.
@MainActor
public final class PageDots {
    /// Dot radius (px) of a page that is not current.
    public static let radius = 3.0
    /// Dot radius (px) of the current page.
    public static let selectedRadius = 4.0
    /// Dot opacity of a page that is not current: enough for 3:1 against the background in light, dark and high
    /// contrast themes (the dot is drawn in the theme's text colour).
    public static let opacity = 0.6
    /// Dot opacity of the current page.
    public static let selectedOpacity = 1.0
    /// Gap (px) between the edges of two selected-size dots.
    public static let spacing = 7.0
    /// Space (px) above and below the dots, which also enlarges the click target.
    public static let margin = 6.0
    /// Dots shown at most; more pages switch to a window of dots plus a counter.
    public static let defaultMaximumDots = 9

    /// The root: the tab list of dots and the counter.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// Called when a dot is clicked (`.click`) or activated with Enter/Space (`.keyboard`), with the page it
    /// stands for. Dots attached to a carousel (``attach(to:)``) move it there first. See ``SelectionEvent`` on
    /// capturing.
    public var onActivate: ((SelectionEvent) -> Void)?

    /// Number of pages; changing it rebuilds the dots (the current page is clamped).
    public var count: Int {
        didSet {
            count = max(0, count)
            current = min(current, max(0, count - 1))
            fractionalPosition = min(fractionalPosition, Double(max(0, count - 1)))
            focusedPage = nil
            rebuild()
        }
    }

    /// The pager's continuous position (2.5 = halfway between pages 2 and 3); setting it makes the nearest page
    /// current. Dots attached to a carousel follow it by themselves.
    public var position: Double {
        get { fractionalPosition }
        set { update(position: newValue, currentPage: nil) }
    }

    /// The current page (the selected dot); setting it also puts the position there.
    public var currentPage: Int {
        get { current }
        set { update(position: Double(newValue), currentPage: newValue) }
    }

    /// The accessible name of the row of dots ("Pages" in the user's language by default).
    public var accessibleLabel: String = Localization.pages {
        didSet { snap_accessible_set_label(list, accessibleLabel) }
    }

    /// The accessible name of each dot from its 1-based page and the page count ("Page 2 of 5" in the user's
    /// language by default).
    public var pageLabel: (_ page: Int, _ count: Int) -> String = { Localization.pageOfCount(page: $0, count: $1) } {
        didSet {
            appliedState = nil
            refresh()
        }
    }

    /// The counter shown beside the dots when there are more pages than dots, from the 1-based current page and
    /// the page count ("3 / 120" by default).
    public var counterText: (_ page: Int, _ count: Int) -> String = { Localization.counter(page: $0, count: $1) } {
        didSet {
            appliedState = nil
            refresh()
        }
    }

    /// The carousel the dots follow, if attached.
    public private(set) weak var carousel: Carousel?

    private var fractionalPosition = 0.0
    private var current = 0
    /// Most dots shown at once.
    public let maximumDots: Int

    private let list: UnsafeMutablePointer<GtkWidget>
    private let counter: UnsafeMutablePointer<GtkWidget>
    private var dots: [UnsafeMutablePointer<GtkWidget>] = []
    /// First page the dots stand for.
    private var firstPage = 0
    /// Page whose dot holds the keyboard focus, if any; it anchors the window of dots while set.
    private var focusedPage: Int?
    /// Set while we move the focus ourselves, so the focus-leave handler does not forget the focused page.
    private var movingFocus = false

    /// Dots for `count` pages; `maximumDots` (≥ 3) bounds how many are shown at once.
    public init(count: Int = 0, maximumDots: Int = PageDots.defaultMaximumDots) {
        WidgetStyle.install()
        self.count = max(0, count)
        self.maximumDots = max(3, maximumDots)
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)
        gtk_widget_add_css_class(widget, "page-dots")
        list = snap_widget_new_with_role(gtk_box_get_type(), GTK_ACCESSIBLE_ROLE_TAB_LIST)
        gtk_orientable_set_orientation(list.opaque, GTK_ORIENTATION_HORIZONTAL)
        snap_accessible_set_orientation(list, GTK_ORIENTATION_HORIZONTAL)
        snap_accessible_set_label(list, accessibleLabel)
        counter = gtk_label_new(nil)
        gtk_widget_add_css_class(counter, "page-dots-counter")
        gtk_box_append(widget.cast(), list)
        gtk_box_append(widget.cast(), counter)
        WidgetLifetime.tie(self, to: widget)

        KeyTranslation.addController(to: list) { [weak self] keyval, _ in self?.key(keyval) ?? false }
        let focus = gtk_event_controller_focus_new()!
        Signals.connect(UnsafeMutableRawPointer(focus), "leave") { [weak self] in
            guard let self, !self.movingFocus else { return }
            self.focusedPage = nil
            self.refresh()
        }
        gtk_widget_add_controller(list, focus)
        rebuild()
    }

    // MARK: - Public state

    /// Pages the dots stand for now.
    public var visiblePages: Range<Int> { firstPage..<(firstPage + dots.count) }

    /// True when there are more pages than dots (the counter shows "N / M").
    public var isCompact: Bool { count > maximumDots }

    /// Makes the dots follow `carousel`: their count is its page count, their position its position, and a dot
    /// activated moves the carousel to its page (then calls ``onActivate``). One carousel at a time; attaching
    /// again moves the dots to the new one.
    public func attach(to carousel: Carousel) {
        self.carousel?.detach(self)
        self.carousel = carousel
        carousel.attach(self)
        follow(carousel)
    }

    /// Stops following the carousel, if any.
    public func detach() {
        carousel?.detach(self)
        carousel = nil
    }

    /// Takes the carousel's page count and position (called by the carousel as they change).
    func follow(_ carousel: Carousel) {
        if carousel.pageCount != count { count = carousel.pageCount }
        update(position: carousel.position, currentPage: carousel.currentPage)
    }

    /// Follows the pager: `position` is fractional; `currentPage` is the pager's current page (the nearest when nil).
    func update(position newPosition: Double, currentPage page: Int?) {
        guard count > 0, newPosition.isFinite else { return }
        fractionalPosition = min(max(newPosition, 0), Double(count - 1))
        let nearest = page ?? Int(fractionalPosition.rounded())
        current = min(max(nearest, 0), count - 1)
        refresh()
    }

    /// The dot widget for `page`, if that page has a dot now.
    @_spi(Testing) public func dot(forPage page: Int) -> UnsafeMutablePointer<GtkWidget>? {
        visiblePages.contains(page) ? dots[page - firstPage] : nil
    }

    /// How much dot `page` looks selected: 1 at the current position, fading to 0 one page away.
    public func emphasis(ofPage page: Int) -> Double {
        max(0, 1 - abs(position - Double(page)))
    }

    /// The drawn radius of dot `page`.
    public func radius(ofPage page: Int) -> Double {
        Self.radius + (Self.selectedRadius - Self.radius) * emphasis(ofPage: page)
    }

    /// The drawn opacity of dot `page`.
    public func opacity(ofPage page: Int) -> Double {
        Self.opacity + (Self.selectedOpacity - Self.opacity) * emphasis(ofPage: page)
    }

    /// Sees each dot activated by a click or a key (the page and the cause) before it acts (a session recorder);
    /// ``activate(_:cause:)`` called by code is not shown to it.
    @_spi(Testing) public var activationTap: ((_ page: Int, _ cause: Cause) -> Void)?

    /// Activates `page` as a click or key would: moves an attached carousel there and reports it through
    /// ``onActivate``.
    public func activate(_ page: Int, cause: Cause) {
        guard page >= 0 && page < count else { return }
        carousel?.scrollTo(page: page, cause: cause)
        onActivate?(SelectionEvent(index: page, cause: cause))
    }

    /// Handles a key as if pressed on the focused dot; returns whether it was used.
    @discardableResult
    @_spi(Testing) public func key(_ keyval: UInt32) -> Bool {
        let page = dots.firstIndex { gtk_widget_has_focus($0) != 0 }.map { firstPage + $0 } ?? current
        // Left/Right follow what the user sees: in right-to-left the box lays the first page out at the right.
        guard let press = KeyTranslation.press(for: keyval), press != .pageUp, press != .pageDown else { return false }
        switch KeyMap.command(for: press, rightToLeft: gtk_widget_get_direction(list) == GTK_TEXT_DIR_RTL) {
        case .activate:
            activationTap?(page, .keyboard)
            activate(page, cause: .keyboard)
            return true
        case .move(let key):
            return moveFocus(to: key.target(from: page, count: count) ?? page)
        case nil:
            return false
        }
    }

    // MARK: - Internals

    /// Moves the keyboard focus to `page`'s dot, sliding the window of dots if needed.
    private func moveFocus(to page: Int) -> Bool {
        guard count > 0 else { return false }
        let target = min(max(page, 0), count - 1)
        focusedPage = target
        movingFocus = true
        refresh()
        if let dot = dot(forPage: target) { gtk_widget_grab_focus(dot) }
        movingFocus = false
        return true
    }

    /// Makes one dot per shown page (children are reused; only their number changes here).
    private func rebuild() {
        let wanted = min(count, maximumDots)
        while dots.count > wanted { gtk_box_remove(list.cast(), dots.removeLast()) }
        while dots.count < wanted { dots.append(makeDot(slot: dots.count)) }
        refresh()
    }

    private func makeDot(slot: Int) -> UnsafeMutablePointer<GtkWidget> {
        // Render nodes, not a drawing area: the dots are redrawn in every frame of a scroll, and the gl renderer
        // draws a new cairo node into a texture of its own and uploads it each time.
        let dot = SnapshotWidget.make(role: GTK_ACCESSIBLE_ROLE_TAB)
        gtk_widget_add_css_class(dot, "page-dot")
        let size = 2 * Self.selectedRadius
        gtk_widget_set_size_request(dot, Int32(size + Self.spacing), Int32(size + 2 * Self.margin))
        gtk_widget_set_cursor_from_name(dot, "pointer")
        PressFeedback.attach(to: dot)
        SnapshotWidget.attach(to: dot, owner: self) { dots, dot, snapshot, width, height in
            dots.draw(slot: slot, dot: dot, snapshot: snapshot, width: width, height: height)
        }
        let click = gtk_gesture_click_new()!
        Signals.connectPress(UnsafeMutableRawPointer(click), "released") { [weak self] _, _, _ in
            guard let self, slot < self.dots.count else { return }
            self.activationTap?(self.firstPage + slot, .click)
            self.activate(self.firstPage + slot, cause: .click)
        }
        gtk_widget_add_controller(dot, click)
        gtk_box_append(list.cast(), dot)
        return dot
    }

    /// What the dots' labels, selected state, tab stop and counter were last set for.
    private struct State: Equatable {
        var firstPage, shown, count, current, tabStop: Int
    }
    private var appliedState: State?
    /// How many times labels and states were set (tests check a scroll does not reset them every frame).
    @_spi(Testing) public private(set) var stateUpdates = 0

    /// Recomputes the window of pages and redraws; labels, the selected state, the tab stop and the counter are
    /// set only when what they show changed (a count, the current page, the focus or the window of pages), not on
    /// every frame of a scroll.
    private func refresh() {
        let shown = dots.count
        let anchor = focusedPage ?? current
        firstPage = shown > 0 ? min(max(anchor - shown / 2, 0), count - shown) : 0
        let state = State(firstPage: firstPage, shown: shown, count: count, current: current,
                          tabStop: focusedPage ?? current)
        if state != appliedState {
            appliedState = state
            stateUpdates += 1
            for (slot, dot) in dots.enumerated() {
                let page = firstPage + slot
                snap_accessible_set_label(dot, pageLabel(page + 1, count))
                snap_accessible_set_selected(dot, page == current ? 1 : 0)
                // Roving tab stop: Tab reaches the dots once, on the current (or focused) page.
                gtk_widget_set_focusable(dot, page == state.tabStop ? 1 : 0)
                if page == current { gtk_widget_add_css_class(dot, "selected") } else { gtk_widget_remove_css_class(dot, "selected") }
            }
            gtk_widget_set_visible(counter, isCompact ? 1 : 0)
            if isCompact { gtk_label_set_text(counter.opaque, counterText(current + 1, count)) }
        }
        for dot in dots { gtk_widget_queue_draw(dot) }
    }

    /// The dot: a disc of the text colour at the page's radius and opacity, in the middle of its widget.
    private func draw(slot: Int, dot: UnsafeMutablePointer<GtkWidget>, snapshot: OpaquePointer, width: Double, height: Double) {
        let page = firstPage + slot
        var color = RenderNodes.color(of: dot)
        color.alpha *= Float(opacity(ofPage: page))
        let radius = radius(ofPage: page)
        RenderNodes.fill(snapshot, RenderNodes.rect(width / 2 - radius, height / 2 - radius, 2 * radius, 2 * radius),
                         radius: radius, color)
    }
}

extension PageDots: WidgetRepresentable {
    /// The component's root widget, to put in a ``Box`` or ``Window``.
    public var rootWidget: Widget { Widget(widget, sinking: false) }
}
