import SnapGtk

/// The item widget the menu's tabs and the strip's cards share: one label, styled as the tab or card itself and
/// ellipsized so an item never grows wider than its slot (a wider item would rest off-centre). A single widget, not a
/// box around a label: every widget costs GTK a style, an accessible object, a measure and a snapshot, at start-up and
/// while scrolling, and a row holds one item per visible slot and its overscan (side by side, three comparisons of 21
/// launches each: the strip's `ready` 5.7-7.4 ms sooner, the menu's 1.5-5 ms).
@MainActor
enum LabelItem {
    /// A new item: a label with `cssClass`, `height` px tall (its text centred), and the accessible `role` when given.
    static func make(cssClass: String, height: Int, role: AccessibleRole? = nil) -> Label {
        let item = Label(role: role)
        item.addStyleClass(cssClass)
        item.sizeRequest = (width: -1, height: height)
        item.ellipsis = .end
        return item
    }

    /// Shows `text` in an item made by `make`, with `accessibleLabel` (default: the text) for screen readers.
    static func bind(_ item: Label, text: String, accessibleLabel: String? = nil) {
        item.text = text
        item.setAccessibleLabel(accessibleLabel ?? text)
    }
}
