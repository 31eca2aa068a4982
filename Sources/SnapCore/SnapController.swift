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
    private enum Steering {
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

    /// How the content heads for its target: thrown by a finger (a spring that keeps the finger's velocity) or asked
    /// for (a timed glide that starts gently and takes longer for longer moves).
    private enum ActiveMotion {
        case spring(SpringMotion)
        case glide(GlideMotion)

        func value(at t: Double) -> Double {
            switch self {
            case .spring(let m): m.value(at: t)
            case .glide(let m): m.value(at: t)
            }
        }

        func velocity(at t: Double) -> Double {
            switch self {
            case .spring(let m): m.velocity(at: t)
            case .glide(let m): m.velocity(at: t)
            }
        }

        func isDone(at t: Double) -> Bool {
            switch self {
            case .spring(let m): m.isDone(at: t)
            case .glide(let m): m.isDone(at: t)
            }
        }

        var target: Double {
            switch self {
            case .spring(let m): m.target
            case .glide(let m): m.target
            }
        }

        var duration: Double {
            switch self {
            case .spring(let m): m.estimatedDuration
            case .glide(let m): m.duration
            }
        }

        var isGlide: Bool {
            if case .glide = self { return true }
            return false
        }
    }

    /// Geometry of the row; replaced by `resize(to:time:)`.
    public private(set) var layout: SnapLayout
    /// Tunables; `reduceMotion` may be toggled live (a running animation then jumps on the next tick).
    public var configuration: SnapConfiguration
    /// Logical offset to apply to the adjustment (the GTK layer maps it to physical).
    public private(set) var offset: Double
    /// Item whose resting place is nearest to `offset`.
    public private(set) var currentIndex: Int
    /// Where an animation (or a pending settle) is heading; nil while the content follows input or rests.
    public private(set) var targetIndex: Int?

    private var motion: ActiveMotion?
    private var motionStart = 0.0
    private var motionElapsed = 0.0
    private var motionShown = false
    /// The time of the last frame that sampled the running motion (nil before its first): where its replacement
    /// starts from.
    private var lastMotionFrame: Double?
    private var steering = Steering.none
    private var pendingCause: Cause?
    private var velocityTracker = VelocityTracker()
    private var endDetector: GestureEndDetector
    private var wheelAccumulator = WheelAccumulator()
    private var lastWheelTime: Double?
    private var events: [SnapEvent] = []
    /// The gesture in progress: its input, the item it started from, and the highest speed (px/ms) seen under it.
    private var gesture: (input: Cause, startIndex: Int, peakSpeed: Double)?
    private var gestureReports: [SnapGesture] = []

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

    /// The content's velocity at `time` (px/ms of the logical offset): the tracked input's while a drag or a smooth
    /// scroll steers it, the motion's (at its last frame) while it animates, 0 at rest. For snap guides.
    public func velocity(at time: Double) -> Double {
        switch steering {
        case .drag, .scroll: velocityTracker.velocity(at: time)
        case .none: motionVelocity()
        }
    }

    /// Where the content comes to rest: while a drag or a smooth scroll steers it, where ending that input at `time`
    /// would send it (the same choice the gesture's end makes, with the same fling limit); while it animates, the
    /// motion's target; nil at rest. For snap guides.
    public func projectedRest(at time: Double) -> SnapTarget? {
        switch steering {
        case .drag(_, let startIndex):
            return chooseSnapTarget(in: layout, offset: offset, velocity: velocityTracker.velocity(at: time),
                                    startIndex: startIndex, parameters: configuration.targetParameters)
        case .scroll(let startIndex):
            return chooseSnapTarget(in: layout, offset: offset, velocity: velocityTracker.velocity(at: time),
                                    startIndex: startIndex, parameters: configuration.touchpadParameters)
        case .none:
            guard let motion, let index = targetIndex else { return nil }
            return SnapTarget(index: index, offset: motion.target)
        }
    }

    // MARK: - Input

    /// A discrete wheel turn of `notches` (may be fractional; logical sign). Each whole step moves one item from the
    /// animation's target (or the current item); quick notches add up without skipping or doubling. Cause `.wheel`.
    /// A burst of notches is one gesture: it settles once, when the motion is over and the wheel has been quiet for
    /// the quiet period, so notches pushing against an end, or instant moves under reduced motion, settle once too.
    public mutating func wheel(notches: Double, time: Double) {
        guard notches.isFinite, layout.count > 0 else { return }
        let sameBurst = lastWheelTime.map { time - $0 <= configuration.quietPeriod } ?? false
        // In the same burst the partial step is kept.
        if !sameBurst { wheelAccumulator.reset() }
        if !sameBurst || gesture?.input != .wheel { beginGesture(.wheel) }
        lastWheelTime = time
        steering = .none
        pendingCause = .wheel
        let steps = wheelAccumulator.add(notches)
        noteQuietInput(at: time)
        guard steps != 0 else { return }   // a partial notch: only the quiet period runs
        let base = (motion != nil ? targetIndex : nil) ?? currentIndex
        move(to: base.addingReportingOverflow(steps).partialValue, velocity: motionVelocity(), glide: true, time: time)
    }

    /// Touchpad smooth scroll by `delta` logical px: the content follows (clamped), velocity is tracked and a running
    /// animation is interrupted where the content is. Ends with `scrollEnded` or after the quiet period. Cause `.touchpad`.
    public mutating func smoothScroll(delta: Double, time: Double) {
        guard delta.isFinite else { return }
        follow(to: offset + delta, cause: .touchpad, time: time)
    }

    /// Scroll-end (or GTK's decelerate): snap with `touchpadParameters` from the offset and `velocity` (px/ms of the
    /// offset; tracked when nil). Ignored when no smooth scroll is in progress. Cause `.touchpad`.
    public mutating func scrollEnded(time: Double, velocity: Double?) {
        guard case .scroll(let startIndex) = steering else { return }
        pendingCause = .touchpad
        finishScroll(startIndex: startIndex, velocity: velocity ?? velocityTracker.velocity(at: time), time: time)
    }

    /// A drag starts: any animation stops where the content is (no jump). Cause `.drag`.
    public mutating func dragBegan(time: Double) {
        beginGesture(.drag)
        haltMotion()
        endDetector.cancel()
        steering = .drag(startOffset: offset, startIndex: currentIndex)
        pendingCause = .drag
        velocityTracker.reset()
        velocityTracker.add(position: offset, time: time)
    }

    /// The drag moved `translation` logical px since `dragBegan`, like a finger pushing content:
    /// offset = startOffset − translation (clamped). Without a drag in progress (another input took over), a drag
    /// starts here, anchored so the content does not jump.
    public mutating func dragChanged(translation: Double, time: Double) {
        guard translation.isFinite else { return }
        if case .drag = steering {} else {
            dragBegan(time: time)
            steering = .drag(startOffset: offset + translation, startIndex: currentIndex)
        }
        guard case .drag(let startOffset, _) = steering else { return }
        setOffset(clamped(startOffset - translation))
        track(time: time)
    }

    /// The drag ended: snap with `targetParameters` from the tracked velocity of the offset; the index at
    /// `dragBegan` bounds pager flings. Ignored when no drag is in progress.
    public mutating func dragEnded(time: Double) {
        guard case .drag(_, let startIndex) = steering else { return }
        steering = .none
        pendingCause = .drag
        let velocity = velocityTracker.velocity(at: time)
        let target = chooseSnapTarget(
            in: layout, offset: offset, velocity: velocity, startIndex: startIndex,
            parameters: configuration.targetParameters)
        endGesture(velocity: velocity, projected: projection(velocity, configuration.targetParameters), target: target.index)
        move(to: target.index, velocity: velocity, glide: false, time: time)
    }

    /// A key request: previous/next ±1 from the target (or current item); first/last; pages jump to the farthest item
    /// whose resting place lies within one viewport width (at least one item). Cause `.keyboard`.
    public mutating func key(_ key: SnapKey, time: Double) {
        guard layout.count > 0 else { return }
        let base = (motion != nil ? targetIndex : nil) ?? currentIndex
        let destination: Int
        switch key {
        case .previous: destination = base - 1
        case .next: destination = base + 1
        case .first: destination = 0
        case .last: destination = layout.count - 1
        case .pageForward:
            let reach = layout.restingOffset(base) + layout.viewportWidth + Self.pageTolerance
            destination = max(base + 1, layout.firstIndex(restingAfter: reach) - 1)
        case .pageBackward:
            let reach = layout.restingOffset(base) - layout.viewportWidth - Self.pageTolerance
            destination = min(base - 1, layout.firstIndex(restingAtOrAfter: reach))
        }
        self.key(toIndex: destination, time: time)
    }

    /// A key press that moves to item `index` (clamped): one gesture of input `.keyboard`, begun and let go at once,
    /// then the move (cause `.keyboard`). For keys whose destination the caller decides (a looping row's Home/End);
    /// ``scrollTo(index:cause:time:)`` with cause `.keyboard` (Enter on a page dot or an item) is a request, no gesture.
    public mutating func key(toIndex index: Int, time: Double) {
        guard layout.count > 0 else { return }
        beginGesture(.keyboard)
        let target = clampedIndex(index)
        endGesture(velocity: 0, projected: layout.restingOffset(target), target: target)
        request(index, cause: .keyboard, time: time)
    }

    /// Moves to item `index` (clamped): a click on an item (`.click`), an application request (`.programmatic`), ….
    public mutating func scrollTo(index: Int, cause: Cause, time: Double) {
        guard layout.count > 0 else { return }
        request(index, cause: cause, time: time)
    }

    /// Someone else moved the adjustment (the scrollbar, accessibility): follow it like a smooth scroll that ends after
    /// the quiet period. Our own value echoed back is ignored. Cause `.drag`, since this is nearly always the user
    /// dragging the scrollbar.
    public mutating func externalOffsetChanged(_ offset: Double, time: Double) {
        guard offset.isFinite, abs(clamped(offset) - self.offset) > Self.echoTolerance else { return }
        follow(to: offset, cause: .drag, time: time)
    }

    /// New geometry (e.g. the window was resized). Keeps the target (or current) item: at rest it jumps there and
    /// settles with `.resize` if the offset changed; mid-animation it keeps animating to that item's new resting place;
    /// while input steers, the content keeps its relative position and the gesture continues.
    public mutating func resize(to layout: SnapLayout, time: Double) {
        let kept = targetIndex ?? currentIndex
        let position = self.layout.fractionalIndex(at: offset)
        let previousOffset = offset
        self.layout = layout
        let index = layout.count > 0 ? min(max(kept, 0), layout.count - 1) : 0
        let mapped = clamped(layout.offset(atFractionalIndex: position))
        switch steering {
        case .drag(let startOffset, let startIndex):
            steering = .drag(startOffset: startOffset + (mapped - previousOffset), startIndex: clampedIndex(startIndex))
            restartTracking(at: mapped, time: time)
        case .scroll(let startIndex):
            steering = .scroll(startIndex: clampedIndex(startIndex))
            restartTracking(at: mapped, time: time)
        case .none:
            if motion != nil {
                let velocity = motionVelocity()
                let glide = motion?.isGlide ?? false
                setOffset(mapped)
                move(to: index, velocity: velocity, glide: glide, time: time)
            } else {
                let destination = layout.restingOffset(index)
                setOffset(destination)
                if pendingCause == nil && destination != previousOffset {
                    emit(.settled(index: index, offset: destination, cause: .resize))
                }
            }
        }
    }

    /// The application changed the items (inserted, removed, moved, replaced them, or changed their count or widths):
    /// `layout` is the new geometry and `newCurrent` the item current after the change (`ItemChange.current(after:)`),
    /// nil when there are no items. Any motion or gesture in progress ends; the content rests at once on that item,
    /// with `.currentIndexChanged` when its index differs and one `.settled` with cause `.dataChange`. A row without
    /// items reports nothing.
    public mutating func itemsChanged(to layout: SnapLayout, current newCurrent: Int?, time: Double) {
        self.layout = layout
        motion = nil
        steering = .none
        endDetector.cancel()
        pendingCause = nil
        targetIndex = nil
        velocityTracker.reset()
        wheelAccumulator.reset()
        guard layout.count > 0 else {
            offset = 0
            currentIndex = 0
            return
        }
        let index = clampedIndex(newCurrent ?? currentIndex)
        offset = layout.restingOffset(index)
        if index != currentIndex {
            currentIndex = index
            emit(.currentIndexChanged(index: index))
        }
        emit(.settled(index: index, offset: offset, cause: .dataChange))
    }

    /// Advances the animation to `time`, ends a smooth scroll that fell quiet, and queues `.settled` once the
    /// content is exactly at its resting place.
    public mutating func tick(time: Double) {
        if endDetector.hasEnded(at: time) {
            endDetector.cancel()
            if case .scroll(let startIndex) = steering {
                finishScroll(startIndex: startIndex, velocity: velocityTracker.velocity(at: time), time: time)
            } else if gesture?.input == .wheel {
                let target = targetIndex ?? currentIndex
                endGesture(velocity: 0, projected: layout.restingOffset(target), target: target)
            }
        }
        if let motion {
            if !motionShown {
                motionShown = true
                motionStart = max(motionStart, time - Self.firstFrameStep)
            }
            // The clock never runs back: a frame time before the last sample (the frame that draws a first frame
            // shown at the input, a frame period on, can carry GTK's smoothed time from before the input) moves the
            // motion's start back as much, so that frame shows the same and the next goes on by a whole frame.
            if let last = lastMotionFrame, time < last { motionStart -= last - time }
            lastMotionFrame = time
            let elapsed = configuration.reduceMotion ? motion.duration : max(0, time - motionStart)
            motionElapsed = elapsed
            if motion.isDone(at: elapsed) {
                self.motion = nil
                setOffset(motion.target)
            } else {
                // A bouncy spring may swing past the ends; the adjustment cannot show that, so neither do we.
                setOffset(clamped(motion.value(at: elapsed)))
            }
        }
        settleIfResting(time: time)
    }

    /// Events since the last drain, in order. Returning an array allocates when there are events; the per-frame
    /// path can use `drainEvents(_:)` instead.
    public mutating func drainEvents() -> [SnapEvent] {
        guard !events.isEmpty else { return [] }
        let drained = events
        events = []
        return drained
    }

    /// Hands each event since the last drain to `body`, in order, without allocating (for the per-frame path).
    public mutating func drainEvents(_ body: (SnapEvent) -> Void) {
        for event in events { body(event) }
        events.removeAll(keepingCapacity: true)
    }

    /// Gesture reports since the last drain, in order. Drained before `drainEvents()` after the same call, they keep
    /// their order with the events: a gesture's `.end` comes before its `.settled`.
    public mutating func drainGestures() -> [SnapGesture] {
        guard !gestureReports.isEmpty else { return [] }
        let drained = gestureReports
        gestureReports = []
        return drained
    }

    // MARK: - Internals

    /// The content follows direct input (touchpad or an outside adjustment change) to `newOffset`.
    private mutating func follow(to newOffset: Double, cause: Cause, time: Double) {
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
    private mutating func finishScroll(startIndex: Int, velocity: Double, time: Double) {
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
    private mutating func request(_ index: Int, cause: Cause, time: Double) {
        interruptGesture()
        steering = .none
        endDetector.cancel()
        pendingCause = cause
        move(to: index, velocity: motionVelocity(), glide: true, time: time)
    }

    // MARK: - Gesture reports

    /// Reports the start of a gesture of `input`, ending the one in progress first.
    private mutating func beginGesture(_ input: Cause) {
        interruptGesture()
        gesture = (input, currentIndex, 0)
        gestureReports.append(SnapGesture(
            phase: .start, input: input, startIndex: currentIndex, projectedOffset: offset, targetIndex: currentIndex))
    }

    /// Reports that the gesture in progress let go, heading for item `target`; nothing when none is in progress.
    private mutating func endGesture(velocity: Double, projected: Double, target: Int) {
        guard let (input, startIndex, peakSpeed) = gesture else { return }
        gesture = nil
        gestureReports.append(SnapGesture(
            phase: .end, input: input, startIndex: startIndex, velocity: velocity, peakSpeed: peakSpeed,
            projectedOffset: projected, targetIndex: clampedIndex(target)))
    }

    /// Other input or a request takes over: the gesture in progress ends where the content is heading now.
    private mutating func interruptGesture() {
        guard gesture != nil else { return }
        let target = targetIndex ?? currentIndex
        endGesture(velocity: 0, projected: offset, target: target)
    }

    /// Where `velocity` would coast the content from here under `parameters`, within the row.
    private func projection(_ velocity: Double, _ parameters: SnapTargetParameters) -> Double {
        guard velocity.isFinite else { return offset }
        return clamped(offset + parameters.projectedDistance(velocity: velocity))
    }

    /// Records the offset for the velocity, and the gesture's highest speed so far.
    private mutating func track(time: Double) {
        velocityTracker.add(position: offset, time: time)
        if gesture != nil {
            gesture!.peakSpeed = max(gesture!.peakSpeed, abs(velocityTracker.velocity(at: time)))
        }
    }

    /// Heads for item `index`'s resting place (index clamped), carrying `velocity` into the new motion so a retarget
    /// mid-flight has no kink: a glide timed by the distance for requested moves (`glide`), else a spring (flings);
    /// instant under reduced motion or when already there at rest.
    private mutating func move(to index: Int, velocity: Double, glide: Bool, time: Double) {
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
    private mutating func settleIfResting(time: Double) {
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
    private mutating func haltMotion() {
        motion = nil
        targetIndex = nil
    }

    /// Velocity of the running animation at its last sampled frame (0 when none), handed to the next spring.
    private func motionVelocity() -> Double {
        motion?.velocity(at: motionElapsed) ?? 0
    }

    /// Starts or extends the quiet period, picking up a changed `configuration.quietPeriod`.
    private mutating func noteQuietInput(at time: Double) {
        if endDetector.quietPeriod != configuration.quietPeriod {
            endDetector = GestureEndDetector(quietPeriod: configuration.quietPeriod)
        }
        endDetector.input(at: time)
    }

    /// After a geometry change the old velocity samples are in the wrong space; start again from here.
    private mutating func restartTracking(at newOffset: Double, time: Double) {
        setOffset(newOffset)
        velocityTracker.reset()
        velocityTracker.add(position: newOffset, time: time)
    }

    /// Sets the offset and reports a change of the nearest item.
    private mutating func setOffset(_ value: Double) {
        offset = value
        let nearest = layout.index(nearestTo: value)
        if nearest != currentIndex {
            currentIndex = nearest
            emit(.currentIndexChanged(index: nearest))
        }
    }

    /// Queues an event; a row without items has no current item and reports none.
    private mutating func emit(_ event: SnapEvent) {
        guard layout.count > 0 else { return }
        events.append(event)
    }

    private func clamped(_ value: Double) -> Double {
        min(max(value, 0), layout.maxOffset)
    }

    private func clampedIndex(_ index: Int) -> Int {
        layout.count > 0 ? min(max(index, 0), layout.count - 1) : 0
    }
}

/// The controller holds mutable gesture state and is meant for the one thread that owns its widget.
@available(*, unavailable)
extension SnapController: Sendable {}
