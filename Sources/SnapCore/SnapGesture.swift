/// One gesture of the user's on a snapping component, as a `SnapController` reports it: when it starts, and when it
/// lets go and the controller has chosen where the content will rest (drained with `drainGestures()`).
///
/// A gesture is one run of input of one kind: a drag from press to release, a touchpad swipe (or an outside change
/// of the offset) up to its end, a burst of wheel notches up to its quiet period, one key request. Every `.start` is
/// followed by exactly one `.end`, which comes before the gesture's `.settled`; input of another kind, or a request
/// from the application, ends a gesture it interrupts first.
public struct SnapGesture: Sendable, Equatable {
    /// Whether the gesture began or let go.
    public enum Phase: String, Sendable, CaseIterable {
        /// The input began.
        case start
        /// The input let go; the target is chosen.
        case end
    }

    /// Whether the gesture began or let go.
    public var phase: Phase
    /// What the input is: `.wheel`, `.touchpad`, `.drag` (also an outside change of the offset) or `.keyboard`.
    public var input: Cause
    /// The item current when the gesture began.
    public var startIndex: Int
    /// At `.end`: the release velocity of the offset (logical px/ms, positive toward later items); 0 for wheel
    /// notches and keys, which ask for items rather than throw the content, and at `.start`.
    public var velocity: Double
    /// At `.end`: the highest speed (px/ms, never negative) the offset reached under the input; 0 at `.start`.
    public var peakSpeed: Double
    /// At `.end`: where the release velocity would coast the content (logical offset, within the row); for wheel
    /// notches and keys, the target's resting offset. At `.start`, the offset then.
    public var projectedOffset: Double
    /// At `.end`: the item chosen to rest on; at `.start`, `startIndex`.
    public var targetIndex: Int

    /// A report of `phase` of a gesture of `input`; see the properties for the units.
    public init(phase: Phase, input: Cause, startIndex: Int, velocity: Double = 0, peakSpeed: Double = 0,
                projectedOffset: Double, targetIndex: Int) {
        self.phase = phase
        self.input = input
        self.startIndex = startIndex
        self.velocity = velocity
        self.peakSpeed = peakSpeed
        self.projectedOffset = projectedOffset
        self.targetIndex = targetIndex
    }
}
