import CSnapGtk
import Glibc
@_spi(Testing) @_spi(GtkInterop) import SnapGtk

/// The demo's frame benchmark, off unless `SNAPSCROLL_BENCH_SNAPS=N` is set: after `ready`, the visible page's
/// snapping component makes N programmatic snaps back and forth by one item (each starts once the last has
/// settled), recording the frame clock's intervals, the time spent in the component's per-frame handler, and how far
/// the content moves per frame (in items: the largest first step of a snap, and the largest step), then
/// one `{"event":"bench",…}` line goes to the QA log and the window closes. `bench/frames.py` reads it.
@MainActor
final class DemoBench {
    static let snapsVariable = "SNAPSCROLL_BENCH_SNAPS"
    static let stepVariable = "SNAPSCROLL_BENCH_STEP"
    /// `SNAPSCROLL_BENCH_WATCH=SECONDS`: after `ready`, every frame interval of the window for that long (frames
    /// kept coming by a tick callback, so a busy GTK thread shows as a long interval), then one
    /// `{"event":"bench","watch_seconds":…}` line; the window stays open. For the cost of first showing a page, and
    /// of a resize made meanwhile (`bench/decode.py`).
    static let watchVariable = "SNAPSCROLL_BENCH_WATCH"
    /// A frame interval above this is a visibly late frame (60 Hz frames are 16.7 ms apart).
    static let lateFrameMs = 20.0

    private struct WeakScroller { weak var scroller: SnapScroller? }
    private var targets: [String: WeakScroller] = [:]
    private var pacer: FrameDriver?
    private var watcher: FrameDriver?

    /// How many snaps were asked for, or nil when the benchmark is off.
    let requestedSnaps: Int? = getenv(DemoBench.snapsVariable).flatMap { Int(String(cString: $0)) }.map { max($0, 1) }

    /// A page offers its snapping component to the benchmark (not retained).
    func register(page: String, _ scroller: SnapScroller) {
        targets[page] = WeakScroller(scroller: scroller)
    }

    /// Called once after `ready`: runs the benchmark on `page` when it is on, then closes `window`.
    func begin(page: String, window: UnsafeMutablePointer<GtkWidget>, log: QALog) {
        watch(page: page, window: window, log: log)
        guard let snaps = requestedSnaps else { return }
        guard let scroller = targets[page]?.scroller else {
            emit(log, ["page": QALog.quoted(page), "error": QALog.quoted("no snapping component on this page")])
            gtk_window_destroy(window.cast())
            return
        }
        // Start mid-way, so a long row is measured far from its ends, as a user deep in it would see it.
        // SNAPSCROLL_BENCH_STEP=N: snaps of N items (long trips re-base the adjustment window on the way). A looping
        // row snaps across its seam instead, from the last item to the first and back.
        let step = getenv(Self.stepVariable).flatMap { Int(String(cString: $0)) }.map { max($0, 1) } ?? 1
        var home = max(scroller.itemCount / 2 - 1, 0)
        var away = min(home + step, scroller.itemCount - 1)
        if scroller.loops { (home, away) = (max(scroller.itemCount - 1, 0), 0) }
        scroller.scrollTo(index: home, cause: .programmatic, animated: false)
        let frames = scroller.frameDriver
        frames.recordsIntervals = true
        frames.recordsCosts = true
        frames.clearIntervals()
        frames.clearCosts()
        var done = 0
        let started = g_get_monotonic_time()
        // Progress per frame, sampled once a frame in the fractional index (items).
        var previous = scroller.layout.fractionalIndex(at: scroller.logicalOffset)
        var awaitingFirstStep = false
        var firstStepMax = 0.0
        var stepMax = 0.0
        // Paced by the window's own frame clock: each frame, start the next snap once the last has come to rest.
        let pacer = FrameDriver(widget: window) { [weak self, weak scroller] _ in
            guard let self, let scroller else { return false }
            let position = scroller.layout.fractionalIndex(at: scroller.logicalOffset)
            let step = abs(position - previous)
            previous = position
            stepMax = max(stepMax, step)
            if awaitingFirstStep && step > 0 {
                awaitingFirstStep = false
                firstStepMax = max(firstStepMax, step)
            }
            if scroller.isMoving { return true }
            guard done < snaps else {
                let seconds = Double(g_get_monotonic_time() - started) / 1_000_000
                self.finish(
                    page: page, scroller: scroller, snaps: snaps, seconds: seconds,
                    steps: (first: firstStepMax, largest: stepMax), log: log)
                gtk_window_destroy(window.cast())
                return false
            }
            scroller.scrollTo(index: done % 2 == 0 ? away : home, cause: .programmatic)
            awaitingFirstStep = true
            done += 1
            return true
        }
        self.pacer = pacer
        pacer.start()
    }

    /// The frame watch (`SNAPSCROLL_BENCH_WATCH`), from the `ready` frame on.
    private func watch(page: String, window: UnsafeMutablePointer<GtkWidget>, log: QALog) {
        guard let seconds = getenv(Self.watchVariable).flatMap({ Double(String(cString: $0)) }), seconds > 0 else { return }
        let started = g_get_monotonic_time()
        var last = started
        var intervals: [Double] = []
        var late: [String] = []
        let watcher = FrameDriver(widget: window) { [weak self] _ in
            let now = g_get_monotonic_time()
            let interval = Double(now - last) / 1000
            intervals.append(interval)
            if interval > Self.lateFrameMs {
                late.append("[\(Self.number(Double(last - started) / 1000)),\(Self.number(interval))]")
            }
            last = now
            guard Double(now - started) / 1_000_000 >= seconds else { return true }
            let sorted = intervals.sorted()
            self?.emit(log, [
                "page": QALog.quoted(page), "watch_seconds": Self.number(seconds), "frames": String(sorted.count),
                "late_frames": String(late.count), "interval_median_ms": Self.number(Self.percentile(sorted, 50)),
                "interval_max_ms": Self.number(sorted.last ?? 0),
                "late_at_ms": "[" + late.joined(separator: ",") + "]",
            ])
            return false
        }
        self.watcher = watcher
        watcher.start()
    }

    private func finish(
        page: String, scroller: SnapScroller, snaps: Int, seconds: Double, steps: (first: Double, largest: Double),
        log: QALog
    ) {
        let intervals = scroller.frameDriver.intervals.sorted()
        let costs = scroller.frameDriver.costs.sorted()
        var fields: [String: String] = [
            "page": QALog.quoted(page), "items": String(scroller.itemCount), "snaps": String(snaps),
            "frames": String(costs.count), "seconds": Self.number(seconds),
            "late_frames": String(intervals.filter { $0 > Self.lateFrameMs }.count),
            "first_step_max_items": Self.number(steps.first), "step_max_items": Self.number(steps.largest),
        ]
        for (name, values) in [("interval", intervals), ("cost", costs)] {
            fields["\(name)_median_ms"] = Self.number(Self.percentile(values, 50))
            fields["\(name)_p99_ms"] = Self.number(Self.percentile(values, 99))
            fields["\(name)_max_ms"] = Self.number(values.last ?? 0)
        }
        emit(log, fields)
    }

    /// Writes `{"event":"bench",…}` (values already JSON) where the QA log goes.
    private func emit(_ log: QALog, _ fields: [String: String]) {
        guard log.writesToStandardOutput else { return }
        var line = "{\"event\":\"bench\""
        for key in fields.keys.sorted() { line += ",\(QALog.quoted(key)):\(fields[key]!)" }
        writeLine(line + "}", to: STDOUT_FILENO)
    }

    /// Nearest-rank percentile of sorted values.
    private static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// Milliseconds to the microsecond, as a JSON number.
    private static func number(_ value: Double) -> String {
        String((value * 1000).rounded() / 1000)
    }
}
