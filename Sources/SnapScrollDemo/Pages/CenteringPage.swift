import SnapGtk

/// Chips the page starts with: few enough to fit (centred) at the default window size.
private let initialChipCount = 3

/// Page `centering`: a row of chips in a `CenteringBox`, buttons to add and remove chips so a
/// tester can cross the fit threshold both ways, and a readout of the current mode.
@MainActor
func makeCenteringPage(_ context: PageContext) -> Widget {
    let page = Box(.vertical, spacing: 12)

    let intro = Label(tr("Centred while the chips fit; start-aligned and scrollable once they do not."))
    intro.wraps = true
    intro.justification = .center
    intro.addStyleClass("page-intro")
    page.append(intro)

    let row = Box(.horizontal, spacing: 8)
    row.addStyleClass("chip-row")
    row.setAccessibleLabel(tr("Chips"))
    var chips: [Label] = []
    func addChip() {
        // Translators: a chip's text: its number, counted from 1.
        let chip = Label(tr("Chip %d", .int(chips.count + 1)))
        chip.addStyleClass("chip")
        row.append(chip)
        chips.append(chip)
    }
    for _ in 0..<initialChipCount { addChip() }

    let centering = CenteringBox(label: tr("Chips, centred when they fit"))
    centering.child = row
    // On a wide window the row's frame stops growing at the clamp's width, centred.
    page.append(Clamp.make(centering))
    PageFocus.mark(page, component: centering)

    let add = Button(tr("Add chip"))
    let remove = Button(tr("Remove chip"))
    DemoControls.track(add, id: "centering.add-chip")
    DemoControls.track(remove, id: "centering.remove-chip")
    page.append(WrappingRow.make([add, remove]))

    let readout = Label()
    readout.addStyleClass("centering-readout")
    page.append(readout)
    let count = Label()
    count.addStyleClass("page-note")
    page.append(count)

    func showCount(_ remove: Button?) {
        count.text = tr.plural("%d chip", "%d chips", count: chips.count, .int(chips.count))
        remove?.isSensitive = !chips.isEmpty
    }
    showCount(remove)
    // A button keeps its click closure, so a closure holding the button's own handle would keep the button forever:
    // "Add chip" holds the handle of "Remove chip", which reaches it weakly.
    add.onClicked = {
        addChip()
        showCount(remove)
    }
    remove.onClicked = { [weak remove] in
        guard let last = chips.popLast() else { return }
        row.remove(last)
        showCount(remove)
    }

    centering.onModeChanged = { mode in
        readout.text = mode == .centered ? tr("Centred") : tr("Scrolling")
        readout.setAccessibleDescription(mode == .centered
            ? tr("The chips fit and are centred") : tr("The chips overflow and scroll from the start edge"))
        context.log.layout("centering", mode: mode.rawValue)
    }
    return page
}
