import CGtk
import SnapGtk

/// Page `carousel`: not built yet.
@MainActor
func makeCarouselPage(_ context: PageContext) -> UnsafeMutablePointer<GtkWidget> {
    makeNotBuiltPage("Carousel")
}
