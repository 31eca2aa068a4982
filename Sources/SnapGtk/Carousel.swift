import CSnapGtk
import SnapCore

/// A banner carousel (seed 004): one banner at rest in the middle, its neighbours peeking in at the side margins, all
/// sized in proportion to the width from the design values of a `PagerGeometry`. Built on `SnapScroller` with the
/// pager configuration (at most one page per fling). A click on the current banner is a tap; a click on a peeking
/// neighbour brings it to the middle. Banner widgets are recycled, so the page count may be huge.
///
/// The component is as wide as its allocation allows, but never taller than its allocation: when the height is the
/// limit, it is narrowed (and centred) so the banner keeps the design's proportions.
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
    public let design: PagerDesign
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
    public init(pageCount: Int, design: PagerDesign = .peekingBanners, cache: TextureCache = TextureCache(),
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
        gtk_widget_set_layout_manager(widget, gtk_custom_layout_new(nil, { widget, orientation, _, minimum, natural, _, _ in
            onGtkThread { Carousel.owner(of: widget)?.measure(orientation, minimum, natural) }
        }, { widget, width, height, _ in
            onGtkThread { Carousel.owner(of: widget)?.allocate(width: width, height: height) }
        }))
        g_object_set_data(UnsafeMutablePointer(OpaquePointer(widget)), Self.dataKey, Unmanaged.passUnretained(self).toOpaque())
        Ownership.tie(self, to: widget)

        let design = self.design
        // Whole pixels: items are placed on whole pixels anyway, and resting offsets stay whole numbers.
        scroller.itemWidthForViewport = { PagerGeometry(design: design, componentWidth: $0).panelWidth.rounded() }
        scroller.spacingForViewport = { PagerGeometry(design: design, componentWidth: $0).gap.rounded() }
        scroller.marksCurrentItem = true
        // Taps are ours: the current banner is tapped; a neighbour is brought to the middle.
        scroller.scrollsToTappedItem = false
        scroller.onTap = { [weak self] index in self?.clicked(index) }
        scroller.onCurrentIndexChanged = { [weak self] index in
            guard let self else { return }
            self.currentPage = index
            self.onPageChanged?(index, self.scroller.inputCause)
        }
        scroller.onSettled = { [weak self] index, offset, cause in self?.onSettled?(index, offset, cause) }
        scroller.onPositionChanged = { [weak self] position in self?.onPositionChanged?(position) }
        currentPage = scroller.currentIndex
    }

    // MARK: - Public API

    /// The fractional position (2.5 = halfway from page 2 to 3).
    public var position: Double { scroller.layout.fractionalIndex(at: scroller.logicalOffset) }

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
        scroller.setItemCount(pageCount)
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

    private static let dataKey = "snap-carousel"

    private static func owner(of widget: UnsafeMutablePointer<GtkWidget>?) -> Carousel? {
        guard let widget, let data = g_object_get_data(UnsafeMutablePointer(OpaquePointer(widget)), dataKey) else { return nil }
        return Unmanaged<Carousel>.fromOpaque(data).takeUnretainedValue()
    }

    /// Any size is fine (the geometry scales); naturally the design size.
    private func measure(_ orientation: GtkOrientation, _ minimum: UnsafeMutablePointer<Int32>?, _ natural: UnsafeMutablePointer<Int32>?) {
        let horizontal = orientation == GTK_ORIENTATION_HORIZONTAL
        minimum?.pointee = horizontal ? Self.minimumWidth : Self.minimumHeight
        let designHeight = design.imageHeight + design.textHeight
        natural?.pointee = Int32((horizontal ? design.componentWidth : designHeight).rounded())
    }

    /// The component is the allocation's width, unless the design's proportions need more height than there is.
    func componentWidth(forWidth width: Double, height: Double) -> Double {
        let designHeight = design.imageHeight + design.textHeight
        guard designHeight > 0 else { return width }
        return max(0, min(width, height * design.componentWidth / designHeight)).rounded(.down)
    }

    private func allocate(width: Int32, height: Int32) {
        let componentWidth = componentWidth(forWidth: Double(width), height: Double(height))
        if componentWidth != geometry.componentWidth {
            geometry = PagerGeometry(design: design, componentWidth: componentWidth)
            store.geometry = geometry
        }
        let panelHeight = Int32(geometry.panelHeight.rounded(.down))
        var minimum: Int32 = 0
        gtk_widget_measure(scroller.widget, GTK_ORIENTATION_HORIZONTAL, panelHeight, &minimum, nil, nil, nil)
        gtk_widget_measure(scroller.widget, GTK_ORIENTATION_VERTICAL, Int32(componentWidth), &minimum, nil, nil, nil)
        var allocation = GtkAllocation(
            x: (width - Int32(componentWidth)) / 2, y: max(0, (height - panelHeight) / 2),
            width: Int32(componentWidth), height: max(panelHeight, minimum))
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
            cells[cell.widget.raw] = cell
            return cell.widget
        }

        func bind(_ widget: UnsafeMutablePointer<GtkWidget>, _ index: Int) {
            guard let cell = cells[widget.raw], index < pageCount else { return }
            let banner = banner(index)
            let failure = cell.bind(index: index, count: pageCount, title: banner.title, imagePath: banner.imagePath)
            // One report per bad banner, however often its cell is recycled.
            if let failure, reported.insert(index).inserted {
                pending.append((index, Self.describe(failure, index: index, path: banner.imagePath)))
                flush()
            }
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
