import CSnapGtk

/// What a widget is to assistive technologies, for the few roles a row of snapping items needs: a tab list of tabs
/// (a menu) or a group (a card, a panel). A widget's role is fixed when it is made, so ``Label``, ``Box`` and
/// ``SnapScroller`` take it in their initialisers.
///
/// ```swift
/// let menu = SnapScroller(itemCount: days.count, itemWidth: 100, spacing: 0, label: "Weekday menu",
///                         contentRole: .tabList, makeItem: { Label(role: .tab) },
///                         bindItem: { tab, index in tab.text = days[index] })
/// ```
public enum AccessibleRole: Sendable, Equatable, GtkEnumMirror {
    /// A set of related widgets read as one panel (a strip's card, a row of cards).
    case group
    /// A row of tabs, one of them selected.
    case tabList
    /// One tab of a ``tabList``.
    case tab

    static let table = [(Self.group, GTK_ACCESSIBLE_ROLE_GROUP), (.tabList, GTK_ACCESSIBLE_ROLE_TAB_LIST),
                        (.tab, GTK_ACCESSIBLE_ROLE_TAB)]
}
