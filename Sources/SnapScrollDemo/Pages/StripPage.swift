import CGtk
import Glibc
import SnapCore
import SnapGtk

/// Seed 003's geometry: fruit cards 100 px wide, 70 px apart, 100 px tall.
private enum StripDesign {
    static let cardWidth = 100.0
    static let cardHeight: Int32 = 100
    static let spacing = 70.0
    /// Environment variable giving the initial item count, for start-up and memory measurements.
    static let itemsVariable = "SNAPSCROLL_STRIP_ITEMS"
}

/// Page `strip` (seed 003): a fruit strip that always comes to rest with one card centred, the centre index shown
/// above it live and at rest.
@MainActor
func makeStripPage(_ context: PageContext) -> UnsafeMutablePointer<GtkWidget> {
    let fruit = context.content.strip
    let initialCount = getenv(StripDesign.itemsVariable).flatMap { Int(String(cString: $0)) }
        .map { min(max($0, 1), maximumDemoItems) } ?? fruit.count
    /// The fruit, then more of it, numbered, when the QA count asks for more items than the content holds.
    func title(_ index: Int) -> String {
        index < fruit.count ? fruit[index] : "\(fruit[index % fruit.count]) \(index + 1)"
    }
    let centreLabel = gtk_label_new("")!
    gtk_widget_add_css_class(centreLabel, "strip-centre")
    func showCentre(_ index: Int) { gtk_label_set_text(centreLabel.opaque, "Centre: \(index)") }

    let scroller = SnapScroller(
        itemCount: initialCount, itemWidth: StripDesign.cardWidth, spacing: StripDesign.spacing, label: "Fruit strip",
        factory: {
            let card = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_add_css_class(card, "strip-card")
            gtk_widget_set_size_request(card, -1, StripDesign.cardHeight)
            let label = gtk_label_new(nil)!
            gtk_widget_set_vexpand(label, 1)
            // A title wider than the card is ellipsized: a card wider than the design would rest off-centre.
            gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
            gtk_box_append(card.cast(), label)
            return card
        },
        bind: { card, index in
            let text = title(index)
            gtk_label_set_text(gtk_widget_get_first_child(card).opaque, text)
            snap_accessible_set_label(card, "\(text), item \(index + 1)")
        })
    gtk_widget_set_vexpand(scroller.widget, 0)
    gtk_widget_set_valign(scroller.widget, GTK_ALIGN_CENTER)
    showCentre(scroller.currentIndex)
    scroller.onCurrentIndexChanged = { showCentre($0) }
    scroller.onSettled = { index, offset, cause in
        showCentre(index)
        context.log.settled("strip", index: index, offset: offset, cause: cause)
    }
    context.bench.register(page: "strip", scroller)
    scroller.onTap = { context.log.tapped("strip", index: $0) }

    let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
    gtk_widget_set_valign(page, GTK_ALIGN_CENTER)
    gtk_box_append(page.cast(), centreLabel)
    gtk_box_append(page.cast(), scroller.widget)
    gtk_box_append(page.cast(), makeScrollerControls(scroller))
    return page
}
