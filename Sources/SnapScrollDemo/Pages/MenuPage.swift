import CGtk
import SnapGtk

/// Page `menu`: not built yet.
@MainActor
func makeMenuPage(_ context: PageContext) -> UnsafeMutablePointer<GtkWidget> {
    makeNotBuiltPage("Menu")
}
