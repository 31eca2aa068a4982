import CSnapGtk
import SnapCore

/// The item widgets of a `SnapScroller`: made by a factory, filled by a bind function, kept only for the indexes
/// near the viewport and otherwise parked hidden in a pool for reuse, so the number of widgets is bounded by the
/// viewport and not by the item count. It knows nothing of scrolling: the scroller says which indexes it wants.
@MainActor
final class ItemRecycler {
    typealias Widget = UnsafeMutablePointer<GtkWidget>

    /// The parent of every item widget (the scroller's content).
    private let parent: Widget
    private let factory: () -> Widget
    private let bind: (Widget, Int) -> Void
    /// The widget showing each index near the viewport.
    private(set) var bound: [Int: Widget] = [:]
    /// Hidden widgets waiting for an index.
    private(set) var pool: [Widget] = []
    /// Whether bound widgets show which item is current (CSS class `current`, accessible "selected").
    var marksCurrent = false
    /// The loop whose virtual indexes the widgets show, while the row loops: `bind` gets the real item.
    var loop: LoopSpace?

    init(parent: Widget, factory: @escaping () -> Widget, bind: @escaping (Widget, Int) -> Void) {
        self.parent = parent
        self.factory = factory
        self.bind = bind
    }

    /// Binds widgets for `wanted` and returns the rest to the pool (hidden, not destroyed); returns whether
    /// anything changed (the parent then needs a new allocation).
    @discardableResult
    func show(_ wanted: Range<Int>, current: Int) -> Bool {
        var changed = release { !wanted.contains($0) }
        for index in wanted where bound[index] == nil {
            let item: Widget
            if let reused = pool.popLast() {
                item = reused
                gtk_widget_set_visible(item, 1)
            } else {
                item = factory()
                gtk_widget_set_parent(item, parent)
            }
            bind(item, loop?.realIndex(index) ?? index)
            mark(item, index == current)
            bound[index] = item
            changed = true
        }
        if changed { gtk_widget_queue_allocate(parent) }
        return changed
    }

    /// Returns to the pool the widgets of the indexes `shouldRelease` names (their item changed, or it went out of
    /// view), so the next `show` binds them again; the rest keep their widget and binding. Returns whether any went.
    @discardableResult
    func release(where shouldRelease: (Int) -> Bool) -> Bool {
        var released = false
        for (index, item) in bound where shouldRelease(index) {
            bound[index] = nil
            gtk_widget_set_visible(item, 0)
            pool.append(item)
            released = true
        }
        return released
    }

    /// Marks `current` (and only it) as the current item, when marking is on.
    func markCurrent(_ current: Int) {
        for (index, item) in bound { mark(item, index == current) }
    }

    /// Forgets every widget without touching GTK: used at teardown, when the parent takes its children with it.
    func drop() {
        bound.removeAll()
        pool.removeAll()
    }

    private func mark(_ item: Widget, _ isCurrent: Bool) {
        guard marksCurrent else { return }
        if isCurrent { gtk_widget_add_css_class(item, "current") } else { gtk_widget_remove_css_class(item, "current") }
        snap_accessible_set_selected(item, isCurrent ? 1 : 0)
    }
}
