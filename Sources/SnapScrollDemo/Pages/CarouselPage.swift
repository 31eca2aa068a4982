import SnapCore
import SnapGtk

/// Page `carousel`: the banner carousel from the content's banners, its page dots, a "Back to first" button and a
/// label showing the last tap.
@MainActor
func makeCarouselPage(_ context: PageContext) -> Widget {
    // Made per page when a cell binds it: a million banners are a million entries in compact lists, not objects.
    let content = context.content
    let banners = content.banners
    let component = "carousel"
    let log = context.log
    let carousel = Carousel(pageCount: banners.count) { index in
        let banner = banners[index]
        return Carousel.Banner(title: banner.title, imagePath: content.imagePath(banner))
    }
    let dots = PageDots()
    dots.attach(to: carousel)
    dots.rootWidget.horizontalAlignment = .center

    let feedback = Label("Tap a banner")
    feedback.addStyleClass("carousel-feedback")
    feedback.ellipsis = .end
    feedback.textAlignment = 0
    let reset = Button("Back to first")
    let controls = Box(.horizontal, spacing: 12)
    controls.addStyleClass("carousel-controls")
    // Centred under the carousel, as the banner at rest and the dots are.
    controls.horizontalAlignment = .center
    controls.append(reset)
    controls.append(feedback)
    carousel.loops = context.loop
    carousel.autoplayInterval = context.autoplaySeconds
    applyStartItem(carousel.scroller)

    context.bench.register(page: "carousel", carousel.scroller)
    context.bench.register(carousel: carousel)
    carousel.onPageChanged = { log.page(component, index: $0.index, cause: $0.cause) }
    carousel.onSettled = { log.settled(component, index: $0.index, offset: $0.offset, cause: $0.cause) }
    carousel.onTapped = { event in
        let index = event.index
        log.tapped(component, index: index)
        feedback.text = "Tapped: \(banners[index].title) (\(index + 1) of \(banners.count))"
    }
    carousel.onImageError = { log.error($0.message) }
    reset.onClicked = { [unowned carousel] in carousel.scrollTo(page: 0, cause: .programmatic) }

    let page = Box(.vertical, spacing: 8)
    page.addStyleClass("carousel-page")
    // Centred as a group: the carousel takes the height its width calls for, or all there is when that is less.
    page.verticalAlignment = .center
    page.append(carousel)
    page.append(dots)
    page.append(controls)
    PageFocus.mark(page, component: carousel)
    return page
}
