import SnapCore
import SnapGtk

/// `--start-item N`: the snapping component of the page the window opens on starts on item N, placed before the
/// first frame, and its `settled` (cause `programmatic`, with the real offset) comes once the window has drawn its
/// first frame, after `ready`: before that the row has no width, and its offset would be meaningless.
@MainActor
final class StartItem {
    /// The item asked for.
    let index: Int
    private var announce: (() -> Void)?
    /// Whether the first frame is drawn: a page built later does not take the start item.
    private var windowReady = false

    init(index: Int) { self.index = index }

    /// Puts `scroller` on the item at once, before the page sets its handlers (so nothing is reported yet), and
    /// reports it settled once the first frame is drawn. Only the page the window opens on takes it.
    func place(_ scroller: SnapScroller) {
        guard !windowReady, announce == nil else { return }
        let index = index
        scroller.scrollTo(index: index, cause: .programmatic, animated: false)
        // A request for the item it rests on settles at once, with the resting offset the allocation gave it.
        announce = { [weak scroller] in scroller?.scrollTo(index: index, cause: .programmatic, animated: false) }
    }

    /// The first frame is drawn (`ready` is out): the component placed reports its `settled`.
    func firstFrameDrawn() {
        windowReady = true
        announce?()
        announce = nil
    }
}
