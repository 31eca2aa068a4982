import CSnapGtk

/// A row or column of widgets (a `GtkBox`).
@MainActor
public final class Box: Widget {
    /// How the children follow each other.
    public enum Orientation: Sendable {
        /// Side by side, from the start edge.
        case horizontal
        /// One under the other.
        case vertical
    }

    /// An empty box laying children out in `orientation` with `spacing` px between them.
    public init(_ orientation: Orientation, spacing: Int = 0) {
        super.init(gtk_box_new(orientation == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL,
                               Int32(clamping: spacing)))
    }

    /// Adds `child` after the last child.
    public func append(_ child: some WidgetRepresentable) {
        gtk_box_append(boxPointer, child.rootWidget.pointer)
    }

    /// Removes `child`, which must be a child of this box.
    public func remove(_ child: some WidgetRepresentable) {
        gtk_box_remove(boxPointer, child.rootWidget.pointer)
    }

    private var boxPointer: UnsafeMutablePointer<GtkBox> { UnsafeMutablePointer(OpaquePointer(pointer)) }
}

/// A line of text (a `GtkLabel`).
@MainActor
public final class Label: Widget {
    /// A label showing `text`.
    public init(_ text: String = "") {
        super.init(gtk_label_new(text))
    }

    /// The text shown.
    public var text: String {
        get { gtk_label_get_text(OpaquePointer(pointer)).map { String(cString: $0) } ?? "" }
        set { gtk_label_set_text(OpaquePointer(pointer), newValue) }
    }

    /// Whether long text wraps onto more lines instead of widening the label.
    public var wraps: Bool {
        get { gtk_label_get_wrap(OpaquePointer(pointer)) != 0 }
        set { gtk_label_set_wrap(OpaquePointer(pointer), newValue ? 1 : 0) }
    }
}

/// A push button with a text (a `GtkButton`).
@MainActor
public final class Button: Widget {
    /// Called when the button is clicked or activated from the keyboard.
    ///
    /// The GTK button keeps this closure for as long as it exists, whether or not this handle does. Do not capture
    /// this button's own handle strongly (it would keep the button alive forever); capture components `weak`.
    public var onClicked: (() -> Void)? {
        get { clicked.body }
        set { clicked.body = newValue }
    }
    private let clicked = Handler()

    /// A button labelled `label`.
    public init(_ label: String) {
        super.init(gtk_button_new_with_label(label))
        // The signal holds the handler box, not this handle: the button keeps working after the handle is gone.
        Signals.connect(UnsafeMutableRawPointer(pointer), "clicked") { [clicked] in clicked.body?() }
    }

    /// The button's text.
    public var label: String {
        get { gtk_button_get_label(UnsafeMutablePointer(OpaquePointer(pointer))).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(UnsafeMutablePointer(OpaquePointer(pointer)), newValue) }
    }
}

/// A closure a signal handler calls; the signal owns the box, so the closure outlives the Swift handle that set it.
@MainActor
final class Handler {
    var body: (() -> Void)?
}

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

/// A main-loop timer (a GLib timeout): runs its closure on GTK's thread after a delay, once or repeatedly. GLib
/// holds the timer while it is scheduled and lets go of it when it ends, so the returned handle is needed only to
/// cancel it early.
///
/// The closure is kept until the timer ends: capture widgets `weak` when they may go away before it.
@MainActor
public final class MainLoopTimer {
    private let body: () -> Bool
    private var source: guint = 0

    private init(body: @escaping () -> Bool) { self.body = body }

    /// Runs `body` once, `milliseconds` from now.
    @discardableResult
    public static func after(milliseconds: Int, _ body: @escaping () -> Void) -> MainLoopTimer {
        let timer = MainLoopTimer { body(); return false }
        timer.schedule(milliseconds)
        return timer
    }

    /// Runs `body` every `milliseconds` for as long as it returns true (or until ``cancel()``).
    @discardableResult
    public static func every(milliseconds: Int, _ body: @escaping () -> Bool) -> MainLoopTimer {
        let timer = MainLoopTimer(body: body)
        timer.schedule(milliseconds)
        return timer
    }

    /// Whether the timer is still scheduled.
    public var isScheduled: Bool { source != 0 }

    /// Stops the timer; its closure does not run again. Nothing happens when it has ended already.
    public func cancel() {
        guard source != 0 else { return }
        let id = source
        source = 0
        g_source_remove(id)
    }

    private func schedule(_ milliseconds: Int) {
        let retained = Unmanaged.passRetained(self).toOpaque()
        source = g_timeout_add_full(G_PRIORITY_DEFAULT, guint(clamping: max(0, milliseconds)), { data in
            onGtkThread {
                let timer = Unmanaged<MainLoopTimer>.fromOpaque(data!).takeUnretainedValue()
                return timer.body() ? 1 : 0
            }
        }, retained) { data in
            // Called when the source ends, by returning false or by removal: the one release of GLib's hold.
            onGtkThread {
                let timer = Unmanaged<MainLoopTimer>.fromOpaque(data!).takeRetainedValue()
                timer.source = 0
            }
        }
    }
}
