import CSnapGtk
import SnapCore

/// A peeking carousel: one page at rest in the middle, its neighbours peeking in at the side margins, all sized in
/// proportion to the width from a `PagerDesign`. Built on ``SnapScroller`` with the pager configuration (at most
/// one page per fling). A click on a page is a tap; a click on a peeking neighbour also brings it to the
/// middle. Page widgets are recycled, so the page count may be huge.
///
/// Pages are image banners (``init(pageCount:design:accessibleLabel:banner:)``) or any widget of yours, made by a
/// factory and filled by a bind closure (``init(pageCount:design:accessibleLabel:makePage:bindPage:)``). Add
/// ``PageDots`` with ``PageDots/attach(to:)``.
///
/// The component is as wide as its allocation and never taller: when the height is the limit, the banners keep the
/// design's proportions at the scale the height allows and the neighbours show further in, up to the edges.
@MainActor
public final class Carousel {
    /// What a banner page shows: an image drawn to cover the panel with rounded corners, and a title under it.
    public struct Banner: Equatable {
        /// The title under the image (also the banner's accessible name).
        public var title: String
        /// The image file (PNG, JPEG, GIF, BMP, ICO, TIFF or SVG); a file that cannot be read shows a placeholder and
        /// is reported once through ``Carousel/onImageError``. Empty when the banner shows a ``texture``.
        public var imagePath: String
        /// Pixels the application decoded itself, shown instead of a file when set.
        public var texture: Texture?

        /// A banner titled `title` showing the image file at `imagePath` (decoded right after the banner is first drawn,
        /// once however often it is shown).
        public init(title: String, imagePath: String) {
            self.title = title
            self.imagePath = imagePath
        }

        /// A banner titled `title` showing `texture`.
        public init(title: String, texture: Texture) {
            self.title = title
            imagePath = ""
            self.texture = texture
        }

        /// Whether two banners show the same title and the same file or texture object.
        public static func == (lhs: Banner, rhs: Banner) -> Bool {
            lhs.title == rhs.title && lhs.imagePath == rhs.imagePath && lhs.texture === rhs.texture
        }
    }

    /// Smallest size (px) the carousel asks for, so a small window still lays out.
    static let minimumWidth: Int32 = 120
    static let minimumHeight: Int32 = 80

    /// The root widget.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The snapping engine underneath (its scroll pane carries the accessible label).
    public let scroller: SnapScroller
    /// The design values the geometry is scaled from.
    public let design: PagerDesign
    /// The geometry at the current component width.
    public internal(set) var geometry: PagerGeometry {
        didSet { if geometry != oldValue { store.geometry = geometry } }
    }
    /// Number of pages, identified by their index (``update(ids:reloaded:animated:)`` keeps pages of your own
    /// identity). Setting it replaces the pages: the current page stays current when it still exists (else the last
    /// becomes current), and every page near the view is bound again after the setter returns, so changed data
    /// shows. ``onPageChanged`` and ``onSettled`` follow once, after the setter (cause `.dataChange`); with no
    /// pages, nothing is current and no event is sent.
    public var pageCount: Int {
        get { store.pageCount }
        set {
            guard !scroller.isTornDown else { return }   // the widgets may be freed already
            store.pageCount = max(0, newValue)
            scroller.setItemCount(store.pageCount)
            updateDots()
        }
    }
    /// The carousel's name for assistive technologies (its scroll pane's label).
    public var accessibleLabel: String {
        didSet { snap_accessible_set_label(scroller.scrolledWindow, accessibleLabel) }
    }
    /// The current page: the one nearest to its resting place, live while moving (0, meaning nothing, when there
    /// are no pages).
    public var currentPage: Int { scroller.currentIndex }

    /// The page the carousel is on or heading to changed, with what moved it: once per change. A request (a dot, a
    /// key, a click on a neighbour, autoplay, ``scrollTo(page:cause:animated:)``) or a released fling reports its
    /// destination when the motion starts, not each page passed on the way; while a drag or the fingers hold the
    /// content, the page nearest its resting place as it changes. (``currentPage`` follows the position live.) After a
    /// change of the pages, once, when the change is complete (cause `.dataChange`), and only if the index moved. The
    /// index is the page's position among the pages as they are then. Never while there are no pages. See
    /// ``SelectionEvent`` on capturing.
    public var onPageChanged: ((SelectionEvent) -> Void)?
    /// A user's gesture on the carousel began or let go (see ``SnapScroller/onGesture``).
    public var onGesture: ((GestureEvent) -> Void)? {
        get { scroller.onGesture }
        set { scroller.onGesture = newValue }
    }
    /// The carousel came to rest: once per gesture, and once after each change of the pages (cause `.dataChange`),
    /// never inside the call that made it. Never while there are no pages.
    public var onSettled: ((SettleEvent) -> Void)?
    /// A page was tapped: a click without a drag on it (on a peeking neighbour, before the move that brings it to
    /// the middle), or Enter/Space on the focused carousel (the current page).
    public var onTapped: ((TapEvent) -> Void)?
    /// The fractional position changed (2.5 = halfway from page 2 to 3), every frame while moving.
    public var onPositionChanged: ((_ position: Double) -> Void)?
    /// A banner's image could not be loaded: reported once per banner. Failures found before this is set (the
    /// first banners bind at creation) are delivered when it is set.
    public var onImageError: ((ImageErrorEvent) -> Void)? {
        get { store.report }
        set { store.report = newValue }
    }

    let store: CarouselPages
    /// The gap between pages in px: the design's gap scaled to the width, until set. Setting it lays the pages out
    /// again at once, the current page staying current and exactly in place; nil goes back to the design's.
    public var spacing: Double? {
        didSet {
            spacing = spacing.map { $0.isFinite ? max(0, $0) : 0 }
            scroller.rebuildLayout()
        }
    }

    /// What the banners' image cache holds now; nil for pages of the application's own (a test hook).
    @_spi(Testing) public var imageCacheSizes: ImageCacheSizes? { (store as? BannerPages)?.cache.sizes }
    /// The corner radius its banners' pictures are drawn with now (px; a benchmark's hook).
    @_spi(Testing) public var bannerCornerRadius: Double {
        BannerCell.cornerRadius(geometry: geometry, width: geometry.panelWidth.rounded(),
                                height: geometry.imageHeight.rounded())
    }
    /// Page dots following this carousel (``PageDots/attach(to:)``); weak, so the dots go with their window.
    var dots: [WeakDots] = []

    /// A carousel of `pageCount` image banners; `banner(i)` describes page i (asked for only when page i is near
    /// the view).
    /// - Parameters:
    ///   - pageCount: how many banners there are.
    ///   - design: the measurements the pages are scaled from.
    ///   - accessibleLabel: the carousel's name for assistive technologies ("Banners" in the user's language).
    ///   - banner: what page `index` shows.
    public convenience init(pageCount: Int, design: PagerDesign = .peekingBanners,
                            accessibleLabel: String = Localization.banners, banner: @escaping (Int) -> Banner) {
        self.init(pageCount: pageCount, design: design, accessibleLabel: accessibleLabel, cache: SurfaceCache(),
                  banner: banner)
    }

    /// A carousel of `pageCount` image banners decoded through `cache` (tests share one to count decodes).
    convenience init(pageCount: Int, design: PagerDesign = .peekingBanners,
                     accessibleLabel: String = Localization.banners, cache: SurfaceCache,
                     banner: @escaping (Int) -> Banner) {
        self.init(design: design, accessibleLabel: accessibleLabel,
                  store: BannerPages(cache: cache, pageCount: max(0, pageCount), banner: banner))
    }

    /// A carousel of `pageCount` pages of your own: `makePage` makes an empty page widget (called for the few pages
    /// near the view, whose widgets are then recycled), `bindPage` fills one for a page index (called again each
    /// time a widget is reused). Pages are sized to the panel the design gives at the current width.
    ///
    /// ```swift
    /// let carousel = Carousel(pageCount: photos.count, makePage: { Label() },
    ///                         bindPage: { label, index in label.text = photos[index].caption })
    /// ```
    public convenience init<Page: WidgetRepresentable>(
        pageCount: Int, design: PagerDesign = .peekingBanners, accessibleLabel: String,
        makePage: @escaping () -> Page, bindPage: @escaping (Page, Int) -> Void
    ) {
        self.init(design: design, accessibleLabel: accessibleLabel,
                  store: CustomPages(pageCount: max(0, pageCount), make: makePage, bind: bindPage))
    }

    private init(design: PagerDesign, accessibleLabel: String, store: CarouselPages) {
        self.design = design
        self.accessibleLabel = accessibleLabel
        geometry = PagerGeometry(design: design, componentWidth: design.componentWidth)
        store.geometry = geometry
        self.store = store
        scroller = SnapScroller(
            itemCount: store.pageCount, itemWidth: geometry.panelWidth, spacing: geometry.gap,
            configuration: .pager, label: accessibleLabel,
            factory: { store.make() }, bind: { widget, index in store.bind(widget, index) })
        widget = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)
        gtk_widget_add_css_class(widget, "carousel")
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_vexpand(widget, 1)
        gtk_widget_set_parent(scroller.widget, widget)
        WidgetLifetime.layout(widget, owner: self, heightForWidth: true,
                              measure: { carousel, orientation, forSize in carousel.measure(orientation, forSize) },
                              allocate: { $0.allocate(width: $1, height: $2) })
        WidgetLifetime.tie(self, to: widget)
        // Off screen (its page hidden, its window closing), the carousel keeps no decoded images.
        Signals.connect(widget.raw, "unmap") { [weak store] in store?.releaseHidden() }

        // Whole pixels: items are placed on whole pixels anyway, and resting offsets stay whole numbers. A page's
        // length along the row: its width, or its height when the pages are stacked vertically.
        scroller.itemWidthForViewport = { [weak self] length in
            guard let self else { return 0 }
            let geometry = self.geometry(forLength: length)
            return (self.orientation == .vertical ? geometry.panelHeight : geometry.panelWidth).rounded()
        }
        scroller.spacingForViewport = { [weak self] width in
            guard let self else { return 0 }
            return self.spacing ?? self.geometry(forLength: width).gap.rounded()
        }
        scroller.marksCurrentItem = true
        // A banner's accessible name says "N of M".
        scroller.bindingShowsCount = store is BannerPages
        // Taps are ours: the current banner is tapped; a neighbour is brought to the middle.
        scroller.scrollsToTappedItem = false
        scroller.onTap = { [weak self] event in self?.clicked(event.index) }
        scroller.onCurrentIndexChanged = { [weak self] _ in self?.updateDots() }
        scroller.onDestinationChanged = { [weak self] event in self?.onPageChanged?(event) }
        scroller.onSettled = { [weak self] event in self?.onSettled?(event) }
        scroller.onPositionChanged = { [weak self] position in
            self?.updateDots()
            self?.onPositionChanged?(position)
        }
        (store as? BannerPages)?.focus = { [weak self] in (self?.currentPage ?? 0, self?.loops ?? false) }
    }

    // MARK: - Public API

    /// The fractional position (2.5 = halfway from page 2 to 3).
    public var position: Double { scroller.position }

    /// Whether the pages wrap around (the first follows the last; see `SnapScroller.loops`).
    public var loops: Bool {
        get { scroller.loops }
        set { scroller.loops = newValue }
    }

    /// Seconds between automatic advances to the next page; nil (the default) for none. Autoplay holds still while
    /// the pointer is over the carousel, while it has keyboard focus, during any gesture and under reduced motion.
    /// From the last page it goes on to the first: through the seam when looping, back to the start otherwise.
    public var autoplayInterval: Double? {
        didSet { configureAutoplay() }
    }
    /// Whether snap guides are drawn over the pages: the alignment line, each page's snap point, the target, a
    /// fling's rest and speed, and the offset (see ``SnapScroller/showsSnapGuides``). Off by default.
    public var showsSnapGuides: Bool {
        get { scroller.showsSnapGuides }
        set { scroller.showsSnapGuides = newValue }
    }

    /// The running autoplay (see `CarouselAutoplay.swift`).
    var autoplay: CarouselAutoplay?
    /// Sees every advance of autoplay, with the page it moves to, before the carousel moves (a session recorder).
    @_spi(Testing) public var autoplayTap: ((Int) -> Void)?

    /// Moves to `page` (clamped) with `cause` (`.click` for page dots, `.keyboard`, `.programmatic` for a reset…).
    public func scrollTo(page: Int, cause: Cause = .programmatic, animated: Bool = true) {
        scroller.scrollTo(index: page, cause: cause, animated: animated)
    }

    /// Replaces the pages in one step, by identity: the current page stays the same page and in place, whatever
    /// was inserted, removed or moved around it; when it was removed, the page that followed it becomes current (the
    /// one before it when it was the last). Only pages at a new position, or named in `reloaded`, are bound again;
    /// the neighbours slide into place, and a move under way (a dot, a key, ``scrollTo(page:cause:animated:)``)
    /// keeps going to the page it was heading for (see ``SnapScroller/update(ids:widths:reloaded:animated:)``,
    /// also for the first update of a carousel built with a count). Update your
    /// own data first: `bindPage` (or `banner`) is called with the new indexes after this returns, and then
    /// ``onPageChanged`` (when the current index changed) and one ``onSettled``, cause `.dataChange`.
    ///
    /// ```swift
    /// photos.removeAll { !$0.matches(filter) }
    /// carousel.update(ids: photos.map(\.id))
    /// ```
    @inlinable
    public func update<ID: Hashable>(ids: [ID], reloaded: Set<ID> = [], animated: Bool = true) {
        // Inlined into the caller, so the diff of the identities is compiled for its identifier type.
        applyUpdate(identityChange(from: scroller.itemIDs, count: scroller.itemCount, to: ids), ids: ids,
                    reloaded: reloaded, animated: animated)
    }

    /// The rest of an update, once the identities are compared.
    @usableFromInline
    func applyUpdate<ID: Hashable>(_ change: ItemChange<ID>, ids: [ID], reloaded: Set<ID>, animated: Bool) {
        guard !scroller.isTornDown else { return }
        store.pageCount = ids.count
        scroller.apply(change, ids: ids, widths: nil, reloaded: reloaded, animated: animated)
        updateDots()
    }

    /// Taps the current page as a click or Enter would: a banner flashes, and ``onTapped`` is called.
    public func tapCurrent() {
        guard pageCount > 0 else { return }
        if let item = scroller.itemWidget(at: currentPage) { store.flash(item) }
        onTapped?(TapEvent(index: currentPage))
    }

    /// The banner cell showing `page`, if it is near the view and the pages are banners.
    func cell(forPage page: Int) -> BannerCell? {
        scroller.itemWidget(at: page).flatMap { (store as? BannerPages)?.cells[$0.raw] }
    }

    // MARK: - Internals

    /// A click without a drag on page `index`: the current page is tapped; a neighbour is tapped too (as a strip's
    /// item is), then brought to the middle. A carousel that is not interactive ignores a click on a neighbour.
    private func clicked(_ index: Int) {
        if index == currentPage {
            tapCurrent()
        } else if scroller.isInteractive {
            onTapped?(TapEvent(index: index))
            scroller.scrollTo(index: index, cause: .click)
        }
    }

    /// The room across the row the carousel was last given (its height, or a vertical row's width for a panel): the
    /// limit on the pages' scale.
    var availableCross = Double.infinity
}

extension Carousel: WidgetRepresentable {
    /// The component's root widget, to put in a ``Box`` or ``Window``.
    public var rootWidget: Widget { Widget(widget, sinking: false) }

    /// Focuses the carousel's row, where the keys turn the pages.
    @discardableResult
    public func grabFocus() -> Bool { scroller.grabFocus() }
}
