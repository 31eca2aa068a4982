import Testing
@testable import SnapCore

/// The input rules without a display: wheel units, axis lock, threshold, tap versus drag, mirroring, event times.
@Suite struct GestureInterpreterTests {
    @Test(arguments: [
        // (dx, dy, rtl) → logical notches
        (1.0, 0.0, false, 1.0), (-1.0, 0.0, false, -1.0),
        (1.0, 0.0, true, -1.0), (-2.0, 0.0, true, 2.0),
        (0.0, 1.0, false, 1.0), (0.0, 1.0, true, 1.0),   // down = next in both directions
        (0.0, -1.0, true, -1.0), (1.0, 1.0, false, 2.0), (1.0, 1.0, true, 0.0),
    ])
    func wheelNotchesFollowWhatTheUserSees(dx: Double, dy: Double, rtl: Bool, expected: Double) {
        #expect(GestureInterpreter(isRightToLeft: rtl).wheelNotches(dx: dx, dy: dy) == expected)
    }

    struct TouchpadCase: Sendable, CustomTestStringConvertible {
        var deltas: [(Double, Double)]
        var rtl = false
        var axis: GestureInterpreter.Axis?
        var moves: [Double]
        var testDescription: String { "\(deltas) rtl=\(rtl) → \(moves)" }
    }

    @Test(arguments: [
        TouchpadCase(deltas: [(5, 1), (3, 8), (-2, 20)], axis: .horizontal, moves: [5, 3, -2]),
        TouchpadCase(deltas: [(1, 5), (9, 2), (0, -4)], axis: .vertical, moves: [5, 2, -4]),
        TouchpadCase(deltas: [(4, 4)], axis: .horizontal, moves: [4]),              // a tie is horizontal
        TouchpadCase(deltas: [(0, 0), (0, 3)], axis: .vertical, moves: [0, 3]),     // no movement decides nothing
        TouchpadCase(deltas: [(5, 0), (-7, 1)], rtl: true, axis: .horizontal, moves: [-5, 7]),
        TouchpadCase(deltas: [(0, 6), (3, 6)], rtl: true, axis: .vertical, moves: [6, 6]),
    ])
    func touchpadLocksToItsFirstClearAxis(_ c: TouchpadCase) {
        var gestures = GestureInterpreter(isRightToLeft: c.rtl)
        #expect(c.deltas.map { gestures.touchpadDelta(dx: $0.0, dy: $0.1) } == c.moves)
        #expect(gestures.touchpadAxis == c.axis)
        gestures.touchpadEnded()
        #expect(gestures.touchpadAxis == nil, "the next gesture locks its own axis")
    }

    @Test(arguments: [
        // (locking delta, vx, vy, rtl) → px/ms
        ((10.0, 0.0), 2000.0, 500.0, false, 2.0),
        ((0.0, 10.0), 2000.0, 500.0, false, 0.5),
        ((10.0, 0.0), 2000.0, 500.0, true, -2.0),
        ((0.0, 0.0), 300.0, -900.0, false, -0.9),   // never moved: the larger component
        ((0.0, 0.0), -900.0, 300.0, true, 0.9),
    ])
    func flingVelocityFollowsTheLockedAxis(lock: (Double, Double), vx: Double, vy: Double, rtl: Bool, expected: Double) {
        var gestures = GestureInterpreter(isRightToLeft: rtl)
        _ = gestures.touchpadDelta(dx: lock.0, dy: lock.1)
        #expect(gestures.touchpadFlingVelocity(vx: vx, vy: vy) == expected)
        #expect(gestures.touchpadAxis == nil)
    }

    @Test(arguments: [9.99, -9.99, 0, 5])
    func movementWithinTheThresholdIsATap(offset: Double) {
        var gestures = GestureInterpreter()
        gestures.press(x: 100, time: 1000)
        #expect(gestures.pointerMoved(offsetX: offset, time: 1010) == .pending)
        #expect(!gestures.isDragging)
        #expect(gestures.release(offsetX: offset) == .tap(x: 100 + offset))
        #expect(!gestures.isPressed)
        #expect(gestures.release(offsetX: 0) == .none, "one release per press")
    }

    @Test(arguments: [
        // (offsets, rtl) → translations after the drag began
        ([4.0, 10.0, 30.0], false, [0.0, 20.0]),
        ([-12.0, -50.0], false, [-2.0, -40.0]),
        ([25.0], false, [15.0]),                 // merged motions: counted from the threshold, not from 25
        ([12.0, 40.0], true, [-2.0, -30.0]),
        ([-10.0, 0.0], true, [0.0, -10.0]),
    ])
    func aDragCountsFromTheThresholdCrossing(offsets: [Double], rtl: Bool, translations: [Double]) {
        var gestures = GestureInterpreter(isRightToLeft: rtl)
        gestures.press(x: 50, time: 1000)
        var seen: [Double] = []
        var began = 0
        for (i, offset) in offsets.enumerated() {
            switch gestures.pointerMoved(offsetX: offset, time: 1000 + Double(i + 1) * 16) {
            case .began(let time, let translation)?:
                began += 1
                #expect(time == 1000, "the drag begins at the press, when the content was still")
                seen.append(translation)
            case .moved(let translation)?: seen.append(translation)
            case .pending?: break
            case nil: Issue.record("no press")
            }
        }
        #expect(began == 1)
        #expect(seen == translations)
        #expect(gestures.isDragging)
        #expect(gestures.release(offsetX: offsets.last!) == .dragEnded)
        #expect(!gestures.isDragging && !gestures.isPressed)
    }

    @Test func aDragBeginsNoLaterThanItsFirstEvent() {
        // An event stamped before the press (clock re-anchoring) begins the drag at the event's time.
        var gestures = GestureInterpreter()
        gestures.press(x: 0, time: 1000)
        #expect(gestures.pointerMoved(offsetX: 20, time: 990) == .began(time: 990, translation: 10))
    }

    @Test func movementWithoutAPressIsIgnored() {
        var gestures = GestureInterpreter()
        #expect(gestures.pointerMoved(offsetX: 50, time: 0) == nil)
        #expect(gestures.release(offsetX: 50) == .none)
    }

    @Test func aNewPressForgetsTheOldDrag() {
        var gestures = GestureInterpreter()
        gestures.press(x: 0, time: 0)
        _ = gestures.pointerMoved(offsetX: 40, time: 10)
        gestures.press(x: 200, time: 500)
        #expect(!gestures.isDragging)
        #expect(gestures.pointerMoved(offsetX: 3, time: 510) == .pending)
        #expect(gestures.release(offsetX: 3) == .tap(x: 203))
    }
}

@Suite struct EventClockTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// (event stamp, handled at, anchor)
        var events: [(Double, Double, Bool)]
        var times: [Double]
        var testDescription: String { "\(events) → \(times)" }
    }

    @Test(arguments: [
        // A batch handled at one instant, late: the stamps' spacing survives, on the monotonic base.
        Case(events: [(100, 5_000, true), (108, 5_030, false), (116, 5_030, false)], times: [5_000, 5_008, 5_016]),
        // A less-delayed event lowers the offset; later ones use it.
        Case(events: [(100, 5_010, false), (120, 5_020, false), (130, 5_040, false)], times: [5_010, 5_020, 5_030]),
        // A press re-anchors, even to a larger delay (the clocks drifted).
        Case(events: [(100, 5_000, false), (200, 5_150, true), (210, 5_170, false)], times: [5_000, 5_150, 5_160]),
        // No stamp (0) or a broken one: the time of handling, and the offset is untouched.
        Case(events: [(0, 7_000, false), (.nan, 7_001, false), (100, 7_100, false)], times: [7_000, 7_001, 7_100]),
    ])
    func mapsTheLeastDelayedEventOntoTheMonotonicClock(_ c: Case) {
        var clock = EventClock()
        #expect(c.events.map { clock.time(ofEvent: $0.0, handledAt: $0.1, anchor: $0.2) } == c.times)
    }

    @Test func eventsAreNeverPlacedAfterTheirHandling() {
        var clock = EventClock()
        for (stamp, now) in [(10.0, 50.0), (20.0, 55.0), (30.0, 80.0), (31.0, 66.0)] {
            #expect(clock.time(ofEvent: stamp, handledAt: now) <= now)
        }
    }
}

@Suite struct KeyMapTests {
    @Test(arguments: [false, true])
    func arrowsFollowWhatTheUserSees(rtl: Bool) {
        #expect(KeyMap.command(for: .left, rightToLeft: rtl) == .move(rtl ? .next : .previous))
        #expect(KeyMap.command(for: .right, rightToLeft: rtl) == .move(rtl ? .previous : .next))
        #expect(KeyMap.command(for: .home, rightToLeft: rtl) == .move(.first))
        #expect(KeyMap.command(for: .end, rightToLeft: rtl) == .move(.last))
        #expect(KeyMap.command(for: .pageUp, rightToLeft: rtl) == .move(.pageBackward))
        #expect(KeyMap.command(for: .pageDown, rightToLeft: rtl) == .move(.pageForward))
        #expect(KeyMap.command(for: .activate, rightToLeft: rtl) == .activate)
    }

    @Test(arguments: [
        (SnapKey.previous, 0, 0), (.previous, 3, 2), (.next, 4, 4), (.next, 2, 3),
        (.first, 3, 0), (.last, 1, 4), (.pageBackward, 1, 0), (.pageForward, 3, 4),
    ])
    func oneStepTargetsAreClamped(key: SnapKey, from: Int, expected: Int) {
        #expect(key.target(from: from, count: 5) == expected)
    }

    @Test func pageKeysMoveAPageAndNothingMovesAmongNoItems() {
        #expect(SnapKey.pageForward.target(from: 2, count: 20, page: 5) == 7)
        #expect(SnapKey.pageBackward.target(from: 2, count: 20, page: 5) == 0)
        #expect(SnapKey.next.target(from: 0, count: 0) == nil)
    }
}
