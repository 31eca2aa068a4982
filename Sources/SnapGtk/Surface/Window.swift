import CSnapGtk

/// A top-level window of a ``SnapApplication`` (a `GtkApplicationWindow`).
@MainActor
public final class Window: Widget {
    /// What runs after the first painted frame; the window's signals hold it, not this handle.
    private let firstFrame = FirstFrame()

    init(application: UnsafeMutablePointer<GtkApplication>) {
        super.init(gtk_application_window_new(application))
    }

    private var windowPointer: UnsafeMutablePointer<GtkWindow> { UnsafeMutablePointer(OpaquePointer(pointer)) }

    /// The title in the window's title bar.
    public var title: String {
        get { gtk_window_get_title(windowPointer).map { String(cString: $0) } ?? "" }
        set { gtk_window_set_title(windowPointer, newValue) }
    }

    /// The size (px) the window opens with.
    public var defaultSize: (width: Int, height: Int) {
        get {
            var width: Int32 = 0, height: Int32 = 0
            gtk_window_get_default_size(windowPointer, &width, &height)
            return (Int(width), Int(height))
        }
        set { gtk_window_set_default_size(windowPointer, Int32(clamping: newValue.width), Int32(clamping: newValue.height)) }
    }

    /// The window's content: one widget or component (usually a ``Box``); nil empties the window.
    public var child: (any WidgetRepresentable)? {
        didSet { gtk_window_set_child(windowPointer, child?.rootWidget.pointer) }
    }

    /// Shows the window and raises it.
    public func present() { gtk_window_present(windowPointer) }

    /// Closes the window; the application ends when its last window closes.
    public func close() { gtk_window_close(windowPointer) }

    /// Calls `body` once, after the window's first frame has been painted (for a "ready" line, a screenshot, a
    /// timing). Call it before or after ``present()``.
    public func afterFirstFrame(_ body: @escaping () -> Void) {
        let watching = !firstFrame.handlers.isEmpty || firstFrame.done
        firstFrame.handlers.append(body)
        if watching {
            if firstFrame.done { firstFrame.run() }
            return
        }
        if let clock = gtk_widget_get_frame_clock(pointer) {
            firstFrame.watch(clock: UnsafeMutableRawPointer(clock))
        } else {
            // The frame clock exists once the window is realised.
            let widget = pointer
            Signals.connect(UnsafeMutableRawPointer(pointer), "realize") { [firstFrame] in
                if let clock = gtk_widget_get_frame_clock(widget) { firstFrame.watch(clock: UnsafeMutableRawPointer(clock)) }
            }
        }
    }

    /// The first-frame handlers and the one `after-paint` connection that runs them.
    @MainActor
    private final class FirstFrame {
        var handlers: [() -> Void] = []
        var done = false
        private var clock: UnsafeMutableRawPointer?
        private var signal: UInt = 0

        func watch(clock newClock: UnsafeMutableRawPointer) {
            guard clock == nil, !done else { return }
            clock = newClock
            // The frame clock holds this box through the handler until the handler is disconnected.
            signal = Signals.connect(newClock, "after-paint") { [self] in
                guard let clock = self.clock else { return }
                self.clock = nil
                self.done = true
                Signals.disconnect(clock, self.signal)
                self.run()
            }
        }

        func run() {
            let due = handlers
            handlers.removeAll()
            for handler in due { handler() }
        }
    }
}
