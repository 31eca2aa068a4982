import Testing
@testable import SnapCore

/// Touchpad swipes as GTK delivers them: (time ms, dx px) about every 8 ms with rising then falling deltas,
/// replayed through the controller on the 320 px-pitch strip.
@Suite struct RecordedTouchpadTests {
    struct Recording: Sendable, CustomTestStringConvertible {
        var name: String
        var startIndex: Int
        var events: [(time: Double, dx: Double)]
        var endTime: Double
        var endVelocity: Double?
        var configuration: SnapConfiguration = .standard
        var expected: Int
        var testDescription: String { name }
    }

    /// Deltas spaced 8 ms apart starting at 8 ms.
    static func at8ms(_ deltas: [Double]) -> [(time: Double, dx: Double)] {
        deltas.enumerated().map { (Double($0.offset + 1) * 8, $0.element) }
    }

    static let flick = at8ms([4, 9, 16, 24, 30, 32, 30, 24, 16, 9, 4])

    static let recordings: [Recording] = [
        // 20 px at ~0.34 px/ms: under the touchpad fling threshold, back to item 0.
        Recording(name: "gentle nudge", startIndex: 0, events: at8ms([1, 2, 3, 4, 4, 3, 2, 1]), endTime: 72,
            endVelocity: nil, expected: 0),
        // 198 px at ~2.4 px/ms: projects to ~1004 px → item 3.
        Recording(name: "flick", startIndex: 0, events: flick, endTime: 96, endVelocity: nil, expected: 3),
        // Same motion but the fingers rest 120 ms before lifting: the pause counts as standing still.
        Recording(name: "swipe, pause, lift", startIndex: 0, events: at8ms([5, 10, 15, 20, 20, 15, 10, 5]),
            endTime: 184, endVelocity: nil, expected: 0),
        // Backwards from item 5: −140 px at ~2.4 px/ms → item 2.
        Recording(name: "backward swipe", startIndex: 5, events: at8ms([-6, -14, -22, -28, -28, -22, -14, -6]),
            endTime: 72, endVelocity: nil, expected: 2),
        // GTK's decelerate reports its own velocity: 198 + 1.2·332 ≈ 597 px → item 2.
        Recording(name: "flick with decelerate velocity", startIndex: 0, events: flick, endTime: 96,
            endVelocity: 1.2, expected: 2),
        // A carousel never passes more than one page per swipe.
        Recording(name: "flick on a pager", startIndex: 0, events: flick, endTime: 96, endVelocity: nil,
            configuration: .pager, expected: 1),
    ]

    @Test(arguments: recordings)
    func replayLandsOnTheExpectedItem(_ recording: Recording) {
        var controller = SnapController(
            layout: strip, configuration: recording.configuration, initialIndex: recording.startIndex)
        for event in recording.events {
            controller.smoothScroll(delta: event.dx, time: event.time)
            controller.tick(time: event.time + 1)
        }
        controller.scrollEnded(time: recording.endTime, velocity: recording.endVelocity)
        runUntilIdle(&controller, from: recording.endTime)
        let settled = settledEvents(controller.drainEvents())
        #expect(settled.count == 1)
        #expect(settled.first?.index == recording.expected)
        #expect(settled.first?.cause == .touchpad)
        #expect(controller.offset == strip.restingOffset(recording.expected))
    }
}
