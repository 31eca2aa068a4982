import CGtk
import SnapGtk

/// Page `segmented`: not built yet.
@MainActor
func makeSegmentedPage(_ context: PageContext) -> UnsafeMutablePointer<GtkWidget> {
    makeNotBuiltPage("Segmented")
}
