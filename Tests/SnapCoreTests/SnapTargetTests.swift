import Testing
@testable import SnapCore

@Suite struct SnapTargetTests {
    /// Ten 300 px items with 20 px spacing in a 600 px viewport: resting offsets are i·320.
    let strip = SnapLayout(uniformItemWidth: 300, count: 10, spacing: 20, viewportWidth: 600)

    struct Case: Sendable, CustomTestStringConvertible {
        var offset: Double
        var velocity: Double
        var startIndex: Int?
        var expected: Int
        var testDescription: String { "offset \(offset), v \(velocity) px/ms, start \(startIndex.map(String.init) ?? "–") → \(expected)" }
    }

    @Test(arguments: [
        Case(offset: 100, velocity: 0, startIndex: nil, expected: 0),  // slow: nearest
        Case(offset: 170, velocity: 0.29, startIndex: nil, expected: 1),  // under the threshold: nearest
        Case(offset: 0, velocity: 0.3, startIndex: nil, expected: 1),  // a minimal fling still moves one item
        Case(offset: 640, velocity: -0.3, startIndex: nil, expected: 1),
        Case(offset: 640, velocity: 2, startIndex: nil, expected: 5),  // projected 640 + 998 → nearest 5
        Case(offset: 640, velocity: 50, startIndex: nil, expected: 9),  // clamped to the last item
        Case(offset: 640, velocity: -50, startIndex: nil, expected: 0),
        Case(offset: 2880, velocity: 1, startIndex: nil, expected: 9),
    ])
    func standardChoices(_ c: Case) {
        let target = chooseSnapTarget(in: strip, offset: c.offset, velocity: c.velocity, startIndex: c.startIndex)
        #expect(target.index == c.expected)
        #expect(target.offset == strip.restingOffset(c.expected))
    }

    @Test(arguments: [
        Case(offset: 640, velocity: 50, startIndex: 2, expected: 3),
        Case(offset: 640, velocity: -50, startIndex: 2, expected: 1),
        Case(offset: 700, velocity: 0.1, startIndex: 2, expected: 2),
        Case(offset: 1300, velocity: 0, startIndex: 2, expected: 3),  // dragged past the reach: still at most one page
        Case(offset: 640, velocity: 5, startIndex: nil, expected: 9),  // no start index: unlimited
    ])
    func pagerMovesAtMostOnePage(_ c: Case) {
        let target = chooseSnapTarget(
            in: strip, offset: c.offset, velocity: c.velocity, startIndex: c.startIndex, parameters: .pager)
        #expect(target.index == c.expected)
    }

    @Test func parameterPresetsMatchTheirSources() {
        #expect(SnapTargetParameters.standard == SnapTargetParameters(minimumFlingVelocity: 0.3, decelerationRate: 0.998, maximumItemsPerFling: nil))
        #expect(SnapTargetParameters.touchpad == SnapTargetParameters(minimumFlingVelocity: 0.6, decelerationRate: 0.997, maximumItemsPerFling: nil))
        #expect(SnapTargetParameters.pager.maximumItemsPerFling == 1)
        expectClose(SnapTargetParameters.standard.projectedDistance(velocity: 1), 499, tolerance: 1e-6)
        #expect(SnapTargetParameters(minimumFlingVelocity: 0.3, decelerationRate: 1, maximumItemsPerFling: nil)
            .projectedDistance(velocity: 1).isFinite)
    }

    @Test func degenerateInputs() {
        let empty = SnapLayout(itemWidths: [], spacing: 0, viewportWidth: 100)
        #expect(chooseSnapTarget(in: empty, offset: 50, velocity: 3, startIndex: nil) == SnapTarget(index: 0, offset: 0))
        #expect(chooseSnapTarget(in: strip, offset: 650, velocity: .nan, startIndex: nil).index == 2)
    }

    @Test func propertiesOverRandomGeometries() {
        var rng = SplitMix64(seed: 2024)
        let presets: [SnapTargetParameters] = [.standard, .touchpad, .pager]
        for _ in 0..<3000 {
            let layout = rng.layout()
            let parameters = presets.randomElement(using: &rng)!
            let offset = Double.random(in: 0...layout.maxOffset, using: &rng)
            let start = Bool.random(using: &rng) ? layout.index(nearestTo: offset) : nil
            let nearest = layout.index(nearestTo: offset)

            // Every target is a resting place inside bounds.
            let v = Double.random(in: -20...20, using: &rng)
            let target = chooseSnapTarget(in: layout, offset: offset, velocity: v, startIndex: start, parameters: parameters)
            #expect((0..<layout.count).contains(target.index))
            #expect(target.offset == layout.restingOffset(target.index))
            #expect(target.offset >= 0 && target.offset <= layout.maxOffset)
            if let k = parameters.maximumItemsPerFling, let start {
                #expect(abs(target.index - start) <= k)
            }
            // A fling goes at least one item past the nearest in its direction, unless that is past the last item or
            // past the reach a pager's start allows.
            let reach = parameters.maximumItemsPerFling.flatMap { k in start.map { (low: $0 - k, high: $0 + k) } }
            if v >= parameters.minimumFlingVelocity {
                #expect(target.index >= min(nearest + 1, layout.count - 1, reach?.high ?? .max))
            }
            if v <= -parameters.minimumFlingVelocity {
                #expect(target.index <= max(nearest - 1, 0, reach?.low ?? .min))
            }

            // Snapping an offset already at rest changes nothing.
            let rest = layout.restingOffset(Int.random(in: 0..<layout.count, using: &rng))
            let still = chooseSnapTarget(in: layout, offset: rest, velocity: 0, startIndex: nil, parameters: parameters)
            #expect(still.offset == rest)

            // Monotone: a faster fling in one direction never picks a point behind a slower one's.
            let slow = Double.random(in: 0...10, using: &rng)
            let fast = slow + Double.random(in: 0...10, using: &rng)
            for sign in [1.0, -1.0] {
                let a = chooseSnapTarget(in: layout, offset: offset, velocity: sign * slow, startIndex: start, parameters: parameters)
                let b = chooseSnapTarget(in: layout, offset: offset, velocity: sign * fast, startIndex: start, parameters: parameters)
                #expect(sign > 0 ? b.offset >= a.offset : b.offset <= a.offset)
            }
        }
    }
}
