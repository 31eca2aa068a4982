/// Accumulates wheel deltas (possibly fractional, high-resolution wheels) into whole item steps.
///
/// A high-resolution wheel reports e.g. 0.25 per detent quarter; four of them make one step. Turning the
/// wheel the other way discards the unfinished remainder so reversing reacts at once.
public struct WheelAccumulator: Sendable {
    /// Sums like 0.1 × 10 land a hair below 1 in binary floating point; still count them as a whole step.
    static let stepTolerance = 1e-9

    /// Caps one call's steps so absurd deltas cannot overflow index arithmetic downstream.
    static let maximumStepsPerCall = Double(Int32.max)

    private var remainder = 0.0

    /// An accumulator with nothing pending.
    public init() {}

    /// Adds a delta in notches and returns the whole steps to move now (sign = direction); the rest is kept.
    public mutating func add(_ delta: Double) -> Int {
        guard delta.isFinite, delta != 0 else { return 0 }
        if remainder != 0 && (remainder > 0) != (delta > 0) {
            remainder = 0
        }
        remainder += delta
        let nudged = remainder + (remainder > 0 ? Self.stepTolerance : -Self.stepTolerance)
        let steps = nudged.rounded(.towardZero)
        remainder -= steps
        if abs(remainder) < Self.stepTolerance { remainder = 0 }
        return Int(min(max(steps, -Self.maximumStepsPerCall), Self.maximumStepsPerCall))
    }

    /// Forgets any partial step, e.g. when a new wheel gesture starts.
    public mutating func reset() {
        remainder = 0
    }

    /// The unfinished part of a step, for tests and diagnostics.
    var pending: Double { remainder }
}
