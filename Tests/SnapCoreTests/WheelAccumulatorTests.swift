import Testing
@testable import SnapCore

@Suite struct WheelAccumulatorTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var deltas: [Double]
        var steps: [Int]
        var testDescription: String { "\(deltas) → \(steps)" }
    }

    @Test(arguments: [
        Case(deltas: [1, 1, -1], steps: [1, 1, -1]),
        Case(deltas: [0.25, 0.25, 0.25, 0.25, 0.25], steps: [0, 0, 0, 1, 0]),
        Case(deltas: [0.75, -0.25, -0.75], steps: [0, 0, -1]),  // reversing drops the unfinished remainder
        Case(deltas: [2.5, 0.5], steps: [2, 1]),
        Case(deltas: [0, .nan, .infinity], steps: [0, 0, 0]),
        Case(deltas: Array(repeating: 0.1, count: 10), steps: Array(repeating: 0, count: 9) + [1]),
    ])
    func accumulatesIntoWholeSteps(_ c: Case) {
        var wheel = WheelAccumulator()
        #expect(c.deltas.map { wheel.add($0) } == c.steps)
    }

    @Test func resetForgetsPartialSteps() {
        var wheel = WheelAccumulator()
        _ = wheel.add(0.75)
        #expect(wheel.pending == 0.75)
        wheel.reset()
        #expect(wheel.add(0.25) == 0)
        #expect(wheel.add(1e30) == Int(Int32.max))
    }
}
