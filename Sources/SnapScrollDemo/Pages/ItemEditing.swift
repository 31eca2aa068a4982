import SnapGtk

/// The items of an editable demo row, by identity: the content's items are identified by their index in the
/// content, items added by the edit buttons by numbers past them (`New 1`, `New 2`, … on each page). The row shows
/// `ids[i]` at index i and is told of each edit with one batch update.
@MainActor
final class EditableItems {
    /// Identifiers from here on are new items (far past any content's item count).
    private static let firstNewID = 1 << 40
    /// The items in the row's order once edited; until then (nil) item i is the content's item i, so a row of a
    /// million items costs no list of a million identifiers unless it is edited.
    private var edited: [Int]?
    private var count: Int
    private var nextNew = 1

    /// The first `count` items of the content, in order.
    init(count: Int) {
        self.count = count
    }

    /// The first `count` items of the content again (the Items control replaces the row this way).
    func reset(count: Int) {
        self.count = count
        edited = nil
    }

    /// The identifier of the item at `index`.
    subscript(index: Int) -> Int { edited?[index] ?? index }

    /// How many items there are.
    var itemCount: Int { edited?.count ?? count }

    /// The items in the row's order (made once, at the first edit).
    var ids: [Int] {
        get { edited ?? Array(0..<count) }
        set { edited = newValue }
    }

    /// For a new item, its number (`New N`); nil for an item of the content.
    func newNumber(_ id: Int) -> Int? {
        id >= Self.firstNewID ? id - Self.firstNewID + 1 : nil
    }

    /// A new item at `index`.
    func insert(at index: Int) {
        ids.insert(Self.firstNewID + nextNew - 1, at: min(max(index, 0), ids.count))
        nextNew += 1
    }

    /// Removes the item at `index`, if there is one.
    func remove(at index: Int) {
        guard ids.indices.contains(index) else { return }
        ids.remove(at: index)
    }

    /// Moves the item at `index` to the end, if there is one.
    func moveToEnd(from index: Int) {
        guard ids.indices.contains(index) else { return }
        ids.append(ids.remove(at: index))
    }
}

/// The four edit buttons of the strip and carousel pages (their names are the contract's): each edits `items` at
/// the row's current item (`current()`, nil when the row is empty), then calls `apply` once: one batch update. Their
/// IDs (`DemoControls`) are `page`'s, then `insert-before`, `insert-after`, `remove-current`, `move-current-to-end`.
@MainActor
func makeEditButtons(_ items: EditableItems, page: String, current: @escaping @MainActor () -> Int?,
                     apply: @escaping @MainActor () -> Void) -> Widget {
    // Translators: the edit buttons under the strip and the carousel; "current" is the item at the centre.
    let insertBefore = Button(tr("Insert before"))
    let insertAfter = Button(tr("Insert after"))
    let remove = Button(tr("Remove current"))
    let moveToEnd = Button(tr("Move current to end"))
    insertBefore.onClicked = {
        items.insert(at: current() ?? 0)
        apply()
    }
    insertAfter.onClicked = {
        items.insert(at: current().map { $0 + 1 } ?? 0)
        apply()
    }
    remove.onClicked = {
        guard let index = current() else { return }
        items.remove(at: index)
        apply()
    }
    moveToEnd.onClicked = {
        guard let index = current() else { return }
        items.moveToEnd(from: index)
        apply()
    }
    for (button, name) in [(insertBefore, "insert-before"), (insertAfter, "insert-after"), (remove, "remove-current"),
                           (moveToEnd, "move-current-to-end")] {
        DemoControls.track(button, id: "\(page).\(name)")
    }
    let row = WrappingRow.make([insertBefore, insertAfter, remove, moveToEnd])
    row.addStyleClass("edit-controls")
    return row
}
