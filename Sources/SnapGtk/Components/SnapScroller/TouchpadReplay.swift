import CSnapGtk

/// A touchpad gesture as GTK's kinetic scroll controller reports it: surface-unit deltas, then `scroll-end` and
/// `decelerate` with GTK's velocity estimate. Xvfb sends no smooth scrolling, so tests and the benchmark replay such
/// gestures (`TouchpadReplay`) through the controller's own entry points.
@_spi(Testing)
public struct TouchpadGesture: Sendable, Equatable {
    /// One `scroll` signal: deltas in surface units (px) at `time`, ms from the gesture's start.
    public struct Sample: Sendable, Equatable {
        /// ms from the start of the gesture.
        public var time: Double
        /// Horizontal delta (px, physical: positive moves the content's view to the right).
        public var dx: Double
        /// Vertical delta (px).
        public var dy: Double

        /// A sample of `dx`, `dy` px at `time` ms.
        public init(time: Double, dx: Double, dy: Double = 0) {
            self.time = time
            self.dx = dx
            self.dy = dy
        }
    }

    /// How the gesture ends.
    public enum Ending: Sendable, Equatable {
        /// The fingers stay down: no end event (the scroller ends the gesture after its quiet period).
        case none
        /// `scroll-end` alone (the scroller ends the gesture on its next frame with its own velocity).
        case scrollEnd
        /// `scroll-end`, then `decelerate` with GTK's velocity estimate: what a kinetic controller sends.
        case decelerate
    }

    /// GTK 4's kinetic scroll controller estimates the lift-off velocity from the events of this many ms.
    public static let gtkVelocityWindow = 150.0

    /// The `scroll` signals, in time order.
    public var samples: [Sample]
    /// When the fingers lift (GTK's stop event), ms from the start; at or after the last sample.
    public var endTime: Double
    /// What happens when the fingers lift.
    public var ending: Ending

    /// A gesture of `samples` that ends at `endTime` (default: the last sample's time) with `ending`.
    public init(samples: [Sample], endTime: Double? = nil, ending: Ending = .decelerate) {
        self.samples = samples
        self.endTime = max(endTime ?? 0, samples.last?.time ?? 0)
        self.ending = ending
    }

    /// A horizontal flick of the fingers: `events` deltas `interval` ms apart whose speed rises evenly to `speed`
    /// px/ms over the first half and holds it until the fingers lift one interval after the last (positive moves
    /// forward in a left-to-right row), ending with `decelerate`.
    public static func fling(speed: Double, events: Int, interval: Double = 8) -> TouchpadGesture {
        let count = max(events, 2)
        let rise = max(count / 2, 1)
        let samples = (0..<count).map { i in
            Sample(time: Double(i) * interval, dx: speed * interval * Double(min(i + 1, rise)) / Double(rise))
        }
        return TouchpadGesture(samples: samples, endTime: Double(count) * interval, ending: .decelerate)
    }

    /// The same gesture in the other direction.
    public var reversed: TouchpadGesture {
        TouchpadGesture(samples: samples.map { Sample(time: $0.time, dx: -$0.dx, dy: -$0.dy) }, endTime: endTime,
                        ending: ending)
    }

    /// The velocity (px/s) GTK 4's `decelerate` carries: the deltas of the events within `gtkVelocityWindow` ms of
    /// the stop event (which has none) over the time from the first of them to the stop; zero when that is no time.
    public var decelerateVelocity: (vx: Double, vy: Double) {
        let recent = samples.filter { $0.time >= endTime - Self.gtkVelocityWindow }
        guard let first = recent.first, endTime > first.time else { return (0, 0) }
        let span = endTime - first.time
        return (recent.reduce(0) { $0 + $1.dx } * 1000 / span, recent.reduce(0) { $0 + $1.dy } * 1000 / span)
    }

    /// The sum of the horizontal deltas (px).
    public var distance: Double { samples.reduce(0) { $0 + $1.dx } }
}

/// Delivers a `TouchpadGesture` to a scroller as GTK would: on each call, every event due by then in one batch (GTK
/// hands input over at the start of a frame), through the scroll controller's entry points.
@_spi(Testing)
public struct TouchpadReplay: Sendable {
    /// The gesture being replayed.
    public let gesture: TouchpadGesture
    /// When the gesture started (ms, the scroller's monotonic clock).
    public let start: Double
    private var next = 0
    /// Whether every event, the end included, has been delivered.
    public private(set) var isFinished = false

    /// A replay of `gesture` that started at `start` (ms, the scroller's `now` clock); nothing delivered yet.
    public init(_ gesture: TouchpadGesture, startingAt start: Double) {
        self.gesture = gesture
        self.start = start
    }

    /// Delivers every event due by `time` (ms, same clock as `start`) to `scroller`; returns `isFinished`.
    @MainActor @discardableResult
    public mutating func deliver(to scroller: SnapScroller, through time: Double) -> Bool {
        guard !isFinished else { return true }
        while next < gesture.samples.count, start + gesture.samples[next].time <= time {
            let sample = gesture.samples[next]
            scroller.handleScroll(dx: sample.dx, dy: sample.dy, unit: GDK_SCROLL_UNIT_SURFACE, time: start + sample.time)
            next += 1
        }
        guard next == gesture.samples.count, start + gesture.endTime <= time else { return false }
        if gesture.ending != .none { scroller.handleScrollEnd() }
        if gesture.ending == .decelerate {
            let velocity = gesture.decelerateVelocity
            scroller.handleDecelerate(vx: velocity.vx, vy: velocity.vy, time: start + gesture.endTime)
        }
        isFinished = true
        return true
    }
}
