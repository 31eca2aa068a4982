import CSnapGtk

/// One input as the scroller's GTK controllers hand it over, with its device time (ms, ``SnapScroller/now``'s clock).
/// Seen through ``SnapScroller/inputTap`` and fed back through ``SnapScroller/inject(_:)``, which calls the same
/// handler: a recorded session replays through the same code at the same times.
@_spi(Testing)
public enum ScrollerInput: Sendable, Equatable {
    /// A `scroll` signal: deltas (`wheel`: in notches, else surface px) at `time`.
    case scroll(dx: Double, dy: Double, wheel: Bool, time: Double)
    /// A touchpad gesture's `scroll-end` (the end is decided on the next frame unless `decelerate` follows).
    case scrollEnd
    /// `decelerate`: kinetic scrolling would begin with (vx, vy) px/s.
    case decelerate(vx: Double, vy: Double, time: Double)
    /// A primary-button press (or a touchscreen's touch, `touch`) at `x` px along the row, in its own coordinates
    /// (a vertical row's `y`).
    case press(x: Double, time: Double, touch: Bool = false)
    /// The pointer moved to `offsetX` px from the press along the row, the button held.
    case motion(offsetX: Double, time: Double)
    /// The button was released (or the gesture cancelled) at `offsetX` from the press.
    case release(offsetX: Double, time: Double)
    /// A plain key press (no Control, Alt or Shift) on the focused row, as a GDK keyval.
    case key(keyval: UInt32, time: Double)
}

extension ScrollerInput {
    /// The same input with its device time moved by `delta` ms (a recording's time base to the clock's and back).
    @_spi(Testing) public func shifted(by delta: Double) -> ScrollerInput {
        switch self {
        case .scroll(let dx, let dy, let wheel, let time): .scroll(dx: dx, dy: dy, wheel: wheel, time: time + delta)
        case .scrollEnd: .scrollEnd
        case .decelerate(let vx, let vy, let time): .decelerate(vx: vx, vy: vy, time: time + delta)
        case .press(let x, let time, let touch): .press(x: x, time: time + delta, touch: touch)
        case .motion(let ox, let time): .motion(offsetX: ox, time: time + delta)
        case .release(let ox, let time): .release(offsetX: ox, time: time + delta)
        case .key(let keyval, let time): .key(keyval: keyval, time: time + delta)
        }
    }
}

extension SnapScroller {
    /// Delivers `input` to the handler its GTK controller calls (`handleScroll`, `handleScrollEnd`,
    /// `handleDecelerate`, `handleDrag*`, `handleKey`), at its own device time. Returns what that handler returns
    /// (whether a scroll or key was used, a motion counted as a drag); true for the others.
    @_spi(Testing) @discardableResult
    public func inject(_ input: ScrollerInput) -> Bool {
        switch input {
        case .scroll(let dx, let dy, let wheel, let time):
            return handleScroll(dx: dx, dy: dy, unit: wheel ? GDK_SCROLL_UNIT_WHEEL : GDK_SCROLL_UNIT_SURFACE, time: time)
        case .scrollEnd:
            handleScrollEnd()
        case .decelerate(let vx, let vy, let time):
            handleDecelerate(vx: vx, vy: vy, time: time)
        case .press(let x, let time, let touch):
            handleDragBegin(x: x, time: time, isTouch: touch)
        case .motion(let offsetX, let time):
            return handleDragUpdate(offsetX: offsetX, time: time)
        case .release(let offsetX, let time):
            handleDragEnd(offsetX: offsetX, time: time)
        case .key(let keyval, let time):
            return handleKey(keyval, time: time)
        }
        return true
    }

    /// What every controller callback does: shows `input` to ``inputTap``, then delivers it.
    @discardableResult
    func receive(_ input: ScrollerInput) -> Bool {
        inputTap?(input)
        return inject(input)
    }
}
