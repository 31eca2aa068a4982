import SnapGtk

/// What the QA panel tells about the log beyond its lines, kept apart from GTK: which lines a filter lets through,
/// how many lines of each event came since the last Clear, and the last gesture's summary.
struct QALogFilter: Equatable {
    /// Only lines of this event (nil: every event).
    var event: String?
    /// Only lines of this component (nil: every line, those without a component too).
    var component: String?

    func matches(_ entry: QALog.Entry) -> Bool {
        (event == nil || entry.event == event) && (component == nil || entry.component == component)
    }
}

/// The last complete gesture: from its `start` to the `settled` that ended it.
struct GestureSummary: Equatable {
    let component: String
    let input: String
    /// The settle's cause (the input's, unless something took over).
    let cause: String
    let from: Int
    let to: Int
    /// From the gesture's start to its settle, in ms.
    let duration: Int
    /// The highest speed under the input, px/s.
    let peakSpeed: Int

    /// "drag on strip: 0 → 2, 412 ms, peak 2350 px/s".
    var text: String {
        // Translators: in the QA panel's gesture summary: the input, then what settled it (the log's input and
        // cause names, untranslated: wheel, touchpad, drag, keyboard, click, programmatic, resize).
        let how = cause == input ? input : tr("%s (settled by %s)", .text(input), .text(cause))
        // Translators: the QA panel's gesture summary: the input (as above), the component (a page ID), the log's
        // item indices from → to (counted from 0, as the log counts them), the duration in ms, the peak speed in px/s.
        return tr("%s on %s: %d → %d, %d ms, peak %d px/s", .text(how), .text(component), .int(from), .int(to),
                  .int(duration), .int(peakSpeed))
    }
}

/// Counts of each event and the last gesture, fed every line in order.
struct QALogStats {
    /// Lines of each event since the last `clear()`.
    private(set) var counts: [String: Int] = [:]
    /// The last gesture that came to rest, if any since the last `clear()`.
    private(set) var lastGesture: GestureSummary?
    /// Gestures begun and not settled yet, by component: input, start item, start time, peak speed.
    private var open: [String: (input: String, from: Int, start: Int, peak: Int)] = [:]

    mutating func add(_ entry: QALog.Entry) {
        counts[entry.event, default: 0] += 1
        guard let component = entry.component else { return }
        switch entry.event {
        case "gesture":
            guard let input = entry.string("input"), let from = entry.number("index") else { return }
            if entry.string("phase") == "start" {
                open[component] = (input, Int(from), entry.time, 0)
            } else if var gesture = open[component] {
                gesture.peak = max(gesture.peak, Int(entry.number("peak") ?? 0))
                open[component] = gesture
            }
        case "settled":
            guard let gesture = open.removeValue(forKey: component), let to = entry.number("index") else { return }
            lastGesture = GestureSummary(
                component: component, input: gesture.input, cause: entry.string("cause") ?? gesture.input,
                from: gesture.from, to: Int(to), duration: entry.time - gesture.start, peakSpeed: gesture.peak)
        default:
            break
        }
    }

    mutating func clear() { self = QALogStats() }

    /// "settled 3 · gesture 4 · ready 1": most frequent first, then by name.
    var countsText: String {
        counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            .map { "\($0.key) \($0.value)" }.joined(separator: " · ")
    }
}
