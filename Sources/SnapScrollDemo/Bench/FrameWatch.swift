import CSnapGtk
import Glibc
@_spi(Testing) @_spi(GtkInterop) import SnapGtk

/// The frame watch (`SNAPSCROLL_BENCH_WATCH=SECONDS`): after `ready`, every frame interval of the window for that
/// long (frames kept coming by a tick callback, so a busy GTK thread shows as a long interval), then one
/// `{"event":"bench","watch_seconds":…}` line; the window stays open. For the cost of first showing a page, and of a
/// resize made meanwhile (`bench/decode.py`, `bench/resize.py`).
@MainActor
final class FrameWatch {
    static let variable = "SNAPSCROLL_BENCH_WATCH"

    private let page: String
    private let seconds: Double
    private let log: QALog
    private var driver: FrameDriver?
    private let started: gint64
    private var last: gint64
    private var intervals: [Double] = []
    /// The late intervals, and every interval with when it started (for the resize row, bench/evidence.py), each as
    /// `[start ms, interval ms]`.
    private var late: [String] = []
    private var all: [String] = []

    /// Starts watching `window`'s frames when the variable asks for it (a positive number of seconds).
    static func start(page: String, window: UnsafeMutablePointer<GtkWidget>, log: QALog) -> FrameWatch? {
        guard let seconds = getenv(variable).flatMap({ Double(String(cString: $0)) }), seconds > 0 else { return nil }
        return FrameWatch(page: page, seconds: seconds, window: window, log: log)
    }

    private init(page: String, seconds: Double, window: UnsafeMutablePointer<GtkWidget>, log: QALog) {
        self.page = page
        self.seconds = seconds
        self.log = log
        started = g_get_monotonic_time()
        last = started
        let driver = FrameDriver(widget: window) { [weak self] _ in self?.tick() ?? false }
        self.driver = driver
        driver.start()
    }

    private func tick() -> Bool {
        let now = g_get_monotonic_time()
        let interval = Double(now - last) / 1000
        let pair = "[\(BenchLine.number(Double(last - started) / 1000)),\(BenchLine.number(interval))]"
        intervals.append(interval)
        all.append(pair)
        if interval > FrameRun.lateFrameMs { late.append(pair) }
        last = now
        guard Double(now - started) / 1_000_000 >= seconds else { return true }
        let sorted = intervals.sorted()
        BenchLine.emit(log, [
            "page": QALog.quoted(page), "watch_seconds": BenchLine.number(seconds), "frames": String(sorted.count),
            "late_frames": String(late.count), "interval_median_ms": BenchLine.number(BenchLine.percentile(sorted, 50)),
            "interval_max_ms": BenchLine.number(sorted.last ?? 0),
            "late_at_ms": "[" + late.joined(separator: ",") + "]",
            "intervals_at_ms": "[" + all.joined(separator: ",") + "]",
        ])
        return false
    }
}
