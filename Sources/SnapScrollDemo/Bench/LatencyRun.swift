import CSnapGtk
import Glibc
@_spi(Testing) @_spi(GtkInterop) import SnapGtk

/// The input latency benchmark (`SNAPSCROLL_BENCH_INPUT=latency`, `SNAPSCROLL_BENCH_SNAPS=N` rounds): wheel notches,
/// mouse drags and touchpad swipes handed to the scroller's own handlers (``SnapScroller/inject(_:)``) from main-loop
/// timers at their real spacing, as GTK's event dispatch would between frames. Each input's time is the monotonic
/// clock when it is injected (its device time too). For the first input not yet on screen it keeps that time and the
/// row's offset before it; at the window's frame clock's `after-paint`, the first frame whose offset differs is the
/// frame that draws it: the latency is the time from the input to the end of that frame's paint (and to the frame's
/// start, its frame time), and the frames painted meanwhile without it are how many frames behind it came.
///
/// A round: one notch (waiting for the row to rest), a drag of 20 motions 8 ms apart, a touchpad swipe of 8 deltas
/// 8 ms apart ending in a fling; back the other way the next round. Ends with one `{"event":"bench",…}` line (per kind
/// `<kind>_paint_median_ms`, `_p95_ms`, `_max_ms`, `<kind>_start_…`, `<kind>_frames_behind_max`, `<kind>_inputs`,
/// every latency to the paint's end as `<kind>_paint_ms`;
/// on the carousel also its banners' geometry, ``StockLatencyRow/bannerGeometry(of:)``) and closes the window. Each gesture
/// starts from the row's middle item, once the row rests and the window has painted nothing for 100 ms: a person's
/// first input comes to an idle window, not in the middle of the hover transitions the jump back to the middle starts
/// under the pointer (a running frame clock would hold the input for its next frame).
///
/// A wheel notch always comes with the pointer over the row, and hover styles under it follow the moving content, so
/// the run first puts the pointer there: it writes `{"event":"bench-pointer","x":…,"y":…}` (the row's middle in the
/// window's surface coordinates) for the harness to move the pointer to, and waits up to 3 s for the row to be
/// hovered; the result says whether it was (`pointer_over_row`).
///
/// What it drives is a ``LatencyTarget``: the page's snapping component (``ScrollerLatencyTarget``), or with
/// `SNAPSCROLL_BENCH_INPUT=latency-stock` a stock `GtkScrolledWindow` in the component's place (``StockLatencyRow``).
@MainActor
final class LatencyRun {
    static let kinds = ["wheel", "drag", "swipe"]
    /// A round's touchpad swipe, a short fling: what both the component and the stock control are given.
    static let swipe = TouchpadGesture.fling(speed: 1.5, events: 8)

    private let target: LatencyTarget
    private let window: UnsafeMutablePointer<GtkWidget>
    private let log: QALog
    private var steps: [LatencyStep] = []
    private var next = 0
    private var clock: UnsafeMutableRawPointer?
    private var painted: UInt?
    private var timer: MainLoopTimer?
    /// The first input not yet drawn: its time (ms), the row's offset before it, its kind and the frames painted since.
    private var pending: (time: Double, offset: Double, kind: String, frames: Int)?
    private var paint: [String: [Double]] = [:]
    private var start: [String: [Double]] = [:]
    private var behind: [String: Int] = [:]
    private var undrawn: [String: Int] = [:]
    private var stalls = 0
    private var pointerOverRow = false
    /// When the window last painted a frame (ms, ``now``).
    private var lastFrame = 0.0

    /// The monotonic clock in ms (the scroller's and the inputs' clock).
    private static var now: Double { Double(g_get_monotonic_time()) / 1000 }

    init(target: LatencyTarget, window: UnsafeMutablePointer<GtkWidget>, rounds: Int, log: QALog) {
        self.target = target
        self.window = window
        self.log = log
        steps = target.steps(rounds: rounds)
        guard let clock = gtk_widget_get_frame_clock(window).map({ UnsafeMutableRawPointer($0) }) else { return }
        self.clock = clock
        painted = Signals.connect(clock, "after-paint") { [weak self] in self?.afterPaint() }
        awaitPointer()
    }

    /// Says where the row's middle is, then starts the rounds once GTK marks the row hovered (or after 3 s).
    private func awaitPointer() {
        guard let row = target.rowWidget else { return }
        let native = gtk_widget_get_native(row)
        var middle = graphene_point_t(x: Float(gtk_widget_get_width(row)) / 2, y: Float(gtk_widget_get_height(row)) / 2)
        var inWindow = graphene_point_t()
        var surfaceX = 0.0, surfaceY = 0.0
        if let native {
            _ = gtk_widget_compute_point(row, UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkWidget.self),
                                         &middle, &inWindow)
            gtk_native_get_surface_transform(native, &surfaceX, &surfaceY)
        }
        BenchLine.emit(log, ["x": String(Int((Double(inWindow.x) + surfaceX).rounded())),
                          "y": String(Int((Double(inWindow.y) + surfaceY).rounded()))], event: "bench-pointer")
        var polls = 0
        timer = MainLoopTimer.every(milliseconds: 50) { [weak self] in
            guard let self else { return false }
            polls += 1
            // GTK gives the hover state to every widget from the one under the pointer up to the window.
            self.pointerOverRow = gtk_widget_get_state_flags(row).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue != 0
            guard !self.pointerOverRow && polls < 60 else {
                self.schedule()
                return false
            }
            return true
        }
    }

    private func afterPaint() {
        lastFrame = Self.now
        guard var input = pending, let clock else { return }
        guard target.offset != input.offset else {
            input.frames += 1
            pending = input
            return
        }
        let frameTime = Double(gdk_frame_clock_get_frame_time(OpaquePointer(clock))) / 1000
        paint[input.kind, default: []].append(Self.now - input.time)
        start[input.kind, default: []].append(frameTime - input.time)
        behind[input.kind] = max(behind[input.kind] ?? 0, input.frames)
        pending = nil
    }

    /// Schedules the next step: after its delay, or when it waits, once the row rests (and the last input was drawn),
    /// has jumped back to its middle and the window is idle.
    private func schedule() {
        guard next < steps.count else { return finish() }
        let step = steps[next]
        if step.waits {
            var jumpedHome = false
            var idlePolls = 0
            timer = MainLoopTimer.every(milliseconds: 50) { [weak self] in
                guard let self else { return false }
                let target = self.target
                if !jumpedHome {
                    if target.isMoving { return true }
                    // An input the row never drew (it could not move): counted, not waited for past a second.
                    if let input = self.pending {
                        self.stalls += 1
                        guard self.stalls > 20 else { return true }
                        self.undrawn[input.kind, default: 0] += 1
                    }
                    self.pending = nil
                    self.stalls = 0
                    // Each gesture starts from the middle of the row, so it has room to move either way.
                    target.returnHome()
                    jumpedHome = true
                    return true
                }
                // Idle: no frame for 100 ms (given up on after 2 s, for a window that never stops animating).
                idlePolls += 1
                guard Self.now - self.lastFrame >= 100 || idlePolls > 40 else { return true }
                self.timer = MainLoopTimer.after(milliseconds: step.delay) { [weak self] in self?.fire() }
                return false
            }
        } else {
            timer = MainLoopTimer.after(milliseconds: step.delay) { [weak self] in self?.fire() }
        }
    }

    private func fire() {
        let step = steps[next]
        next += 1
        let time = Self.now
        let before = target.offset
        // Only inputs the row used count (a drag's motions within its threshold do not move anything).
        let used = step.act(time)
        if step.measured && used && pending == nil {
            pending = (time, before, step.kind, 0)
        }
        schedule()
    }

    private func finish() {
        if let clock, let painted { Signals.disconnect(clock, painted) }
        painted = nil
        var fields = target.fields.merging(["input": QALog.quoted("latency"),
                                            "rounds": String(steps.filter { $0.kind == "wheel" }.count),
                                            "pointer_over_row": pointerOverRow ? "true" : "false"]) { $1 }
        for kind in Self.kinds {
            for (name, values) in [("paint", paint[kind] ?? []), ("start", start[kind] ?? [])] {
                fields.merge(BenchLine.spread("\(kind)_\(name)", values.sorted(), high: 95)) { $1 }
            }
            // Every input's latency to the paint's end, so runs can be pooled and their interval found.
            fields["\(kind)_paint_ms"] = "[" + (paint[kind] ?? []).map(BenchLine.number).joined(separator: ",") + "]"
            fields["\(kind)_inputs"] = String(paint[kind]?.count ?? 0)
            fields["\(kind)_frames_behind_max"] = String(behind[kind] ?? 0)
            fields["\(kind)_undrawn"] = String(undrawn[kind] ?? 0)
        }
        BenchLine.emit(log, fields)
        gtk_window_destroy(window.cast())
    }
}
