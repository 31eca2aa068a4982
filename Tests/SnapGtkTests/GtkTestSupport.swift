import CSnapGtk
import Foundation
@_spi(Testing) @testable import SnapGtk
import XCTest

/// GTK tests run on XCTest's thread, the process main thread, which is GTK's thread.
/// Without a display they skip, unless SNAPSCROLL_REQUIRE_DISPLAY=1 (as scripts/test sets) makes that a failure.
@MainActor
func requireGtk() throws {
    if GtkThread.initialize() { return }
    if ProcessInfo.processInfo.environment["SNAPSCROLL_REQUIRE_DISPLAY"] == "1" {
        XCTFail("no display: run the tests through scripts/test")
    }
    throw XCTSkip("no display")
}

/// A mapped top-level window holding `child`, for tests that need a frame clock.
@MainActor
func presentInWindow(_ child: UnsafeMutablePointer<GtkWidget>, width: Int32 = 400, height: Int32 = 200) -> UnsafeMutablePointer<GtkWidget> {
    let window = gtk_window_new()!
    gtk_window_set_default_size(window.cast(), width, height)
    gtk_window_set_child(window.cast(), child)
    gtk_window_present(window.cast())
    XCTAssertTrue(GtkThread.iterate(timeout: 5) { gtk_widget_get_mapped(child) != 0 }, "window never mapped")
    return window
}
