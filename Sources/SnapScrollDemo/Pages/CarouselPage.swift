import CSnapGtk
import SnapCore
@_spi(GtkInterop) import SnapGtk

/// Page `carousel`: the banner carousel from the content's banners, its page dots, a "Back to first" button and a
/// label showing the last tap.
@MainActor
func makeCarouselPage(_ context: PageContext) -> UnsafeMutablePointer<GtkWidget> {
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
    gtk_widget_set_halign(dots.gtk, GTK_ALIGN_CENTER)

    let feedback = gtk_label_new("Tap a banner")!
    gtk_widget_add_css_class(feedback, "carousel-feedback")
    gtk_label_set_ellipsize(feedback.opaque, PANGO_ELLIPSIZE_END)
    gtk_label_set_xalign(feedback.opaque, 0)
    let reset = gtk_button_new_with_label("Back to first")!
    let controls = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12)!
    gtk_widget_add_css_class(controls, "carousel-controls")
    // Centred under the carousel, as the banner at rest and the dots are.
    gtk_widget_set_halign(controls, GTK_ALIGN_CENTER)
    gtk_box_append(controls.cast(), reset)
    gtk_box_append(controls.cast(), feedback)
    carousel.loops = context.loop
    carousel.autoplayInterval = context.autoplaySeconds
    applyStartItem(carousel.scroller)

    context.bench.register(page: "carousel", carousel.scroller)
    carousel.onPageChanged = { log.page(component, index: $0.index, cause: $0.cause) }
    let adjustment = carousel.scroller.adjustment
    carousel.onSettled = { event in
        log.settled(component, index: event.index, offset: gtk_adjustment_get_value(adjustment), cause: event.cause)
    }
    carousel.onTapped = { event in
        let index = event.index
        log.tapped(component, index: index)
        gtk_label_set_text(feedback.opaque, "Tapped: \(banners[index].title) (\(index + 1) of \(banners.count))")
    }
    carousel.onImageError = { log.error($0.message) }
    Signals.connect(reset.raw, "clicked") { [unowned carousel] in carousel.scrollTo(page: 0, cause: .programmatic) }

    let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 8)!
    gtk_widget_add_css_class(page, "carousel-page")
    // Centred as a group: the carousel takes the height its width calls for, or all there is when that is less.
    gtk_widget_set_valign(page, GTK_ALIGN_CENTER)
    gtk_box_append(page.cast(), carousel.gtk)
    gtk_box_append(page.cast(), dots.gtk)
    gtk_box_append(page.cast(), controls)
    PageFocus.mark(page, component: carousel.scroller.content)
    return page
}
