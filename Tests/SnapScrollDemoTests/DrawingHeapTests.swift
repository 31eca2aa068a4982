import CSnapGtk
import Glibc
@testable import SnapScrollDemo
import XCTest

/// The drawing heap's modes: frames close together are an animation, a lone frame is not, and a second of no frames
/// returns the heap to rest once; and glibc's settings for the two modes really change where a large block comes from.
final class DrawingHeapTests: XCTestCase {
    /// A heap whose effects are recorded ("animating", "rest", "trim") instead of applied.
    @MainActor
    private static func recordingHeap() -> (DrawingHeap, () -> [String]) {
        final class Calls { var list: [String] = [] }
        let calls = Calls()
        let heap = DrawingHeap(effects: .init(setMode: { calls.list.append($0 ? "animating" : "rest") },
                                              trim: { calls.list.append("trim") }))
        return (heap, { calls.list })
    }

    func testLoneFramesLeaveTheHeapAtRest() {
        MainActor.assumeIsolated {
            let (heap, calls) = Self.recordingHeap()
            defer { heap.stop() }
            // A first frame, then frames further apart than an animation's (a hover, a click's redraw).
            for time in stride(from: 10.0, through: 12.0, by: DrawingHeap.animationGap) {
                heap.frame(at: time)
                XCTAssertFalse(heap.isAnimating, "frame at \(time)")
            }
            XCTAssertNil(heap.restCheck(at: 20))
            XCTAssertEqual(calls(), [])
        }
    }

    func testFramesCloseTogetherAnimateUntilASecondOfRest() {
        MainActor.assumeIsolated {
            let (heap, calls) = Self.recordingHeap()
            defer { heap.stop() }
            heap.frame(at: 5.0)
            XCTAssertFalse(heap.isAnimating, "the first frame alone")
            // 60 frames a second for half a second: one switch, at the second frame.
            for i in 1...30 { heap.frame(at: 5.0 + Double(i) / 60) }
            XCTAssertTrue(heap.isAnimating)
            XCTAssertEqual(calls(), ["animating"])
            let last = 5.5
            // The timer firing early waits for the rest of the delay, whatever its own timing.
            let wait = heap.restCheck(at: last + 0.4)
            XCTAssertEqual(wait ?? -1, DrawingHeap.restDelay - 0.4, accuracy: 1e-9)
            XCTAssertTrue(heap.isAnimating)
            XCTAssertNil(heap.restCheck(at: last + DrawingHeap.restDelay))
            XCTAssertFalse(heap.isAnimating)
            XCTAssertEqual(calls(), ["animating", "rest", "trim"])
            // Resting again takes nothing more; a later lone frame does not animate.
            XCTAssertNil(heap.restCheck(at: last + 5))
            heap.frame(at: last + 6)
            XCTAssertFalse(heap.isAnimating)
            XCTAssertEqual(calls(), ["animating", "rest", "trim"])
        }
    }

    func testClosingTheWindowRestsAtOnce() {
        MainActor.assumeIsolated {
            let (heap, calls) = Self.recordingHeap()
            heap.frame(at: 1.0)
            heap.frame(at: 1.016)
            heap.stop()
            XCTAssertFalse(heap.isAnimating)
            XCTAssertEqual(calls(), ["animating", "rest", "trim"])
        }
    }

    /// glibc's own settings: at rest a large block is mapped on its own; while animating it comes from the heap. The
    /// block is larger than all the heap's free memory, which glibc would otherwise hand out first in either mode.
    func testTheModesDecideWhereALargeBlockComesFrom() throws {
        try XCTSkipIf(DrawingHeap.setByEnvironment, "the environment sets glibc's mapping threshold")
        let size = max(4 << 20, Int(mallinfo2().fordblks) + (1 << 20))
        try XCTSkipIf(size >= Int(DrawingHeap.animatingThreshold), "the heap holds \(size) free bytes")
        MainActor.assumeIsolated {
            let glibc = DrawingHeap.Effects.glibc
            defer { glibc.setMode(false) }
            @MainActor func mappedWhileHeld(animating: Bool) -> Int {
                glibc.setMode(animating)
                let before = mallinfo2().hblkhd
                let block = malloc(size)
                defer { free(block) }
                return Int(mallinfo2().hblkhd) - Int(before)
            }
            XCTAssertGreaterThanOrEqual(mappedWhileHeld(animating: false), size)
            XCTAssertEqual(mappedWhileHeld(animating: true), 0)
        }
    }
}
