/// What snap guides read from the controller: the content's velocity and where it will rest.
extension SnapController {
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
}
