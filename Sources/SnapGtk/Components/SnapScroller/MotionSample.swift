import CSnapGtk
import SnapCore

/// Where the row was at one moment of its motion, as ``SnapScroller/motionTap`` hands it out each time the row's
/// offset changes (every frame of a glide, every step of a drag or a swipe): for a tool that plots how a gesture
/// moved, such as the demo's QA panel.
@_spi(Testing)
public struct MotionSample: Sendable, Equatable {
    /// When (ms, the scroller's monotonic clock: ``SnapScroller/now``).
    public let time: Double
    /// The scroll adjustment's value (px), as ``SettleEvent/offset`` reports it.
    public let offset: Double
    /// How fast the content moves (px/s, never negative): the tracked input's speed while a drag or a swipe steers it,
    /// the animation's while it glides.
    public let speed: Double
    /// The adjustment's value where the content is heading (px): the target's resting offset while it animates, where
    /// a release now would send it while an input steers it; nil at rest.
    public let heading: Double?

    /// A sample with every field given.
    public init(time: Double, offset: Double, speed: Double, heading: Double?) {
        self.time = time
        self.offset = offset
        self.speed = speed
        self.heading = heading
    }
}

extension SnapScroller {
    /// The row's offset, speed and heading now, for ``motionTap``.
    func motionSample() -> MotionSample {
        let time = now
        let heading = controller.projectedRest(at: time).map { layout.physicalOffset(fromLogical: $0.offset, rtl: isMirrored) }
        return MotionSample(time: time, offset: gtk_adjustment_get_value(adjustment),
                            speed: abs(controller.velocity(at: time)) * 1000, heading: heading)
    }
}
