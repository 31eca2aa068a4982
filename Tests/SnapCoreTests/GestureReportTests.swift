import Testing
@testable import SnapCore

/// The controller's gesture reports (`drainGestures()`): every start has one end, the end names the target the
/// content then settles on, and comes before the settle.
@Suite struct GestureReportTests {
    /// One input sequence and what it should report.
    struct Case: Sendable, CustomStringConvertible {
        let description: String
        let input: Cause
        /// Drives the controller from rest at item 2, from time 0; returns the time reached.
        let drive: @Sendable (inout SnapController) -> Double
        /// Whether the release carries a velocity.
        let throws_: Bool
    }

    static let cases: [Case] = [
        Case(description: "fast drag", input: .drag, drive: { c in
            c.dragBegan(time: 0)
            for step in 1...6 { c.dragChanged(translation: -Double(step) * 40, time: Double(step) * 10) }
            c.dragEnded(time: 60)
            return 60
        }, throws_: true),
        Case(description: "slow drag held before release", input: .drag, drive: { c in
            c.dragBegan(time: 0)
            c.dragChanged(translation: -100, time: 50)
            c.dragEnded(time: 400)
            return 400
        }, throws_: false),
        Case(description: "touchpad swipe ended by scroll-end", input: .touchpad, drive: { c in
            for step in 1...8 { c.smoothScroll(delta: 30, time: Double(step) * 8) }
            c.scrollEnded(time: 70, velocity: nil)
            return 70
        }, throws_: true),
        Case(description: "touchpad swipe ended by its quiet period", input: .touchpad, drive: { c in
            for step in 1...4 { c.smoothScroll(delta: 10, time: Double(step) * 8) }
            return 32
        }, throws_: false),
        Case(description: "burst of three wheel notches", input: .wheel, drive: { c in
            for step in 0..<3 { c.wheel(notches: 1, time: Double(step) * 30) }
            return 60
        }, throws_: false),
        Case(description: "one key", input: .keyboard, drive: { c in
            c.key(.next, time: 0)
            return 0
        }, throws_: false),
    ]

    @Test(arguments: cases, [false, true])
    func oneStartOneEndThenTheSettle(_ scenario: Case, reduceMotion: Bool) {
        var configuration = SnapConfiguration.standard
        configuration.reduceMotion = reduceMotion
        var controller = SnapController(layout: strip, configuration: configuration, initialIndex: 2)
        var reports: [SnapGesture] = []
        var order: [String] = []
        func drain() {
            for report in controller.drainGestures() { reports.append(report); order.append("gesture.\(report.phase)") }
            for event in controller.drainEvents() { if case .settled = event { order.append("settled") } }
        }
        var time = scenario.drive(&controller)
        drain()
        while controller.needsFrames && time < 10_000 {
            time += frame
            controller.tick(time: time)
            drain()
        }
        #expect(order == ["gesture.start", "gesture.end", "settled"])
        guard reports.count == 2 else { return }
        let (start, end) = (reports[0], reports[1])
        #expect(start.phase == .start && end.phase == .end)
        #expect(start.input == scenario.input && end.input == scenario.input)
        #expect(start.startIndex == 2 && end.startIndex == 2)
        #expect(start.targetIndex == 2 && start.velocity == 0)
        // The end names where the content then rests.
        #expect(end.targetIndex == controller.currentIndex)
        #expect(controller.offset == strip.restingOffset(end.targetIndex))
        #expect(end.projectedOffset >= 0 && end.projectedOffset <= strip.maxOffset)
        if scenario.throws_ {
            #expect(end.velocity > 0, "a throw toward later items has a positive velocity")
            #expect(end.peakSpeed >= abs(end.velocity) * 0.5)
            #expect(end.projectedOffset > controller.offset - pitch, "the projection lies ahead")
        } else if scenario.input == .wheel || scenario.input == .keyboard {
            #expect(end.velocity == 0 && end.peakSpeed == 0)
            #expect(end.projectedOffset == strip.restingOffset(end.targetIndex))
        }
    }

    @Test func wheelBurstTargetCountsEveryNotch() {
        var controller = SnapController(layout: strip, initialIndex: 2)
        for step in 0..<3 { controller.wheel(notches: 1, time: Double(step) * 30) }
        runUntilIdle(&controller, from: 60)
        let reports = controller.drainGestures()
        #expect(reports.map(\.phase) == [.start, .end])
        #expect(reports.last?.targetIndex == 5)
    }

    @Test func anotherInputEndsTheGestureItInterrupts() {
        var controller = SnapController(layout: strip, initialIndex: 2)
        controller.wheel(notches: 1, time: 0)
        controller.dragBegan(time: 10)
        controller.dragChanged(translation: 20, time: 20)
        controller.dragEnded(time: 300)
        runUntilIdle(&controller, from: 300)
        let reports = controller.drainGestures()
        #expect(reports.map(\.phase) == [.start, .end, .start, .end])
        #expect(reports.map(\.input) == [.wheel, .wheel, .drag, .drag])
    }

    /// A request with cause `.keyboard` (Enter on a page dot, or on an item not at rest) is not a gesture either:
    /// only the keys that move the row (`key(_:time:)`) are.
    @Test(arguments: [Cause.click, .programmatic, .autoplay, .keyboard])
    func requestsAreNotGesturesButEndOneInProgress(_ cause: Cause) {
        var controller = SnapController(layout: strip, initialIndex: 2)
        controller.scrollTo(index: 5, cause: cause, time: 0)
        runUntilIdle(&controller, from: 0)
        #expect(controller.drainGestures().isEmpty)
        controller.smoothScroll(delta: 10, time: 2000)
        controller.scrollTo(index: 1, cause: cause, time: 2010)
        runUntilIdle(&controller, from: 2010)
        let reports = controller.drainGestures()
        #expect(reports.map(\.phase) == [.start, .end])
        #expect(reports.map(\.input) == [.touchpad, .touchpad])
        let settled = settledEvents(controller.drainEvents())
        #expect(settled.map(\.cause).last == cause)
    }

    /// Property: under any random sequence of inputs, starts and ends alternate, each end has its start's input,
    /// and the last end comes before the last settle.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func startsAndEndsAlternate(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var controller = SnapController(layout: strip, initialIndex: 4)
        var time = 0.0
        var reports: [SnapGesture] = []
        for _ in 0..<60 {
            time += Double.random(in: 1...120, using: &random)
            switch Int.random(in: 0..<7, using: &random) {
            case 0: controller.wheel(notches: Bool.random(using: &random) ? 1 : -1, time: time)
            case 1: controller.smoothScroll(delta: Double.random(in: -40...40, using: &random), time: time)
            case 2: controller.scrollEnded(time: time, velocity: nil)
            case 3: controller.dragBegan(time: time)
            case 4: controller.dragChanged(translation: Double.random(in: -300...300, using: &random), time: time)
            case 5: controller.dragEnded(time: time)
            default: controller.key(Bool.random(using: &random) ? .next : .previous, time: time)
            }
            if Bool.random(using: &random) { time += frame; controller.tick(time: time) }
            reports += controller.drainGestures()
        }
        // Let the last gesture end (a drag still held is released).
        controller.dragEnded(time: time + 1)
        runUntilIdle(&controller, from: time + 1)
        reports += controller.drainGestures()
        for (i, report) in reports.enumerated() {
            #expect(report.phase == (i % 2 == 0 ? .start : .end), "report \(i): \(report)")
            if i % 2 == 1 { #expect(report.input == reports[i - 1].input) }
            #expect((0..<strip.count).contains(report.targetIndex))
        }
        #expect(reports.count % 2 == 0)
    }
}
