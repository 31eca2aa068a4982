@testable import SnapScrollDemo
@_spi(Testing) import SnapGtk
import XCTest

/// The motion plot's trace, fed real log lines and samples: one gesture from its start to its settle, its release
/// and target, samples of other components and of other times kept out, memory bounded.
final class MotionTraceTests: XCTestCase {
    private static func sample(_ time: Double, _ offset: Double, speed: Double = 0, heading: Double? = nil) -> MotionSample {
        MotionSample(time: time, offset: offset, speed: speed, heading: heading)
    }

    /// A log without standard output whose entries go to `tracker`; returns whether each completed a trace.
    @MainActor
    private static func feed(_ tracker: inout MotionTracker, _ write: (QALog) -> Void) -> [Bool] {
        let log = QALog(writesToStandardOutput: false)
        var entries: [QALog.Entry] = []
        log.observeEntries { entries.append($0) }
        write(log)
        return entries.map { tracker.add($0) }
    }

    func testOneGestureFromItsStartToItsSettle() {
        MainActor.assumeIsolated {
            var tracker = MotionTracker()
            let log = QALog(writesToStandardOutput: false)
            let now = Double(log.elapsed)
            // A sample from long before (an earlier motion) and one just before the start line (its first frame).
            tracker.add(Self.sample(now - 5_000, 0), of: "strip")
            tracker.add(Self.sample(now - 10, 5, speed: 500), of: "strip")
            tracker.add(Self.sample(now - 5, 99), of: "menu")
            var completed = Self.feed(&tracker) { log in
                log.gesture("strip", GestureEvent(phase: .start, input: .drag, startIndex: 0, projectedOffset: 0, targetIndex: 0))
            }
            tracker.add(Self.sample(now + 20, 60, speed: 2_000), of: "strip")
            tracker.add(Self.sample(now + 25, 3, speed: 5), of: "menu")
            completed += Self.feed(&tracker) { log in
                log.gesture("strip", GestureEvent(phase: .end, input: .drag, startIndex: 0, velocity: 1_800, peakSpeed: 2_100,
                                                  projectedOffset: 400, targetIndex: 2))
            }
            tracker.add(Self.sample(now + 40, 200, speed: 1_500, heading: 340), of: "strip")
            tracker.add(Self.sample(now + 300, 340, speed: 0, heading: nil), of: "strip")
            XCTAssertNil(tracker.last, "no trace before the settle")
            completed += Self.feed(&tracker) { log in log.settled("strip", index: 2, offset: 340, cause: .drag) }
            XCTAssertEqual(completed, [false, false, true])
            let trace = try! XCTUnwrap(tracker.last)
            XCTAssertEqual(trace.component, "strip")
            XCTAssertEqual(trace.input, "drag")
            XCTAssertEqual(trace.samples.map(\.offset), [5, 60, 200, 340], "the lead sample, then the gesture's own")
            XCTAssertEqual(trace.release?.velocity, 1_800)
            XCTAssertEqual(trace.release?.projected, 400)
            XCTAssertEqual(trace.release?.target, 2)
            XCTAssertEqual(trace.peak, 2_100)
            XCTAssertEqual(trace.targetOffset, 340)
            XCTAssertEqual(trace.settle?.offset, 340)
            XCTAssertEqual(trace.settle?.index, 2)
            XCTAssertTrue(trace.summary.hasPrefix("drag on strip: 0 → 2, "), trace.summary)
        }
    }

    func testASettleWithoutAGestureIsNoTrace() {
        MainActor.assumeIsolated {
            var tracker = MotionTracker()
            tracker.add(Self.sample(1, 10), of: "carousel")
            let completed = Self.feed(&tracker) { log in log.settled("carousel", index: 1, offset: 350, cause: .autoplay) }
            XCTAssertEqual(completed, [false])
            XCTAssertNil(tracker.last)
        }
    }

    func testALongGestureKeepsBoundedSamplesOverItsWholeSpan() {
        var trace = MotionTrace(component: "strip", input: "drag", from: 0, start: 0)
        for step in 0..<10_000 { trace.append(Self.sample(Double(step), Double(step))) }
        XCTAssertLessThanOrEqual(trace.samples.count, MotionTrace.maximumSamples)
        XCTAssertGreaterThan(trace.samples.count, MotionTrace.maximumSamples / 2)
        XCTAssertEqual(trace.samples.first?.time, 0)
        XCTAssertEqual(trace.samples.last?.time, 9_999)
        XCTAssertEqual(trace.samples.map(\.time), trace.samples.map(\.time).sorted())
    }

    func testTheScaleCoversTheSamplesTheProjectedRestAndTheTarget() {
        var trace = MotionTrace(component: "strip", input: "drag", from: 0, start: 100)
        trace.append(Self.sample(110, 50, speed: 800))
        trace.append(Self.sample(200, 300, speed: 3_000, heading: 340))
        trace.release = .init(time: 150, velocity: 2_500, projected: 900, target: 2)
        trace.settle = .init(time: 400, offset: 340, index: 2, cause: "drag")
        let scale = MotionPlotScale(trace, left: 10, top: 20, width: 300, height: 100)
        XCTAssertEqual(scale.offset.low, 50)
        XCTAssertEqual(scale.offset.high, 900)
        XCTAssertEqual(scale.x(100), 10)
        XCTAssertEqual(scale.x(400), 310)
        XCTAssertEqual(scale.y(offset: 900), 20, "a larger offset higher")
        XCTAssertEqual(scale.y(offset: 50), 120)
        XCTAssertEqual(scale.y(speed: 3_000), 20)
        XCTAssertEqual(scale.y(speed: 0), 120)
    }
}
