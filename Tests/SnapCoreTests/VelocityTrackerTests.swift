import Testing
@testable import SnapCore

@Suite struct VelocityTrackerTests {
    @Test func constantSpeedIsMeasured() {
        var tracker = VelocityTracker()
        for i in 0...20 { tracker.add(position: Double(i) * 8, time: Double(i) * 8) }
        expectClose(tracker.velocity(at: 160), 1)
    }

    @Test func onlyTheRecentWindowCounts() {
        var tracker = VelocityTracker(window: 50)
        #expect(tracker.window == 50)
        tracker.add(position: 0, time: 0)
        tracker.add(position: 1000, time: 10)  // fast, but soon old
        for i in 0...10 { tracker.add(position: 1000 + Double(i) * 5, time: 100 + Double(i) * 10) }
        expectClose(tracker.velocity(at: 200), 0.5)
        #expect(tracker.velocity(at: 500) == 0)  // finger stopped long ago
    }

    @Test func needsTwoDistinctSamples() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity(at: 0) == 0)
        tracker.add(position: 5, time: 10)
        #expect(tracker.velocity(at: 10) == 0)
        tracker.add(position: 9, time: 10)
        #expect(tracker.velocity(at: 10) == 0)
        tracker.add(position: 20, time: 5)  // out of order: ignored
        tracker.reset()
        #expect(tracker.velocity(at: 10) == 0)
    }

    @Test func ringBufferWrapsWithoutLosingTheWindow() {
        var tracker = VelocityTracker()
        for i in 0..<1000 { tracker.add(position: Double(i) * 2, time: Double(i)) }
        // Capacity bounds the look-back to the newest samples; speed is still exact.
        expectClose(tracker.velocity(at: 999), 2)
    }
}
