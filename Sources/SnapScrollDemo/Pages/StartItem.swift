import Glibc
import SnapGtk

/// Environment variable putting a page's snapping component on an item at start (for tests and measurements deep
/// in a long row, e.g. item 500,000 of a million).
let startItemVariable = "SNAPSCROLL_START_ITEM"

/// The item `SNAPSCROLL_START_ITEM` names; nil when the variable is unset or not a number.
func requestedStartItem() -> Int? {
    getenv(startItemVariable).flatMap { Int(String(cString: $0)) }
}

/// Moves `scroller` to the item `SNAPSCROLL_START_ITEM` names, without animation (one `settled`, cause
/// `programmatic`); nothing when the variable is unset or not a number.
@MainActor
func applyStartItem(_ scroller: SnapScroller) {
    guard let value = requestedStartItem() else { return }
    scroller.scrollTo(index: value, cause: .programmatic, animated: false)
}
