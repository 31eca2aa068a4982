/// The controller's inputs: wheel notches, smooth scrolls, drags, keys, requests, outside offset changes and frames
/// (resizes and changes of the items are `SnapController+Changes.swift`'s; the rules they follow,
/// `SnapController.swift`'s).
extension SnapController {
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
}
