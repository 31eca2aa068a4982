import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// `ScrollerInput`: inputs handed back with `inject` go through the controllers' own handlers at their recorded
/// device times, so the same inputs at times moved by any amount (a replay) come to rest the same way; `inputTap`
/// sees only what GTK's controllers deliver, never what is injected.
final class ScrollerInputTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    /// A touchpad fling, a wheel notch, a mouse drag flicked at release and two quick keys, with device times (ms)
    /// from 0.
    static let session: [[ScrollerInput]] = {
        var fling: [ScrollerInput] = (0..<10).map { .scroll(dx: 6 * 8, dy: 0, wheel: false, time: Double($0) * 8) }
        fling += [.scrollEnd, .decelerate(vx: 6000, vy: 0, time: 80)]
        let wheel: [ScrollerInput] = [.scroll(dx: 0, dy: 1, wheel: true, time: 0)]
        var drag: [ScrollerInput] = [.press(x: 250, time: 0)]
        drag += (1...6).map { .motion(offsetX: -Double($0) * 30, time: Double($0) * 10) }
        drag.append(.release(offsetX: -180, time: 60))
        let keys: [ScrollerInput] = [.key(keyval: UInt32(GDK_KEY_Right), time: 0), .key(keyval: UInt32(GDK_KEY_End), time: 5)]
        return [fling, wheel, drag, keys]
    }()

    /// Injects each gesture of `session` at device times moved to now, waiting for its settle; returns the settles.
    @MainActor
    private static func play(on f: ScrollerFixture) -> [(index: Int, offset: Double, cause: Cause)] {
        for gesture in Self.session {
            let count = f.settled.count
            let base = f.scroller.now
            for input in gesture { f.scroller.inject(input.shifted(by: base)) }
            f.waitSettled(count + 1)
        }
        return f.settled
    }

    func testTheSameInputsAtOtherTimesSettleTheSameWayAndTheTapSeesNoneOfThem() {
        MainActor.assumeIsolated {
            var runs: [[(index: Int, offset: Double, cause: Cause)]] = []
            for _ in 0..<2 {
                let f = ScrollerFixture(count: 40, windowWidth: 500)
                defer { f.close() }
                var tapped: [ScrollerInput] = []
                f.scroller.inputTap = { tapped.append($0) }
                runs.append(Self.play(on: f))
                XCTAssertEqual(tapped, [], "injected inputs are not shown to the tap")
            }
            // Right and End 5 ms apart are one move: End takes over mid-motion, one settle.
            XCTAssertEqual(runs[0].map(\.cause), [.touchpad, .wheel, .drag, .keyboard])
            // The fling travels several items, the notch one, the flicked drag further than its 180 px; End the last.
            XCTAssertGreaterThan(runs[0][0].index, 2)
            XCTAssertEqual(runs[0][1].index, runs[0][0].index + 1)
            XCTAssertGreaterThan(runs[0][2].index, runs[0][1].index + 1)
            XCTAssertEqual(runs[0].last?.index, 39)
            XCTAssertEqual(runs[0].map(\.index), runs[1].map(\.index))
            XCTAssertEqual(runs[0].map(\.offset), runs[1].map(\.offset))
        }
    }

    func testInjectAnswersAsTheHandlersDo() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture(count: 5)
            defer { f.close() }
            let now = f.scroller.now
            XCTAssertFalse(f.scroller.inject(.key(keyval: UInt32(GDK_KEY_a), time: now)), "a key no component uses")
            XCTAssertTrue(f.scroller.inject(.press(x: 250, time: now)))
            XCTAssertFalse(f.scroller.inject(.motion(offsetX: -3, time: now + 10)), "below the drag threshold")
            f.scroller.inject(.release(offsetX: -3, time: now + 20))
            XCTAssertEqual(f.taps, [0], "a press and release short of a drag is a tap on the item under the press")
        }
    }
}
