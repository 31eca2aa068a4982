import SnapCore

/// The change from the identities a component holds now to `ids`, compared in the application's own type (no boxing
/// per item, so a one-item change of a long list costs two comparisons per item).
///
/// - `stored`: the identities as the last update gave them (an `[ID]`), nil while the items are identified by their
///   index (built or last set with a count or plain titles).
/// - `count`: how many items there are now.
///
/// Items identified by their index get identities in place: item `i` is `ids[i]` (as a new count keeps the items
/// before it). Identities of another type than the last update's replace every item. Inlinable, for the caller's
/// identifier type (see `ItemChange.init(from:to:)`).
@inlinable
func identityChange<ID: Hashable>(from stored: Any?, count: Int, to ids: [ID]) -> ItemChange<ID> {
    guard let stored else { return ItemChange(naming: count, as: ids) }
    guard let old = stored as? [ID] else { return ItemChange(replacing: count, with: ids) }
    return ItemChange(from: old, to: ids)
}
