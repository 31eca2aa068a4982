/// Motion: a pure function of time from one position to a target (t = ms since the motion started).
///
/// Pure functions keep animations deterministic: the controller samples them at frame-clock times.
public protocol Motion: Sendable {
    /// Position (px) at `t` ms after the start.
    func value(at t: Double) -> Double
    /// Velocity (px/ms) at `t` ms after the start.
    func velocity(at t: Double) -> Double
    /// True once the motion has reached its target and stays there.
    func isDone(at t: Double) -> Bool
    /// Where the motion ends.
    var target: Double { get }
}

/// Easing curves for timed motions, mapping progress 0...1 to eased progress 0...1.
public enum Easing: Sendable {
    /// Constant speed; `easeOutCubic` starts fast and lands softly; `easeInOutCubic` starts and lands softly.
    case linear, easeOutCubic, easeInOutCubic

    /// Eased progress for `p` (clamped to 0...1).
    public func callAsFunction(_ p: Double) -> Double {
        let p = min(max(p, 0), 1)
        switch self {
        case .linear:
            return p
        case .easeOutCubic:
            let rest = 1 - p
            return 1 - rest * rest * rest
        case .easeInOutCubic:
            if p < 0.5 { return 4 * p * p * p }
            let rest = 2 - 2 * p
            return 1 - rest * rest * rest / 2
        }
    }

    /// d(eased)/dp at `p`, so timed motions can report velocity for hand-over to a spring.
    func derivative(_ p: Double) -> Double {
        guard p >= 0 && p <= 1 else { return 0 }
        switch self {
        case .linear:
            return 1
        case .easeOutCubic:
            let rest = 1 - p
            return 3 * rest * rest
        case .easeInOutCubic:
            if p < 0.5 { return 12 * p * p }
            let rest = 2 - 2 * p
            return 3 * rest * rest
        }
    }
}

/// A fixed-duration eased motion, for transitions that must take a known time.
public struct TimedMotion: Motion {
    /// Start position (px).
    public let from: Double
    /// End position (px).
    public let target: Double
    /// Length of the motion (ms); zero or less means it is done at once.
    public let duration: Double
    /// Curve applied to linear progress.
    public let easing: Easing

    /// A motion from `from` to `to` over `duration` ms.
    public init(from: Double, to: Double, duration: Double, easing: Easing = .easeOutCubic) {
        self.from = from
        self.target = to
        self.duration = duration
        self.easing = easing
    }

    /// Eased position at `t` ms; exactly the target from `duration` on.
    public func value(at t: Double) -> Double {
        if isDone(at: t) { return target }
        return from + (target - from) * easing(max(t, 0) / duration)
    }

    /// Velocity (px/ms) at `t`, from the easing's derivative; 0 outside the motion.
    public func velocity(at t: Double) -> Double {
        if isDone(at: t) || t < 0 { return 0 }
        return (target - from) * easing.derivative(t / duration) / duration
    }

    /// True from `duration` on.
    public func isDone(at t: Double) -> Bool {
        duration <= 0 || t >= duration
    }
}
