#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

/// A timed glide for moves the user asks for rather than throws: a wheel notch, a key, a click, a page dot,
/// "back to first". It starts gently, is fastest about a third of the way, and lands with neither speed nor jolt.
///
/// The curve is the quartic x(s) = target − d·(1−s)³·(1+3s) + v₀·T·s·(1−s)³, with s = t/T, d = target − from and
/// v₀ the velocity at the start: it leaves with exactly v₀ (so a glide that replaces a running motion has no kink)
/// and ends with zero velocity and zero acceleration. From rest it covers 6s² at first — one 60 Hz frame of a
/// one-item glide (240 ms) is under 3 % of the way — where a spring from rest covers ~10 % and, for a long
/// jump, most of the distance within a few frames before creeping in. While v₀·T/d lies in 0...3 the glide never
/// turns back or overshoots; a faster start in the right direction shortens T to keep it so (it then becomes an
/// ease-out cubic that leaves at v₀).
public struct GlideMotion: Motion {
    /// Duration (ms) of a one-item glide from rest.
    public static let defaultOneItemDuration = 240.0
    /// No glide lasts longer (ms), however far it goes.
    public static let defaultLongestDuration = 400.0
    /// No glide from rest lasts less (ms), however short it is, so a few pixels still glide.
    public static let shortestDuration = 80.0
    /// The largest start velocity, in units of d/T, for which the quartic moves only towards the target.
    static let steepestMonotonicStart = 3.0

    /// Start position (px).
    public let from: Double
    /// End position (px); exactly reached when done.
    public let target: Double
    /// Velocity at the start (px/ms).
    public let initialVelocity: Double
    /// Length of the glide (ms); zero means it is done at once.
    public let duration: Double

    /// The duration of a glide over `distance` px when one item is `itemExtent` px: `oneItem` ms for one item, growing
    /// with the cube root of the number of items (1 → 240 ms, 2 → 302, 3 → 346, 4 → 381 at the defaults), between
    /// `shortestDuration` and `longest`. Gentler than the square root a move with bounded acceleration would take,
    /// which reaches the cap before three items and so makes every longer dot jump look the same.
    /// A zero `itemExtent` counts the whole distance as one item.
    public static func duration(
        distance: Double, itemExtent: Double, oneItem: Double = defaultOneItemDuration,
        longest: Double = defaultLongestDuration
    ) -> Double {
        let distance = abs(distance)
        guard distance > 0, distance.isFinite else { return 0 }
        let items = itemExtent > 0 && itemExtent.isFinite ? distance / itemExtent : 1
        let longest = max(longest, 0)
        return min(max(oneItem * cbrt(items), min(shortestDuration, longest)), longest)
    }

    /// A glide from `from` to `to` leaving at `initialVelocity` px/ms, taking `duration` ms (shortened when the start
    /// velocity would otherwise carry it past the target).
    public init(from: Double, to: Double, initialVelocity: Double = 0, duration: Double) {
        let velocity = initialVelocity.isFinite ? initialVelocity : 0
        var duration = duration.isFinite ? max(duration, 0) : 0
        let distance = to - from
        if distance != 0, velocity * distance > 0, abs(velocity) * duration > Self.steepestMonotonicStart * abs(distance) {
            duration = Self.steepestMonotonicStart * abs(distance) / abs(velocity)
        }
        self.from = from
        self.target = to
        self.initialVelocity = velocity
        self.duration = duration
    }

    /// Position (px) at `t` ms; exactly the target from `duration` on.
    public func value(at t: Double) -> Double {
        if isDone(at: t) { return target }
        if t <= 0 { return from }
        let s = t / duration
        let rest = 1 - s
        let cube = rest * rest * rest
        return target - (target - from) * cube * (1 + 3 * s) + initialVelocity * duration * s * cube
    }

    /// Velocity (px/ms) at `t` ms; 0 once done.
    public func velocity(at t: Double) -> Double {
        if isDone(at: t) { return 0 }
        if t <= 0 { return initialVelocity }
        let s = t / duration
        let rest = 1 - s
        return rest * rest * ((target - from) * 12 * s / duration + initialVelocity * (1 - 4 * s))
    }

    /// True from `duration` on.
    public func isDone(at t: Double) -> Bool {
        duration <= 0 || t >= duration
    }
}
