import CSnapGtk

/// GTK's one thread. Everything in this module that touches GTK is `@MainActor`, and GTK is
/// initialised here, on the process main thread, so the main actor and GTK's thread are one.
@MainActor
public enum GtkThread {
    private static var initialised = false

    /// Initialises GTK on the main thread; returns false when no display can be opened.
    @discardableResult
    public static func initialize() -> Bool {
        precondition(snap_is_main_thread() != 0, "GTK must be initialised on the process main thread")
        if initialised { return true }
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
