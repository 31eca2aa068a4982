import CSnapGtk
import Foundation
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The tests' log watch sees what GTK itself warns (which a `g_log_set_handler` handler never does), and what is
/// logged while no watch is open still reaches stderr.
final class LogWatchTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
        // These tests provoke a warning on purpose: with warnings made fatal, GLib would abort the whole run.
        try XCTSkipIf((ProcessInfo.processInfo.environment["G_DEBUG"] ?? "").contains("fatal-warnings"),
                      "G_DEBUG=fatal-warnings: a provoked warning would abort the process")
    }

    /// A real warning from inside GTK: a stylesheet naming a property CSS does not have, loaded with nobody connected
    /// to the provider's `parsing-error`, is a `g_warning` in GTK's CSS parser.
    @MainActor private static func provokeGtkWarning() {
        let provider = gtk_css_provider_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(provider)) }
        gtk_css_provider_load_from_data(provider, "label { colour: red; }", -1)
    }

    func testAWarningFromGtkItselfIsSeen() {
        MainActor.assumeIsolated {
            // What the tests watched with before: a handler for GTK's domain. GTK logs past it, to the writer.
            final class Count { var value = 0 }
            let handled = Count()
            let handler = g_log_set_handler("Gtk", GLogLevelFlags(rawValue: G_LOG_LEVEL_WARNING.rawValue), { _, _, _, data in
                Unmanaged<Count>.fromOpaque(data!).takeUnretainedValue().value += 1
            }, Unmanaged.passUnretained(handled).toOpaque())
            defer { g_log_remove_handler("Gtk", handler) }
            let watch = LogWatch()
            Self.provokeGtkWarning()
            watch.remove()
            XCTAssertEqual(watch.messages.count, 1, "\(watch.messages)")
            let message = watch.messages.first ?? ""
            XCTAssertTrue(message.hasPrefix("Gtk-WARNING: Theme parser error") && message.contains("colour"), message)
            XCTAssertEqual(handled.value, 0, "a log handler saw GTK's warning: GTK no longer logs through the writer alone")
            withExtendedLifetime(handled) {}
        }
    }

    func testWhatNoWatchSeesGoesToStderr() throws {
        try MainActor.assumeIsolated {
            let closed = LogWatch()
            closed.remove()
            let printed = try Self.stderr { Self.provokeGtkWarning() }
            XCTAssertTrue(printed.contains("Gtk-WARNING") && printed.contains("colour"), printed)
            XCTAssertEqual(closed.messages, [], "a closed watch still kept messages")
            // While a watch is open, what it keeps is not printed as well; its test reports it.
            let watch = LogWatch()
            defer { watch.remove() }
            XCTAssertEqual(try Self.stderr { Self.provokeGtkWarning() }, "")
            XCTAssertEqual(watch.messages.count, 1)
        }
    }

    /// What `body` writes to the standard error (file descriptor 2, where GLib's default writer prints).
    @MainActor private static func stderr(_ body: () -> Void) throws -> String {
        var ends: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&ends), 0)
        let saved = dup(2)
        dup2(ends[1], 2)
        close(ends[1])
        body()
        fflush(nil)   // every stream, stderr among them
        dup2(saved, 2)
        close(saved)
        let reader = FileHandle(fileDescriptor: ends[0], closeOnDealloc: true)
        return String(decoding: try reader.readToEnd() ?? Data(), as: UTF8.self)
    }
}
