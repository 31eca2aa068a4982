/// New geometry under the controller: a resize, or the application changing the items (see `ItemChange`).
extension SnapController {
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
    /// `layout` is the new geometry, `newCurrent` the item current after the change (`ItemChange.current(after:)`),
    /// nil when there are no items, and `newTarget` the item a motion in progress was heading for, after the change
    /// (`ItemChange.current(after:)` of `targetIndex`; nil: none, or it is not kept).
    ///
    /// A motion heading for an item (a request, a wheel notch, a released fling) keeps heading for that item when
    /// `newTarget` is given: the current item keeps its place on screen (as far from its resting place as it was),
    /// and the motion goes on from there to `newTarget` with its speed, its cause and its gesture, settling when it
    /// arrives. A change that only inserts or removes items does not drop a move someone asked for. Otherwise any
    /// motion or gesture in progress ends and the content rests at once on `newCurrent`, with one `.settled`, cause
    /// `.dataChange`. Either way `.currentIndexChanged` follows when the current item's index differs. A row without
    /// items reports nothing.
    public mutating func itemsChanged(to layout: SnapLayout, current newCurrent: Int?, target newTarget: Int? = nil,
                                      time: Double) {
        let previous = self.layout
        let fromRest = offset - (previous.count > 0 ? previous.restingOffset(currentIndex) : 0)
        let moving = motion != nil && targetIndex != nil && newTarget != nil && layout.count > 0
        self.layout = layout
        if !moving {
            motion = nil
            steering = .none
            endDetector.cancel()
            pendingCause = nil
            targetIndex = nil
            velocityTracker.reset()
            wheelAccumulator.reset()
        }
        guard layout.count > 0 else {
            offset = 0
            currentIndex = 0
            return
        }
        let index = clampedIndex(newCurrent ?? currentIndex)
        if index != currentIndex {
            currentIndex = index
            emit(.currentIndexChanged(index: index))
        }
        guard moving, let newTarget else {
            offset = layout.restingOffset(index)
            return emit(.settled(index: index, offset: offset, cause: .dataChange))
        }
        setOffset(clamped(layout.restingOffset(index) + fromRest))
        move(to: newTarget, velocity: motionVelocity(), glide: motion?.isGlide ?? true, time: time)
    }
}
