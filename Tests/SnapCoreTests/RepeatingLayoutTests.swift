import Testing
@testable import SnapCore

/// A looping row with items of their own widths (`SnapLayout(repeating:rounds:)`), over many seeded width lists:
/// it is the same row as the widths written out round after round, every round sits exactly one period after the
/// one before (the seam is one spacing), a jump back by whole rounds places every item on the same pixel, and the
/// controller crosses the seam both ways with the usual rules.
@Suite struct RepeatingLayoutTests {
    /// One round of whole-pixel widths (so every sum is exact in `Double`): sometimes zero wide, sometimes wider than
    /// the viewport, one item or many; whole or half-pixel spacing and viewport.
    struct Case: CustomStringConvertible {
        let widths: [Double]
        let spacing: Double
        let viewport: Double

        init(_ rng: inout SplitMix64, maxCount: Int = 12, whole: Bool = true) {
            let count = Int.random(in: 1...maxCount, using: &rng)
            widths = (0..<count).map { _ in
                switch Int.random(in: 0..<10, using: &rng) {
                case 0: return 0
                case 1: return Double(Int.random(in: 900...1600, using: &rng))
                default:
                    let width = Double.random(in: 20...400, using: &rng)
                    return whole ? width.rounded() : width
                }
            }
            spacing = whole ? Double(Int.random(in: 0...40, using: &rng)) / 2 : Double.random(in: 0...30, using: &rng)
            viewport = whole ? Double(Int.random(in: 200...2400, using: &rng)) / 2 : Double.random(in: 100...1200, using: &rng)
        }

        var period: Double { widths.reduce(0, +) + Double(widths.count) * spacing }
        var description: String { "widths \(widths), spacing \(spacing), viewport \(viewport)" }
    }

    /// Every query a widget makes, at `offset`, on both layouts.
    private func expectSameAnswers(
        _ a: SnapLayout, _ b: SnapLayout, at offset: Double, _ context: Case,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(a.index(nearestTo: offset) == b.index(nearestTo: offset), "\(context) at \(offset)", sourceLocation: sourceLocation)
        #expect(a.fractionalIndex(at: offset) == b.fractionalIndex(at: offset), "\(context) at \(offset)", sourceLocation: sourceLocation)
        #expect(a.range(visibleAt: offset, overscan: 1) == b.range(visibleAt: offset, overscan: 1),
                "\(context) at \(offset)", sourceLocation: sourceLocation)
    }

    @Test func theSameRowAsTheWidthsWrittenOut() {
        var rng = SplitMix64(seed: 0x100B)
        for _ in 0..<400 {
            let c = Case(&rng)
            let rounds = Int.random(in: 1...7, using: &rng)
            let looped = SnapLayout(repeating: c.widths, rounds: rounds, spacing: c.spacing, viewportWidth: c.viewport)
            let written = SnapLayout(
                itemWidths: Array((0..<rounds).map { _ in c.widths }.joined()), spacing: c.spacing, viewportWidth: c.viewport)
            #expect(looped.count == written.count)
            #expect(looped.leadingInset == written.leadingInset && looped.trailingInset == written.trailingInset, "\(c)")
            #expect(looped.contentWidth == written.contentWidth, "\(c)")
            #expect(looped.maxOffset == written.maxOffset, "\(c)")
            for i in 0..<looped.count {
                #expect(looped.itemWidth(i) == written.itemWidth(i))
                #expect(looped.itemStart(i) == written.itemStart(i), "\(c) item \(i)")
                #expect(looped.restingOffset(i) == written.restingOffset(i), "\(c) item \(i)")
                for rtl in [false, true] {
                    #expect(looped.itemStartPhysical(i, rtl: rtl) == written.itemStartPhysical(i, rtl: rtl))
                }
                // At every resting place, halfway to the next and just either side of it.
                let rest = written.restingOffset(i)
                let next = written.restingOffset(min(i + 1, written.count - 1))
                for offset in [rest, rest - 0.25, rest + 0.25, (rest + next) / 2] {
                    expectSameAnswers(looped, written, at: offset, c)
                }
                #expect(looped.offset(atFractionalIndex: Double(i) + 0.3) == written.offset(atFractionalIndex: Double(i) + 0.3))
            }
            for _ in 0..<20 {
                expectSameAnswers(looped, written, at: Double.random(in: -50...(written.maxOffset + 50), using: &rng), c)
            }
        }
    }

    @Test func fractionalWidthsAgreeWithinRounding() {
        var rng = SplitMix64(seed: 0x100C)
        for _ in 0..<200 {
            let c = Case(&rng, whole: false)
            let rounds = Int.random(in: 1...9, using: &rng)
            let looped = SnapLayout(repeating: c.widths, rounds: rounds, spacing: c.spacing, viewportWidth: c.viewport)
            let written = SnapLayout(
                itemWidths: Array((0..<rounds).map { _ in c.widths }.joined()), spacing: c.spacing, viewportWidth: c.viewport)
            expectClose(looped.contentWidth, written.contentWidth, tolerance: 1e-9, "\(c)")
            for i in 0..<looped.count {
                expectClose(looped.itemStart(i), written.itemStart(i), tolerance: 1e-9, "\(c) item \(i)")
                expectClose(looped.restingOffset(i), written.restingOffset(i), tolerance: 1e-9, "\(c) item \(i)")
                #expect(looped.index(nearestTo: looped.restingOffset(i)) == written.index(nearestTo: written.restingOffset(i)))
            }
        }
    }

    /// The virtual row of a real loop (about 2^30 items): anywhere along it, item v + n is item v one period on, the
    /// last item of a round is followed by the next round's first after exactly one spacing, and the lookups see
    /// the same row shifted.
    @Test func everyRoundIsTheSameOnePeriodOn() {
        var rng = SplitMix64(seed: 0x100D)
        for _ in 0..<300 {
            let c = Case(&rng, maxCount: 40)
            let n = c.widths.count
            let loop = LoopSpace(count: n)
            let row = SnapLayout(repeating: c.widths, rounds: loop.cycles, spacing: c.spacing, viewportWidth: c.viewport)
            #expect(row.count == loop.virtualCount)
            // Far from both ends, where the insets' clamping plays no part.
            let v = Int.random(in: n..<(row.count - 3 * n), using: &rng)
            let rounds = Int.random(in: 1...2, using: &rng)
            let w = v + rounds * n
            let shift = Double(rounds) * c.period
            #expect(row.itemStart(w) - row.itemStart(v) == shift, "\(c) v \(v)")
            #expect(row.restingOffset(w) - row.restingOffset(v) == shift, "\(c) v \(v)")
            #expect(row.itemWidth(w) == c.widths[loop.realIndex(v)])
            let last = loop.lastOfCycle(containing: v)
            #expect(row.itemStart(last + 1) - (row.itemStart(last) + row.itemWidth(last)) == c.spacing, "the seam: \(c)")
            #expect(loop.realIndex(last + 1) == 0)
            let rest = row.restingOffset(v)
            let nearest = row.index(nearestTo: rest)
            #expect(row.restingOffset(nearest) == rest)
            #expect(row.index(nearestTo: rest + shift) == nearest + rounds * n)
            #expect(row.fractionalIndex(at: rest + 0.5 + shift) == row.fractionalIndex(at: rest + 0.5) + Double(rounds * n))
            let visible = row.range(visibleAt: rest, overscan: 2)
            let shifted = row.range(visibleAt: rest + shift, overscan: 2)
            #expect(shifted.lowerBound == visible.lowerBound + rounds * n && shifted.count == visible.count, "\(c) v \(v)")
        }
    }

    /// At rest far from the middle, the widget jumps back whole rounds to the same item (`LoopSpace.recentred`). It
    /// places each item at its start less the offset (in `Double`, rounded to a whole pixel at the end, mirrored
    /// within the viewport right to left): the jump moves both by the same rounds, so every visible item keeps its
    /// place, exactly for whole-pixel widths and to the rounding of offsets up to 10¹¹ px for fractional ones, and
    /// rounds to the same screen pixel.
    @Test func theJumpBackToTheMiddleRoundDoesNotShow() {
        var rng = SplitMix64(seed: 0x100E)
        for index in 0..<300 {
            let whole = index % 2 == 0
            let c = Case(&rng, maxCount: 30, whole: whole)
            let n = c.widths.count
            let loop = LoopSpace(count: n)
            let row = SnapLayout(repeating: c.widths, rounds: loop.cycles, spacing: c.spacing, viewportWidth: c.viewport)
            let real = Int.random(in: 0..<n, using: &rng)
            let middle = loop.virtualIndex(middleOf: real)
            let far = middle + n * (loop.cycles / 4 + Int.random(in: 1...(loop.cycles / 5), using: &rng)) * (index % 4 < 2 ? 1 : -1)
            #expect(loop.recentred(far) == middle)
            let tolerance = whole ? 0 : 1e-3
            for rtl in [false, true] {
                /// Where each visible item's leading pixel is, relative to the viewport's left edge, before rounding.
                func placed(restingOn v: Int) -> [Double] {
                    let offset = row.restingOffset(v)
                    return row.range(visibleAt: offset, overscan: 1).map {
                        let start = row.itemStart($0) - offset
                        return rtl ? c.viewport - start - row.itemWidth($0) : start
                    }
                }
                let before = placed(restingOn: far)
                let after = placed(restingOn: middle)
                #expect(before.count == after.count && !before.isEmpty, "\(c)")
                for (x, y) in zip(before, after) {
                    #expect(abs(x - y) <= tolerance, "\(c) rtl \(rtl): \(x) vs \(y)")
                    #expect(x.rounded() == y.rounded(), "the same pixel: \(c) rtl \(rtl)")
                }
            }
        }
    }

    /// The controller on a real loop's row: one wheel notch from the last item lands on the first (the next round),
    /// one back from the first on the last, each exactly at its resting place; a whole round of notches comes back to
    /// the same item one period on; a fling across the seam rests on a resting place.
    @Test(arguments: [0x100F, 0x1010, 0x1011, 0x1012, 0x1013, 0x1014] as [UInt64])
    func theControllerCrossesTheSeamBothWays(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<20 {
            let c = Case(&rng, maxCount: 8)
            let n = c.widths.count
            let loop = LoopSpace(count: n)
            let row = SnapLayout(repeating: c.widths, rounds: loop.cycles, spacing: c.spacing, viewportWidth: c.viewport)
            let lastItem = loop.virtualIndex(middleOf: n - 1)
            var controller = SnapController(layout: row, initialIndex: lastItem)
            #expect(controller.offset == row.restingOffset(lastItem))
            var time = 0.0
            controller.wheel(notches: 1, time: time)
            time = runUntilIdle(&controller, from: time)
            #expect(controller.currentIndex == lastItem + 1 && loop.realIndex(controller.currentIndex) == 0, "\(c)")
            #expect(controller.offset == row.restingOffset(lastItem + 1), "\(c)")
            #expect(settledEvents(controller.drainEvents()).map(\.index) == [lastItem + 1])
            controller.wheel(notches: -1, time: time + 500)
            time = runUntilIdle(&controller, from: time + 500)
            #expect(controller.currentIndex == lastItem && controller.offset == row.restingOffset(lastItem), "\(c)")
            _ = controller.drainEvents()
            // A round of notches, one at a time: the same item, one period on.
            let start = controller.offset
            for _ in 0..<n {
                controller.wheel(notches: 1, time: time + 500)
                time = runUntilIdle(&controller, from: time + 500)
            }
            #expect(controller.currentIndex == lastItem + n, "\(c)")
            #expect(controller.offset - start == c.period, "\(c)")
            // A fast drag backwards across the seam: it comes to rest on some item's resting place.
            controller.dragBegan(time: time + 500)
            for step in 1...6 {
                controller.dragChanged(translation: Double(step) * 60, time: time + 500 + Double(step) * frame)
            }
            controller.dragEnded(time: time + 500 + 6 * frame)
            runUntilIdle(&controller, from: time + 500 + 6 * frame)
            #expect(controller.offset == row.restingOffset(controller.currentIndex), "\(c)")
            #expect(controller.currentIndex < lastItem + n, "a drag to the right moves back: \(c)")
        }
    }
}
