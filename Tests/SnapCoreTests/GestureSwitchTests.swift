import SnapCore
import Testing

/// A press that may not drag (mouse dragging switched off): a tap while it stays within the threshold, given up
/// (neither drag nor tap) once it moves past it, in either direction and either text direction.
@Suite struct GestureSwitchTests {
    @Test(arguments: [(10.0, false), (-10, false), (250, false), (-250, true), (10.01, true)])
    func aPressThatMayNotDragIsGivenUpPastTheThreshold(offset: Double, rtl: Bool) {
        var gestures = GestureInterpreter(isRightToLeft: rtl)
        gestures.press(x: 100, time: 0, mayDrag: false)
        #expect(gestures.pointerMoved(offsetX: offset < 0 ? -5 : 5, time: 8) == .pending)
        #expect(gestures.pointerMoved(offsetX: offset, time: 16) == nil)
        #expect(!gestures.isPressed && !gestures.isDragging)
        #expect(gestures.pointerMoved(offsetX: offset * 2, time: 24) == nil, "the rest of the press is ignored")
        #expect(gestures.release(offsetX: offset) == .none, "no tap either")
    }

    @Test(arguments: [0.0, 3, -9.99])
    func aPressThatMayNotDragStillTaps(offset: Double) {
        var gestures = GestureInterpreter()
        gestures.press(x: 100, time: 0, mayDrag: false)
        #expect(gestures.pointerMoved(offsetX: offset, time: 8) == .pending)
        #expect(gestures.release(offsetX: offset) == .tap(x: 100 + offset))
    }

    @Test func theNextPressMayDragAgain() {
        var gestures = GestureInterpreter()
        gestures.press(x: 0, time: 0, mayDrag: false)
        _ = gestures.pointerMoved(offsetX: 50, time: 8)
        gestures.press(x: 0, time: 100)
        #expect(gestures.pointerMoved(offsetX: 50, time: 108) == .began(time: 100, translation: 40))
    }
}
