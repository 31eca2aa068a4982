import CSnapGtk
import Glibc
@_spi(Testing) @_spi(GtkInterop) import SnapGtk

/// The demo's frame benchmark, off unless `SNAPSCROLL_BENCH_SNAPS=N` is set: after `ready`, the visible page's
/// snapping component makes N motions back and forth (each starts once the last has settled), recording the frame
/// clock's intervals while it moves (from the frame that starts each motion on), the time spent in the component's
/// per-frame handler, the whole frame's CPU time on GTK's thread and that thread's CPU time between frames, how far
/// the content moves per frame (in items: the largest first step of a motion, and the largest step), how far each
/// motion goes and how often the current item wraps around, then one `{"event":"bench",…}` line goes to the QA log
/// and the window closes. `bench/frames.py` reads it.
///
/// The motions are programmatic snaps of one item (`SNAPSCROLL_BENCH_STEP=N`: of N items), or with
/// `SNAPSCROLL_BENCH_INPUT=flings` touchpad flings, short and long in both directions, replayed through the
/// component's scroll, scroll-end and decelerate handlers at their real times (`TouchpadReplay`). A looping row
/// starts on its last item, so every motion crosses the seam between the last item and the first.
@MainActor
final class DemoBench {
    static let snapsVariable = "SNAPSCROLL_BENCH_SNAPS"
    static let stepVariable = "SNAPSCROLL_BENCH_STEP"
    /// `SNAPSCROLL_BENCH_WATCH=SECONDS`: after `ready`, every frame interval of the window for that long (frames
    /// kept coming by a tick callback, so a busy GTK thread shows as a long interval), then one
    /// `{"event":"bench","watch_seconds":…}` line; the window stays open. For the cost of first showing a page, and
    /// of a resize made meanwhile (`bench/decode.py`).
    static let watchVariable = "SNAPSCROLL_BENCH_WATCH"
    static let inputVariable = "SNAPSCROLL_BENCH_INPUT"
    /// A frame interval above this is a visibly late frame (60 Hz frames are 16.7 ms apart).
    static let lateFrameMs = 20.0
    /// The frame clock's period at 60 Hz.
    static let framePeriodMs = 1000.0 / 60

    private struct WeakScroller { weak var scroller: SnapScroller? }
    private var targets: [String: WeakScroller] = [:]
    private var pacer: FrameDriver?
    private var watcher: FrameDriver?
    /// The latency run under way (``LatencyRun``), or the stock row being put in place before it.
    var latency: AnyObject?
    /// Every thread's CPU time and context switches when the motions began (the energy row).
    private var usageAtStart = ThreadUsage()
    private var frameCPU: [Double] = []
    private var betweenCPU: [Double] = []

    /// The flings, in turn: short forward and back, then long forward and back. Deltas 8 ms apart, as touchpads
    /// report them; GTK's lift-off velocity estimate is about 1,200 px/s for the short one (3 strip items with the
    /// coast, 5 menu tabs) and 4,750 px/s for the long one (12 strip items, 20 menu tabs; a carousel page each).
    static let flings: [TouchpadGesture] = {
        let short = TouchpadGesture.fling(speed: 1.5, events: 8)
        let long = TouchpadGesture.fling(speed: 6, events: 12)
        return [short, short.reversed, long, long.reversed]
    }()

    /// How many motions (snaps or flings) were asked for, or nil when the benchmark is off.
    let requestedSnaps: Int? = getenv(DemoBench.snapsVariable).flatMap { Int(String(cString: $0)) }.map { max($0, 1) }

    /// A page offers its snapping component to the benchmark (not retained).
    func register(page: String, _ scroller: SnapScroller) {
        targets[page] = WeakScroller(scroller: scroller)
    }

    private struct WeakCarousel { weak var carousel: Carousel? }
    private var carousels: [WeakCarousel] = []

    /// The image files of the carousel's first banners, in order (the stock latency control's pictures).
    private(set) var bannerImages: () -> [String] = { [] }

    /// A page offers its carousel, whose image cache the `caches` event reports (not retained), and its first
    /// banners' image files.
    func register(carousel: Carousel, images: @escaping () -> [String]) {
        carousels.append(WeakCarousel(carousel: carousel))
        bannerImages = images
    }

    /// The registered carousel's own widget, if any.
    var carouselWidget: UnsafeMutablePointer<GtkWidget>? {
        carousels.lazy.compactMap { $0.carousel }.first?.rootWidget.unsafePointer.assumingMemoryBound(to: GtkWidget.self)
    }

    /// The carousel's banners as its cells draw them now (whole px): `banner_width` and `banner_height` (the picture),
    /// `banner_gap` (the one set in Options, else the design's), `banner_radius`; none without a carousel. The latency
    /// benchmark's stock control (``StockLatencyRow``) draws the same pictures at this size, so the two runs differ in
    /// the scrolling, not in what is drawn.
    func bannerGeometry() -> [String: String] {
        guard let carousel = carousels.lazy.compactMap({ $0.carousel }).first else { return [:] }
        let geometry = carousel.geometry
        return ["banner_width": DemoBench.number(geometry.panelWidth.rounded()),
                "banner_height": DemoBench.number(geometry.imageHeight.rounded()),
                "banner_gap": DemoBench.number((carousel.spacing ?? geometry.gap).rounded()),
                "banner_radius": DemoBench.number(carousel.bannerCornerRadius)]
    }

    /// The `caches` QA event: the size of every cache of the built pages now, so a soak can tell a cache that is
    /// full from memory that leaks. `images`, `image_bytes`, `image_files`, `image_failed`, `decodes`: the carousel's
    /// image cache; `item_widgets`: the item widgets of every snapping row (bound and pooled), by page;
    /// `glyph_texts`: texts given to the glyph warm-up so far.
    func reportCaches(_ log: QALog) {
        let all = carousels.compactMap { $0.carousel?.imageCacheSizes }
        func total(_ field: (ImageCacheSizes) -> Int) -> Int { all.map(field).reduce(0, +) }
        var items: [String: Int] = [:]
        for (page, target) in targets {
            if let scroller = target.scroller { items[page] = scroller.createdItemCount }
        }
        log.caches(["images": total(\.images), "image_bytes": total(\.bytes), "image_files": total(\.files),
                    "image_failed": total(\.failed), "decodes": total(\.decodes),
                    "item_widgets": items, "glyph_texts": GlyphWarmUp.textsGiven])
    }

    /// Called once after `ready`: runs the benchmark on `page` when it is on, then closes `window`.
    func begin(page: String, window: UnsafeMutablePointer<GtkWidget>, log: QALog) {
        watch(page: page, window: window, log: log)
        guard let motions = requestedSnaps else { return }
        guard let scroller = targets[page]?.scroller else {
            emit(log, ["page": QALog.quoted(page), "error": QALog.quoted("no snapping component on this page")])
            gtk_window_destroy(window.cast())
            return
        }
        let input = getenv(Self.inputVariable).map { String(cString: $0) } ?? "snaps"
        if input == "latency" || input == "latency-stock" {
            return beginLatency(page: page, scroller: scroller, stock: input == "latency-stock", window: window,
                                rounds: motions, log: log)
        }
        guard input == "snaps" || input == "flings" else {
            let choices = "snaps, flings, latency or latency-stock"
            emit(log, ["page": QALog.quoted(page), "error": QALog.quoted("\(Self.inputVariable) is \(choices)")])
            gtk_window_destroy(window.cast())
            return
        }
        let flings = input == "flings"
        // Start mid-way, so a long row is measured far from its ends, as a user deep in it would see it.
        // SNAPSCROLL_BENCH_STEP=N: snaps of N items (long trips across the row). A looping
        // row starts on its last item instead: snaps go to the first item and back, flings forward wrap to the first
        // items and flings back return across the seam.
        let step = getenv(Self.stepVariable).flatMap { Int(String(cString: $0)) }.map { max($0, 1) } ?? 1
        var home = max(scroller.itemCount / 2 - 1, 0)
        var away = min(home + step, scroller.itemCount - 1)
        if scroller.loops { (home, away) = (max(scroller.itemCount - 1, 0), 0) }
        scroller.scrollTo(index: home, cause: .programmatic, animated: false)
        let frames = scroller.frameDriver
        frames.recordsCosts = true
        frames.clearCosts()
        var done = 0
        let started = g_get_monotonic_time()
        usageAtStart = ThreadUsage.reading()
        // Progress per frame, sampled once a frame in the fractional index (items; virtual in a loop, so it has no
        // seam).
        var previous = scroller.layout.fractionalIndex(at: scroller.logicalOffset)
        var awaitingFirstStep = false
        var firstStepMax = 0.0
        var stepMax = 0.0
        // Items from rest to rest per motion, and seam crossings (the real current item jumping by over half the row).
        var motionStart = previous
        var travel = (least: Double.infinity, most: 0.0)
        var wraps = 0
        var previousItem = scroller.currentIndex
        var replay: TouchpadReplay?
        // The CPU time GTK's thread spends on each frame while the component moves, from the pacer's tick (the start
        // of the frame's update phase) to after the paint: ours and GTK's layout and drawing, but not time spent
        // waiting for the CPU, so it tells a slow frame from a machine that was busy elsewhere.
        var frameStart: Double?
        frameCPU.removeAll()
        // And the CPU time it spends between two frames while the component moves (from one frame's paint to the
        // next frame's tick: input, timers, idle callbacks, accessibility and D-Bus traffic, the QA log).
        var paintEnd: Double?
        betweenCPU.removeAll()
        // Every frame interval while the component moves, as the pacer sees them: from the frame that starts a
        // motion (the snap's first step, a fling's first events) until it has come to rest. (The component's own
        // frame driver starts ticking the frame after the one that starts a motion, so its intervals leave out the
        // interval a motion that stalls as it starts would lengthen.)
        var intervals: [Double] = []
        // Late intervals while moving, as the pacer sees them: how late in all, how much of that GTK's thread spent
        // runnable but waiting for a CPU (the kernel's run-queue wait), how much CPU time the hypervisor took from
        // this machine meanwhile (steal, on any of its CPUs): when either matches the lateness, the machine was busy;
        // how many major page faults GTK's thread took (it sleeps while the kernel reads code or data back from
        // disk, which neither the wait nor the steal shows); and how much CPU time GTK's thread used from tick to
        // tick (the frame's work and whatever ran between the frames: near the interval, it was busy; far below it,
        // it was asleep, waiting for something other than a CPU).
        var lastTick: (time: Double, wait: Double?, steal: Double?, faults: Int, cpu: Double, moving: Bool)?
        var late = (excess: 0.0, waiting: 0.0, stolen: 0.0, faults: 0, busy: 0.0, span: 0.0)
        let clock = gtk_widget_get_frame_clock(window).map { UnsafeMutableRawPointer($0) }
        let painted = clock.map { clock in
            Signals.connect(clock, "after-paint") { [weak self] in
                guard let self, let start = frameStart else { return }
                frameStart = nil
                let end = Self.threadCPUMilliseconds()
                self.frameCPU.append(end - start)
                paintEnd = end
            }
        }
        // Paced by the window's own frame clock, whose tick runs before the component's in each frame (as GTK
        // delivers input before it ticks animations): each frame, deliver the fling's events due by the frame's time
        // (the same monotonic clock as the scroller's `now`), and start the next motion once the last has come to rest.
        let pacer = FrameDriver(widget: window) { [weak self, weak scroller] frameTime in
            guard let self, let scroller else { return false }
            let wait = Self.runQueueWaitMilliseconds()
            let steal = Self.stealMilliseconds()
            let faults = Self.majorFaults()
            let cpu = Self.threadCPUMilliseconds()
            let moving = scroller.frameDriver.isRunning || replay?.isFinished == false
            if let last = lastTick, last.moving {
                let interval = frameTime - last.time
                intervals.append(interval)
                if interval > Self.lateFrameMs {
                    late.excess += interval - Self.framePeriodMs
                    if let before = last.wait, let wait { late.waiting += wait - before }
                    if let before = last.steal, let steal { late.stolen += steal - before }
                    late.faults += faults - last.faults
                    late.busy += cpu - last.cpu
                    late.span += interval
                }
            }
            lastTick = (frameTime, wait, steal, faults, cpu, moving)
            frameStart = moving ? cpu : nil
            if let end = paintEnd, moving { self.betweenCPU.append(cpu - end) }
            paintEnd = nil
            let position = scroller.layout.fractionalIndex(at: scroller.logicalOffset)
            let step = abs(position - previous)
            previous = position
            stepMax = max(stepMax, step)
            if awaitingFirstStep && step > 0 {
                awaitingFirstStep = false
                firstStepMax = max(firstStepMax, step)
            }
            let item = scroller.currentIndex
            if scroller.loops && abs(item - previousItem) * 2 > scroller.itemCount { wraps += 1 }
            previousItem = item
            if var gesture = replay, !gesture.isFinished {
                gesture.deliver(to: scroller, through: frameTime)
                replay = gesture
                return true
            }
            if scroller.isMoving { return true }
            if done > 0 {
                let moved = abs(position - motionStart)
                travel = (min(travel.least, moved), max(travel.most, moved))
            }
            guard done < motions else {
                if let clock, let painted { Signals.disconnect(clock, painted) }
                let seconds = Double(g_get_monotonic_time() - started) / 1_000_000
                self.finish(
                    page: page, scroller: scroller, input: input, motions: motions, seconds: seconds,
                    intervals: intervals,
                    steps: (first: firstStepMax, largest: stepMax), travel: travel, wraps: wraps, late: late,
                    log: log)
                gtk_window_destroy(window.cast())
                return false
            }
            motionStart = position
            if flings {
                var gesture = TouchpadReplay(Self.flings[done % Self.flings.count], startingAt: frameTime)
                gesture.deliver(to: scroller, through: frameTime)
                replay = gesture
            } else {
                scroller.scrollTo(index: done % 2 == 0 ? away : home, cause: .programmatic)
            }
            awaitingFirstStep = true
            done += 1
            // This frame moves too (the first fling events, or the snap's first step): its CPU time counts, and so
            // does the interval to the next frame.
            frameStart = cpu
            lastTick?.moving = true
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
        // Every interval with when it started, for the resize row (bench/evidence.py): [[start ms, interval ms], …].
        var all: [String] = []
        let watcher = FrameDriver(widget: window) { [weak self] _ in
            let now = g_get_monotonic_time()
            let interval = Double(now - last) / 1000
            intervals.append(interval)
            all.append("[\(Self.number(Double(last - started) / 1000)),\(Self.number(interval))]")
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
                "intervals_at_ms": "[" + all.joined(separator: ",") + "]",
            ])
            return false
        }
        self.watcher = watcher
        watcher.start()
    }

    private func finish(
        page: String, scroller: SnapScroller, input: String, motions: Int, seconds: Double, intervals: [Double],
        steps: (first: Double, largest: Double), travel: (least: Double, most: Double), wraps: Int,
        late: (excess: Double, waiting: Double, stolen: Double, faults: Int, busy: Double, span: Double), log: QALog
    ) {
        let intervals = intervals.sorted()
        let costs = scroller.frameDriver.costs.sorted()
        var fields: [String: String] = [
            "page": QALog.quoted(page), "items": String(scroller.itemCount), "input": QALog.quoted(input),
            "snaps": String(motions), "loops": scroller.loops ? "true" : "false",
            "frames": String(intervals.count), "seconds": Self.number(seconds),
            "late_frames": String(intervals.filter { $0 > Self.lateFrameMs }.count),
            "first_step_max_items": Self.number(steps.first), "step_max_items": Self.number(steps.largest),
            "travel_min_items": Self.number(travel.least.isFinite ? travel.least : 0),
            "travel_max_items": Self.number(travel.most), "wraps": String(wraps),
            "late_excess_ms": Self.number(late.excess), "late_runqueue_wait_ms": Self.number(late.waiting),
            "late_steal_ms": Self.number(late.stolen), "late_major_faults": String(late.faults),
            "late_thread_cpu_ms": Self.number(late.busy), "late_intervals_ms": Self.number(late.span),
        ]
        for (name, values) in [("interval", intervals), ("cost", costs), ("frame_cpu", frameCPU.sorted()),
                               ("between_cpu", betweenCPU.sorted())] {
            fields["\(name)_median_ms"] = Self.number(Self.percentile(values, 50))
            fields["\(name)_p99_ms"] = Self.number(Self.percentile(values, 99))
            fields["\(name)_max_ms"] = Self.number(values.last ?? 0)
        }
        // The energy row: CPU time and context switches of every thread while moving, by thread name.
        let used = ThreadUsage.reading().since(usageAtStart)
        fields["threads"] = "{" + used.keys.sorted().map { name in
            "\(QALog.quoted(name)):[\(Self.number(used[name]!.cpuMs)),\(used[name]!.switches)]"
        }.joined(separator: ",") + "}"
        fields["cpu_ms"] = Self.number(used.values.reduce(0) { $0 + $1.cpuMs })
        fields["switches"] = String(used.values.reduce(0) { $0 + $1.switches })
        emit(log, fields)
    }

    /// Writes `{"event":"bench",…}` (or another `event`; values already JSON) where the QA log goes.
    func emit(_ log: QALog, _ fields: [String: String], event: String = "bench") {
        guard log.writesToStandardOutput else { return }
        var line = "{\"event\":\(QALog.quoted(event))"
        for key in fields.keys.sorted() { line += ",\(QALog.quoted(key)):\(fields[key]!)" }
        log.writeRaw(line + "}")
    }

    /// CPU time used by this thread so far, in ms.
    private static func threadCPUMilliseconds() -> Double {
        clockSeconds(CLOCK_THREAD_CPUTIME_ID) * 1000
    }

    /// Time this thread has spent runnable but waiting for a CPU (ms), from the kernel's schedstat
    /// ("<ns on a CPU> <ns waiting for one> <timeslices>"); nil without it.
    private static func runQueueWaitMilliseconds() -> Double? {
        procNumber("/proc/thread-self/schedstat", field: 1).map { Double($0) / 1_000_000 }
    }

    /// CPU time the hypervisor has taken from this machine's CPUs so far (ms, all CPUs together; whole clock ticks),
    /// from the `steal` column of /proc/stat ("cpu  user nice system idle iowait irq softirq steal …", in clock
    /// ticks); nil without it. Time a virtual CPU was not running at all is invisible to the run-queue wait.
    private static func stealMilliseconds() -> Double? {
        procNumber("/proc/stat", field: 8).map { Double($0) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK))) }
    }

    /// Major page faults GTK's (the calling) thread has taken so far: each one slept until the kernel read a page of
    /// code or data back from disk (a machine that reclaims memory proactively evicts pages that have not been used
    /// for a while, library code among them).
    private static func majorFaults() -> Int {
        var usage = rusage()
        // RUSAGE_THREAD (Linux's 1), which Glibc's module does not import without _GNU_SOURCE.
        guard getrusage(__rusage_who_t(1), &usage) == 0 else { return 0 }
        return usage.ru_majflt
    }

    /// The number in the space-separated `field` (from 0) of a /proc file's first line; nil when there is none.
    private static func procNumber(_ path: String, field: Int) -> Int? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 256)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0, let line = bytes[..<count].split(separator: UInt8(ascii: "\n")).first else { return nil }
        let fields = line.split(separator: UInt8(ascii: " "))
        guard fields.count > field else { return nil }
        return Int(String(decoding: fields[field], as: UTF8.self))
    }

    /// Nearest-rank percentile of sorted values.
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// Milliseconds to the microsecond, as a JSON number.
    static func number(_ value: Double) -> String {
        String((value * 1000).rounded() / 1000)
    }
}
