import CSnapGtk

/// An application: starts GTK, opens a window and runs the main loop until the last window closes.
///
/// ```swift
/// let status = SnapApplication.run(id: "org.example.Gallery") { window in
///     window.title = "Gallery"
///     window.child = Label("Hello")
/// }
/// ```
@MainActor
public enum SnapApplication {
    /// Runs an application with the reverse-DNS `id`; `build` fills the first window, which is then presented.
    /// Several instances may run side by side (the application is not single-instance).
    /// - Returns: the exit status of the main loop, for `exit(_:)`.
    public static func run(id: String, build: @escaping (Window) -> Void) -> Int32 {
        let application = Application(id: id)
        return application.run(program: CommandLine.arguments.first ?? id) { app in
            let window = Window(application: app.pointer)
            build(window)
            window.present()
        }
    }
}
