import SnapCore

/// The change from the identities a component holds now to `ids`, compared in the application's own type (no boxing
/// per item, so a one-item change of a long list costs two comparisons per item).
///
/// `stored` is the last update's `[ID]`, nil while the `count` items are identified by their index (`0..<count`):
/// `Int` identifiers are compared with those, other types name the items in place (item `i` is `ids[i]`).
/// Identities of another type than the last update's replace every item.
@inlinable
func identityChange<ID: Hashable>(from stored: Any?, count: Int, to ids: [ID]) -> ItemChange<ID> {
    guard let stored else {
        if ID.self == Int.self, let indexes = Array(0..<count) as? [ID] { return ItemChange(from: indexes, to: ids) }
        return ItemChange(naming: count, as: ids)
    }
    guard let old = stored as? [ID] else { return ItemChange(replacing: count, with: ids) }
    return ItemChange(from: old, to: ids)
}

/// Whether an update with identities of type `ID` names, in place, items that were identified by their index (no
/// identities stored, and `ID` is not `Int`): the row cannot tell what changed, so every item is bound again.
@inlinable
func namesItemsInPlace<ID: Hashable>(_ stored: Any?, _ type: ID.Type) -> Bool {
    stored == nil && type != Int.self
}
