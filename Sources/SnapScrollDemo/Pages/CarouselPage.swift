import SnapGtk

/// Page `carousel`: the banner carousel from the content's banners, its page dots, a "Back to first" button and,
/// on a line of its own below it, a label showing the last tap (beside the button, a longer tap text would push the
/// button sideways), and under Options the edit buttons and the carousel's switches.
@MainActor
func makeCarouselPage(_ context: PageContext) -> Widget {
    // Made per page when a cell binds it: a million banners are a million entries in compact lists, not objects.
    let content = context.content
    let banners = content.banners
    let component = "carousel"
    let log = context.log
    let edits = EditableItems(count: banners.count)
    let carousel = Carousel(pageCount: banners.count) { index in
        let id = edits[index]
        // A new banner shows one of the content's images under its own title.
        if let number = edits.newNumber(id) {
            let image = banners.isEmpty ? "" : content.imagePath(banners[(number - 1) % banners.count])
            return Carousel.Banner(title: tr("New %d", .int(number)), imagePath: image)
        }
        let banner = banners[id]
        return Carousel.Banner(title: banner.title, imagePath: content.imagePath(banner))
    }
    let dots = PageDots()
    dots.attach(to: carousel)
    dots.rootWidget.horizontalAlignment = .center

    let feedback = Label(tr("Tap a banner"))
    feedback.addStyleClass("carousel-feedback")
    feedback.ellipsis = .end
    feedback.textAlignment = 0
    let reset = Button(tr("Back to first"))
    let controls = Box(.vertical, spacing: 6)
    controls.addStyleClass("carousel-controls")
    // Each centred under the carousel on its own line, as the banner at rest and the dots are: the button stays put
    // whatever the label says.
    reset.horizontalAlignment = .center
    feedback.horizontalAlignment = .center
    controls.append(reset)
    controls.append(feedback)
    carousel.loops = context.loop
    carousel.autoplayInterval = context.autoplaySeconds
    context.startItem?.place(carousel.scroller)

    context.register(page: "carousel", carousel.scroller)
    context.register(page: "carousel", dots: dots, carousel: carousel)
    context.guides.follow(carousel.scroller)
    carousel.onPageChanged = { log.page(component, index: $0.index, cause: $0.cause) }
    carousel.onSettled = { log.settled(component, index: $0.index, offset: $0.offset, cause: $0.cause) }
    carousel.onGesture = { log.gesture(component, $0) }
    carousel.onTapped = { event in
        let index = event.index
        log.tapped(component, index: index)
        let id = edits[index]
        // Translators: the title of an item the tester added with the edit buttons; N counts them from 1.
        let title = edits.newNumber(id).map { tr("New %d", .int($0)) } ?? banners[id].title
        // Translators: after a tap on a banner: its title, its page (counted from 1), the page count.
        feedback.text = tr.plural("Tapped: %s (%d of %d)", "Tapped: %s (%d of %d)", count: edits.itemCount,
                                  .text(title), .int(index + 1), .int(edits.itemCount))
    }
    carousel.onImageError = { log.error($0.message) }
    reset.onClicked = { [unowned carousel] in carousel.scrollTo(page: 0, cause: .programmatic) }
    DemoControls.track(reset, id: "carousel.back-to-first")

    let page = Box(.vertical, spacing: 8)
    page.addStyleClass("carousel-page")
    // Centred as a group: the carousel takes the height its width calls for, or all there is when that is less.
    page.verticalAlignment = .center
    page.append(carousel)
    page.append(dots)
    page.append(controls)
    page.append(OptionsSection.make(id: "carousel.options") {
        [makeEditButtons(edits, page: "carousel", current: { carousel.pageCount > 0 ? carousel.currentPage : nil },
                         apply: { carousel.update(ids: edits.ids) }),
         makeCarouselSwitches(carousel)]
    })
    PageFocus.mark(page, component: carousel)
    return page
}
