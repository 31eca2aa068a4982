import CSnapGtk
import SnapCore

/// A banner carousel (seed 004): one banner at rest in the middle, its neighbours peeking in at the side margins, all
/// sized in proportion to the width from the design values of a `PagerGeometry`. Built on `SnapScroller` with the
/// pager configuration (at most one page per fling). A click on the current banner is a tap; a click on a peeking
/// neighbour brings it to the middle. Banner widgets are recycled, so the page count may be huge.
///
/// The component is as wide as its allocation and never taller: when the height is the limit, the banners keep the
/// design's proportions at the scale the height allows and the neighbours show further in, up to the edges.
@MainActor
public final class Carousel {
    /// What a page shows.
    public struct Banner: Sendable, Equatable {
        public var title: String
        public var imagePath: String
        public init(title: String, imagePath: String) {
            self.title = title
            self.imagePath = imagePath
        }
    }

    /// Smallest size (px) the carousel asks for, so a small window still lays out.
    static let minimumWidth: Int32 = 120
    static let minimumHeight: Int32 = 80

    /// The root widget.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The snapping engine underneath (accessible scroll pane "Banners").
    public let scroller: SnapScroller
    /// The design values the geometry is scaled from.
    public let design: PagerGeometry.Design
    /// The geometry at the current component width.
    public private(set) var geometry: PagerGeometry
    /// Number of pages.
    public private(set) var pageCount: Int
    /// The current page: the one nearest to its resting place, live while moving.
    public private(set) var currentPage: Int

    /// The current page changed, with what moved it.
    public var onPageChanged: ((Int, Cause) -> Void)?
    /// The carousel came to rest: page, adjustment value, cause. Once per gesture.
    public var onSettled: ((Int, Double, Cause) -> Void)?
    /// The current banner was tapped (click without drag, or Enter/Space on the focused carousel).
    public var onTapped: ((Int) -> Void)?
    /// The fractional position changed (2.5 = halfway from page 2 to 3), for page dots.
    public var onPositionChanged: ((Double) -> Void)?
    /// A banner's image could not be loaded: reported once per banner, with a one-line message. Failures found
    /// before this is set (the first banners bind at creation) are delivered when it is set.
    public var onImageError: ((Int, String) -> Void)? {
        get { store.report }
        set { store.report = newValue }
    }

    private let store: CellStore

    /// A carousel of `pageCount` pages; `banner(i)` describes page i (asked for only when page i is near the view).
    public init(pageCount: Int, design: PagerGeometry.Design = .seed004, cache: TextureCache = TextureCache(),
                banner: @escaping (Int) -> Banner) {
        self.pageCount = max(0, pageCount)
        self.design = design
        geometry = PagerGeometry(design: design, componentWidth: design.componentWidth)
        currentPage = 0
        let store = CellStore(cache: cache, geometry: geometry, pageCount: self.pageCount, banner: banner)
        self.store = store
        scroller = SnapScroller(
            itemCount: self.pageCount, itemWidth: geometry.panelWidth, spacing: geometry.gap,
            configuration: .pager, label: "Banners",
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

        // Whole pixels: items are placed on whole pixels anyway, and resting offsets stay whole numbers.
        scroller.itemWidthForViewport = { [weak self] in self?.geometry(forWidth: $0).panelWidth.rounded() ?? 0 }
        scroller.spacingForViewport = { [weak self] in self?.geometry(forWidth: $0).gap.rounded() ?? 0 }
        scroller.marksCurrentItem = true
        // Taps are ours: the current banner is tapped; a neighbour is brought to the middle.
        scroller.scrollsToTappedItem = false
        scroller.onTap = { [weak self] event in self?.clicked(event.index) }
        scroller.onCurrentIndexChanged = { [weak self] event in
            guard let self else { return }
            self.currentPage = event.index
            self.onPageChanged?(event.index, event.cause)
        }
        scroller.onSettled = { [weak self] event in
            guard let self else { return }
            self.onSettled?(event.index, gtk_adjustment_get_value(self.scroller.adjustment), event.cause)
        }
        scroller.onPositionChanged = { [weak self] position in self?.onPositionChanged?(position) }
        currentPage = scroller.currentIndex
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
    /// The running autoplay (see `CarouselAutoplay.swift`).
    var autoplay: CarouselAutoplay?

    /// Moves to `page` (clamped) with `cause` (`.click` for page dots, `.keyboard`, `.programmatic` for a reset…).
    public func scrollTo(page: Int, cause: Cause = .programmatic, animated: Bool = true) {
        scroller.scrollTo(index: page, cause: cause, animated: animated)
    }

    /// Taps the current banner as a click or Enter would: feedback flash and `onTapped`.
    public func tapCurrent() {
        guard pageCount > 0 else { return }
        cell(forPage: currentPage)?.flash()
        onTapped?(currentPage)
    }

    /// The cell showing `page`, if it is near the view.
    public func cell(forPage page: Int) -> BannerCell? {
        scroller.itemWidget(at: page).flatMap { store.cells[$0.raw] }
    }

    /// Replaces the pages (the current page stays current when it still exists).
    public func setPageCount(_ count: Int) {
        pageCount = max(0, count)
        store.pageCount = pageCount
        scroller.itemCount = pageCount
        scroller.rebindItems()
    }

    // MARK: - Internals

    private func clicked(_ index: Int) {
        if index == currentPage {
            tapCurrent()
        } else {
            scroller.scrollTo(index: index, cause: .click)
        }
    }

    /// Any size is fine (the geometry scales). Naturally the design width, and for a given width the height that
    /// shows the banners at that width's scale (so a page can centre the carousel instead of padding it).
    private func measure(_ orientation: GtkOrientation, _ forSize: Int32) -> (minimum: Int32, natural: Int32) {
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            return (Self.minimumWidth, Int32(pixels: design.componentWidth.rounded()))
        }
        let width = forSize >= 0 ? Double(forSize) : design.componentWidth
        // What the scroller adds around its banners (its content's padding), measured at the current geometry.
        var scrollerHeight: Int32 = 0
        gtk_widget_measure(scroller.widget, GTK_ORIENTATION_VERTICAL, -1, &scrollerHeight, nil, nil, nil)
        let decoration = max(0, Double(scrollerHeight) - geometry.panelHeight.rounded(.down))
        let height = PagerGeometry(design: design, componentWidth: width).panelHeight.rounded(.down) + decoration
        return (Self.minimumHeight, max(Self.minimumHeight, Int32(pixels: height)))
    }

    /// The height the carousel was last given: the limit on the banners' scale.
    private var availableHeight = Double.infinity

    /// The geometry at `width` within the available height: the component spans the whole width, and the banners
    /// keep the design's proportions at the largest scale both width and height allow, so on a wide, short page
    /// the neighbours peek in up to the edges instead of the carousel shrinking into the middle.
    ///
    /// The panel is a whole number of pixels with the component width's parity, so the banner at rest sits exactly
    /// in the middle (equal whole-pixel margins) rather than half a pixel off.
    func geometry(forWidth width: Double) -> PagerGeometry {
        var geometry = PagerGeometry(design: design, componentWidth: width.rounded(.down), height: availableHeight)
        let margin = max(0, ((geometry.componentWidth - geometry.panelWidth) / 2).rounded())
        geometry.panelWidth = geometry.componentWidth - 2 * margin
        geometry.sideMargin = margin
        return geometry
    }

    private func allocate(width: Int32, height: Int32) {
        availableHeight = Double(height)
        let fitted = geometry(forWidth: Double(width))
        if fitted != geometry {
            geometry = fitted
            store.geometry = geometry
        }
        let panelHeight = Int32(geometry.panelHeight.rounded(.down))
        var minimum: Int32 = 0
        gtk_widget_measure(scroller.widget, GTK_ORIENTATION_HORIZONTAL, panelHeight, &minimum, nil, nil, nil)
        gtk_widget_measure(scroller.widget, GTK_ORIENTATION_VERTICAL, width, &minimum, nil, nil, nil)
        var allocation = GtkAllocation(
            x: 0, y: max(0, (height - panelHeight) / 2), width: width, height: max(panelHeight, minimum))
        gtk_widget_size_allocate(scroller.widget, &allocation, -1)
    }

    /// The banner cells and what binding them needs. It exists before the carousel, because the scroller makes and
    /// binds its first items while it is being created.
    @MainActor
    private final class CellStore {
        let cache: TextureCache
        let banner: (Int) -> Banner
        var pageCount: Int
        var cells: [UnsafeMutableRawPointer: BannerCell] = [:]
        var geometry: PagerGeometry {
            didSet { for cell in cells.values { cell.apply(geometry: geometry) } }
        }
        var report: ((Int, String) -> Void)? {
            didSet { flush() }
        }
        private var reported: Set<Int> = []
        private var pending: [(Int, String)] = []

        init(cache: TextureCache, geometry: PagerGeometry, pageCount: Int, banner: @escaping (Int) -> Banner) {
            self.cache = cache
            self.geometry = geometry
            self.pageCount = pageCount
            self.banner = banner
        }

        func make() -> UnsafeMutablePointer<GtkWidget> {
            let cell = BannerCell(cache: cache)
            cell.apply(geometry: geometry)
            cell.onImageFailure = { [weak self] index, failure in self?.failed(index, failure) }
            cells[cell.widget.raw] = cell
            return cell.widget
        }

        func bind(_ widget: UnsafeMutablePointer<GtkWidget>, _ index: Int) {
            guard let cell = cells[widget.raw], index < pageCount else { return }
            let banner = banner(index)
            if let failure = cell.bind(index: index, count: pageCount, title: banner.title, imagePath: banner.imagePath) {
                failed(index, failure)
            }
        }

        /// One report per bad banner, however often its cell is recycled (found when bound, or when first drawn).
        func failed(_ index: Int, _ failure: TextureCache.Failure) {
            guard index < pageCount, reported.insert(index).inserted else { return }
            pending.append((index, Self.describe(failure, index: index, path: banner(index).imagePath)))
            flush()
        }

        /// "banner 3: cannot load image missing.png: file not found": one short line (the file name identifies it;
        /// GLib's full message repeats the whole path).
        static func describe(_ failure: TextureCache.Failure, index: Int, path: String) -> String {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            return "banner \(index + 1): cannot load image \(name): \(failure.brief)"
        }

        private func flush() {
            guard let report, !pending.isEmpty else { return }
            let due = pending
            pending.removeAll()
            for (index, message) in due { report(index, message) }
        }
    }
}
