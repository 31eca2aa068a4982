import CSnapGtk
import Foundation
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// GTK tests run on XCTest's thread, the process main thread, which is GTK's thread.
/// Without a display they skip, unless SNAPSCROLL_REQUIRE_DISPLAY=1 (as scripts/test sets) makes that a failure.
@MainActor
func requireGtk() throws {
    _ = LogWatch.installed   // every message GLib logs from here on passes the tests' one log writer
    if GtkThread.initialize() { return }
    if ProcessInfo.processInfo.environment["SNAPSCROLL_REQUIRE_DISPLAY"] == "1" {
        XCTFail("no display: run the tests through scripts/test")
    }
    throw XCTSkip("no display")
}

/// The bound of a wait on a condition (s). Generous: a wait ends as soon as its condition holds, so only a failing
/// test pays it, while a loaded machine or a sanitizer build (the thread sanitizer runs GTK many times slower) must
/// not turn a slow pass into a failure.
let testPatience: Double = 60

/// Runs the main loop until `widget`'s frame clock has produced `count` more frames (a tick callback keeps the
/// clock running meanwhile), then handles whatever those frames left pending (idle reports). Waits on frames, not
/// on wall time, so a loaded machine only makes it slower, never wrong.
@MainActor
func waitFrames(_ count: Int, of widget: UnsafeMutablePointer<GtkWidget>, file: StaticString = #filePath, line: UInt = #line) {
    var frames = 0
    let driver = FrameDriver(widget: widget) { _ in
        frames += 1
        return frames < count
    }
    driver.start()
    let done = GtkThread.iterate(timeout: testPatience) { frames >= count }
    driver.stop()
    XCTAssertTrue(done, "only \(frames) of \(count) frames came", file: file, line: line)
    drainMainLoop()
}

/// Runs the main loop until `widget`'s frame clock has produced one more frame. For a widget that asks for frames
/// itself (it animates, or a layout or redraw is pending): unlike `waitFrames`, nothing else keeps the clock running,
/// and idle sources queued during the frame (reports GTK's frame schedules) have not run yet when it returns.
@MainActor
func waitNextFrame(of widget: UnsafeMutablePointer<GtkWidget>, file: StaticString = #filePath, line: UInt = #line) {
    guard let clock = gtk_widget_get_frame_clock(widget) else {
        return XCTFail("the widget has no frame clock: it is not in a window", file: file, line: line)
    }
    let frame = gdk_frame_clock_get_frame_counter(clock)
    XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { gdk_frame_clock_get_frame_counter(clock) > frame },
                  "no frame came", file: file, line: line)
}

/// Handles every event and source that is ready now (idle callbacks included), without waiting for more.
@MainActor
func drainMainLoop() {
    var rounds = 0
    while g_main_context_iteration(nil, 0) != 0, rounds < 1000 { rounds += 1 }
}

/// Writes an image of `width × height` pixels of one colour (0xRRGGBBAA) into `folder` with GdkPixbuf, as a PNG or
/// another `format` it writes (with alpha only where the format has it); returns its path.
func writeImage(in folder: URL, _ name: String, width: Int32, height: Int32, color: UInt32 = 0x3366_99ff,
                format: String = "png") throws -> String {
    let path = folder.appendingPathComponent(name).path
    let pixbuf = try XCTUnwrap(gdk_pixbuf_new(GDK_COLORSPACE_RGB, format == "png" ? 1 : 0, 8, width, height))
    defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
    gdk_pixbuf_fill(pixbuf, color)
    var error: UnsafeMutablePointer<GError>?
    XCTAssertEqual(gdk_pixbuf_savev(pixbuf, path, format, nil, nil, &error), 1, "\(name) not written")
    return path
}
