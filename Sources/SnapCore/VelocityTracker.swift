/// Velocity over a short recent window of timestamped positions (default window 150 ms, like libadwaita).
///
/// Samples live in a fixed-capacity inline ring buffer, so adding one never allocates.
public struct VelocityTracker: Sendable {
    /// Samples kept inline; at GTK's ~8 ms event spacing 32 samples cover ~250 ms, more than the window.
    private typealias Ring = InlineArray<32, Sample>
    static let capacity = Ring.count
    /// Normal spacing between input events (ms) is below this; a longer silence before the query means the content
    /// stood still for that time, so it counts in the average (otherwise a pause before lifting would still fling).
    static let eventGapAllowance = 20.0
    /// libadwaita's swipe tracker looks back this far (ms).
    public static let defaultWindow = 150.0

    private struct Sample: Sendable {
        var position: Double
        var time: Double
    }

    private var samples = Ring(repeating: Sample(position: 0, time: 0))
    private var newest = -1
    private var stored = 0

    /// How far back (ms) samples count.
    public let window: Double

    /// A tracker looking back `window` milliseconds.
    public init(window: Double = VelocityTracker.defaultWindow) {
        self.window = window
    }

    /// Records the position (px) at `time` (ms). Samples older than the newest one are ignored.
    public mutating func add(position: Double, time: Double) {
        if stored > 0 && time < samples[newest].time { return }
        newest = (newest + 1) % Self.capacity
        samples[newest] = Sample(position: position, time: time)
        stored = min(stored + 1, Self.capacity)
    }

    /// Average velocity (px/ms) from the oldest sample within `window` of `time` to the newest one (or to `time`, when
    /// input has been silent longer than normal event spacing); 0 without two samples.
    public func velocity(at time: Double) -> Double {
        guard stored >= 2 else { return 0 }
        let cutoff = time - window
        let last = samples[newest]
        guard last.time >= cutoff else { return 0 }
        var oldest = last
        var slot = newest
        for _ in 1..<stored {
            slot = (slot + Self.capacity - 1) % Self.capacity
            let sample = samples[slot]
            if sample.time < cutoff { break }
            oldest = sample
        }
        let span = max(last.time, time - Self.eventGapAllowance) - oldest.time
        guard span > 0 else { return 0 }
        return (last.position - oldest.position) / span
    }

    /// Forgets all samples, e.g. when a new drag begins.
    public mutating func reset() {
        newest = -1
        stored = 0
    }
}
