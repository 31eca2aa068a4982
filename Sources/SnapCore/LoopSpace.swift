/// Index arithmetic of a looping row: the first item follows the last, endlessly, in both directions.
///
/// A looping row is laid out as a long virtual row of `cycles` copies of the `count` real items (virtual item v
/// shows real item v mod count), and the controller runs on it unchanged: every rule (wheel steps, flings, drags,
/// pages, springs) just works across the seam because there is no seam in virtual space. The widget starts in the
/// middle copy and, whenever the row is at rest far from the middle, moves back to the same real item in the middle
/// copy (`recentred`), which looks identical; with ~10⁹ virtual items the ends are out of reach between two rests.
public struct LoopSpace: Sendable, Equatable {
    /// Default size of the virtual row (items), about a billion: far beyond any gesture, small enough that offsets
    /// stay exact in `Double` (a 2,000 px page makes 2·10¹² px, where a double's step is 1/4096 px).
    public static let defaultVirtualCount = 1 << 30

    /// Number of real items.
    public let count: Int
    /// Copies of the real items in the virtual row (odd, so there is one middle copy).
    public let cycles: Int

    /// A loop over `count` items whose virtual row holds about `virtualCount` items (at least one copy).
    public init(count: Int, virtualCount: Int = LoopSpace.defaultVirtualCount) {
        self.count = max(0, count)
        guard self.count > 0 else {
            cycles = 1
            return
        }
        let copies = max(1, max(0, virtualCount) / self.count)
        cycles = copies % 2 == 1 ? copies : max(1, copies - 1)
    }

    /// Items in the virtual row.
    public var virtualCount: Int { count * cycles }

    /// First virtual index of the middle copy.
    public var middleStart: Int { (cycles / 2) * count }

    /// The real item virtual index `virtual` shows (0 for an empty row).
    @inline(__always)
    public func realIndex(_ virtual: Int) -> Int {
        guard count > 0 else { return 0 }
        let r = virtual % count
        return r < 0 ? r + count : r
    }

    /// Real item `real` (clamped to 0..<count) in the middle copy: where a loop starts.
    public func virtualIndex(middleOf real: Int) -> Int {
        guard count > 0 else { return 0 }
        return middleStart + min(max(real, 0), count - 1)
    }

    /// The copy of real item `real` (clamped) nearest to virtual index `virtual`: the shortest way there, forward on
    /// a tie (a programmatic move or a page dot never goes the long way round).
    public func virtualIndex(nearestCopyOf real: Int, to virtual: Int) -> Int {
        guard count > 0 else { return 0 }
        let real = min(max(real, 0), count - 1)
        var forward = real - realIndex(virtual)
        if forward < 0 { forward += count }
        let backward = count - forward
        let candidate = forward <= backward ? virtual + forward : virtual - backward
        return min(max(candidate, 0), virtualCount - 1)
    }

    /// The first item of the copy holding `virtual` (Home in a loop: back to item 0 of this round).
    public func firstOfCycle(containing virtual: Int) -> Int {
        virtual - realIndex(virtual)
    }

    /// The last item of the copy holding `virtual` (End in a loop: on to the last item of this round).
    public func lastOfCycle(containing virtual: Int) -> Int {
        firstOfCycle(containing: virtual) + max(0, count - 1)
    }

    /// The same real item in the middle copy, when `virtual` has wandered more than a quarter of the copies away from
    /// it; nil while it is close enough (moving back then would only cost a re-layout).
    public func recentred(_ virtual: Int) -> Int? {
        guard count > 0 else { return nil }
        let middle = middleStart + realIndex(virtual)
        let copiesAway = abs(virtual - middle) / count
        return copiesAway > cycles / 4 ? middle : nil
    }

    /// A fractional virtual position (2.5 = halfway between items 2 and 3) as a real position in 0..<count: past the
    /// last item it runs on toward `count`, which is item 0 again (count − 0.5 is halfway from the last to the first).
    public func realPosition(_ position: Double) -> Double {
        guard count > 0, position.isFinite else { return 0 }
        let n = Double(count)
        let r = position - (position / n).rounded(.down) * n
        return r >= n ? 0 : max(0, r)
    }
}
