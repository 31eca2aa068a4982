import CSnapGtk
import SnapCore

/// A carousel's page widgets and what making and binding them needs. It exists before the carousel, because the
/// scroller makes and binds its first items while it is being created. Two kinds: image banners, and pages of the
/// application's own, which need no tap feedback and hold their own resources.
@MainActor
class CarouselPages {
    var pageCount: Int
    /// The geometry at the carousel's current width; pages are sized from it.
    var geometry = PagerGeometry(componentWidth: PagerDesign.peekingBanners.componentWidth) {
        didSet { resize() }
    }
    /// Where image failures go (banners only); pending ones are delivered when it is set.
    var report: ((ImageErrorEvent) -> Void)?

    init(pageCount: Int) {
        self.pageCount = pageCount
    }

    func make() -> UnsafeMutablePointer<GtkWidget> { preconditionFailure("each kind of pages makes its own") }
    func bind(_ widget: UnsafeMutablePointer<GtkWidget>, _ index: Int) {}
    func resize() {}
    /// Tap feedback on a page's widget.
    func flash(_ widget: UnsafeMutablePointer<GtkWidget>) {}
    /// The carousel left the screen: let go of what only drawing needs (decoded images).
    func releaseHidden() {}
}

/// Image banners: a `BannerCell` per widget, images decoded once through a shared cache, one report per bad image.
@MainActor
final class BannerPages: CarouselPages {
    override var report: ((ImageErrorEvent) -> Void)? {
        didSet { flush() }
    }
    /// Failures found before `report` was set.
    private var pending: [ImageErrorEvent] = []
    let cache: SurfaceCache
    let banner: (Int) -> Carousel.Banner
    var cells: [UnsafeMutableRawPointer: BannerCell] = [:]
    private var reported: Set<Int> = []
    /// Whether a missing image loader was reported (once for the whole process, by whichever carousel met it first).
    private static var reportedMissingDecoder = false
    /// The page the carousel shows and whether it loops: banners decode nearest to it first.
    var focus: () -> (page: Int, loops: Bool) = { (0, false) }

    init(cache: SurfaceCache, pageCount: Int, banner: @escaping (Int) -> Carousel.Banner) {
        self.cache = cache
        self.banner = banner
        super.init(pageCount: pageCount)
    }

    override func make() -> UnsafeMutablePointer<GtkWidget> {
        let cell = BannerCell(cache: cache)
        cell.apply(geometry: geometry)
        // A failure can also be found later, when the image is first drawn at its size.
        cell.onImageFailure = { [weak self] index, failure in self?.failed(index, failure) }
        // The current banner decodes first, then its neighbours, then the rest by distance.
        cell.rank = { [weak self] index in self?.distance(toFocus: index) ?? index }
        cells[cell.widget.raw] = cell
        return cell.widget
    }

    override func bind(_ widget: UnsafeMutablePointer<GtkWidget>, _ index: Int) {
        guard let cell = cells[widget.raw], index < pageCount else { return }
        let banner = banner(index)
        var path = banner.imagePath
        if let texture = banner.texture {
            // The cell draws from the cache by key: the cache takes the texture's pixels for it.
            path = texture.cacheKey
            cache.textures[path] = texture
        }
        if let failure = cell.bind(index: index, count: pageCount, title: banner.title, imagePath: path) {
            failed(index, failure)
        }
    }

    /// One report per bad banner, however often its cell is recycled (found when bound, or when first drawn).
    private func failed(_ index: Int, _ failure: SurfaceCache.Failure) {
        guard index < pageCount, reported.insert(index).inserted else { return }
        // Without a loader every banner fails alike: said once for the whole app.
        if failure.brief == ImageFile.Failure.decoderMissing.brief {
            guard !Self.reportedMissingDecoder else { return }
            Self.reportedMissingDecoder = true
        }
        // "banner 3: cannot load image missing.png: file not found": one short line (the file name identifies it;
        // GLib's full message repeats the whole path).
        let path = banner(index).imagePath
        let name = path.split(separator: "/").last.map(String.init) ?? path
        pending.append(ImageErrorEvent(index: index, message: "banner \(index + 1): cannot load image \(name): \(failure.brief)"))
        flush()
    }

    /// How many pages `index` is from the current one (the short way round when the pages loop).
    private func distance(toFocus index: Int) -> Int {
        let focus = focus()
        let d = abs(index - focus.page)
        return focus.loops && pageCount > 0 ? min(d, pageCount - d) : d
    }

    override func resize() {
        for cell in cells.values { cell.apply(geometry: geometry) }
    }

    override func flash(_ widget: UnsafeMutablePointer<GtkWidget>) {
        cells[widget.raw]?.flash()
    }

    /// Decoded banners are the carousel's largest memory (up to the cache's budget, at the largest size they were
    /// drawn): none is kept while the carousel is not on screen. Shown again, each is decoded at the size drawn then.
    override func releaseHidden() {
        cache.releaseDecoded()
    }

    private func flush() {
        guard let report, !pending.isEmpty else { return }
        let due = pending
        pending.removeAll()
        for event in due { report(event) }
    }
}

/// Pages of the application's own: its factory makes a widget, its bind closure fills one for an index.
final class CustomPages<Page: WidgetRepresentable>: CarouselPages {
    private let pages: ItemStore<Page>

    init(pageCount: Int, make: @escaping () -> Page, bind: @escaping (Page, Int) -> Void) {
        pages = ItemStore(make: make, bind: bind)
        super.init(pageCount: pageCount)
    }

    override func make() -> UnsafeMutablePointer<GtkWidget> {
        let widget = pages.make()
        size(widget)
        return widget
    }

    override func bind(_ widget: UnsafeMutablePointer<GtkWidget>, _ index: Int) {
        if index < pageCount { pages.bind(widget, index) }
    }

    override func resize() {
        for page in pages.items.values { size(page.rootWidget.pointer) }
    }

    private func size(_ widget: UnsafeMutablePointer<GtkWidget>) {
        gtk_widget_set_size_request(widget, Int32(geometry.panelWidth.rounded()), Int32(geometry.panelHeight.rounded()))
    }
}
