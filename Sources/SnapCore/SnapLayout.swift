/// Geometry of a row of items with spacing and insets so first and last item can reach their resting place.
///
/// A resting place is the offset that puts an item's centre at the viewport's centre. The insets
/// before the first and after the last item exist so that those two can be centred as well.
/// All positions are logical (left-to-right); `physicalOffset(fromLogical:rtl:)` mirrors them.
public struct SnapLayout: Sendable, Equatable {
    /// How item widths are stored: one shared width (constant memory) or per-item widths.
    enum Storage: Sendable, Equatable {
        /// Every item has this width.
        case uniform(width: Double)
        /// Per-item geometry, precomputed so every lookup is a table read.
        case variable(VariableItems)
        /// One round of per-item widths repeated end to end (a looping row); memory for one round only.
        case repeating(RepeatingItems)
    }

    /// One round of a looping row's per-item geometry, repeated: item `i` is item `i mod n` of the round, and starts
    /// `(i / n)` periods after it. Every round is the same, so the seam between two rounds is exactly one spacing,
    /// and a move by one period shows the same items in the same places.
    struct RepeatingItems: Sendable, Equatable {
        /// The round's item widths.
        var widths: [Double]
        /// Leading edge of each item from the start of its round (the first at 0).
        var starts: [Double]
        /// Length of one round: its widths and one spacing after each item (the seam's included).
        var period: Double

        /// Offset of item `i` from the first item's leading edge.
        @inline(__always)
        func start(_ i: Int) -> Double {
            let n = widths.count
            return Double(i / n) * period + starts[i % n]
        }
    }

    /// Precomputed per-item geometry of a variable-width row.
    struct VariableItems: Sendable, Equatable {
        /// Item widths.
        var widths: [Double]
        /// Leading edges in content coordinates.
        var starts: [Double]
        /// Resting offsets (non-decreasing).
        var resting: [Double]
        /// Every `sampleStride`-th resting offset: a small index (125 KB for a million items) that stays in cache, so a
        /// lookup touches only a few cache lines of the big table instead of one per bisection step.
        var samples: [Double]

        /// Items per sample; 64 doubles are 8 cache lines, searched after the sample index narrows the range.
        static let sampleStride = 64

        /// First index whose resting offset is ≥ `offset` (count when none): bisect the samples, then one block.
        func firstIndex(restingAtOrAfter offset: Double) -> Int {
            var low = 0
            var high = samples.count
            while low < high {
                let mid = (low + high) / 2
                if samples[mid] >= offset { high = mid } else { low = mid + 1 }
            }
            // samples[low − 1] < offset ≤ samples[low]: the answer is in the block between them.
            var first = low == 0 ? 0 : (low - 1) * Self.sampleStride + 1
            var end = low == samples.count ? resting.count : low * Self.sampleStride
            while first < end {
                let mid = (first + end) / 2
                if resting[mid] >= offset { end = mid } else { first = mid + 1 }
            }
            return first
        }
    }

    let storage: Storage

    /// Number of items in the row.
    public let count: Int
    /// Gap between neighbouring items in pixels.
    public let spacing: Double
    /// Width of the visible area in pixels.
    public let viewportWidth: Double
    /// Space before the first item so it can be centred: max(0, viewport/2 − firstWidth/2).
    public let leadingInset: Double
    /// Space after the last item so it can be centred: max(0, viewport/2 − lastWidth/2).
    public let trailingInset: Double
    /// Total scrollable width: insets, item widths and spacings (the viewport width when empty).
    public let contentWidth: Double
    /// Largest valid offset: max(0, contentWidth − viewportWidth).
    public let maxOffset: Double

    /// A layout of items with individual widths; lookups are O(log n) over precomputed edges.
    /// Negative or non-finite widths are treated as 0 so the geometry stays monotone.
    public init(itemWidths: [Double], spacing: Double, viewportWidth: Double) {
        let widths = itemWidths.map { $0.isFinite ? max(0, $0) : 0 }
        let spacing = SnapLayout.sanitized(spacing)
        let viewportWidth = SnapLayout.sanitized(viewportWidth)
        let leading = widths.first.map { max(0, viewportWidth / 2 - $0 / 2) } ?? 0
        let trailing = widths.last.map { max(0, viewportWidth / 2 - $0 / 2) } ?? 0
        var starts: [Double] = []
        starts.reserveCapacity(widths.count)
        var edge = leading
        for width in widths {
            starts.append(edge)
            edge += width + spacing
        }
        let itemsEnd = widths.isEmpty ? leading : edge - spacing
        let contentWidth = widths.isEmpty ? viewportWidth : itemsEnd + trailing
        let maxOffset = max(0, contentWidth - viewportWidth)
        let resting = widths.indices.map { min(max(starts[$0] + widths[$0] / 2 - viewportWidth / 2, 0), maxOffset) }
        let samples = stride(from: 0, to: resting.count, by: VariableItems.sampleStride).map { resting[$0] }
        self.init(
            storage: .variable(VariableItems(widths: widths, starts: starts, resting: resting, samples: samples)),
            count: widths.count, spacing: spacing, viewportWidth: viewportWidth, leadingInset: leading,
            trailingInset: trailing, contentWidth: contentWidth)
    }

    /// A looping row's layout: `rounds` copies of `itemWidths` end to end, the first item of a round following the last
    /// of the one before at the usual spacing. Memory and set-up are those of one round; lookups are O(log count).
    /// Widths are sanitised as in ``init(itemWidths:spacing:viewportWidth:)``, which gives the same geometry for the
    /// widths written out `rounds` times (up to rounding, and exactly when widths and spacing are whole pixels).
    ///
    /// ```swift
    /// // Three titles that wrap around: virtual item 3 is title 0 again, one period (their widths + 3 gaps) on.
    /// let row = SnapLayout(repeating: [80, 120, 95], rounds: 1_001, spacing: 8, viewportWidth: 360)
    /// row.itemStart(3) - row.itemStart(0)   // 80 + 120 + 95 + 3 · 8 = 319
    /// ```
    /// - Parameters:
    ///   - itemWidths: one round of item widths; an empty list makes an empty row.
    ///   - rounds: how many times the round repeats (0 or less: an empty row).
    ///   - spacing: the gap between neighbouring items, also between the last item of a round and the next first.
    ///   - viewportWidth: the width of the visible area.
    public init(repeating itemWidths: [Double], rounds: Int, spacing: Double, viewportWidth: Double) {
        let widths = itemWidths.map { $0.isFinite ? max(0, $0) : 0 }
        let spacing = SnapLayout.sanitized(spacing)
        let viewportWidth = SnapLayout.sanitized(viewportWidth)
        let rounds = widths.isEmpty ? 0 : max(0, rounds)
        let round = rounds == 0 ? [] : widths
        var starts: [Double] = []
        starts.reserveCapacity(round.count)
        var edge = 0.0
        for width in round {
            starts.append(edge)
            edge += width + spacing
        }
        let period = edge
        let count = round.count * rounds
        let leading = round.first.map { max(0, viewportWidth / 2 - $0 / 2) } ?? 0
        let trailing = round.last.map { max(0, viewportWidth / 2 - $0 / 2) } ?? 0
        let contentWidth = count == 0 ? viewportWidth : leading + Double(rounds) * period - spacing + trailing
        self.init(
            storage: .repeating(RepeatingItems(widths: round, starts: starts, period: period)),
            count: count, spacing: spacing, viewportWidth: viewportWidth, leadingInset: leading,
            trailingInset: trailing, contentWidth: contentWidth)
    }

    /// A layout of `count` items sharing one width; constant memory and O(1) lookups, so a million items cost nothing.
    public init(uniformItemWidth: Double, count: Int, spacing: Double, viewportWidth: Double) {
        let width = SnapLayout.sanitized(uniformItemWidth)
        let count = max(0, count)
        let spacing = SnapLayout.sanitized(spacing)
        let viewportWidth = SnapLayout.sanitized(viewportWidth)
        let inset = count > 0 ? max(0, viewportWidth / 2 - width / 2) : 0
        let items = Double(count) * width + Double(max(0, count - 1)) * spacing
        self.init(
            storage: .uniform(width: width), count: count, spacing: spacing, viewportWidth: viewportWidth,
            leadingInset: inset, trailingInset: inset,
            contentWidth: count > 0 ? inset + items + inset : viewportWidth)
    }

    private init(
        storage: Storage, count: Int, spacing: Double, viewportWidth: Double,
        leadingInset: Double, trailingInset: Double, contentWidth: Double
    ) {
        self.storage = storage
        self.count = count
        self.spacing = spacing
        self.viewportWidth = viewportWidth
        self.leadingInset = leadingInset
        self.trailingInset = trailingInset
        self.contentWidth = contentWidth
        self.maxOffset = max(0, contentWidth - viewportWidth)
    }

    /// Geometry must stay finite and non-negative, otherwise every ordering argument below breaks.
    private static func sanitized(_ value: Double) -> Double {
        value.isFinite ? max(0, value) : 0
    }

    // MARK: - Items

    /// Width of item `i` (0 ≤ i < count).
    public func itemWidth(_ i: Int) -> Double {
        precondition(i >= 0 && i < count, "item index out of range")
        return uncheckedWidth(i)
    }

    /// Leading edge of item `i` in content coordinates (the leading inset included).
    public func itemStart(_ i: Int) -> Double {
        precondition(i >= 0 && i < count, "item index out of range")
        return uncheckedStart(i)
    }

    @inline(__always)
    private func uncheckedWidth(_ i: Int) -> Double {
        switch storage {
        case .uniform(let width): return width
        case .variable(let items): return items.widths[i]
        case .repeating(let items): return items.widths[i % items.widths.count]
        }
    }

    @inline(__always)
    private func uncheckedStart(_ i: Int) -> Double {
        switch storage {
        case .uniform(let width): return leadingInset + Double(i) * (width + spacing)
        case .variable(let items): return items.starts[i]
        case .repeating(let items): return leadingInset + items.start(i)
        }
    }

    // MARK: - Resting places

    /// Offset that centres item `i` in the viewport, clamped to 0...maxOffset.
    /// Out-of-range indices are clamped to the nearest item; an empty layout rests at 0.
    public func restingOffset(_ i: Int) -> Double {
        guard count > 0 else { return 0 }
        return uncheckedResting(min(max(i, 0), count - 1))
    }

    @inline(__always)
    private func uncheckedResting(_ i: Int) -> Double {
        switch storage {
        case .uniform(let width):
            let centre = leadingInset + Double(i) * (width + spacing) + width / 2
            return min(max(centre - viewportWidth / 2, 0), maxOffset)
        case .variable(let items):
            return items.resting[i]
        case .repeating(let items):
            let centre = leadingInset + items.start(i) + items.widths[i % items.widths.count] / 2
            return min(max(centre - viewportWidth / 2, 0), maxOffset)
        }
    }

    /// First index whose resting offset is ≥ `offset` (count when none). Resting offsets never decrease,
    /// so this is a partition point: arithmetic guess plus a local fix for uniform rows, bisection otherwise.
    func firstIndex(restingAtOrAfter offset: Double) -> Int {
        if case .variable(let items) = storage { return items.firstIndex(restingAtOrAfter: offset) }
        return firstIndex(guess: uniformGuess(forResting: offset)) { uncheckedResting($0) >= offset }
    }

    /// First index whose resting offset is > `offset` (count when none).
    func firstIndex(restingAfter offset: Double) -> Int {
        firstIndex(guess: uniformGuess(forResting: offset)) { uncheckedResting($0) > offset }
    }

    /// For uniform rows the resting offset of `i` is `i·pitch + first`, so the partition point can be computed directly.
    private func uniformGuess(forResting offset: Double) -> Int? {
        guard case .uniform(let width) = storage else { return nil }
        let pitch = width + spacing
        guard pitch > 0, offset.isFinite else { return nil }
        let position = (offset - uncheckedResting(0)) / pitch
        if position <= 0 { return 0 }
        if position >= Double(count) { return count }
        return Int(position.rounded(.up))
    }

    /// Partition point of a monotone predicate over 0..<count. With a guess, walks from it
    /// (one or two steps absorb rounding); without one, bisects.
    @inline(__always)
    private func firstIndex(guess: Int?, where isPast: (Int) -> Bool) -> Int {
        if let guess {
            var i = guess
            while i > 0 && isPast(i - 1) { i -= 1 }
            while i < count && !isPast(i) { i += 1 }
            return i
        }
        var low = 0
        var high = count
        while low < high {
            let mid = low + (high - low) / 2
            if isPast(mid) { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The item whose resting offset is nearest to `offset`; ties go to the lower index. O(log n), O(1) when uniform.
    /// An empty layout answers 0.
    public func index(nearestTo offset: Double) -> Int {
        guard count > 0 else { return 0 }
        if case .uniform(let width) = storage {
            return uniformIndex(nearestTo: offset, pitch: width + spacing)
        }
        let above = firstIndex(restingAtOrAfter: offset)
        if above == 0 { return 0 }
        let below = uncheckedResting(above - 1)
        if above == count || offset - below <= uncheckedResting(above) - offset {
            // Several items may share one (clamped) resting offset: report the lowest of them.
            if above >= 2 && uncheckedResting(above - 2) == below { return firstIndex(restingAtOrAfter: below) }
            return above - 1
        }
        return above
    }

    /// Uniform rows rest at `first + i·pitch`: round, then let exact distances to the neighbours settle rounding
    /// and ties (toward the lower index).
    @inline(__always)
    private func uniformIndex(nearestTo offset: Double, pitch: Double) -> Int {
        // A zero pitch stacks every resting place on the first one, and the lowest index wins ties.
        guard pitch > 0 else { return 0 }
        guard offset.isFinite else { return offset == .infinity ? count - 1 : 0 }
        let position = ((offset - uncheckedResting(0)) / pitch).rounded()
        var i = position <= 0 ? 0 : (position >= Double(count - 1) ? count - 1 : Int(position))
        while i > 0 && offset - uncheckedResting(i - 1) <= uncheckedResting(i) - offset { i -= 1 }
        while i < count - 1 && uncheckedResting(i + 1) - offset < offset - uncheckedResting(i) { i += 1 }
        return i
    }

    /// Continuous position between resting places: 2.5 is halfway between the resting offsets of items 2 and 3.
    /// Clamped to 0...count−1; used for page dots and live labels.
    public func fractionalIndex(at offset: Double) -> Double {
        guard count > 1 else { return 0 }
        let above = firstIndex(restingAtOrAfter: offset)
        if above == 0 { return 0 }
        if above == count { return Double(count - 1) }
        let low = uncheckedResting(above - 1)
        let high = uncheckedResting(above)
        guard high > low else { return Double(above) }
        return Double(above - 1) + (offset - low) / (high - low)
    }

    /// Inverse of `fractionalIndex(at:)`: the offset at a continuous position between resting places.
    /// Used to keep the content visually in place when the geometry changes mid-gesture.
    public func offset(atFractionalIndex position: Double) -> Double {
        guard count > 1, position.isFinite else { return restingOffset(0) }
        let clamped = min(max(position, 0), Double(count - 1))
        let lower = Int(clamped.rounded(.down))
        if lower >= count - 1 { return uncheckedResting(count - 1) }
        let fraction = clamped - Double(lower)
        let low = uncheckedResting(lower)
        return low + fraction * (uncheckedResting(lower + 1) - low)
    }

    // MARK: - Visibility

    /// Items intersecting the viewport at `offset`, widened by `overscan` items on each side and clamped to 0..<count.
    /// The GTK layer recycles item widgets outside this range.
    public func range(visibleAt offset: Double, overscan: Int) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let left = offset
        let right = offset + viewportWidth
        let guessFirst: Int?
        let guessEnd: Int?
        if case .uniform(let width) = storage, width + spacing > 0, left.isFinite, right.isFinite {
            let pitch = width + spacing
            guessFirst = Self.clampedIndex((left - leadingInset - width) / pitch, count: count)
            guessEnd = Self.clampedIndex((right - leadingInset) / pitch, count: count)
        } else {
            guessFirst = nil
            guessEnd = nil
        }
        // First item whose trailing edge is past the left edge; first item starting at or beyond the right edge.
        let first = firstIndex(guess: guessFirst) { uncheckedStart($0) + uncheckedWidth($0) > left }
        let end = firstIndex(guess: guessEnd) { uncheckedStart($0) >= right }
        let overscan = max(0, overscan)
        let lower = max(0, first - overscan)
        let upper = min(count, max(end, first) + overscan)
        return lower..<max(lower, upper)
    }

    private static func clampedIndex(_ position: Double, count: Int) -> Int {
        if position <= 0 { return 0 }
        if position >= Double(count) { return count }
        return Int(position.rounded(.up))
    }

    // MARK: - Right-to-left

    /// Maps a logical offset to the adjustment value shown on screen: mirrored (maxOffset − logical) when right-to-left.
    public func physicalOffset(fromLogical logical: Double, rtl: Bool) -> Double {
        rtl ? maxOffset - logical : logical
    }

    /// Maps an adjustment value back to a logical offset; the mirror is its own inverse.
    public func logicalOffset(fromPhysical physical: Double, rtl: Bool) -> Double {
        rtl ? maxOffset - physical : physical
    }

    /// Left edge of item `i` in content coordinates as drawn: contentWidth − start − width when right-to-left.
    public func itemStartPhysical(_ i: Int, rtl: Bool) -> Double {
        let start = itemStart(i)
        return rtl ? contentWidth - start - uncheckedWidth(i) : start
    }
}
