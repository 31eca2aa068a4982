import CSnapGtk

/// Drives an animation from a widget's frame clock: `onFrame` gets each frame time (ms) until it returns false or
/// `stop()` is called. The driver stops for good on the widget's `destroy`, so it never calls GTK on a dead widget.
@MainActor
public final class FrameDriver {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private var tickID: guint = 0
    private let onFrame: @MainActor (Double) -> Bool
    /// Intervals between consecutive frames while running (ms), kept when `recordsIntervals`.
    @_spi(Testing) public private(set) var intervals: [Double] = []
    /// Whether frame intervals are recorded (for benchmarks).
    @_spi(Testing) public var recordsIntervals = false
    /// Time spent inside `onFrame` per frame (ms, monotonic clock), kept when `recordsCosts`: the cost of the
    /// owner's per-frame work, apart from GTK's own layout and drawing.
    @_spi(Testing) public private(set) var costs: [Double] = []
    /// Whether per-frame costs are recorded (for benchmarks).
    @_spi(Testing) public var recordsCosts = false
    private var lastFrameTime: Double?
    /// Set on the widget's `destroy`: from then on the driver never touches the widget again.
    private var widgetGone = false

    /// Whether frames are being delivered.
    public var isRunning: Bool { tickID != 0 }

    /// A stopped driver calling `onFrame` with each frame time (ms) once started, until it returns false.
    ///
    /// ```swift
    /// let blink = FrameDriver(pacedBy: label) { time in
    ///     label.isVisible = Int(time / 500) % 2 == 0   // the frame's state at `time` (ms)
    ///     return time < stopTime                       // false: this frame is the last
    /// }
    /// blink.start()
    /// ```
    /// - Parameters:
    ///   - widget: the widget (or component) whose frame clock paces the frames while it is shown; not retained.
    ///   - onFrame: called with each frame time (ms); returns whether to go on.
    public convenience init(pacedBy widget: some WidgetRepresentable, onFrame: @escaping @MainActor (Double) -> Bool) {
        self.init(widget: widget.rootWidget.pointer, onFrame: onFrame)
    }

    /// ``init(pacedBy:onFrame:)`` for a `GtkWidget *`, for code that works with GTK's C API directly.
    @_spi(GtkInterop) public init(widget: UnsafeMutablePointer<GtkWidget>, onFrame: @escaping @MainActor (Double) -> Bool) {
        self.widget = widget
        self.onFrame = onFrame
        Signals.connect(widget.raw, "destroy") { [weak self] in self?.widgetDestroyed() }
    }

    /// Starts ticking from the next frame; no-op when already running or once the widget is destroyed.
    public func start() {
        guard tickID == 0, !widgetGone else { return }
        lastFrameTime = nil
        tickID = gtk_widget_add_tick_callback(widget, { _, clock, data in
            onGtkThread {
                let box = Unmanaged<WeakBox>.fromOpaque(data!).takeUnretainedValue()
                guard let driver = box.driver else { return 0 }
                let time = Double(gdk_frame_clock_get_frame_time(clock)) / 1000
                return driver.frame(at: time) ? 1 : 0
            }
        }, WidgetLifetime.retained(WeakBox(self)), WidgetLifetime.release)
    }

    /// Stops ticking; the frame in progress, if any, is the last.
    public func stop() {
        guard tickID != 0, !widgetGone else { return }
        gtk_widget_remove_tick_callback(widget, tickID)
        tickID = 0
    }

    /// The current frame time of the widget's clock (ms), or the monotonic clock when unrealised.
    public var now: Double {
        if !widgetGone, let clock = gtk_widget_get_frame_clock(widget) {
            return Double(gdk_frame_clock_get_frame_time(clock)) / 1000
        }
        return Double(g_get_monotonic_time()) / 1000
    }

    /// The widget's frame clock's refresh interval (ms): 1000/60 when unrealised or unknown.
    var framePeriod: Double {
        guard !widgetGone, let clock = gtk_widget_get_frame_clock(widget) else { return 1000.0 / 60 }
        var interval: gint64 = 0
        gdk_frame_clock_get_refresh_info(clock, gdk_frame_clock_get_frame_time(clock), &interval, nil)
        return interval > 0 ? Double(interval) / 1000 : 1000.0 / 60
    }

    private func widgetDestroyed() {
        stop()
        widgetGone = true
    }

    private func frame(at time: Double) -> Bool {
        if recordsIntervals, let last = lastFrameTime { intervals.append(time - last) }
        lastFrameTime = time
        let id = tickID
        let started = recordsCosts ? g_get_monotonic_time() : 0
        let more = onFrame(time)
        if recordsCosts { costs.append(Double(g_get_monotonic_time() - started) / 1000) }
        // onFrame may have stopped (and even restarted) the driver; only this tick's id is ours.
        guard tickID == id else { return false }
        if !more { tickID = 0 }
        return more
    }

    /// Forgets the recorded per-frame costs.
    @_spi(Testing) public func clearCosts() { costs.removeAll(keepingCapacity: true) }

    /// GTK holds this box, not the driver, so a driver dropped mid-animation is not kept alive.
    private final class WeakBox {
        weak var driver: FrameDriver?
        init(_ driver: FrameDriver) { self.driver = driver }
    }
}
