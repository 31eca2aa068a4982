import Glibc
import SnapGtk

/// The fruit strip's design: cards 100 px wide, 70 px apart, 100 px tall; turned vertical, a list 220 px wide
/// 320 px tall, showing its centred card and nearly one more above and below.
private enum StripDesign {
    static let cardWidth = 100.0
    static let cardHeight = 100
    static let spacing = 70.0
    static let verticalSize = (width: 220, height: 280)
    /// Cards on each side of the start item that the first frame lays out at the default window size: the visible
    /// ones (half the 960 px window holds about three 170 px steps) and the scroller's overscan.
    static let firstFrameRadius = 3 + SnapScroller.overscan
    /// Distinct fruit whose glyphs are prepared after the first frame, found among the first `warmUpScanLimit`
    /// (a huge content file is not read through on GTK's thread).
    static let warmUpLimit = 64
    static let warmUpScanLimit = 1_024

    /// The items the strip starts with: the content's (a content file gives any other count).
    static func initialCount(_ fruit: TextList) -> Int { fruit.count }

    /// The fruit, then more of it, numbered, when the QA count asks for more items than the content holds.
    static func title(_ fruit: TextList, _ index: Int) -> String {
        index < fruit.count ? fruit[index] : "\(fruit[index % fruit.count]) \(index + 1)"
    }
}

/// The strip's cards show colour emoji, whose glyphs are costly the first time (see `GlyphWarmUp`); they are
/// prepared on a worker thread instead of GTK's.
@MainActor
enum StripGlyphs {
    /// When the window opens on the strip: the fruit its first frame lays out (the start item and
    /// `firstFrameRadius` on each side, nearest first), started as soon as the stylesheets are installed.
    static func warmFirstFrame(_ content: DemoContent, startItem: Int?) {
        let fruit = content.strip
        let count = StripDesign.initialCount(fruit)
        guard !fruit.isEmpty else { return }
        let start = min(max(startItem ?? 0, 0), count - 1)
        let indices = [start] + (1...StripDesign.firstFrameRadius).flatMap { [start + $0, start - $0] }
            .filter { (0..<count).contains($0) }
        GlyphWarmUp.start(distinct(indices.map { fruit[$0 % fruit.count] }), styledAs: ["strip-card"])
    }

    /// After the first frame, whatever the page: every fruit (up to `warmUpLimit` distinct ones), so neither showing
    /// the strip later nor scrolling it to fruit not shown yet waits for their glyphs.
    static func warmAll(_ content: DemoContent) {
        let fruit = content.strip
        let scanned = (0..<min(fruit.count, StripDesign.warmUpScanLimit)).map { fruit[$0] }
        let texts = Array(distinct(scanned).prefix(StripDesign.warmUpLimit))
        if !texts.isEmpty { GlyphWarmUp.start(texts, styledAs: ["strip-card"]) }
    }

    private static func distinct(_ texts: [String]) -> [String] {
        var seen = Set<String>()
        return texts.filter { seen.insert($0).inserted }
    }
}

/// Page `strip`: a fruit strip that always comes to rest with one card centred, the centre index shown above it live
/// and at rest.
@MainActor
func makeStripPage(_ context: PageContext) -> Widget {
    let fruit = context.content.strip
    let initialCount = StripDesign.initialCount(fruit)
    let edits = EditableItems(count: initialCount)
    func title(_ index: Int) -> String {
        let id = edits[index]
        return edits.newNumber(id).map { tr("New %d", .int($0)) } ?? StripDesign.title(fruit, id)
    }
    let centreLabel = Label()
    centreLabel.addStyleClass("strip-centre")
    let scroller = SnapScroller(
        itemCount: initialCount, itemWidth: StripDesign.cardWidth, spacing: StripDesign.spacing, label: tr("Fruit strip"),
        // A card is a group (a panel to screen readers) named by its fruit and its position.
        makeItem: { LabelItem.make(cssClass: "strip-card", height: StripDesign.cardHeight, role: .group) },
        bindItem: { card, index in
            let text = title(index)
            // A new item's title ("New 12") is longer than a fruit's: in a smaller type it shows whole, so new cards
            // can be told apart (in the cards' 40 px emoji type each showed "Ne…").
            if edits.newNumber(edits[index]) != nil {
                card.addStyleClass("strip-card-new")
            } else {
                card.removeStyleClass("strip-card-new")
            }
            // Translators: a card's accessible name: its fruit, its position (counted from 1).
            LabelItem.bind(card, text: text, accessibleLabel: tr("%s, item %d", .text(text), .int(index + 1)))
        })
    // The centred card's position, and how many there are (the QA controls change the count). The scroller keeps
    // the closures calling this, so it is reached weakly.
    let showCentre = { [weak scroller] (index: Int) in
        guard let count = scroller?.itemCount else { return }
        // Translators: above the strip: the centred card's position (counted from 1), the card count.
        centreLabel.text = tr.plural("Centre: item %d of %d", "Centre: item %d of %d", count: count,
                                     .int(index + 1), .int(count))
    }
    scroller.loops = context.loop
    scroller.rootWidget.expandsVertically = false
    scroller.rootWidget.verticalAlignment = .center
    context.startItem?.place(scroller)
    showCentre(scroller.currentIndex)
    scroller.onCurrentIndexChanged = { showCentre($0.index) }
    scroller.onGesture = { context.log.gesture("strip", $0) }
    scroller.onSettled = { event in
        showCentre(event.index)
        context.log.settled("strip", index: event.index, offset: event.offset, cause: event.cause)
    }
    context.register(page: "strip", scroller)
    context.guides.follow(scroller)
    scroller.onTap = { context.log.tapped("strip", index: $0.index) }

    let page = Box(.vertical, spacing: 12)
    page.verticalAlignment = .center
    page.append(centreLabel)
    page.append(scroller)
    page.append(OptionsSection.make(id: "strip.options") {
        // Vertical: the same strip as a list, a column of its own size in the middle of the page.
        let vertical = CheckField.make(tr("Vertical"), id: "strip.vertical", isOn: scroller.orientation == .vertical) { isOn in
            scroller.orientation = isOn ? .vertical : .horizontal
            scroller.rootWidget.sizeRequest = isOn ? StripDesign.verticalSize : (width: -1, height: -1)
            scroller.rootWidget.horizontalAlignment = isOn ? .center : .fill
        }
        return [makeScrollerControls(scroller, page: "strip", extras: [vertical], onCountChanged: {
                    edits.reset(count: $0)
                    showCentre(scroller.currentIndex)
                }),
                makeEditButtons(edits, page: "strip", current: { scroller.itemCount > 0 ? scroller.currentIndex : nil },
                                apply: { scroller.update(ids: edits.ids) })]
    })
    PageFocus.mark(page, component: scroller)
    return page
}
