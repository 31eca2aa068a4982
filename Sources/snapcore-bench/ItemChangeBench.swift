// The identity diff behind a one-item update of a long row (`ItemChange`), timed at 100,000 items.
import SnapCore

/// One timed kind of change: what it does, the identifiers' type, and ms per change.
struct ItemChangeRow {
    var change: String
    var idType: String
    var milliseconds: Double
}

/// Items in the long row the updates are timed on.
let itemChangeCount = 100_000

/// One-item edits of a list of `itemChangeCount` identifiers: before and after.
func oneItemEdits<ID>(_ ids: [ID], new: ID) -> [(String, [ID])] {
    let middle = ids.count / 2
    var insertFront = ids, insertMiddle = ids, insertEnd = ids
    insertFront.insert(new, at: 0)
    insertMiddle.insert(new, at: middle)
    insertEnd.append(new)
    var removeFront = ids, removeMiddle = ids
    removeFront.removeFirst()
    removeMiddle.remove(at: middle)
    var moveToEnd = ids
    moveToEnd.append(moveToEnd.remove(at: middle))
    return [("insert at front", insertFront), ("insert in middle", insertMiddle), ("insert at end", insertEnd),
            ("remove at front", removeFront), ("remove in middle", removeMiddle), ("move middle to end", moveToEnd)]
}

/// Times `ItemChange(from:to:)` plus the current item after it for each one-item edit, with `String` identifiers
/// (as an application gives them) and the same identifiers type-erased (`AnyHashable`, as rows kept them before).
func measureItemChanges() -> [ItemChangeRow] {
    let ids = (0..<itemChangeCount).map { "photo-\($0)" }
    var rows: [ItemChangeRow] = []
    for (name, edited) in oneItemEdits(ids, new: "new") {
        let ns = nanosecondsPerCall { i in
            ItemChange(from: ids, to: edited).current(after: (i * 7919) % ids.count) ?? 0
        }
        rows.append(ItemChangeRow(change: name, idType: "String", milliseconds: ns / 1e6))
    }
    let erased = ids.map(AnyHashable.init)
    for (name, edited) in oneItemEdits(erased, new: AnyHashable("new")) where name.hasPrefix("insert at front") {
        let ns = nanosecondsPerCall { i in
            ItemChange(from: erased, to: edited).current(after: (i * 7919) % erased.count) ?? 0
        }
        rows.append(ItemChangeRow(change: name, idType: "AnyHashable", milliseconds: ns / 1e6))
    }
    return rows
}
