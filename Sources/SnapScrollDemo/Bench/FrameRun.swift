import CSnapGtk
import Glibc
@_spi(Testing) @_spi(GtkInterop) import SnapGtk

/// The frame benchmark (`SNAPSCROLL_BENCH_SNAPS=N`, `SNAPSCROLL_BENCH_INPUT` `snaps` or `flings`): after `ready`, the
/// visible page's snapping component makes N motions back and forth (each starts once the last has settled),
/// recording the frame clock's intervals while it moves (from the frame that starts each motion on), the time spent
/// in the component's per-frame handler, the whole frame's CPU time on GTK's thread and that thread's CPU time
/// between frames, how far the content moves per frame (in items: the largest first step of a motion, and the largest
/// step), how far each motion goes and how often the current item wraps around, then one `{"event":"bench",…}` line
/// goes to the QA log and the window closes. `bench/frames.py` reads it.
///
/// The motions are programmatic snaps of one item (`SNAPSCROLL_BENCH_STEP=N`: of N items), or touchpad flings,
/// short and long in both directions, replayed through the component's scroll, scroll-end and decelerate handlers at
/// their real times (`TouchpadReplay`). A looping row starts on its last item, so every motion crosses the seam
/// between the last item and the first.
@MainActor
final class FrameRun {
    static let stepVariable = "SNAPSCROLL_BENCH_STEP"
    /// A frame interval above this is a visibly late frame (60 Hz frames are 16.7 ms apart).
    nonisolated static let lateFrameMs = 20.0
    /// The frame clock's period at 60 Hz.
    nonisolated static let framePeriodMs = 1000.0 / 60

    /// The flings, in turn: short forward and back, then long forward and back. Deltas 8 ms apart, as touchpads
    /// report them; GTK's lift-off velocity estimate is about 1,200 px/s for the short one (3 strip items with the
    /// coast, 5 menu tabs) and 4,750 px/s for the long one (12 strip items, 20 menu tabs; a carousel page each).
    static let flings: [TouchpadGesture] = {
        let short = TouchpadGesture.fling(speed: 1.5, events: 8)
        let long = TouchpadGesture.fling(speed: 6, events: 12)
        return [short, short.reversed, long, long.reversed]
    }()

    private weak var scroller: SnapScroller?
    private let page: String
    private let flings: Bool
    private let motions: Int
    private let window: UnsafeMutablePointer<GtkWidget>
    private let log: QALog
    /// The two items the snaps go between.
    private let home: Int, away: Int
    private var pacer: FrameDriver?
    private var clock: UnsafeMutableRawPointer?
    private var painted: UInt?
    private var done = 0
    private let started: gint64
    /// Every thread's CPU time and context switches when the motions began (the energy row).
    private let usageAtStart: ThreadUsage
    /// Progress per frame, sampled once a frame in the fractional index (items; virtual in a loop, so it has no seam).
    private var previous: Double
    private var awaitingFirstStep = false
    private var steps = (first: 0.0, largest: 0.0)
    /// Items from rest to rest per motion, and seam crossings (the real current item jumping by over half the row).
    private var motionStart: Double
    private var travel = (least: Double.infinity, most: 0.0)
    private var wraps = 0
    private var previousItem: Int
    private var replay: TouchpadReplay?
    /// The CPU time GTK's thread spends on each frame while the component moves, from the pacer's tick (the start
    /// of the frame's update phase) to after the paint: ours and GTK's layout and drawing, but not time spent
    /// waiting for the CPU, so it tells a slow frame from a machine that was busy elsewhere.
    private var frameStart: Double?
    private var frameCPU: [Double] = []
    /// And the CPU time it spends between two frames while the component moves (from one frame's paint to the
    /// next frame's tick: input, timers, idle callbacks, accessibility and D-Bus traffic, the QA log).
    private var paintEnd: Double?
    private var betweenCPU: [Double] = []
    /// Every frame interval while the component moves, as the pacer sees them: from the frame that starts a
    /// motion (the snap's first step, a fling's first events) until it has come to rest. (The component's own
    /// frame driver starts ticking the frame after the one that starts a motion, so its intervals leave out the
    /// interval a motion that stalls as it starts would lengthen.)
    private var intervals: [Double] = []
    /// The last tick: its frame time, what GTK's thread had used by then, and whether the row was moving.
    private var lastTick: (time: Double, sample: ThreadSample, moving: Bool)?
    private var late = LateFrames()

    /// Starts `motions` snaps (or `flings`) of `scroller`, closing `window` once the bench line is written.
    /// Start mid-way, so a long row is measured far from its ends, as a user deep in it would see it. A looping row
    /// starts on its last item instead: snaps go to the first item and back, flings forward wrap to the first items
    /// and flings back return across the seam.
    init(page: String, scroller: SnapScroller, flings: Bool, motions: Int, window: UnsafeMutablePointer<GtkWidget>,
         log: QALog) {
        self.page = page
        self.scroller = scroller
        self.flings = flings
        self.motions = motions
        self.window = window
        self.log = log
        let step = getenv(Self.stepVariable).flatMap { Int(String(cString: $0)) }.map { max($0, 1) } ?? 1
        let middle = max(scroller.itemCount / 2 - 1, 0)
        home = scroller.loops ? max(scroller.itemCount - 1, 0) : middle
        away = scroller.loops ? 0 : min(middle + step, scroller.itemCount - 1)
        scroller.scrollTo(index: home, cause: .programmatic, animated: false)
        scroller.frameDriver.recordsCosts = true
        scroller.frameDriver.clearCosts()
        started = g_get_monotonic_time()
        usageAtStart = ThreadUsage.reading()
        previous = scroller.layout.fractionalIndex(at: scroller.logicalOffset)
        motionStart = previous
        previousItem = scroller.currentIndex
        clock = gtk_widget_get_frame_clock(window).map { UnsafeMutableRawPointer($0) }
        if let clock { painted = Signals.connect(clock, "after-paint") { [weak self] in self?.afterPaint() } }
        // Paced by the window's own frame clock, whose tick runs before the component's in each frame (as GTK
        // delivers input before it ticks animations).
        let pacer = FrameDriver(widget: window) { [weak self] frameTime in self?.tick(frameTime) ?? false }
        self.pacer = pacer
        pacer.start()
    }

    private func afterPaint() {
        guard let start = frameStart else { return }
        frameStart = nil
        let end = ThreadSample.cpuMilliseconds()
        frameCPU.append(end - start)
        paintEnd = end
    }

    /// Each frame: counts the interval, follows the row, delivers the fling's events due by the frame's time (the
    /// same monotonic clock as the scroller's `now`), and starts the next motion once the last has come to rest.
    private func tick(_ frameTime: Double) -> Bool {
        guard let scroller else { return false }
        let sample = ThreadSample.now()
        let moving = scroller.frameDriver.isRunning || replay?.isFinished == false
        if let last = lastTick, last.moving {
            let interval = frameTime - last.time
            intervals.append(interval)
            if interval > Self.lateFrameMs { late.add(interval: interval, from: last.sample, to: sample) }
        }
        lastTick = (frameTime, sample, moving)
        frameStart = moving ? sample.cpu : nil
        if let end = paintEnd, moving { betweenCPU.append(sample.cpu - end) }
        paintEnd = nil
        follow(scroller)
        if var gesture = replay, !gesture.isFinished {
            gesture.deliver(to: scroller, through: frameTime)
            replay = gesture
            return true
        }
        if scroller.isMoving { return true }
        if done > 0 {
            let moved = abs(previous - motionStart)
            travel = (min(travel.least, moved), max(travel.most, moved))
        }
        guard done < motions else {
            finish(scroller)
            return false
        }
        startMotion(scroller, at: frameTime, cpu: sample.cpu)
        return true
    }

    /// How far the row moved since the last frame, and whether its current item wrapped around.
    private func follow(_ scroller: SnapScroller) {
        let position = scroller.layout.fractionalIndex(at: scroller.logicalOffset)
        let step = abs(position - previous)
        previous = position
        steps.largest = max(steps.largest, step)
        if awaitingFirstStep && step > 0 {
            awaitingFirstStep = false
            steps.first = max(steps.first, step)
        }
        let item = scroller.currentIndex
        if scroller.loops && abs(item - previousItem) * 2 > scroller.itemCount { wraps += 1 }
        previousItem = item
    }

    private func startMotion(_ scroller: SnapScroller, at frameTime: Double, cpu: Double) {
        motionStart = previous
        if flings {
            var gesture = TouchpadReplay(Self.flings[done % Self.flings.count], startingAt: frameTime)
            gesture.deliver(to: scroller, through: frameTime)
            replay = gesture
        } else {
            scroller.scrollTo(index: done % 2 == 0 ? away : home, cause: .programmatic)
        }
        awaitingFirstStep = true
        done += 1
        // This frame moves too (the first fling events, or the snap's first step): its CPU time counts, and so does
        // the interval to the next frame.
        frameStart = cpu
        lastTick?.moving = true
    }

    private func finish(_ scroller: SnapScroller) {
        if let clock, let painted { Signals.disconnect(clock, painted) }
        painted = nil
        let seconds = Double(g_get_monotonic_time() - started) / 1_000_000
        let intervals = intervals.sorted()
        var fields: [String: String] = [
            "page": QALog.quoted(page), "items": String(scroller.itemCount),
            "input": QALog.quoted(flings ? "flings" : "snaps"),
            "snaps": String(motions), "loops": scroller.loops ? "true" : "false",
            "frames": String(intervals.count), "seconds": BenchLine.number(seconds),
            "late_frames": String(intervals.filter { $0 > Self.lateFrameMs }.count),
            "first_step_max_items": BenchLine.number(steps.first), "step_max_items": BenchLine.number(steps.largest),
            "travel_min_items": BenchLine.number(travel.least.isFinite ? travel.least : 0),
            "travel_max_items": BenchLine.number(travel.most), "wraps": String(wraps),
        ]
        fields.merge(late.fields) { $1 }
        for (name, values) in [("interval", intervals), ("cost", scroller.frameDriver.costs.sorted()),
                               ("frame_cpu", frameCPU.sorted()), ("between_cpu", betweenCPU.sorted())] {
            fields.merge(BenchLine.spread(name, values)) { $1 }
        }
        fields.merge(usageFields()) { $1 }
        BenchLine.emit(log, fields)
        gtk_window_destroy(window.cast())
    }

    /// The energy row: CPU time and context switches of every thread while moving, by thread name.
    private func usageFields() -> [String: String] {
        let used = ThreadUsage.reading().since(usageAtStart)
        let threads = used.keys.sorted().map { name in
            "\(QALog.quoted(name)):[\(BenchLine.number(used[name]!.cpuMs)),\(used[name]!.switches)]"
        }
        return ["threads": "{" + threads.joined(separator: ",") + "}",
                "cpu_ms": BenchLine.number(used.values.reduce(0) { $0 + $1.cpuMs }),
                "switches": String(used.values.reduce(0) { $0 + $1.switches })]
    }
}
