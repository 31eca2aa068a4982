import Testing
@testable import SnapCore

@Suite struct MotionTests {
    @Test func onePageTakesAboutLibadwaitasDuration() {
        let spring = SpringMotion(from: 0, to: 500, initialVelocity: 0)
        #expect(spring.estimatedDuration > 250 && spring.estimatedDuration < 320, "\(spring.estimatedDuration) ms")
        #expect(spring.value(at: 0) == 0)
        #expect(spring.value(at: -5) == 0)
        #expect(spring.velocity(at: -5) == 0)
        #expect(spring.value(at: spring.estimatedDuration) == 500)
        #expect(spring.velocity(at: spring.estimatedDuration) == 0)
        #expect(spring.isDone(at: spring.estimatedDuration))
        #expect(!spring.isDone(at: spring.estimatedDuration - 1))
        #expect(abs(spring.value(at: spring.estimatedDuration - 0.01) - 500) < 0.51)  // the settle distance is 0.5 px
        #expect(spring.target == 500)
    }

    @Test func velocityMatchesTheDerivative() {
        for ratio in [0.5, 1.0, 1.5] {
            let spring = SpringMotion(from: 0, to: 300, initialVelocity: -1, dampingRatio: ratio)
            for t in stride(from: 1.0, to: 200, by: 17) {
                let numeric = (spring.value(at: t + 1e-4) - spring.value(at: t - 1e-4)) / 2e-4
                expectClose(spring.velocity(at: t), numeric, tolerance: 1e-3, "ζ \(ratio) at \(t)")
            }
            expectClose(spring.velocity(at: 0), -1)
        }
    }

    @Test func underdampedSpringBouncesThenSettles() {
        let spring = SpringMotion(from: 0, to: 100, initialVelocity: 0, dampingRatio: 0.3)
        let peak = stride(from: 0.0, to: spring.estimatedDuration, by: 1).map(spring.value(at:)).max()!
        #expect(peak > 100)
        #expect(spring.value(at: spring.estimatedDuration) == 100)
    }

    @Test func clampedSpringStopsAtTheTarget() {
        // Thrown hard at a near target: the critically damped curve would cross it, the clamp stops there.
        for ratio in [1.0, 2.0] {
            let spring = SpringMotion(from: 0, to: 10, initialVelocity: 5, dampingRatio: ratio)
            #expect(spring.estimatedDuration < 10)
            for t in stride(from: 0.0, through: 100, by: 0.25) { #expect(spring.value(at: t) <= 10) }
        }
        let atTarget = SpringMotion(from: 10, to: 10, initialVelocity: 3)
        #expect(atTarget.estimatedDuration == 0)
        #expect(SpringMotion(from: 10, to: 10, initialVelocity: 0, dampingRatio: 0.5).estimatedDuration == 0)
        #expect(SpringMotion(from: 10, to: 10, initialVelocity: 3, dampingRatio: 2).estimatedDuration == 0)
        #expect(SpringMotion(from: 0, to: 10, initialVelocity: .nan).initialVelocity == 0)
    }

    @Test func criticallyDampedSpringNeverOvershootsAndSettlesInTime() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<2000 {
            let from = Double.random(in: -5000...5000, using: &rng)
            let to = Double.random(in: -5000...5000, using: &rng)
            let velocity = Double.random(in: -20...20, using: &rng)
            let spring = SpringMotion(from: from, to: to, initialVelocity: velocity)
            #expect(spring.estimatedDuration <= SpringMotion.longestDuration)
            var t = 0.0
            while t < spring.estimatedDuration + 2 * frame {
                let x = spring.value(at: t)
                #expect(from <= to ? x <= to : x >= to, "overshoot at \(t): \(x) past \(to)")
                t += frame
            }
            #expect(spring.isDone(at: spring.estimatedDuration))
            #expect(spring.value(at: spring.estimatedDuration) == to)
        }
    }

    @Test(arguments: [Easing.linear, .easeOutCubic, .easeInOutCubic])
    func easingsRunFromZeroToOne(_ easing: Easing) {
        #expect(easing(0) == 0)
        #expect(easing(1) == 1)
        #expect(easing(-1) == 0)
        #expect(easing(2) == 1)
        var previous = 0.0
        for p in stride(from: 0.0, through: 1, by: 0.01) {
            #expect(easing(p) >= previous)
            previous = easing(p)
            let numeric = (easing(min(1, p + 1e-6)) - easing(max(0, p - 1e-6))) / (min(1, p + 1e-6) - max(0, p - 1e-6))
            expectClose(easing.derivative(p), numeric, tolerance: 1e-3)
        }
        #expect(easing.derivative(2) == 0)
    }

    @Test func timedMotionFollowsItsEasing() {
        let motion = TimedMotion(from: 100, to: 300, duration: 200, easing: .linear)
        #expect(motion.value(at: 0) == 100)
        #expect(motion.value(at: 100) == 200)
        #expect(motion.value(at: 200) == 300)
        #expect(motion.velocity(at: 50) == 1)
        #expect(motion.velocity(at: -1) == 0)
        #expect(motion.velocity(at: 250) == 0)
        #expect(motion.isDone(at: 200) && !motion.isDone(at: 199))
        let eased = TimedMotion(from: 0, to: 100, duration: 100)
        #expect(eased.easing == .easeOutCubic)
        #expect(eased.value(at: 50) == 87.5)
        #expect(TimedMotion(from: 0, to: 5, duration: 0).isDone(at: 0))
    }
}
