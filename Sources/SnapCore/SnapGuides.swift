// Only the C maths library (exp): the core stays free of Foundation.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What snap guides draw over a snapping row at one moment, as pure geometry: the alignment line, the snap points of
/// the items near the view, the target, a fling's projected rest with its speed, and the offset.
///
/// Positions are physical x in the viewport (0 at its left edge), so a drawing needs no more arithmetic than this;
/// right to left they are mirrored. An item's snap point is where its alignment line is now: the viewport's centre
/// moved by the distance between the item's resting offset and the offset shown, so it reaches the line exactly
/// when the item rests.
///
/// ```swift
/// let guides = SnapGuides(layout: controller.layout, offset: controller.offset,
///                         currentIndex: controller.currentIndex, target: controller.targetIndex,
///                         projectedRest: controller.projectedRest(at: now)?.index,
///                         velocity: controller.velocity(at: now), adjustmentValue: value, rightToLeft: false)
/// for tick in guides.ticks { drawTick(at: tick.x, tall: tick.isCurrent) }
/// ```
public struct SnapGuides: Sendable, Equatable {
    /// One item's snap point.
    public struct Tick: Sendable, Equatable {
        /// The item (in a looping row, its index in the long virtual row).
        public var index: Int
        /// Where its snap point is now (px from the viewport's left edge).
        public var x: Double
        /// Whether it is the item nearest to its resting place.
        public var isCurrent: Bool
        /// Whether the content is heading for it.
        public var isTarget: Bool
    }

    /// Where thrown or steered content will come to rest, and how fast it moves.
    public struct Fling: Sendable, Equatable {
        /// The item it will rest on.
        public var index: Int
        /// That item's snap point now (px from the viewport's left edge; may lie outside the view).
        public var x: Double
        /// How fast the content moves (px/s, never negative).
        public var speed: Double
        /// The arrow's direction on screen: +1 toward the right, −1 toward the left, 0 when the content stands still.
        public var direction: Double
        /// The arrow's length (px): longer the faster, see ``SnapGuides/arrowLength(speed:viewportWidth:)``.
        public var arrowLength: Double
    }

    /// Below this speed (px/s) no arrow is drawn: the content is, to the eye, still.
    public static let slowestArrowSpeed = 1.0
    /// The speed (px/s) at which an arrow reaches 1 − 1/e (about 63 %) of its longest length.
    public static let arrowSpeedScale = 3000.0
    /// The longest arrow, as a fraction of the viewport's width.
    public static let longestArrowFraction = 1.0 / 3.0
    /// Most ticks drawn: the ones nearest the line, when items are too narrow to tell apart anyway.
    public static let defaultMaximumTicks = 64

    /// The alignment line: the viewport's centre, where an item's centre rests (px from its left edge).
    public var alignmentX: Double
    /// The snap points inside the view, nearest the line first when there are more than the maximum, else left to
    /// right in item order.
    public var ticks: [Tick]
    /// The item the content is heading for and its snap point now (may lie outside the view); nil at rest.
    public var target: Tick?
    /// Where the content will rest if the input steering it ends now, or where the motion heads; nil at rest.
    public var fling: Fling?
    /// The row's offset as its adjustment holds it (px from the row's left end, as `settled` reports it).
    public var offset: Double

    /// The guides for `layout` shown at logical `offset`.
    /// - Parameters:
    ///   - layout: the row's geometry.
    ///   - offset: the logical offset shown (from the row's start).
    ///   - currentIndex: the item nearest to its resting place.
    ///   - target: the item a motion heads for, if any.
    ///   - projectedRest: where the content would come to rest now (``SnapController/projectedRest(at:)``), if moving.
    ///   - velocity: the content's velocity (px/ms of the logical offset).
    ///   - adjustmentValue: the offset as the adjustment holds it (physical), for the label.
    ///   - rightToLeft: whether the row is mirrored.
    ///   - maximumTicks: most snap points to return.
    public init(layout: SnapLayout, offset: Double, currentIndex: Int, target: Int?, projectedRest: Int?,
                velocity: Double, adjustmentValue: Double, rightToLeft: Bool,
                maximumTicks: Int = SnapGuides.defaultMaximumTicks) {
        let viewport = layout.viewportWidth
        let centre = viewport / 2
        alignmentX = centre
        self.offset = adjustmentValue
        /// Physical x of item i's snap point.
        func snapX(_ i: Int) -> Double {
            let distance = layout.restingOffset(i) - offset
            return rightToLeft ? centre - distance : centre + distance
        }
        var ticks: [Tick] = []
        if layout.count > 0, offset.isFinite {
            // Resting offsets never decrease, so the snap points inside the view are one run of indexes.
            let first = layout.firstIndex(restingAtOrAfter: offset - centre)
            let end = layout.firstIndex(restingAfter: offset + centre)
            var range = first..<max(first, end)
            let limit = max(0, maximumTicks)
            if range.count > limit {
                // Keep the ones nearest the line: a window around the item nearest to it.
                let middle = min(max(layout.index(nearestTo: offset), range.lowerBound), range.upperBound - 1)
                let low = max(range.lowerBound, min(middle - limit / 2, range.upperBound - limit))
                range = low..<(low + limit)
            }
            ticks.reserveCapacity(range.count)
            for i in range {
                ticks.append(Tick(index: i, x: snapX(i), isCurrent: i == currentIndex, isTarget: i == target))
            }
        }
        self.ticks = ticks
        self.target = target.flatMap { index in
            layout.count > 0 && (0..<layout.count).contains(index)
                ? Tick(index: index, x: snapX(index), isCurrent: index == currentIndex, isTarget: true) : nil
        }
        let speed = velocity.isFinite ? abs(velocity) * 1000 : 0
        if let rest = projectedRest, layout.count > 0, (0..<layout.count).contains(rest) {
            let moving = speed >= Self.slowestArrowSpeed
            let sign: Double = velocity > 0 ? 1 : -1
            fling = Fling(index: rest, x: snapX(rest), speed: moving ? speed : 0,
                          direction: moving ? (rightToLeft ? -sign : sign) : 0,
                          arrowLength: moving ? Self.arrowLength(speed: speed, viewportWidth: viewport) : 0)
        } else {
            fling = nil
        }
    }

    /// What the guides mark as where the content is going: the motion's target, else (while a drag or a swipe steers
    /// it, which has no target yet) where releasing it now would rest; nil at rest.
    public var heading: Tick? {
        target ?? fling.map { Tick(index: $0.index, x: $0.x, isCurrent: false, isTarget: true) }
    }

    /// The velocity arrow's length (px) for `speed` (px/s): 0 below ``slowestArrowSpeed``, then growing with the
    /// speed and levelling off toward ``longestArrowFraction`` of the view (`longest · (1 − e^(−speed/scale))`), so
    /// a slow drag and a hard fling both read, and no arrow leaves the view from the line.
    public static func arrowLength(speed: Double, viewportWidth: Double) -> Double {
        guard speed.isFinite, speed >= slowestArrowSpeed, viewportWidth > 0 else {
            return speed == .infinity && viewportWidth > 0 ? viewportWidth * longestArrowFraction : 0
        }
        return viewportWidth * longestArrowFraction * (1 - exp(-speed / arrowSpeedScale))
    }

    /// A length in px as the guides label it: to a tenth of a pixel, without a trailing `.0` (`"340 px"`,
    /// `"12.5 px"`, `"-0.5 px"`); `"– px"` when not finite.
    public static func pixelsText(_ value: Double) -> String {
        "\(decimalText(value)) px"
    }

    /// A speed in px/s as the guides label it, to the whole pixel (`"1250 px/s"`).
    public static func speedText(_ pixelsPerSecond: Double) -> String {
        guard pixelsPerSecond.isFinite else { return "– px/s" }
        return "\(Int(exactly: pixelsPerSecond.rounded()) ?? 0) px/s"
    }

    /// `value` to one decimal, the `.0` dropped.
    static func decimalText(_ value: Double) -> String {
        // Beyond 2^53 a Double holds no tenths anyway (and Int could not hold ten times it).
        guard value.isFinite, abs(value) < 9.0e15 else { return "–" }
        let tenths = Int((abs(value) * 10).rounded())
        let sign = value < 0 && tenths != 0 ? "-" : ""
        let fraction = tenths % 10
        return fraction == 0 ? "\(sign)\(tenths / 10)" : "\(sign)\(tenths / 10).\(fraction)"
    }
}
