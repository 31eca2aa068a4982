import CSnapGtk
import Foundation
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The widget tests' one fixture: a shown top-level window hosting a widget (or several, one above the other) at a
/// size, laid out before the test begins; the main loop pumped by the widget's frames; torn down by destroying the
/// window (`close()`, early if the test checks what the teardown does, or when the fixture goes). Each component's
/// tests subclass it (or hold one) with what they record and check; no test opens a window of its own.
@MainActor
class WidgetFixture {
    /// The widget under test.
    let hosted: UnsafeMutablePointer<GtkWidget>
    let window: UnsafeMutablePointer<GtkWidget>
    private var isOpen = true
    /// How many frames `settle()` runs by default.
    var framesToSettle = 2

    /// Shows `widget` as the child of a `width × height` window; with `fixedWidth`, at that width (its start edge
    /// at the window's) in a window 800 px wide, so its own width, not the window's, is what the test sets. With
    /// `laidOut: false` it returns once the window is mapped, before the first frame lays it out: for a test that
    /// waits for what it needs itself (or checks what comes before), without paying a frame for it.
    init(hosting widget: UnsafeMutablePointer<GtkWidget>, width: Int32 = 600, height: Int32 = 200, fixedWidth: Int32? = nil,
         laidOut: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
        hosted = widget
        var child = widget
        window = gtk_window_new()!
        if let fixedWidth {
            gtk_widget_set_size_request(widget, fixedWidth, -1)
            gtk_widget_set_halign(widget, GTK_ALIGN_START)
            child = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_box_append(child.cast(), widget)
        }
        gtk_window_set_default_size(window.cast(), fixedWidth == nil ? width : max(width, 800), height)
        gtk_window_set_child(window.cast(), child)
        gtk_window_present(window.cast())
        XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { gtk_widget_get_mapped(child) != 0 }, "window never mapped",
                      file: file, line: line)
        guard laidOut else { return }
        XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { gtk_widget_get_width(widget) > 0 }, "never laid out",
                      file: file, line: line)
    }

    /// Shows `widgets` one above the other (in a vertical box, the hosted widget) in a `width × height` window.
    convenience init(stacking widgets: [UnsafeMutablePointer<GtkWidget>], width: Int32 = 600, height: Int32 = 200,
                     laidOut: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
        for widget in widgets { gtk_box_append(column.cast(), widget) }
        self.init(hosting: column, width: width, height: height, laidOut: laidOut, file: file, line: line)
    }

    /// Runs the loop for `count` (or `framesToSettle`) more frames of the hosted widget, then what they left pending
    /// (idle reports).
    func settle(_ count: Int? = nil, file: StaticString = #filePath, line: UInt = #line) {
        waitFrames(count ?? framesToSettle, of: hosted, file: file, line: line)
    }

    /// Runs the loop until the hosted widget's next frame.
    func nextFrame(file: StaticString = #filePath, line: UInt = #line) { waitNextFrame(of: hosted, file: file, line: line) }

    /// Runs the loop until `condition` holds (a failure named `what` if it never does within the patience).
    func wait(_ what: String, file: StaticString = #filePath, line: UInt = #line, until condition: () -> Bool) {
        XCTAssertTrue(GtkThread.iterate(timeout: testPatience, until: condition), what, file: file, line: line)
    }

    /// Destroys the window (once), and with it the hosted widget.
    func close() {
        guard isOpen else { return }
        isOpen = false
        gtk_window_destroy(window.cast())
    }

    // Isolated as the library's handles are: dropped on GTK's thread it closes there and then; dropped elsewhere it
    // hops to GTK's thread instead of trapping.
    isolated deinit { close() }
}

/// A new empty folder in the system's temporary folder for `test`, removed when the test ends.
func temporaryFolder(_ name: String, for test: XCTestCase) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(getpid())-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    return folder
}
