import SnapGtk

/// Titles the segments take, first to last; the page shows the first `segmentCount` of them.
@MainActor private var segmentTitles: [String] {
    // Translators: the segmented control's titles, first to last (the page shows two to six of them).
    [tr("Overview"), tr("Details"), tr("Reviews"), tr("Related"), tr("Questions"), tr("Specifications")]
}
private let segmentCountRange = 2...6
private let initialSegmentCount = 3

/// Page `segmented`: the underline segmented control above a stack it switches, with a choice of
/// segment count and width mode.
@MainActor
func makeSegmentedPage(_ context: PageContext) -> Widget {
    let page = Box(.vertical, spacing: 12)
    let control = SegmentedControl(titles: Array(segmentTitles.prefix(initialSegmentCount)), label: tr("Sections"))
    let stack = SectionStack(cssClass: "segmented-content")
    func fillStack() {
        let sections = control.titles.enumerated().map { index, title in
            // Translators: under a section's title: the section (counted from 1), the section count.
            let position = tr.plural("Section %d of %d", "Section %d of %d", count: control.titles.count,
                                     .int(index + 1), .int(control.titles.count))
            let label = Label(title + "\n" + position)
            label.justification = .center
            label.addStyleClass("segmented-section")
            return label
        }
        stack.replaceSections(with: sections, showing: control.selectedIndex)
    }

    // Options row: how many segments, and how wide.
    let count = SpinField.make(tr("Segments"), id: "segmented.segments", value: Double(initialSegmentCount),
                               range: Double(segmentCountRange.lowerBound)...Double(segmentCountRange.upperBound), step: 1,
                               accessibleLabel: tr("Number of segments")) { value in
        control.titles = Array(segmentTitles.prefix(Int(value.rounded())))
        fillStack()
    }
    let widths = ChoiceButtons.make([tr("Equal widths"), tr("Fit content")], id: "segmented.widths", selected: 0) { index in
        control.widthMode = index == 1 ? .fitContent : .equal
    }
    page.append(WrappingRow.make([count] + widths))

    // Six long titles are wider than a phone-sized window: then the control scrolls sideways instead of widening
    // the page past the window (its titles never shrink below their text).
    // On a wide window the segments stop growing at the clamp's width, centred.
    page.append(Clamp.make(HorizontalScroll.wrapping(control)))
    PageFocus.mark(page, component: control)

    page.append(stack)
    fillStack()

    control.onSelected = { event in
        stack.show(event.index)
        context.log.selected("segmented", index: event.index, cause: event.cause)
    }
    return page
}
