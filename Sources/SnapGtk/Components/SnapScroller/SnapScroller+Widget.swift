import CSnapGtk
import SnapCore

extension SnapScroller: WidgetRepresentable {
    /// The scroller's root widget, to put in a ``Box`` or ``Window``.
    public var rootWidget: Widget { Widget(widget, sinking: false) }

    /// Lays `decoration` over the scroller, fixed while the items move (the menu's indicator bar, a fade at the
    /// edges); it is placed by its own alignment and size request, and lets the pointer through to the items.
    public func addOverlay(_ decoration: some WidgetRepresentable) {
        gtk_widget_set_can_target(decoration.rootWidget.pointer, 0)
        addOverlay(decoration.rootWidget.pointer)
    }

    /// Focuses the row, where the keys move the items (never an item, even one that takes the focus).
    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(content) != 0 }

    /// A scroller of `itemCount` items of your own, `itemWidth` px wide and `spacing` px apart (the way to make
    /// one; give items their own widths afterwards with ``itemWidths``): `makeItem` makes an empty item (called only
    /// for the items near the view, whose widgets are then recycled), `bindItem` fills one for an index (called again
    /// each time a widget is reused). Items get the CSS class `pressed` while a pointer presses them.
    ///
    /// ```swift
    /// let strip = SnapScroller(itemCount: names.count, itemWidth: 120, spacing: 8, label: "Names",
    ///                          makeItem: { Label() }, bindItem: { label, index in label.text = names[index] })
    /// ```
    /// - Parameters:
    ///   - itemCount: how many items the row has.
    ///   - itemWidth: each item's width (px).
    ///   - spacing: the gap between neighbouring items (px).
    ///   - initialIndex: the item at rest in the middle at first.
    ///   - configuration: the snapping rules (`SnapConfiguration.standard` lets a fling travel several items).
    ///   - label: the strip's name for assistive technologies.
    ///   - contentRole: what the row of items is to assistive technologies: a `.group` (the default), or a
    ///     `.tabList` whose items are ``Label``s with the role `.tab` (with ``marksCurrentItem``, the current one is
    ///     the selected tab).
    ///   - contentLabel: the row's own name for assistive technologies (a tab list's, say), if it has one.
    ///   - makeItem: makes an empty item.
    ///   - bindItem: shows item `index` in an item `makeItem` made.
    public convenience init<Item: WidgetRepresentable>(
        itemCount: Int, itemWidth: Double, spacing: Double, initialIndex: Int = 0,
        configuration: SnapConfiguration = .standard, label: String,
        contentRole: AccessibleRole = .group, contentLabel: String? = nil,
        makeItem: @escaping () -> Item, bindItem: @escaping (Item, Int) -> Void
    ) {
        let items = ItemStore(make: makeItem, bind: bindItem)
        self.init(itemCount: itemCount, itemWidth: itemWidth, spacing: spacing, initialIndex: initialIndex,
                  configuration: configuration, contentRole: contentRole.gtk, label: label,
                  factory: {
                      let widget = items.make()
                      PressFeedback.attach(to: widget)
                      return widget
                  }, bind: { widget, index in items.bind(widget, index) })
        if let contentLabel { snap_accessible_set_label(content, contentLabel) }
    }
}

/// The application's item values by widget (a scroller's items, a carousel's own pages): they hold the widgets,
/// which the scroller recycles.
@MainActor
final class ItemStore<Item: WidgetRepresentable> {
    private let makeItem: () -> Item
    private let bindItem: (Item, Int) -> Void
    private(set) var items: [UnsafeMutableRawPointer: Item] = [:]

    init(make: @escaping () -> Item, bind: @escaping (Item, Int) -> Void) {
        makeItem = make
        bindItem = bind
    }

    func make() -> UnsafeMutablePointer<GtkWidget> {
        let item = makeItem()
        let widget = item.rootWidget.pointer
        items[UnsafeMutableRawPointer(widget)] = item
        return widget
    }

    func bind(_ widget: UnsafeMutablePointer<GtkWidget>, _ index: Int) {
        if let item = items[UnsafeMutableRawPointer(widget)] { bindItem(item, index) }
    }
}
