import CSnapGtk

/// A GtkApplication with a reverse-DNS id, non-unique by default so several instances (tests,
/// side-by-side runs) never hand over to each other. Command-line options are parsed before it runs.
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
    }

    /// Runs the main loop; `activate` builds the first window. Options are not passed on: the
    /// caller has parsed them already.
    public func run(program: String, activate: @escaping @MainActor (Application) -> Void) -> Int32 {
        Signals.connect(UnsafeMutableRawPointer(pointer), "startup", after: true) { GtkThread.preloadIconTheme() }
        Signals.connect(UnsafeMutableRawPointer(pointer), "activate") { [unowned self] in activate(self) }
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(program), nil]
        defer { free(argv[0]) }
        return g_application_run(UnsafeMutablePointer(OpaquePointer(pointer)), 1, &argv)
    }

    /// Ends the main loop after the current iteration.
    public func quit() { g_application_quit(UnsafeMutablePointer(OpaquePointer(pointer))) }

    isolated deinit { g_object_unref(pointer) }
}
