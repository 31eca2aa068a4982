/// One change of a row's items, by identity: the items before and after it, each named by an application-given
/// identifier. It answers what a row needs to keep the user's place through an insert, a remove, a move or a whole
/// new list (a filter): where each old item went, which item is current afterwards, and which positions show a
/// different item than before (and so must be drawn again).
///
/// Identifiers are expected to be unique within a list; when one repeats, its first occurrence is the item and
/// later ones count as items of their own without an old counterpart.
///
/// ```swift
/// let change = ItemChange(from: ["a", "b", "c"], to: ["x", "a", "b", "c"])
/// change.current(after: 1)          // 2: "b" is still current, one place further on
/// ```
public struct ItemChange<ID: Hashable> {
    /// The identifiers before the change, in order.
    let oldIDs: [ID]
    /// The identifiers after the change, in order.
    let newIDs: [ID]
    /// Each old position's new position (nil: removed).
    private let newIndexOfOld: [Int?]
    /// Each new position's old position (nil: inserted).
    private let oldIndexOfNew: [Int?]

    /// The change from the items `old` to the items `new`.
    /// - Complexity: O(n) in the two counts.
    public init(from old: [ID], to new: [ID]) {
        oldIDs = old
        newIDs = new
        var firstOld: [ID: Int] = [:]
        firstOld.reserveCapacity(old.count)
        for (index, id) in old.enumerated() where firstOld[id] == nil { firstOld[id] = index }
        var newOfOld = [Int?](repeating: nil, count: old.count)
        var oldOfNew = [Int?](repeating: nil, count: new.count)
        for (index, id) in new.enumerated() {
            guard let previous = firstOld[id], newOfOld[previous] == nil else { continue }
            newOfOld[previous] = index
            oldOfNew[index] = previous
        }
        newIndexOfOld = newOfOld
        oldIndexOfNew = oldOfNew
    }

    /// Where the item at old position `index` is after the change; nil when it was removed (or out of range).
    public func newIndex(ofOld index: Int) -> Int? {
        newIndexOfOld.indices.contains(index) ? newIndexOfOld[index] : nil
    }

    /// Where the item at new position `index` was before the change; nil when it is new (or out of range).
    public func oldIndex(ofNew index: Int) -> Int? {
        oldIndexOfNew.indices.contains(index) ? oldIndexOfNew[index] : nil
    }

    /// The current item after the change, given the current position before it (nil: none was current).
    ///
    /// The rule: the same item when it is still there (wherever it moved). When it was removed, the first item that
    /// followed it and is still there; when none of those is left, the last item before it that is still there. When
    /// no old item is left (every item replaced), the same position, clamped to the new items. Nil only when there
    /// are no items after the change.
    public func current(after oldCurrent: Int?) -> Int? {
        guard !newIDs.isEmpty else { return nil }
        guard let oldCurrent, oldIDs.indices.contains(oldCurrent) else {
            return min(max(oldCurrent ?? 0, 0), newIDs.count - 1)
        }
        if let kept = newIndexOfOld[oldCurrent] { return kept }
        if let next = newIndexOfOld[(oldCurrent + 1)...].lazy.compactMap({ $0 }).first { return next }
        if let previous = newIndexOfOld[..<oldCurrent].reversed().lazy.compactMap({ $0 }).first { return previous }
        return min(oldCurrent, newIDs.count - 1)
    }

    /// Whether new position `index` must be drawn again: it shows an item that was not at that same position before
    /// (new, or moved there), or an item whose content changed (`isReloaded`).
    public func needsBinding(at index: Int, isReloaded: (ID) -> Bool = { _ in false }) -> Bool {
        guard newIDs.indices.contains(index) else { return false }
        guard let old = oldIndexOfNew[index] else { return true }
        return old != index || isReloaded(newIDs[index])
    }
}

extension ItemChange: Sendable where ID: Sendable {}
