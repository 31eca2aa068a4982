import SnapCore
import Testing

/// The input rules along a vertical row: forward is down whatever the text direction, and what moves across the
/// row (a sideways wheel, a sideways touchpad gesture, Left and Right) is not the row's.
@Suite struct VerticalInputTests {
    struct WheelCase: Sendable, CustomTestStringConvertible {
        var dx: Double, dy: Double, rtl: Bool, takes: Bool, notches: Double
        var testDescription: String { "(\(dx), \(dy))\(rtl ? " rtl" : "") → \(takes ? "\(notches)" : "not taken")" }
    }

    @Test(arguments: [
        WheelCase(dx: 0, dy: 1, rtl: false, takes: true, notches: 1),
        WheelCase(dx: 0, dy: -1, rtl: true, takes: true, notches: -1),
        WheelCase(dx: 0, dy: 0.25, rtl: false, takes: true, notches: 0.25),
        WheelCase(dx: 1, dy: 0, rtl: false, takes: false, notches: 0),
        WheelCase(dx: -1, dy: 0, rtl: true, takes: false, notches: 0),
        WheelCase(dx: 1, dy: 1, rtl: true, takes: true, notches: 1),
    ])
    func aVerticalWheelMovesAVerticalRowAndASidewaysOneIsLeft(_ c: WheelCase) {
        var gestures = GestureInterpreter(isRightToLeft: c.rtl)
        gestures.orientation = .vertical
        #expect(gestures.takesWheel(dx: c.dx, dy: c.dy) == c.takes)
        if c.takes { #expect(gestures.wheelNotches(dx: c.dx, dy: c.dy) == c.notches) }
    }

    @Test(arguments: [(1.0, 0.0), (-1, 0), (0, 1), (0, -1), (0.5, -0.5)], [false, true])
    func aHorizontalRowTakesEveryWheel(turn: (Double, Double), rtl: Bool) {
        let gestures = GestureInterpreter(isRightToLeft: rtl)
        #expect(gestures.takesWheel(dx: turn.0, dy: turn.1))
        #expect(gestures.wheelNotches(dx: turn.0, dy: turn.1) == (rtl ? -turn.0 : turn.0) + turn.1)
    }

    /// Seeded gestures of random deltas: a vertical row follows exactly the dy of a gesture that starts vertically,
    /// and takes nothing of one that starts sideways, whatever comes later in it.
    @Test(arguments: 1...40)
    func aTouchpadGestureIsTheRowsOnlyWhenItStartsAlongIt(seed: UInt64) {
        var rng = SplitMix64(seed: 0x2200 + seed)
        var gestures = GestureInterpreter(isRightToLeft: seed % 2 == 0)
        gestures.orientation = .vertical
        let first = (Double.random(in: -30...30, using: &rng), Double.random(in: -30...30, using: &rng))
        let vertical = abs(first.0) * GestureInterpreter.axisLockRatio < abs(first.1)
        var total = 0.0, expected = 0.0
        for step in 0..<20 {
            let (dx, dy) = step == 0 ? first : (Double.random(in: -30...30, using: &rng), Double.random(in: -30...30, using: &rng))
            let taken = gestures.touchpadStep(dx: dx, dy: dy)
            #expect((taken != nil) == vertical)
            total += taken ?? 0
            expected += vertical ? dy : 0
        }
        #expect(total == expected)
        let velocity = gestures.touchpadFlingVelocity(vx: 1500, vy: -900)
        #expect(velocity == (vertical ? -0.9 : 0))
        #expect(gestures.touchpadAxis == nil, "the next gesture locks its own axis")
    }

    @Test(arguments: [false, true])
    func dragsAlongAVerticalRowAreNeverMirrored(rtl: Bool) {
        var gestures = GestureInterpreter(isRightToLeft: rtl)
        gestures.orientation = .vertical
        gestures.press(x: 200, time: 0)
        #expect(gestures.pointerMoved(offsetX: -30, time: 16) == .began(time: 0, translation: -20))
        #expect(gestures.pointerMoved(offsetX: -50, time: 32) == .moved(translation: -40))
        #expect(gestures.release(offsetX: -50) == .dragEnded)
    }

    @Test(arguments: [false, true])
    func upAndDownMoveAVerticalRowAndLeftAndRightAreLeft(rtl: Bool) {
        #expect(KeyMap.command(for: .up, orientation: .vertical, rightToLeft: rtl) == .move(.previous))
        #expect(KeyMap.command(for: .down, orientation: .vertical, rightToLeft: rtl) == .move(.next))
        #expect(KeyMap.command(for: .left, orientation: .vertical, rightToLeft: rtl) == nil)
        #expect(KeyMap.command(for: .right, orientation: .vertical, rightToLeft: rtl) == nil)
        #expect(KeyMap.command(for: .up, orientation: .horizontal, rightToLeft: rtl) == nil)
        #expect(KeyMap.command(for: .down, rightToLeft: rtl) == nil)
        for orientation in Orientation.allCases {
            #expect(KeyMap.command(for: .home, orientation: orientation, rightToLeft: rtl) == .move(.first))
            #expect(KeyMap.command(for: .end, orientation: orientation, rightToLeft: rtl) == .move(.last))
            #expect(KeyMap.command(for: .pageUp, orientation: orientation, rightToLeft: rtl) == .move(.pageBackward))
            #expect(KeyMap.command(for: .pageDown, orientation: orientation, rightToLeft: rtl) == .move(.pageForward))
            #expect(KeyMap.command(for: .activate, orientation: orientation, rightToLeft: rtl) == .activate)
        }
    }
}
