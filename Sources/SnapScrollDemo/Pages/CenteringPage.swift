import CSnapGtk
import SnapCore
@_spi(GtkInterop) import SnapGtk

/// Chips the page starts with: few enough to fit (centred) at the default window size.
private let initialChipCount = 3

/// Page `centering`: a row of chips in a `CenteringBox`, buttons to add and remove chips so a
/// tester can cross the fit threshold both ways, and a readout of the current mode.
@MainActor
func makeCenteringPage(_ context: PageContext) -> UnsafeMutablePointer<GtkWidget> {
    let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!

    let intro = gtk_label_new("Centred while the chips fit; start-aligned and scrollable once they do not.")!
    gtk_label_set_wrap(intro.opaque, 1)
    gtk_label_set_justify(intro.opaque, GTK_JUSTIFY_CENTER)
    gtk_widget_add_css_class(intro, "page-intro")
    gtk_box_append(page.cast(), intro)

    let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
    gtk_widget_add_css_class(row, "chip-row")
    snap_accessible_set_label(row, "Chips")
    var chips: [UnsafeMutablePointer<GtkWidget>] = []
    func addChip() {
        let chip = gtk_label_new("Chip \(chips.count + 1)")!
        gtk_widget_add_css_class(chip, "chip")
        gtk_box_append(row.cast(), chip)
        chips.append(chip)
    }
    for _ in 0..<initialChipCount { addChip() }

    let centering = CenteringBox(label: "Chips, centred when they fit")
    centering.child = Widget(unsafeRetaining: UnsafeMutableRawPointer(row))
    gtk_box_append(page.cast(), centering.gtk)
    PageFocus.mark(page, component: centering.gtk)

    let add = gtk_button_new_with_label("Add chip")!
    let remove = gtk_button_new_with_label("Remove chip")!
    gtk_box_append(page.cast(), WrappingRow.make([add, remove]))

    let readout = gtk_label_new("")!
    gtk_widget_add_css_class(readout, "centering-readout")
    gtk_box_append(page.cast(), readout)
    let count = gtk_label_new("")!
    gtk_widget_add_css_class(count, "page-note")
    gtk_box_append(page.cast(), count)

    func showCount() {
        gtk_label_set_text(count.opaque, "\(chips.count) chip\(chips.count == 1 ? "" : "s")")
        gtk_widget_set_sensitive(remove, chips.isEmpty ? 0 : 1)
    }
    showCount()
    Signals.connect(add.raw, "clicked") {
        addChip()
        showCount()
    }
    Signals.connect(remove.raw, "clicked") {
        guard let last = chips.popLast() else { return }
        gtk_box_remove(row.cast(), last)
        showCount()
    }

    centering.onModeChanged = { mode in
        let text = mode == .centered ? "Centred" : "Scrolling"
        gtk_label_set_text(readout.opaque, text)
        snap_accessible_set_description(readout, mode == .centered
            ? "The chips fit and are centred" : "The chips overflow and scroll from the start edge")
        context.log.layout("centering", mode: mode.rawValue)
    }
    return page
}
