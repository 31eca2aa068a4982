@_spi(Testing) import SnapGtk

/// How the last gesture moved its component, for the QA panel's motion plot: the row's offset and speed over time
/// (``MotionSample``s, their times on the QA log's clock, ms since the process started), from the gesture's `start`
/// to the `settled` that ended it, with its release (the `end` line: velocity, projected rest, target) and its settle.
struct MotionTrace: Equatable {
    /// The samples one trace keeps, at most: about 17 s of frames at 60 Hz. A longer gesture (a drag held for
    /// minutes) keeps every other sample each time it reaches this, so it still spans the whole gesture.
    static let maximumSamples = 1_024

    /// The gesture's `end`: when it let go and what the component chose then.
    struct Release: Equatable {
        let time: Double
        /// px/s, positive toward later items.
        let velocity: Double
        /// Where that velocity would coast the content (an adjustment value).
        let projected: Double
        /// The item chosen to rest on.
        let target: Int
    }

    /// The `settled` that ended the gesture.
    struct Settle: Equatable {
        let time: Double
        let offset: Double
        let index: Int
        let cause: String
    }

    let component: String
    let input: String
    /// The item current when the gesture began.
    let from: Int
    /// The gesture's `start` (ms, the log's clock).
    let start: Double
    private(set) var samples: [MotionSample] = []
    var release: Release?
    var settle: Settle?
    /// The highest speed under the input, px/s (the `end` line's `peak`).
    var peak = 0.0

    init(component: String, input: String, from: Int, start: Double) {
        self.component = component
        self.input = input
        self.from = from
        self.start = start
    }

    /// Adds a sample; past `maximumSamples`, every other one is let go first (the first and the newest stay).
    mutating func append(_ sample: MotionSample) {
        if samples.count >= Self.maximumSamples {
            samples = samples.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)
        }
        samples.append(sample)
    }

    /// The target's resting offset: where the content headed after the release (the settle's offset when no
    /// sample says).
    var targetOffset: Double? {
        let after = samples.filter { $0.time >= (release?.time ?? .infinity) - 1 }
        return after.compactMap(\.heading).last ?? samples.last(where: { $0.heading != nil })?.heading ?? settle?.offset
    }

    /// From the gesture's start (or its first sample, when earlier) to its settle (or its last sample), in ms.
    var span: (from: Double, to: Double) {
        let first = min(start, samples.first?.time ?? start)
        let last = max(settle?.time ?? start, samples.last?.time ?? start, release?.time ?? start)
        return (first, max(last, first + 1))
    }

    /// "drag on strip: 0 → 2, 412 ms, peak 2350 px/s": what the plot shows, in words, for its accessible name.
    var summary: String {
        let to = settle?.index ?? release?.target ?? from
        let duration = Int(((settle?.time ?? span.to) - start).rounded())
        return "\(input) on \(component): \(from) → \(to), \(duration) ms, peak \(Int(peak.rounded())) px/s"
    }
}

/// Follows the QA log's gesture lines and the components' samples, and keeps the last complete gesture's trace.
/// Memory is bounded: one trace in progress per component, one complete, each at most `maximumSamples`; the few
/// samples that come just before a `start` line (the first frame of a motion is drawn before its gesture is
/// written) are kept, up to `leadSamples` per component.
struct MotionTracker {
    /// Samples kept per component while no gesture is open.
    static let leadSamples = 4
    /// A sample this much older than a `start` line (ms) belongs to something before it.
    static let leadWindow = 100.0

    /// The last gesture that came to rest.
    private(set) var last: MotionTrace?
    private var open: [String: MotionTrace] = [:]
    private var lead: [String: [MotionSample]] = [:]

    /// A component's sample (its time on the log's clock).
    mutating func add(_ sample: MotionSample, of component: String) {
        if open[component] != nil {
            open[component]!.append(sample)
        } else {
            var samples = lead[component, default: []]
            samples.append(sample)
            lead[component] = Array(samples.suffix(Self.leadSamples))
        }
    }

    /// A QA log line; returns true when it completed a trace (now `last`).
    mutating func add(_ entry: QALog.Entry) -> Bool {
        guard let component = entry.component else { return false }
        let time = Double(entry.time)
        switch entry.event {
        case "gesture" where entry.string("phase") == "start":
            var trace = MotionTrace(component: component, input: entry.string("input") ?? "?",
                                    from: Int(entry.number("index") ?? 0), start: time)
            for sample in lead.removeValue(forKey: component) ?? [] where sample.time >= time - Self.leadWindow {
                trace.append(sample)
            }
            open[component] = trace
        case "gesture":
            guard open[component] != nil else { return false }
            open[component]!.release = MotionTrace.Release(
                time: time, velocity: entry.number("velocity") ?? 0, projected: entry.number("projected") ?? 0,
                target: Int(entry.number("target") ?? 0))
            open[component]!.peak = entry.number("peak") ?? 0
        case "settled":
            guard var trace = open.removeValue(forKey: component) else { return false }
            trace.settle = MotionTrace.Settle(time: time, offset: entry.number("offset") ?? 0,
                                              index: Int(entry.number("index") ?? 0), cause: entry.string("cause") ?? "")
            last = trace
            return true
        default:
            break
        }
        return false
    }
}

/// Hands each snapping component's samples and the QA log's lines to a `MotionTracker`, and says when a gesture's
/// trace is complete (the motion plot then draws it).
@MainActor
final class MotionRecorder {
    private(set) var tracker = MotionTracker()
    /// Called with each trace as its gesture settles.
    var onTrace: ((MotionTrace) -> Void)?

    /// Follows `log`'s lines from now on.
    func follow(_ log: QALog) {
        log.observeEntries { [weak self] entry in
            guard let self, self.tracker.add(entry), let trace = self.tracker.last else { return }
            self.onTrace?(trace)
        }
    }

    /// Takes `scroller`'s samples as component `component`'s (the scroller keeps the closure, which holds this weakly).
    func watch(_ component: String, _ scroller: SnapScroller) {
        let origin = Double(QALog.processStart) / 1000
        scroller.motionTap = { [weak self] sample in
            let shifted = MotionSample(time: sample.time - origin, offset: sample.offset, speed: sample.speed,
                                       heading: sample.heading)
            self?.tracker.add(shifted, of: component)
        }
    }
}
