/// One change of a row's items, by identity: the items before and after it, each named by an application-given
/// identifier. It answers what a row needs to keep the user's place through an insert, a remove, a move or a whole
/// new list (a filter): where each old item went, which item is current afterwards, and which positions show a
/// different item than before (and so must be drawn again).
///
/// Identifiers are expected to be unique within a list; when one repeats, each occurrence is matched with at most
/// one occurrence on the other side (the rest count as new or removed items).
///
/// ```swift
/// let change = ItemChange(from: ["a", "b", "c"], to: ["x", "a", "b", "c"])
/// change.current(after: 1)          // 2: "b" is still current, one place further on
/// ```
public struct ItemChange<ID: Hashable> {
    /// How many items there were before the change.
    @usableFromInline let oldCount: Int
    /// The identifiers after the change, in order.
    @usableFromInline let newIDs: [ID]
    /// Each old position's new position (nil: removed).
    @usableFromInline let newIndexOfOld: [Int?]
    /// Each new position's old position (nil: inserted).
    @usableFromInline let oldIndexOfNew: [Int?]

    /// The change from the items `old` to the items `new`.
    ///
    /// The items both lists begin and end with are matched in place first, by comparison alone, and so is one item
    /// moved within the rest; only a part in between that differs otherwise is hashed. An insert, a remove or a move
    /// in a long list so costs two or three comparisons per item, and the hashing is for larger changes.
    /// - Complexity: O(n) in the two counts. Inlinable, so it is compiled for the caller's own identifier type: run
    ///   as unspecialised generic code, every comparison and hash goes through the type's witness tables, some ten
    ///   times slower.
    @inlinable
    public init(from old: [ID], to new: [ID]) {
        oldCount = old.count
        newIDs = new
        var newOfOld = [Int?](repeating: nil, count: old.count)
        var oldOfNew = [Int?](repeating: nil, count: new.count)
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter && old[prefix] == new[prefix] {
            newOfOld[prefix] = prefix
            oldOfNew[prefix] = prefix
            prefix += 1
        }
        var suffix = 0
        while suffix < shorter - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            newOfOld[old.count - 1 - suffix] = new.count - 1 - suffix
            oldOfNew[new.count - 1 - suffix] = old.count - 1 - suffix
            suffix += 1
        }
        // One item moved from one end of the middle to the other: matched by comparison too.
        if Self.matchOneMove(old, new, prefix: prefix, suffix: suffix, &newOfOld, &oldOfNew) {
            newIndexOfOld = newOfOld
            oldIndexOfNew = oldOfNew
            return
        }
        // The middle: each old item found by its identifier (first unmatched occurrence).
        let oldMiddle = prefix..<(old.count - suffix)
        var firstOld: [ID: Int] = [:]
        firstOld.reserveCapacity(oldMiddle.count)
        for index in oldMiddle where firstOld[old[index]] == nil { firstOld[old[index]] = index }
        for index in prefix..<(new.count - suffix) {
            guard let previous = firstOld[new[index]], newOfOld[previous] == nil else { continue }
            newOfOld[previous] = index
            oldOfNew[index] = previous
        }
        newIndexOfOld = newOfOld
        oldIndexOfNew = oldOfNew
    }

    /// Whether the middles (between the common beginning and end) are the same items but for one moved from the
    /// middle's first place to its last or back; if so, matches them all, by comparison.
    @inlinable
    static func matchOneMove(_ old: [ID], _ new: [ID], prefix: Int, suffix: Int,
                             _ newOfOld: inout [Int?], _ oldOfNew: inout [Int?]) -> Bool {
        let count = old.count - prefix - suffix
        guard count > 1, count == new.count - prefix - suffix else { return false }
        let first = prefix, last = prefix + count - 1
        // Forward: old[first] went to the end, the rest moved up one; backward: old[last] went to the front.
        for forward in [true, false] {
            let moved = forward ? (from: first, to: last) : (from: last, to: first)
            guard old[moved.from] == new[moved.to] else { continue }
            let shift = forward ? -1 : 1
            let rest = forward ? (first + 1)...last : first...(last - 1)
            guard rest.allSatisfy({ old[$0] == new[$0 + shift] }) else { continue }
            newOfOld[moved.from] = moved.to
            oldOfNew[moved.to] = moved.from
            for index in rest {
                newOfOld[index] = index + shift
                oldOfNew[index + shift] = index
            }
            return true
        }
        return false
    }

    /// Items identified by their index until now get identities of their own: the item at position `i` is `new[i]`.
    /// Items past the old count are new; those past the new count were removed from the end (as a smaller count
    /// removes them).
    @inlinable
    package init(naming count: Int, as new: [ID]) {
        oldCount = max(0, count)
        newIDs = new
        let kept = min(oldCount, new.count)
        newIndexOfOld = (0..<oldCount).map { $0 < kept ? $0 : nil }
        oldIndexOfNew = (0..<new.count).map { $0 < kept ? $0 : nil }
    }

    /// Every one of `count` items replaced by `new` (none is kept): the identities are of another kind.
    @inlinable
    package init(replacing count: Int, with new: [ID]) {
        oldCount = max(0, count)
        newIDs = new
        newIndexOfOld = [Int?](repeating: nil, count: oldCount)
        oldIndexOfNew = [Int?](repeating: nil, count: new.count)
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
        guard let oldCurrent, (0..<oldCount).contains(oldCurrent) else {
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
