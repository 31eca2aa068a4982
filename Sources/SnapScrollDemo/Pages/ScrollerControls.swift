import SnapGtk

/// What the width control of the QA controls sets.
enum WidthControl {
    /// "Width": every item's width (`itemWidth`).
    case uniform
    /// "Min width", for items that have natural widths (`itemWidths`): each item is as wide as its natural width or
    /// the minimum, whichever is larger, so raising it widens the narrow items first and, past the widest, makes
    /// them all equal; lowering it to the smallest natural width (where it starts) gives the natural widths back.
    case minimum(natural: [Double])
}

/// QA controls shared by the menu and strip pages: item count (up to 100,000), item width (or minimum width) and
/// spacing, each applied live to a `SnapScroller` (the current item stays current), then a page's `extras`.
/// `onWidthChanged` hears the control's value after the scroller has the new widths. Their IDs (`DemoControls`) are
/// `page`'s, then `items`, `width` (or `min-width`) and `spacing`.
@MainActor
func makeScrollerControls(_ scroller: SnapScroller, page: String, widths: WidthControl = .uniform, extras: [Widget] = [],
                          onCountChanged: @escaping @MainActor (Int) -> Void = { _ in },
                          onWidthChanged: @escaping @MainActor (Double) -> Void = { _ in }) -> Widget {
    let items = SpinField.make(tr("Items"), id: "\(page).items", value: Double(scroller.itemCount), range: 1...Double(maximumDemoItems), step: 1) { value in
        scroller.itemCount = Int(value)
        onCountChanged(Int(value))
    }
    let widthRange = 20.0...400.0
    let width: Widget
    switch widths {
    case .uniform:
        width = SpinField.make(tr("Width"), id: "\(page).width", value: scroller.itemWidth, range: widthRange, step: 2) { value in
            scroller.itemWidth = value
            onWidthChanged(value)
        }
    case .minimum(let natural):
        // Starts at the narrowest natural width: the natural widths, unchanged, until the user raises it.
        let start = min(max(natural.min() ?? scroller.itemWidth, widthRange.lowerBound), widthRange.upperBound)
        width = SpinField.make(tr("Min width"), id: "\(page).min-width", value: start, range: widthRange, step: 2) { value in
            // Items past the natural widths (more items than titles) are `itemWidth` wide: the minimum too.
            scroller.itemWidth = value
            scroller.itemWidths = natural.map { max($0, value) }
            onWidthChanged(value)
        }
    }
    let spacing = SpinField.make(tr("Spacing"), id: "\(page).spacing", value: scroller.spacing, range: 0...200, step: 2) { value in scroller.spacing = value }
    let row = WrappingRow.make([items, width, spacing] + extras)
    row.addStyleClass("scroller-controls")
    return row
}

/// The most items the QA controls offer (the engine recycles widgets, so this is about the spin button's range).
let maximumDemoItems = 100_000
