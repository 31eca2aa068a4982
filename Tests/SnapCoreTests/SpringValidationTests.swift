import Testing
@testable import SnapCore

/// Spring parameters from public input never reach a trap: the configuration clamps them into documented ranges,
/// and a spring given impossible values uses its defaults and still lands exactly.
@Suite struct SpringValidationTests {
    @Test(arguments: [
        // (damping, mass, stiffness) set → kept
        ((1.0, 0.5, 500.0), (1.0, 0.5, 500.0)),
        ((0.0, 0.0, 0.0), (0.05, 0.001, 0.1)),
        ((-3.0, -1.0, -500.0), (0.05, 0.001, 0.1)),
        ((1e9, 1e9, 1e12), (20.0, 1_000.0, 1_000_000.0)),
        ((.infinity, .infinity, .infinity), (20.0, 1_000.0, 1_000_000.0)),
        ((.nan, .nan, .nan), (SpringMotion.defaultDampingRatio, SpringMotion.defaultMass, SpringMotion.defaultStiffness)),
    ])
    func configurationClampsSpringParameters(set: (Double, Double, Double), kept: (Double, Double, Double)) {
        let made = SnapConfiguration(springDampingRatio: set.0, springMass: set.1, springStiffness: set.2)
        var assigned = SnapConfiguration()
        assigned.springDampingRatio = set.0
        assigned.springMass = set.1
        assigned.springStiffness = set.2
        for config in [made, assigned] {
            #expect(config.springDampingRatio == kept.0)
            #expect(config.springMass == kept.1)
            #expect(config.springStiffness == kept.2)
        }
    }

    @Test(arguments: [0.0, -1.0, .nan, .infinity])
    func aSpringWithImpossibleParametersUsesItsDefaultsAndLandsExactly(bad: Double) {
        let spring = SpringMotion(from: 0, to: 300, initialVelocity: 0, dampingRatio: bad, mass: bad, stiffness: bad)
        let reference = SpringMotion(from: 0, to: 300, initialVelocity: 0)
        #expect(spring.estimatedDuration == reference.estimatedDuration)
        #expect(spring.isDone(at: spring.estimatedDuration))
        #expect(spring.value(at: spring.estimatedDuration) == 300)
    }

    @Test func clampedExtremesStillSettle() {
        for config in [SnapConfiguration(springDampingRatio: 0, springMass: 1e9, springStiffness: 0),
                       SnapConfiguration(springDampingRatio: 1e9, springMass: 0, springStiffness: 1e12)] {
            let spring = SpringMotion(from: 0, to: 170, initialVelocity: 2, dampingRatio: config.springDampingRatio,
                                      mass: config.springMass, stiffness: config.springStiffness)
            #expect(spring.estimatedDuration.isFinite)
            #expect(spring.value(at: spring.estimatedDuration) == 170)
        }
    }
}
