@_spi(Testing) import SnapGtk

/// The snapping components of the pages built so far, by page ID (not retained), for the session recorder and
/// replay: a page offers its component once, when it is built.
@MainActor
final class SessionComponents {
    private struct WeakScroller { weak var scroller: SnapScroller? }
    private var scrollers: [String: WeakScroller] = [:]
    /// Called for each component as its page offers it.
    var onRegister: ((String, SnapScroller) -> Void)?

    func register(_ id: String, _ scroller: SnapScroller) {
        scrollers[id] = WeakScroller(scroller: scroller)
        onRegister?(id, scroller)
    }

    /// The component of page `id`, if that page has been built and is still alive.
    func scroller(_ id: String) -> SnapScroller? { scrollers[id]?.scroller }

    /// Whether any component is moving or waits for a gesture's end.
    var anyMoving: Bool { scrollers.values.contains { $0.scroller?.isMoving ?? false } }
}
