// Only the C maths library (exp, cos, sin, sqrt): the core stays free of Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A damped spring from `from` to `to`, evaluated in closed form (no integration, no drift, any frame rate).
///
/// Defaults are libadwaita's: critically damped, mass 0.5, stiffness 500 — about 290 ms for one page.
/// With damping ratio ≥ 1 the spring is clamped: it stops the moment it would cross the target, so it never overshoots.
/// When done, `value` is exactly `to`.
public struct SpringMotion: Motion {
    /// The settle distance is `epsilon × this` px: 0.5 px at the default epsilon, below a visible pixel step.
    static let pixelsPerEpsilon = 500.0
    /// The settle speed is `epsilon × this` px/ms: 0.05 px/ms at the default, under a pixel per 60 Hz frame.
    static let velocityPerEpsilon = 50.0
    /// The spring constants are in SI-like units (seconds); the API speaks milliseconds.
    static let millisecondsPerSecond = 1000.0
    /// Damping ratios this close to 1 use the critical closed form; the others divide by √|ζ²−1|.
    static let criticalTolerance = 1e-6
    /// Springs longer than this (ms) are cut short; only absurd parameters get near it.
    static let longestDuration = 60_000.0
    /// libadwaita's carousel spring: critically damped (no bounce).
    public static let defaultDampingRatio = 1.0
    /// libadwaita's carousel spring mass.
    public static let defaultMass = 0.5
    /// libadwaita's carousel spring stiffness.
    public static let defaultStiffness = 500.0
    /// libadwaita's spring precision.
    public static let defaultEpsilon = 0.001
    /// Bisection steps when locating the critically damped settle time; 2⁻⁵⁰ of the bracket is far below a frame.
    static let settleSearchSteps = 50

    /// Which closed form applies; constants are in px and seconds.
    private enum Form: Sendable {
        case critical(omega: Double, c1: Double, c2: Double)
        case under(decay: Double, omegaD: Double, c1: Double, c2: Double)
        case over(r1: Double, r2: Double, a: Double, b: Double)
    }

    /// Start position (px).
    public let from: Double
    /// End position (px); exactly reached when done.
    public let target: Double
    /// Velocity at the start (px/ms), e.g. the velocity of the motion this one replaces.
    public let initialVelocity: Double
    /// ζ: 1 is critical (fastest without bounce), below 1 bounces, above 1 creeps.
    public let dampingRatio: Double
    /// Mass of the simulated body.
    public let mass: Double
    /// Spring constant.
    public let stiffness: Double
    /// Precision: settled once within `epsilon × 500` px of the target and slower than `epsilon × 50` px/ms.
    public let epsilon: Double
    /// Milliseconds until the motion is done (settled, or clamped at the target).
    public let estimatedDuration: Double

    private let form: Form
    private let clamps: Bool

    /// A spring from `from` to `to` starting with `initialVelocity` px/ms. A mass, stiffness or damping ratio that is
    /// not a positive finite number is replaced by its default (a spring needs all three positive).
    /// Non-finite positions are treated as 0.
    public init(
        from: Double, to: Double, initialVelocity: Double,
        dampingRatio: Double = SpringMotion.defaultDampingRatio, mass: Double = SpringMotion.defaultMass,
        stiffness: Double = SpringMotion.defaultStiffness, epsilon: Double = SpringMotion.defaultEpsilon
    ) {
        func positive(_ value: Double, or fallback: Double) -> Double { value > 0 && value.isFinite ? value : fallback }
        let dampingRatio = positive(dampingRatio, or: Self.defaultDampingRatio)
        let mass = positive(mass, or: Self.defaultMass)
        let stiffness = positive(stiffness, or: Self.defaultStiffness)
        let from = from.isFinite ? from : 0
        let to = to.isFinite ? to : 0
        self.from = from
        self.target = to
        self.initialVelocity = initialVelocity.isFinite ? initialVelocity : 0
        self.dampingRatio = dampingRatio
        self.mass = mass
        self.stiffness = stiffness
        self.epsilon = epsilon
        self.clamps = dampingRatio >= 1 - Self.criticalTolerance

        let omega = (stiffness / mass).squareRoot()
        let c1 = from - to
        let v0 = self.initialVelocity * Self.millisecondsPerSecond
        let settleDistance = max(epsilon, .leastNormalMagnitude) * Self.pixelsPerEpsilon
        let settleSpeed = max(epsilon, .leastNormalMagnitude) * Self.velocityPerEpsilon * Self.millisecondsPerSecond

        let form: Form
        var settle: Double  // seconds
        var crossing = Double.infinity  // seconds
        if abs(dampingRatio - 1) < Self.criticalTolerance {
            let c2 = v0 + omega * c1
            form = .critical(omega: omega, c1: c1, c2: c2)
            settle = Self.criticalSettleTime(
                omega: omega, c1: c1, c2: c2, distance: settleDistance, speed: settleSpeed)
            if c1 == 0 {
                crossing = 0
            } else if c2 != 0, -c1 / c2 > 0 {
                crossing = -c1 / c2
            }
        } else if dampingRatio < 1 {
            let decay = dampingRatio * omega
            let omegaD = omega * (1 - dampingRatio * dampingRatio).squareRoot()
            let c2 = (v0 + decay * c1) / omegaD
            form = .under(decay: decay, omegaD: omegaD, c1: c1, c2: c2)
            let amplitude = (c1 * c1 + c2 * c2).squareRoot()
            settle = max(
                Self.decayTime(amplitude, below: settleDistance, rate: decay),
                Self.decayTime(amplitude * (decay + omegaD), below: settleSpeed, rate: decay))
        } else {
            let root = (dampingRatio * dampingRatio - 1).squareRoot()
            let r1 = -omega * (dampingRatio - root)
            let r2 = -omega * (dampingRatio + root)
            let a = (v0 - r2 * c1) / (r1 - r2)
            let b = c1 - a
            form = .over(r1: r1, r2: r2, a: a, b: b)
            settle = max(
                Self.decayTime(abs(a) + abs(b), below: settleDistance, rate: -r1),
                Self.decayTime(abs(a * r1) + abs(b * r2), below: settleSpeed, rate: -r1))
            if c1 == 0 {
                crossing = 0
            } else if a != 0, -b / a > 1 {
                crossing = log(-b / a) / (r1 - r2)
            }
        }
        if c1 == 0 && v0 == 0 { settle = 0 }
        self.form = form
        let done = clamps ? min(settle, crossing) : settle
        self.estimatedDuration = min(done * Self.millisecondsPerSecond, Self.longestDuration)
    }

    /// Seconds until `amplitude·e^(−rate·s)` drops to `threshold`.
    private static func decayTime(_ amplitude: Double, below threshold: Double, rate: Double) -> Double {
        guard amplitude > threshold, rate > 0 else { return 0 }
        return log(amplitude / threshold) / rate
    }

    /// Seconds after which the critically damped envelopes of distance and speed stay under their thresholds.
    /// Both envelopes have the shape (p + q·s)·e^(−ωs), which only falls after its peak, so bisect from there.
    private static func criticalSettleTime(
        omega: Double, c1: Double, c2: Double, distance: Double, speed: Double
    ) -> Double {
        let a = abs(c1)
        let b = abs(c2)
        func excess(_ s: Double) -> Double {
            let decay = exp(-omega * s)
            let position = (a + b * s) * decay / distance
            let velocity = (b + omega * (a + b * s)) * decay / speed
            return max(position, velocity)
        }
        let peak = b > 0 ? max(0, 1 / omega - a / b) : 0
        if excess(peak) <= 1 {
            // Before the peak the distance envelope rises and the speed envelope falls: checking both ends suffices.
            return excess(0) <= 1 ? 0 : peak
        }
        let longest = longestDuration / millisecondsPerSecond
        var low = peak
        var high = peak + 1 / omega
        while excess(high) > 1 && high < longest { high *= 2 }
        for _ in 0..<settleSearchSteps {
            let mid = (low + high) / 2
            if excess(mid) > 1 { low = mid } else { high = mid }
        }
        return high
    }

    /// Displacement from the target (px) and velocity (px/s) at `s` seconds.
    private func state(atSeconds s: Double) -> (displacement: Double, velocity: Double) {
        switch form {
        case .critical(let omega, let c1, let c2):
            let decay = exp(-omega * s)
            let linear = c1 + c2 * s
            return (linear * decay, (c2 - omega * linear) * decay)
        case .under(let decay, let omegaD, let c1, let c2):
            let envelope = exp(-decay * s)
            let cosine = cos(omegaD * s)
            let sine = sin(omegaD * s)
            return (
                envelope * (c1 * cosine + c2 * sine),
                envelope * ((c2 * omegaD - decay * c1) * cosine - (c1 * omegaD + decay * c2) * sine)
            )
        case .over(let r1, let r2, let a, let b):
            let slow = exp(r1 * s)
            let fast = exp(r2 * s)
            return (a * slow + b * fast, a * r1 * slow + b * r2 * fast)
        }
    }

    /// Position (px) at `t` ms; exactly the target once done.
    public func value(at t: Double) -> Double {
        if isDone(at: t) { return target }
        if t <= 0 { return from }
        let position = target + state(atSeconds: t / Self.millisecondsPerSecond).displacement
        guard clamps else { return position }
        // Rounding must not push a clamped spring a hair past its target.
        return from < target ? min(position, target) : max(position, target)
    }

    /// Velocity (px/ms) at `t` ms; 0 once done.
    public func velocity(at t: Double) -> Double {
        if isDone(at: t) { return 0 }
        if t <= 0 { return initialVelocity }
        return state(atSeconds: t / Self.millisecondsPerSecond).velocity / Self.millisecondsPerSecond
    }

    /// True from `estimatedDuration` on.
    public func isDone(at t: Double) -> Bool {
        t >= estimatedDuration
    }
}
