/// Gesture end detection: explicit end or no input for `quietPeriod` ms (default 200 ms: the design's scroll-end debounce).
///
/// Touchpads and some wheels send no "end" event; the gesture is over once input has been quiet long enough.
public struct GestureEndDetector: Sendable {
    /// The strip's design debounce (ms): long enough to bridge gaps between touchpad events, short enough to feel
    /// prompt.
    public static let defaultQuietPeriod = 200.0

    /// Milliseconds without input after which the gesture counts as ended.
    public let quietPeriod: Double
    private var lastInput: Double?

    /// A detector with no gesture in progress.
    public init(quietPeriod: Double = GestureEndDetector.defaultQuietPeriod) {
        self.quietPeriod = quietPeriod
    }

    /// Notes input at `time` (ms): starts a gesture or extends the current one.
    public mutating func input(at time: Double) {
        lastInput = max(time, lastInput ?? time)
    }

    /// Ends the gesture explicitly (scroll-end arrived, or the gesture was handled).
    public mutating func cancel() {
        lastInput = nil
    }

    /// True when a gesture is in progress and has been quiet for at least `quietPeriod` at `time`.
    public func hasEnded(at time: Double) -> Bool {
        guard let deadline = deadline() else { return false }
        return time >= deadline
    }

    /// True while a gesture is in progress (input seen, not yet cancelled).
    public var isActive: Bool { lastInput != nil }

    /// The time at which the gesture will count as ended if no more input arrives; nil when idle.
    public func deadline() -> Double? {
        lastInput.map { $0 + quietPeriod }
    }
}
