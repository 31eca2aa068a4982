import Glibc
import SnapGtk

/// The weekday menu's design: tabs 100 px wide; the fixed indicator under the centre is as wide as a tab and 3 px
/// tall.
private enum MenuDesign {
    static let tabWidth = 100.0
    static let tabHeight = 48
    static let indicatorHeight = 3
    /// Room beside a title from `--content`, in px on each side of its natural width.
    static let titlePadding = 14.0
    /// The widest a title from `--content` makes its tab: the view is 324 px at the smallest window (360 px less the
    /// page's padding), so a tab always fits it whole; a longer title is ellipsized within.
    static let maxTitleTabWidth = 320.0
    /// Titles from `--content` are measured up to this many; a longer list keeps `tabWidth` (ellipsized), so a huge
    /// file costs neither a measuring pass nor a width per item at start-up.
    static let measuredTitleLimit = 1_000
}

/// Page `menu`: the weekdays as tabs in a strip that slides under a fixed indicator; the centred tab is the
/// selected one.
@MainActor
func makeMenuPage(_ context: PageContext) -> Widget {
    let days = context.content.menu ?? TextList(localeWeekdays())
    func title(_ index: Int) -> String {
        // Translators: a tab beyond the week's seven days: its number, counted from 1.
        index < days.count ? days[index] : tr("Day %d", .int(index + 1))
    }
    let scroller = SnapScroller(
        itemCount: days.count, itemWidth: MenuDesign.tabWidth, spacing: 0, label: tr("Weekday menu"),
        contentRole: .tabList, contentLabel: tr("Weekdays"),
        makeItem: { LabelItem.make(cssClass: "menu-tab", height: MenuDesign.tabHeight, role: .tab) },
        bindItem: { tab, index in LabelItem.bind(tab, text: title(index)) })
    scroller.marksCurrentItem = true
    var widthControl = WidthControl.uniform
    if let titles = context.content.menu, titles.count <= MenuDesign.measuredTitleLimit {
        let natural = naturalTabWidths(titles)
        scroller.itemWidths = natural
        widthControl = .minimum(natural: natural)
    }
    scroller.rootWidget.addStyleClass("menu-strip")

    // The indicator is a decoration of the scroller, not scrolled content: the tabs slide under it, it never moves.
    let indicator = Box(.horizontal)
    indicator.addStyleClass("snap-indicator")
    indicator.addStyleClass("menu-indicator")
    indicator.horizontalAlignment = .center
    indicator.verticalAlignment = .end
    scroller.addOverlay(indicator)
    // As wide as the tab under it: with tabs of their own widths it stretches from one tab's width to the next's as
    // they slide under it. Set only when the whole-pixel width changes (never, for tabs of one width).
    // The scroller keeps this closure (its position callback): it holds the scroller weakly.
    var indicatorWidth = -1
    let updateIndicator: @MainActor () -> Void = { [weak scroller] in
        guard let scroller else { return }
        let layout = scroller.layout
        guard layout.count > 0 else { return }
        let position = min(max(scroller.position, 0), Double(layout.count - 1))
        let lower = Int(position.rounded(.down))
        let upper = min(lower + 1, layout.count - 1)
        let fraction = position - Double(lower)
        let width = layout.itemWidth(lower) + fraction * (layout.itemWidth(upper) - layout.itemWidth(lower))
        let pixels = Int(width.rounded())
        guard pixels != indicatorWidth else { return }
        indicatorWidth = pixels
        indicator.sizeRequest = (width: pixels, height: MenuDesign.indicatorHeight)
    }
    updateIndicator()
    scroller.onPositionChanged = { _ in updateIndicator() }

    context.startItem?.place(scroller)
    context.register(page: "menu", scroller)
    context.guides.follow(scroller)
    scroller.onGesture = { context.log.gesture("menu", $0) }
    scroller.onSettled = { event in
        context.log.settled("menu", index: event.index, offset: event.offset, cause: event.cause)
    }
    scroller.onTap = { context.log.tapped("menu", index: $0.index) }

    let page = Box(.vertical, spacing: 18)
    page.verticalAlignment = .center
    page.append(scroller)
    page.append(OptionsSection.make(id: "menu.options") {
        [makeScrollerControls(scroller, page: "menu", widths: widthControl, onCountChanged: { _ in updateIndicator() },
                              onWidthChanged: { _ in updateIndicator() })]
    })
    PageFocus.mark(page, component: scroller)
    return page
}

/// Each title's width in a tab: its natural width as the selected (bold) tab shows it, plus the padding on both
/// sides, in whole px, so a long and a short title each rest centred under the indicator; at most
/// `maxTitleTabWidth`.
@MainActor
private func naturalTabWidths(_ titles: TextList) -> [Double] {
    let probe = LabelItem.make(cssClass: "menu-tab", height: MenuDesign.tabHeight)
    probe.addStyleClass("current")
    return titles.map { title in
        probe.text = title
        return min((Double(probe.naturalSize.width) + 2 * MenuDesign.titlePadding).rounded(), MenuDesign.maxTitleTabWidth)
    }
}

/// The abbreviated weekday names in the interface's language, starting on the locale's first day of the week. The
/// names are the locale's (LC_TIME, set by GTK at start-up) unless they are the English ones (the `C` and `C.UTF-8`
/// locales, every `en_*`): then the translations' (`tr`), so `LANGUAGE=de` with `LANG=C.UTF-8` shows German tabs
/// as it shows every other word in German (an English interface gets the same English names either way). glibc
/// states the first day as a reference date for day 1 (`_NL_TIME_WEEK_1STDAY`: 19971130 is a Sunday, 19971201 a
/// Monday) and the first weekday counted from it, 1-based (`_NL_TIME_FIRST_WEEKDAY`) — the same reading GTK's
/// calendar makes. Names come from `nl_langinfo`, not ICU, which keeps start-up light.
func localeWeekdays() -> [String] {
    var sunday = (0..<7).map { day in String(cString: nl_langinfo(nl_item(Int(ABDAY_1) + day))) }
    if sunday == englishWeekdays { sunday = translatedWeekdays() }
    let origin = Int(bitPattern: UnsafeRawPointer(nl_langinfo(nl_item(_NL_TIME_WEEK_1STDAY)))) & 0xffff_ffff
    let firstDayOfOrigin = origin == 19_971_201 ? 1 : 0   // 0 = Sunday
    let firstWeekday = Int(nl_langinfo(nl_item(_NL_TIME_FIRST_WEEKDAY))?.pointee ?? 1)
    let start = ((firstDayOfOrigin + max(firstWeekday, 1) - 1) % 7 + 7) % 7
    return (0..<7).map { sunday[(start + $0) % 7] }
}

/// The abbreviated weekday names from Sunday as the `C` locale (and every English one) gives them.
let englishWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

/// The abbreviated weekday names from Sunday in the interface's language (the translations').
func translatedWeekdays() -> [String] {
    // Translators: the weekday tabs' names, abbreviated as the language's date settings do (German: So, Mo, Di…),
    // from Sunday; shown when the locale's own names are English (LANG=C.UTF-8 with LANGUAGE set).
    [tr("Sun"), tr("Mon"), tr("Tue"), tr("Wed"), tr("Thu"), tr("Fri"), tr("Sat")]
}
