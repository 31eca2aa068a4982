/// The controller's output queues (events, gesture reports) and the gesture reports' bookkeeping.
extension SnapController {
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

    /// Reports the start of a gesture of `input`, ending the one in progress first.
    mutating func beginGesture(_ input: Cause) {
        interruptGesture()
        gesture = (input, currentIndex, 0)
        gestureReports.append(SnapGesture(
            phase: .start, input: input, startIndex: currentIndex, projectedOffset: offset, targetIndex: currentIndex))
    }

    /// Reports that the gesture in progress let go, heading for item `target`; nothing when none is in progress.
    mutating func endGesture(velocity: Double, projected: Double, target: Int) {
        guard let (input, startIndex, peakSpeed) = gesture else { return }
        gesture = nil
        gestureReports.append(SnapGesture(
            phase: .end, input: input, startIndex: startIndex, velocity: velocity, peakSpeed: peakSpeed,
            projectedOffset: projected, targetIndex: clampedIndex(target)))
    }

    /// Other input or a request takes over: the gesture in progress ends where the content is heading now.
    mutating func interruptGesture() {
        guard gesture != nil else { return }
        let target = targetIndex ?? currentIndex
        endGesture(velocity: 0, projected: offset, target: target)
    }

    /// Where `velocity` would coast the content from here under `parameters`, within the row.
    func projection(_ velocity: Double, _ parameters: SnapTargetParameters) -> Double {
        guard velocity.isFinite else { return offset }
        return clamped(offset + parameters.projectedDistance(velocity: velocity))
    }

    /// Records the offset for the velocity, and the gesture's highest speed so far.
    mutating func track(time: Double) {
        velocityTracker.add(position: offset, time: time)
        if gesture != nil {
            gesture!.peakSpeed = max(gesture!.peakSpeed, abs(velocityTracker.velocity(at: time)))
        }
    }
}
