/// Parameters of the velocity-aware target choice; defaults grounded in libadwaita/UIKit figures.
public struct SnapTargetParameters: Sendable, Equatable {
    /// Slowest release speed (px/ms) that counts as a fling; anything slower snaps to the nearest resting place.
    public var minimumFlingVelocity: Double
    /// Per-millisecond velocity decay used to project where a fling would coast to: x + v·d/(1−d).
    public var decelerationRate: Double
    /// Most items a single fling may travel from the gesture's start index; nil means unlimited.
    public var maximumItemsPerFling: Int?

    /// Fling threshold for touch drags (px/ms), about libadwaita's touch threshold.
    static let touchFlingThreshold = 0.3
    /// Fling threshold for touchpads, whose reported speeds run higher than a finger's.
    static let touchpadFlingThreshold = 0.6
    /// UIKit's "normal" deceleration rate per millisecond.
    static let normalDeceleration = 0.998
    /// Touchpad content coasts a little shorter, like libadwaita's kinetic scrolling on touchpads.
    static let touchpadDeceleration = 0.997

    /// Drags and flings on strips and menus: free travel.
    public static let standard = SnapTargetParameters(
        minimumFlingVelocity: touchFlingThreshold, decelerationRate: normalDeceleration, maximumItemsPerFling: nil)
    /// Touchpad smooth scrolling: a higher threshold and shorter coast.
    public static let touchpad = SnapTargetParameters(
        minimumFlingVelocity: touchpadFlingThreshold, decelerationRate: touchpadDeceleration, maximumItemsPerFling: nil)
    /// Carousels: a fling moves at most one page.
    public static let pager = SnapTargetParameters(
        minimumFlingVelocity: touchFlingThreshold, decelerationRate: normalDeceleration, maximumItemsPerFling: 1)

    /// Creates parameters; see the property docs for units.
    public init(minimumFlingVelocity: Double, decelerationRate: Double, maximumItemsPerFling: Int?) {
        self.minimumFlingVelocity = minimumFlingVelocity
        self.decelerationRate = decelerationRate
        self.maximumItemsPerFling = maximumItemsPerFling
    }

    /// Distance a fling at `velocity` coasts before stopping under exponential decay: Σ v·dⁿ = v·d/(1−d).
    func projectedDistance(velocity: Double) -> Double {
        let rate = min(max(decelerationRate, 0), Self.largestDecelerationRate)
        return velocity * rate / (1 - rate)
    }

    /// A rate of exactly 1 never stops; cap it so the projection stays finite.
    static let largestDecelerationRate = 0.999_999
}

/// A chosen resting place: the item and the offset that centres it.
public struct SnapTarget: Sendable, Equatable {
    /// Item the content comes to rest on.
    public var index: Int
    /// Logical offset of that item's resting place.
    public var offset: Double

    /// Creates a target from an item and its resting offset.
    public init(index: Int, offset: Double) {
        self.index = index
        self.offset = offset
    }
}

/// The pure, public snap-target function: where content released at `offset` with `velocity` (px/ms) comes to rest.
///
/// Rules, in order:
/// 1. |v| below the fling threshold (or not finite) → the nearest resting place.
/// 2. Otherwise project the coast `offset + v·d/(1−d)` and take the resting place nearest to it, but at least one
///    item past the item nearest to `offset` in the fling's direction — a fling always visibly goes somewhere.
/// 3. With `maximumItemsPerFling = k` and a `startIndex`, the result stays within startIndex ± k (this limit wins
///    over rule 2, so a pager never skips pages).
/// 4. Clamped to 0..<count. Every step is monotone in the velocity, so a faster fling never lands behind a slower one.
public func chooseSnapTarget(
    in layout: SnapLayout, offset: Double, velocity: Double, startIndex: Int?,
    parameters: SnapTargetParameters = .standard
) -> SnapTarget {
    guard layout.count > 0 else { return SnapTarget(index: 0, offset: 0) }
    let nearest = layout.index(nearestTo: offset)
    var index = nearest
    let isFling = velocity.isFinite && abs(velocity) >= parameters.minimumFlingVelocity
    if isFling {
        let projected = layout.index(nearestTo: offset + parameters.projectedDistance(velocity: velocity))
        index = velocity > 0 ? max(projected, nearest + 1) : min(projected, nearest - 1)
    }
    if let limit = parameters.maximumItemsPerFling, let startIndex {
        let reach = max(0, limit)
        index = min(max(index, startIndex - reach), startIndex + reach)
    }
    index = min(max(index, 0), layout.count - 1)
    return SnapTarget(index: index, offset: layout.restingOffset(index))
}
