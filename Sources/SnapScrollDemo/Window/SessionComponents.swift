@_spi(Testing) import SnapGtk

/// The snapping components of the pages built so far, by page ID (not retained), for the session recorder and
/// replay, the `caches` event and the benchmarks: a page offers its component once, when it is built.
@MainActor
final class SessionComponents {
    private struct WeakScroller { weak var scroller: SnapScroller? }
    private struct WeakDots { weak var dots: PageDots? }
    private struct WeakCarousel { weak var carousel: Carousel? }
    private var scrollers: [String: WeakScroller] = [:]
    private var dots: [String: WeakDots] = [:]
    private var carousels: [String: WeakCarousel] = [:]
    /// Called for each component as its page offers it.
    var onRegister: ((String, SnapScroller) -> Void)?
    /// Called for page dots as their page offers them.
    var onRegisterDots: ((String, PageDots) -> Void)?
    /// Called for a carousel as its page offers it (its autoplay is recorded and replayed).
    var onRegisterCarousel: ((String, Carousel) -> Void)?

    func register(_ id: String, _ scroller: SnapScroller) {
        scrollers[id] = WeakScroller(scroller: scroller)
        onRegister?(id, scroller)
    }

    func register(_ id: String, dots pageDots: PageDots) {
        dots[id] = WeakDots(dots: pageDots)
        onRegisterDots?(id, pageDots)
    }

    func register(_ id: String, carousel: Carousel) {
        carousels[id] = WeakCarousel(carousel: carousel)
        onRegisterCarousel?(id, carousel)
    }

    /// The carousel of page `id`, if it has one and has been built.
    func carousel(_ id: String) -> Carousel? { carousels[id]?.carousel }

    /// The page dots of page `id`, if it has some and has been built.
    func dots(_ id: String) -> PageDots? { dots[id]?.dots }

    /// The component of page `id`, if that page has been built and is still alive.
    func scroller(_ id: String) -> SnapScroller? { scrollers[id]?.scroller }

    /// The `caches` QA event: the size of every cache of the built pages now, so a soak can tell a cache that is
    /// full from memory that leaks. `images`, `image_bytes`, `image_files`, `image_failed`, `decodes`: the carousels'
    /// image caches; `item_widgets`: the item widgets of every snapping row (bound and pooled), by page;
    /// `glyph_texts`: texts given to the glyph warm-up so far.
    func reportCaches(_ log: QALog) {
        let all = carousels.values.compactMap { $0.carousel?.imageCacheSizes }
        func total(_ field: (ImageCacheSizes) -> Int) -> Int { all.map(field).reduce(0, +) }
        let items = scrollers.compactMapValues { $0.scroller?.createdItemCount }
        log.caches(["images": total(\.images), "image_bytes": total(\.bytes), "image_files": total(\.files),
                    "image_failed": total(\.failed), "decodes": total(\.decodes),
                    "item_widgets": items, "glyph_texts": GlyphWarmUp.textsGiven])
    }

    /// Whether any component is moving or waits for a gesture's end.
    var anyMoving: Bool { scrollers.values.contains { $0.scroller?.isMoving ?? false } }
}
