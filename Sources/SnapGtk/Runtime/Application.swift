import CSnapGtk

/// A GtkApplication with a reverse-DNS id, non-unique by default so several instances (tests,
/// side-by-side runs) never hand over to each other. Command-line options are parsed before it runs. It loads no
/// GResources automatically (`GApplication:resource-base-path` is unset).
///
/// Most applications use ``SnapApplication/run(id:build:)`` instead; this is for one that builds its windows with
/// its own GTK calls.
@MainActor
public final class Application {
    /// The `GtkApplication`, typed, for code that works with GTK's C API directly.
    @_spi(GtkInterop) public let pointer: UnsafeMutablePointer<GtkApplication>

    /// The `GtkApplication *`, for the application's own GTK calls (e.g. `gtk_application_window_new`), as a raw
    /// pointer so any binding's type fits. Valid while the application lives.
    public var unsafePointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    /// Starts GTK and makes the application; `unique` makes a second launch hand over to the first.
    public init(id: String, unique: Bool = false) {
        precondition(g_application_id_is_valid(id) != 0, "invalid application id \(id)")
        GtkThread.initialize()
        let flags = unique ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE
        pointer = gtk_application_new(id, flags)
        // No automatic GResource loading under the ID's resource path (SnapGtk apps ship plain files). GTK reads the
        // icon theme on a worker thread as soon as the display's theme exists; at start-up GtkApplication would add
        // that path to the theme, which throws the worker's reading away, and the first icon drawn then reads the
        // theme again on GTK's thread (about 10 ms inside the first `gtk_window_present`).
        g_application_set_resource_base_path(UnsafeMutablePointer(OpaquePointer(pointer)), nil)
    }

    /// Runs the main loop; `activate` builds the first window. Options are not passed on: the
    /// caller has parsed them already.
    public func run(program: String, activate: @escaping @MainActor (Application) -> Void) -> Int32 {
        Signals.connect(UnsafeMutableRawPointer(pointer), "activate") { [unowned self] in activate(self) }
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), nil]
        defer { free(argv[0]) }
        return g_application_run(UnsafeMutablePointer(OpaquePointer(pointer)), 1, &argv)
    }

    /// Ends the main loop after the current iteration.
    public func quit() { g_application_quit(UnsafeMutablePointer(OpaquePointer(pointer))) }

    isolated deinit { g_object_unref(pointer) }
}
