import CGtk
import SnapGtk

/// Page `centering`: not built yet.
@MainActor
func makeCenteringPage(_ context: PageContext) -> UnsafeMutablePointer<GtkWidget> {
    makeNotBuiltPage("Centering")
}
