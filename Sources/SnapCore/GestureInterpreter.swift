/// The input rules between a toolkit's event controllers and a `SnapController`, with no toolkit and no clock:
/// wheel units, the touchpad's axis lock, the drag threshold and tap-versus-drag. Every offset it returns is
/// logical (forward in reading order is positive), so right-to-left mirroring happens here, once. Along a
/// vertical row (``orientation``) forward is down, whatever the text direction, and what moves across the row is
/// not the row's: a horizontal wheel, a sideways touchpad gesture.
///
/// The widget feeds it what the controllers report and passes what comes out to the controller; the widget keeps
/// only the wiring.
public struct GestureInterpreter: Sendable {
    /// Movement (px) before a mouse press counts as a drag rather than a tap (Embla's figure, between UIKit's and
    /// libadwaita's 16 px, so a click with a shaky hand stays a click).
    public static let dragThreshold = 10.0
    /// A touchpad gesture is steered by the axis of its first clear movement (horizontal when |dx| · ratio ≥ |dy|);
    /// the other axis is ignored until the gesture ends.
    public static let axisLockRatio = 1.0

    /// An axis of touchpad movement.
    public enum Axis: Sendable, Equatable {
        /// Along the row (dx).
        case horizontal
        /// Across the row (dy), which moves forward in reading order when scrolled down.
        case vertical
    }

    /// What a pointer movement during a press means.
    public enum DragStep: Sendable, Equatable {
        /// Still within the threshold: maybe a tap.
        case pending
        /// The press became a drag: begin it at `time` (the press time, when the content was still there), then
        /// move it by `translation`.
        case began(time: Double, translation: Double)
        /// The drag moved: total logical `translation` since it began.
        case moved(translation: Double)
    }

    /// What releasing the button means.
    public enum Release: Sendable, Equatable {
        /// No press was in progress.
        case none
        /// A tap at `x` (the coordinate space of the press).
        case tap(x: Double)
        /// A drag ended: end it (the controller decides the fling).
        case dragEnded
    }

    /// Whether the row is laid out right to left (the first item at the right; nothing changes vertically).
    public var isRightToLeft: Bool
    /// The axis the row runs along; the drag offsets the toolkit passes in are along it.
    public var orientation: Orientation = .horizontal
    /// The axis the current touchpad gesture is locked to, if it has moved.
    public private(set) var touchpadAxis: Axis?
    /// Whether the mouse button is down.
    public private(set) var isPressed = false
    /// Whether the press became a drag.
    public private(set) var isDragging = false
    private var pressX = 0.0
    private var pressMayDrag = true
    private var pressTime = 0.0
    private var dragOrigin = 0.0

    /// An interpreter with no press and no touchpad gesture in progress.
    public init(isRightToLeft: Bool = false) {
        self.isRightToLeft = isRightToLeft
    }

    // MARK: - Wheel

    /// Wheel notches (dx, dy as reported in wheel units) as logical notches: horizontal wheels follow what the user
    /// sees (mirrored in right to left); a vertical wheel moves forward in reading order, down = next.
    public func wheelNotches(dx: Double, dy: Double) -> Double {
        orientation == .vertical ? dy : logical(dx) + dy
    }

    /// Whether a wheel turn (dx, dy) is the row's: any turn of a horizontal row's (mice have vertical wheels), only a
    /// vertical turn of a vertical row's, so a sideways wheel over a vertical list goes on to a horizontal scroller
    /// around it.
    public func takesWheel(dx: Double, dy: Double) -> Bool {
        orientation == .horizontal || dy != 0
    }

    // MARK: - Touchpad

    /// A touchpad (surface-unit) delta: the logical movement along the gesture's locked axis, which its first
    /// non-zero delta decides.
    public mutating func touchpadDelta(dx: Double, dy: Double) -> Double {
        touchpadStep(dx: dx, dy: dy) ?? 0
    }

    /// As ``touchpadDelta(dx:dy:)``, but nil for a gesture locked across a vertical row (sideways): not the row's,
    /// to be left to the widgets around it. A horizontal row takes both axes (a vertical swipe moves it forward).
    public mutating func touchpadStep(dx: Double, dy: Double) -> Double? {
        if touchpadAxis == nil, dx != 0 || dy != 0 {
            touchpadAxis = abs(dx) * Self.axisLockRatio >= abs(dy) ? .horizontal : .vertical
        }
        if orientation == .vertical { return touchpadAxis == .horizontal ? nil : dy }
        return touchpadAxis == .vertical ? dy : logical(dx)
    }

    /// The fingers left the touchpad: the next gesture locks its own axis.
    public mutating func touchpadEnded() {
        touchpadAxis = nil
    }

    /// Kinetic deceleration began with (vx, vy) px/s: the logical velocity in px/ms along the gesture's axis (the
    /// larger component when it never moved); ends the gesture.
    public mutating func touchpadFlingVelocity(vx: Double, vy: Double) -> Double {
        let vertical = touchpadAxis == .vertical || (touchpadAxis == nil && abs(vy) > abs(vx))
        touchpadAxis = nil
        if orientation == .vertical { return vertical ? vy / 1000 : 0 }
        return (vertical ? vy : logical(vx)) / 1000
    }

    // MARK: - Mouse drag

    /// The button went down at `x` at `time`. With `mayDrag` false (mouse dragging switched off) the press can
    /// only be a tap: moving past the threshold gives it up, so it is neither a drag nor a tap.
    public mutating func press(x: Double, time: Double, mayDrag: Bool = true) {
        isPressed = true
        isDragging = false
        pressMayDrag = mayDrag
        pressX = x
        pressTime = time
    }

    /// The pointer moved `offsetX` px since the press, at `time`; nil when no press is in progress (or a press that
    /// may not drag has just been given up).
    public mutating func pointerMoved(offsetX: Double, time: Double) -> DragStep? {
        guard isPressed else { return nil }
        if !isDragging {
            guard abs(offsetX) >= Self.dragThreshold else { return .pending }
            guard pressMayDrag else {
                isPressed = false
                return nil
            }
            isDragging = true
            // Count from the point where the threshold was crossed, so the content does not jump by the threshold;
            // that point, not this event's, because the toolkit may have merged several motions into this update.
            dragOrigin = offsetX < 0 ? -Self.dragThreshold : Self.dragThreshold
            // The content was still at the press: that sample gives a fling's velocity even when every motion
            // arrived merged into this one update.
            return .began(time: min(pressTime, time), translation: logical(offsetX - dragOrigin))
        }
        return .moved(translation: logical(offsetX - dragOrigin))
    }

    /// The button was released (or the gesture cancelled) `offsetX` px from the press.
    public mutating func release(offsetX: Double) -> Release {
        guard isPressed else { return .none }
        isPressed = false
        if isDragging {
            isDragging = false
            return .dragEnded
        }
        return .tap(x: pressX + offsetX)
    }

    /// A horizontal offset in reading order: mirrored right to left along a horizontal row; a vertical row's offsets
    /// are already logical.
    private func logical(_ physical: Double) -> Double {
        isRightToLeft && orientation == .horizontal ? -physical : physical
    }
}

/// Maps a display server's event timestamps onto the monotonic clock frames are timed with.
///
/// Toolkits deliver input in batches at the start of a frame, so the time of handling bunches several events into
/// one instant and a fast fling would measure as infinitely fast or not at all. Each event carries the display
/// server's time; the least-delayed event seen fixes the offset between the two clocks (events are never handled
/// before they happen), re-anchored at each press so slow drift between the clocks never builds up.
public struct EventClock: Sendable {
    /// The smallest (now − event time) seen since the last anchor, in ms.
    public private(set) var offset: Double?

    /// A clock that has seen no event yet.
    public init() {}

    /// The monotonic time (ms) of an event stamped `eventTime` (ms, display-server clock) and handled at `now`.
    /// A missing stamp (≤ 0) is `now`. `anchor` (a press) forgets the offset seen so far.
    public mutating func time(ofEvent eventTime: Double, handledAt now: Double, anchor: Bool = false) -> Double {
        guard eventTime > 0, eventTime.isFinite else { return now }
        let delay = now - eventTime
        if anchor || offset == nil { offset = delay } else { offset = min(offset!, delay) }
        return eventTime + offset!
    }
}
