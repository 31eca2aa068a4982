import CGtk
import SnapGtk

/// Page `strip`: not built yet.
@MainActor
func makeStripPage(_ context: PageContext) -> UnsafeMutablePointer<GtkWidget> {
    makeNotBuiltPage("Strip")
}
