/// The per-component snapping state machine: input in, a logical offset and events out.
///
/// The GTK layer forwards input with frame-clock times (ms), applies `offset` to its adjustment (mapped to
/// physical for right-to-left), keeps a tick callback while `needsFrames`, and drains events after each call.
///
/// Gestures: a gesture is contiguous input until the content rests; it ends with exactly one `.settled`, carrying
/// the cause of its last input. A request that does not move (previous at index 0) still settles once.
/// Under reduced motion every move is instant and `.settled` is queued at the end of the input call itself, except
/// for the wheel, whose bursts settle once the wheel has been quiet for the quiet period.
/// The user's gestures (drags, touchpad swipes, wheel bursts, keys) are also reported as they start and let go, in a
/// queue of their own (`drainGestures()`, see `SnapGesture`).
/// Used from one thread; deliberately not `Sendable`.
public struct SnapController {
    /// Which input, if any, steers the content directly (content follows the input, no animation).
    enum Steering {
        case none
        /// A drag: offset = startOffset − translation; startIndex bounds pager flings.
        case drag(startOffset: Double, startIndex: Int)
        /// Touchpad smooth scrolling or outside adjustment changes; ends with scroll-end or the quiet period.
        case scroll(startIndex: Int)
    }

    /// An outside offset within this many px of ours is our own value echoed back by the adjustment.
    static let echoTolerance = 0.01
    /// Slack (px) when deciding whether an item's resting place fits in one viewport for paging.
    static let pageTolerance = 0.5
    /// Events queued between drains in a busy frame; reserved up front so queuing does not allocate.
    static let initialEventCapacity = 16
    /// A motion from rest shows at most this much of itself (ms, one 60 Hz frame) on its first frame, however late
    /// that frame comes after the input: a late first frame must not open with a leap.
    static let firstFrameStep = 1000.0 / 60.0

    /// Geometry of the row; replaced by `resize(to:time:)`.
    public internal(set) var layout: SnapLayout
    /// Tunables; `reduceMotion` may be toggled live (a running animation then jumps on the next tick).
    public var configuration: SnapConfiguration
    /// Logical offset to apply to the adjustment (the GTK layer maps it to physical).
    public internal(set) var offset: Double
    /// Item whose resting place is nearest to `offset`.
    public internal(set) var currentIndex: Int
    /// Where an animation (or a pending settle) is heading; nil while the content follows input or rests.
    public internal(set) var targetIndex: Int?

    var motion: ActiveMotion?
    var motionStart = 0.0
    var motionElapsed = 0.0
    var motionShown = false
    /// The time of the last frame that sampled the running motion (nil before its first): where its replacement
    /// starts from.
    var lastMotionFrame: Double?
    var steering = Steering.none
    var pendingCause: Cause?
    var velocityTracker = VelocityTracker()
    var endDetector: GestureEndDetector
    var wheelAccumulator = WheelAccumulator()
    var lastWheelTime: Double?
    var events: [SnapEvent] = []
    /// The gesture in progress: its input, the item it started from, and the highest speed (px/ms) seen under it.
    var gesture: (input: Cause, startIndex: Int, peakSpeed: Double)?
    var gestureReports: [SnapGesture] = []

    /// A controller resting on `initialIndex` (clamped) of `layout`.
    public init(layout: SnapLayout, configuration: SnapConfiguration = .standard, initialIndex: Int = 0) {
        self.layout = layout
        self.configuration = configuration
        let index = layout.count > 0 ? min(max(initialIndex, 0), layout.count - 1) : 0
        self.offset = layout.restingOffset(index)
        self.currentIndex = layout.index(nearestTo: offset)
        self.endDetector = GestureEndDetector(quietPeriod: configuration.quietPeriod)
        events.reserveCapacity(Self.initialEventCapacity)
    }

    /// True while an animation (spring or glide) runs.
    public var isAnimating: Bool { motion != nil }

    /// True while animating or while a gesture awaits its quiet-period end: keep a tick callback while true.
    public var needsFrames: Bool { motion != nil || endDetector.isActive }

    // MARK: - Internals

    /// The content follows direct input (touchpad or an outside adjustment change) to `newOffset`.
    mutating func follow(to newOffset: Double, cause: Cause, time: Double) {
        if case .scroll = steering {} else {
            beginGesture(cause)
            haltMotion()
            velocityTracker.reset()
            steering = .scroll(startIndex: currentIndex)
        }
        pendingCause = cause
        setOffset(clamped(newOffset))
        track(time: time)
        noteQuietInput(at: time)
    }

    /// Ends a smooth scroll: velocity-aware target with the touchpad parameters.
    mutating func finishScroll(startIndex: Int, velocity: Double, time: Double) {
        steering = .none
        endDetector.cancel()
        let target = chooseSnapTarget(
            in: layout, offset: offset, velocity: velocity, startIndex: startIndex,
            parameters: configuration.touchpadParameters)
        endGesture(velocity: velocity, projected: projection(velocity, configuration.touchpadParameters), target: target.index)
        move(to: target.index, velocity: velocity, glide: false, time: time)
    }

    /// A discrete request (key, click, programmatic): takes over from any steering input, ending the gesture in
    /// progress (a key's own gesture, begun and let go by ``key(toIndex:time:)``, has ended already).
    mutating func request(_ index: Int, cause: Cause, time: Double) {
        interruptGesture()
        steering = .none
        endDetector.cancel()
        pendingCause = cause
        move(to: index, velocity: motionVelocity(), glide: true, time: time)
    }

    /// Heads for item `index`'s resting place (index clamped), carrying `velocity` into the new motion so a retarget
    /// mid-flight has no kink: a glide timed by the distance for requested moves (`glide`), else a spring (flings);
    /// instant under reduced motion or when already there at rest.
    mutating func move(to index: Int, velocity: Double, glide: Bool, time: Double) {
        let index = clampedIndex(index)
        let destination = layout.restingOffset(index)
        let replacing = motion != nil
        targetIndex = index
        if configuration.reduceMotion || (offset == destination && velocity == 0) {
            motion = nil
            setOffset(destination)
            settleIfResting(time: time)
            return
        }
        if glide {
            let duration = GlideMotion.duration(
                distance: destination - offset, itemExtent: layout.count > 0 ? layout.itemWidth(index) + layout.spacing : 0,
                oneItem: configuration.glideOneItemDuration, longest: configuration.glideLongestDuration)
            motion = .glide(GlideMotion(from: offset, to: destination, initialVelocity: velocity, duration: duration))
        } else {
            motion = .spring(SpringMotion(
                from: offset, to: destination, initialVelocity: velocity,
                dampingRatio: configuration.springDampingRatio, mass: configuration.springMass,
                stiffness: configuration.springStiffness))
        }
        motionElapsed = 0
        // A motion from rest is timed from its first frame. One replacing a running motion, for an input within a
        // frame of that motion's last frame, starts where and when that frame showed it (its offset and velocity are
        // that frame's), so it keeps going at its speed: timed from the input instead, the next frame would show
        // less than a frame's progress, or none. After a longer stall it starts at the input, as from rest.
        if replacing, velocity != 0, let shown = lastMotionFrame, time - shown <= Self.firstFrameStep {
            motionStart = min(shown, time)
            motionShown = true
        } else {
            motionStart = time
            motionShown = velocity != 0   // a fling keeps its speed from the first frame
            lastMotionFrame = nil
        }
    }

    /// Queues `.settled` when the gesture is over: no motion, no steering, no quiet period pending. If the content is
    /// somehow not at a resting place (a partial wheel notch after a smooth scroll), it first snaps to the nearest.
    mutating func settleIfResting(time: Double) {
        guard let cause = pendingCause, motion == nil, !endDetector.isActive else { return }
        guard case .none = steering else { return }
        let index = targetIndex ?? currentIndex
        guard offset == layout.restingOffset(index) else {
            move(to: currentIndex, velocity: 0, glide: true, time: time)
            return
        }
        pendingCause = nil
        targetIndex = nil
        emit(.settled(index: index, offset: offset, cause: cause))
    }

    /// Stops a running animation where the content is.
    mutating func haltMotion() {
        motion = nil
        targetIndex = nil
    }

    /// Velocity of the running animation at its last sampled frame (0 when none), handed to the next spring.
    func motionVelocity() -> Double {
        motion?.velocity(at: motionElapsed) ?? 0
    }

    /// Starts or extends the quiet period, picking up a changed `configuration.quietPeriod`.
    mutating func noteQuietInput(at time: Double) {
        if endDetector.quietPeriod != configuration.quietPeriod {
            endDetector = GestureEndDetector(quietPeriod: configuration.quietPeriod)
        }
        endDetector.input(at: time)
    }

    /// After a geometry change the old velocity samples are in the wrong space; start again from here.
    mutating func restartTracking(at newOffset: Double, time: Double) {
        setOffset(newOffset)
        velocityTracker.reset()
        velocityTracker.add(position: newOffset, time: time)
    }

    /// Sets the offset and reports a change of the nearest item.
    mutating func setOffset(_ value: Double) {
        offset = value
        let nearest = layout.index(nearestTo: value)
        if nearest != currentIndex {
            currentIndex = nearest
            emit(.currentIndexChanged(index: nearest))
        }
    }

    /// Queues an event; a row without items has no current item and reports none.
    mutating func emit(_ event: SnapEvent) {
        guard layout.count > 0 else { return }
        events.append(event)
    }

    func clamped(_ value: Double) -> Double {
        min(max(value, 0), layout.maxOffset)
    }

    func clampedIndex(_ index: Int) -> Int {
        layout.count > 0 ? min(max(index, 0), layout.count - 1) : 0
    }
}

/// The controller holds mutable gesture state and is meant for the one thread that owns its widget.
@available(*, unavailable)
extension SnapController: Sendable {}
