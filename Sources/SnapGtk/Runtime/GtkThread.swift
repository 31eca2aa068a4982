import CSnapGtk

/// GTK's one thread. Everything in this module that touches widgets, the display or the main loop is `@MainActor`
/// (image decoding alone works off it, into cairo image surfaces nothing reads until they are done), and GTK is
/// initialised here, on the process main thread, so the main actor and GTK's thread are one.
@MainActor
public enum GtkThread {
    private static var initialised = false
    /// The session bus, kept from before GTK starts for the application to register on (GLib shares one connection).
    private static var sessionBus: OpaquePointer?

    /// Initialises GTK on the main thread; returns false when no display can be opened.
    @discardableResult
    public static func initialize() -> Bool {
        precondition(snap_is_main_thread() != 0, "GTK must be initialised on the process main thread")
        if initialised { return true }
        // GTK 4.8 names each accessible object under the application's D-Bus object path. Without a session bus
        // the application registers with no path, yet GTK may still find an accessibility bus (on the X root
        // window) and then sends every AT-SPI signal with no object path: a GLib critical at the first focus
        // change. No accessible object can be named then, so GTK's AT-SPI is turned off before any exists.
        var error: UnsafeMutablePointer<GError>?
        sessionBus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error)
        if let error {
            g_error_free(error)
            g_setenv("GTK_A11Y", "none", 1)
        }
        initialised = gtk_init_check() != 0
        return initialised
    }

    /// Runs the GLib main loop until `condition` holds or `timeout` seconds pass; for tests and
    /// tools that drive GTK without `g_application_run`. Returns whether the condition held.
    @_spi(Testing) @discardableResult
    public static func iterate(timeout: Double, until condition: () -> Bool) -> Bool {
        let context = g_main_context_default()
        let deadline = g_get_monotonic_time() + Int(timeout * 1_000_000)
        while !condition() {
            if g_get_monotonic_time() >= deadline { return false }
            // Non-blocking after pending work, with a short sleep so a timed-out wait does not spin.
            if g_main_context_iteration(context, 0) == 0 { g_usleep(1_000) }
        }
        return true
    }
}

/// Wraps a C callback body so main-actor state is reached with a runtime check, not by accident:
/// GLib calls handlers on the thread that runs its main loop, which is GTK's (the main) thread.
@inline(__always)
func onGtkThread<T: Sendable>(_ body: @MainActor () -> T) -> T {
    MainActor.assumeIsolated(body)
}
