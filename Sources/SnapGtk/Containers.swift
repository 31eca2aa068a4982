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
    /// The button holds this closure for as long as it exists. Capture components and other widgets `weak` or
    /// `unowned` when they hold the button themselves, or the pair keeps itself alive.
    public var onClicked: (() -> Void)?

    /// A button labelled `label`.
    public init(_ label: String) {
        super.init(gtk_button_new_with_label(label))
        // The handler reaches the button through a weak reference, so GTK's hold on it does not keep this handle.
        Signals.connect(UnsafeMutableRawPointer(pointer), "clicked") { [weak self] in self?.onClicked?() }
    }

    /// The button's text.
    public var label: String {
        get { gtk_button_get_label(UnsafeMutablePointer(OpaquePointer(pointer))).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(UnsafeMutablePointer(OpaquePointer(pointer)), newValue) }
    }
}

/// A top-level window of a ``SnapApplication`` (a `GtkApplicationWindow`).
@MainActor
public final class Window: Widget {
    private var firstFrameHandlers: [() -> Void] = []
    private var firstFrameSignal: UInt = 0
    private var firstFrameClock: UnsafeMutableRawPointer?

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
        firstFrameHandlers.append(body)
        if firstFrameSignal != 0 { return }
        if let clock = gtk_widget_get_frame_clock(pointer) {
            watch(clock: UnsafeMutableRawPointer(clock))
        } else {
            // The frame clock exists once the window is realised.
            Signals.connect(UnsafeMutableRawPointer(pointer), "realize") { [weak self] in
                guard let self, self.firstFrameSignal == 0, let clock = gtk_widget_get_frame_clock(self.pointer) else { return }
                self.watch(clock: UnsafeMutableRawPointer(clock))
            }
        }
    }

    private func watch(clock: UnsafeMutableRawPointer) {
        firstFrameClock = clock
        firstFrameSignal = Signals.connect(clock, "after-paint") { [weak self] in
            guard let self, let clock = self.firstFrameClock else { return }
            Signals.disconnect(clock, self.firstFrameSignal)
            self.firstFrameClock = nil
            let handlers = self.firstFrameHandlers
            self.firstFrameHandlers.removeAll()
            for handler in handlers { handler() }
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
