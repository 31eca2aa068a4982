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

    /// Reads the display's icon theme on a worker thread while the app builds its first window, instead of on GTK's
    /// thread at the first icon drawn (about 10 ms of index parsing for Adwaita: a tenth of a bare window's start).
    /// GTK creates the theme here, on its own thread, and its lookups take the theme's lock, which is what makes a
    /// lookup from another thread safe; a widget that needs an icon before the worker is done waits on that lock.
    /// Called once the application has started: `GtkApplication`'s start-up adds the app's icon resource path, which
    /// discards a theme read before it.
    static func preloadIconTheme() {
        guard let display = gdk_display_get_default(),
              let theme = gtk_icon_theme_get_for_display(display) else { return }
        let worker = g_thread_try_new("snap-icon-theme", loadIconTheme, g_object_ref(UnsafeMutableRawPointer(theme)), nil)
        if let worker { g_thread_unref(worker) } else { g_object_unref(UnsafeMutableRawPointer(theme)) }
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

/// The icon-theme worker's body, off GTK's thread (so not main-actor isolated): one lookup loads the theme's index,
/// then the worker drops the reference it was given.
private func loadIconTheme(_ theme: gpointer?) -> gpointer? {
    guard let theme else { return nil }
    _ = gtk_icon_theme_has_icon(OpaquePointer(theme), "open-menu-symbolic")
    g_object_unref(theme)
    return nil
}

/// Wraps a C callback body so main-actor state is reached with a runtime check, not by accident:
/// GLib calls handlers on the thread that runs its main loop, which is GTK's (the main) thread.
@inline(__always)
func onGtkThread<T: Sendable>(_ body: @MainActor () -> T) -> T {
    MainActor.assumeIsolated(body)
}
