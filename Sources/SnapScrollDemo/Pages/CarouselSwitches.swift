import SnapCore
import SnapGtk

/// QA controls of the carousel page: libadwaita's switches (Mouse drag, Scroll wheel, Interactive, Long swipes)
/// as check buttons, the spacing (px) and one-page animation duration (ms) as spin fields, and Vertical (the pages
/// stacked down the height), each applied live.
@MainActor
func makeCarouselSwitches(_ carousel: Carousel) -> Widget {
    let drag = CheckField.make(tr("Mouse drag"), id: "carousel.mouse-drag", isOn: carousel.allowsMouseDrag) { carousel.allowsMouseDrag = $0 }
    let wheel = CheckField.make(tr("Scroll wheel"), id: "carousel.scroll-wheel", isOn: carousel.allowsScrollWheel) { carousel.allowsScrollWheel = $0 }
    let interactive = CheckField.make(tr("Interactive"), id: "carousel.interactive", isOn: carousel.isInteractive) { carousel.isInteractive = $0 }
    let long = CheckField.make(tr("Long swipes"), id: "carousel.long-swipes", isOn: carousel.allowsLongSwipes) { carousel.allowsLongSwipes = $0 }
    // Starts at the design's gap at the design width; the carousel keeps the design's (scaled) until it is changed.
    let spacing = SpinField.make(tr("Spacing"), id: "carousel.spacing", value: carousel.design.gap, range: 0...200, step: 1) { carousel.spacing = $0 }
    let duration = SpinField.make(tr("Duration"), id: "carousel.duration", value: carousel.animationDuration, range: 0...2000, step: 20,
                                  accessibleLabel: tr("Duration (ms)")) { carousel.animationDuration = $0 }
    let vertical = CheckField.make(tr("Vertical"), id: "carousel.vertical", isOn: carousel.orientation == .vertical) {
        carousel.orientation = $0 ? .vertical : .horizontal
    }
    let row = WrappingRow.make([drag, wheel, interactive, long, spacing, duration, vertical])
    row.addStyleClass("carousel-switches")
    return row
}
