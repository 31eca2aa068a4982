import CSnapGtk

/// A top-level window of a ``SnapApplication`` (a `GtkApplicationWindow`).
@MainActor
public final class Window: Widget {
    /// What runs after the first painted frame; the window's signals hold it, not this handle.
    private let firstFrame = FirstFrame()

    init(application: UnsafeMutablePointer<GtkApplication>) {
        super.init(gtk_application_window_new(application))
    }

    /// The title in the window's title bar.
    public var title: String {
        get { gtk_window_get_title(pointer.cast()).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(pointer.cast(), newValue) }
    }

    /// The size (px) the window opens with.
    public var defaultSize: (width: Int, height: Int) {
        get {
            var width: Int32 = 0, height: Int32 = 0
            gtk_window_get_default_size(pointer.cast(), &width, &height)
            return (Int(width), Int(height))
        }
        set { gtk_window_set_default_size(pointer.cast(), Int32(clamping: newValue.width), Int32(clamping: newValue.height)) }
    }

    /// The window's content: one widget or component (usually a ``Box``); nil empties the window.
    public var child: (any WidgetRepresentable)? {
        didSet { gtk_window_set_child(pointer.cast(), child?.rootWidget.pointer) }
    }

    /// Shows the window and raises it.
    public func present() { gtk_window_present(pointer.cast()) }

    /// Closes the window; the application ends when its last window closes.
    public func close() { gtk_window_close(pointer.cast()) }

    /// Calls `body` once, after the window's first frame has been painted (for a "ready" line, a screenshot, a
    /// timing). Call it before or after ``present()``.
    public func afterFirstFrame(_ body: @escaping () -> Void) {
        firstFrame.handlers.append(body)
        if firstFrame.done { return firstFrame.run() }
        guard firstFrame.handlers.count == 1 else { return }  // watching already
        // The frame clock exists once the window is realised.
        let widget = pointer
        firstFrame.watch(gtk_widget_get_frame_clock(widget))
        Signals.connect(widget.raw, "realize") { [firstFrame] in firstFrame.watch(gtk_widget_get_frame_clock(widget)) }
    }

    /// The first-frame handlers and the one `after-paint` connection that runs them.
    @MainActor
    private final class FirstFrame {
        var handlers: [() -> Void] = []
        var done = false
        private var signal: UInt = 0

        func watch(_ clock: OpaquePointer?) {
            guard let clock, signal == 0, !done else { return }
            let object = UnsafeMutableRawPointer(clock)
            // The frame clock holds this box through the handler until the handler is disconnected.
            signal = Signals.connect(object, "after-paint") { [self] in
                Signals.disconnect(object, signal)
                done = true
                run()
            }
        }

        func run() {
            let due = handlers
            handlers.removeAll()
            for handler in due { handler() }
        }
    }
}
