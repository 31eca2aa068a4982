import CSnapGtk
import Glibc
import SnapCore
@_spi(GtkInterop) import SnapGtk

/// Seed 000's geometry: tabs 100 px wide; the fixed indicator under the centre is as wide as a tab and 3 px tall.
private enum MenuDesign {
    static let tabWidth = 100.0
    static let tabHeight: Int32 = 48
    static let indicatorHeight: Int32 = 3
    /// Room beside a title from `--content`, in px on each side of its natural width.
    static let titlePadding = 14.0
    /// Titles from `--content` are measured up to this many; a longer list keeps `tabWidth` (ellipsized), so a huge
    /// file costs neither a measuring pass nor a width per item at start-up.
    static let measuredTitleLimit = 1_000
}

/// Page `menu` (seed 000): the weekdays as tabs in a strip that slides under a fixed indicator; the centred tab is
/// the selected one.
@MainActor
func makeMenuPage(_ context: PageContext) -> UnsafeMutablePointer<GtkWidget> {
    let days = context.content.menu ?? TextList(localeWeekdays())
    func title(_ index: Int) -> String {
        index < days.count ? days[index] : "Day \(index + 1)"
    }
    let scroller = SnapScroller(
        itemCount: days.count, itemWidth: MenuDesign.tabWidth, spacing: 0,
        contentRole: GTK_ACCESSIBLE_ROLE_TAB_LIST, label: "Weekday menu",
        factory: { LabelItem.make(cssClass: "menu-tab", height: MenuDesign.tabHeight, role: GTK_ACCESSIBLE_ROLE_TAB) },
        bind: { tab, index in LabelItem.bind(tab, text: title(index)) })
    scroller.marksCurrentItem = true
    var widthControl = WidthControl.uniform
    if let titles = context.content.menu, titles.count <= MenuDesign.measuredTitleLimit {
        let natural = naturalTabWidths(titles)
        scroller.itemWidths = natural
        widthControl = .minimum(natural: natural)
    }
    snap_accessible_set_label(scroller.content, "Weekdays")
    gtk_widget_add_css_class(scroller.widget, "menu-strip")

    // The indicator belongs to the overlay, not the scrolled content: the tabs slide under it, it never moves.
    let indicator = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
    gtk_widget_add_css_class(indicator, "snap-indicator")
    gtk_widget_add_css_class(indicator, "menu-indicator")
    gtk_widget_set_halign(indicator, GTK_ALIGN_CENTER)
    gtk_widget_set_valign(indicator, GTK_ALIGN_END)
    gtk_widget_set_can_target(indicator, 0)
    scroller.addOverlay(indicator)
    // As wide as the tab under it: with tabs of their own widths it stretches from one tab's width to the next's as
    // they slide under it. Set only when the whole-pixel width changes (never, for tabs of one width).
    // The scroller keeps this closure (its position callback): it holds the scroller weakly.
    var indicatorWidth: Int32 = -1
    let updateIndicator = { [weak scroller] in
        guard let scroller else { return }
        let layout = scroller.layout
        guard layout.count > 0 else { return }
        let position = min(max(scroller.position, 0), Double(layout.count - 1))
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, layout.count - 1)
        let fraction = position - Double(lower)
        let width = layout.itemWidth(lower) + fraction * (layout.itemWidth(upper) - layout.itemWidth(lower))
        let pixels = Int32(width.rounded())
        guard pixels != indicatorWidth else { return }
        indicatorWidth = pixels
        gtk_widget_set_size_request(indicator, pixels, MenuDesign.indicatorHeight)
    }
    updateIndicator()
    scroller.onPositionChanged = { _ in updateIndicator() }

    context.bench.register(page: "menu", scroller)
    // The QA log's offset is the adjustment's value, which at rest is the exact resting offset.
    let adjustment = scroller.adjustment
    scroller.onSettled = { event in
        context.log.settled("menu", index: event.index, offset: gtk_adjustment_get_value(adjustment), cause: event.cause)
    }
    applyStartItem(scroller)
    scroller.onTap = { context.log.tapped("menu", index: $0.index) }

    let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 18)!
    gtk_widget_set_valign(page, GTK_ALIGN_CENTER)
    gtk_box_append(page.cast(), scroller.widget)
    gtk_box_append(page.cast(), makeScrollerControls(
        scroller, widths: widthControl, onCountChanged: { _ in updateIndicator() }, onWidthChanged: { _ in updateIndicator() }))
    PageFocus.mark(page, component: scroller.content)
    return page
}

/// Each title's width in a tab: its natural width as the selected (bold) tab shows it, plus the padding on both
/// sides, in whole px, so a long and a short title each rest centred under the indicator.
@MainActor
private func naturalTabWidths(_ titles: TextList) -> [Double] {
    let probe = LabelItem.make(cssClass: "menu-tab", height: MenuDesign.tabHeight)
    g_object_ref_sink(probe)
    defer { g_object_unref(probe) }
    gtk_widget_add_css_class(probe, "current")
    return titles.map { title in
        LabelItem.bind(probe, text: title)
        var natural: Int32 = 0
        gtk_widget_measure(probe, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
        return (Double(natural) + 2 * MenuDesign.titlePadding).rounded()
    }
}

/// The abbreviated weekday names of the user's locale (LC_TIME, set by GTK at start-up), starting on the locale's
/// first day of the week. glibc states it as a reference date for day 1 (`_NL_TIME_WEEK_1STDAY`: 19971130 is a
/// Sunday, 19971201 a Monday) and the first weekday counted from it, 1-based (`_NL_TIME_FIRST_WEEKDAY`) — the
/// same reading GTK's calendar makes. Names come from `nl_langinfo`, not ICU, which keeps start-up light.
func localeWeekdays() -> [String] {
    let sunday = (0..<7).map { day in String(cString: nl_langinfo(nl_item(Int(ABDAY_1) + day))) }
    let origin = Int(bitPattern: UnsafeRawPointer(nl_langinfo(nl_item(_NL_TIME_WEEK_1STDAY)))) & 0xffff_ffff
    let firstDayOfOrigin = origin == 19_971_201 ? 1 : 0   // 0 = Sunday
    let firstWeekday = Int(nl_langinfo(nl_item(_NL_TIME_FIRST_WEEKDAY))?.pointee ?? 1)
    let start = ((firstDayOfOrigin + max(firstWeekday, 1) - 1) % 7 + 7) % 7
    return (0..<7).map { sunday[(start + $0) % 7] }
}
