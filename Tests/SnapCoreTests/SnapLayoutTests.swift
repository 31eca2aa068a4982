import Testing
@testable import SnapCore

@Suite struct SnapLayoutTests {
    /// 3 items of 100/200/300 with spacing 10 in a 400 px viewport.
    let variable = SnapLayout(itemWidths: [100, 200, 300], spacing: 10, viewportWidth: 400)

    @Test func variableWidthGeometry() {
        #expect(variable.count == 3)
        #expect(variable.spacing == 10)
        #expect(variable.viewportWidth == 400)
        #expect(variable.leadingInset == 150)
        #expect(variable.trailingInset == 50)
        #expect(variable.contentWidth == 150 + 600 + 20 + 50)
        #expect(variable.maxOffset == 420)
        #expect(variable.itemStart(0) == 150)
        #expect(variable.itemStart(1) == 260)
        #expect(variable.itemStart(2) == 470)
        #expect(variable.itemWidth(2) == 300)
        #expect(variable.restingOffset(0) == 0)
        #expect(variable.restingOffset(1) == 160)
        #expect(variable.restingOffset(2) == 420)
        #expect(variable.restingOffset(-5) == 0)
        #expect(variable.restingOffset(99) == 420)
    }

    struct NearestCase: Sendable, CustomTestStringConvertible {
        var offset: Double
        var index: Int
        var testDescription: String { "offset \(offset) → item \(index)" }
    }

    @Test(arguments: [
        NearestCase(offset: -50, index: 0), NearestCase(offset: 79, index: 0), NearestCase(offset: 80, index: 0),
        NearestCase(offset: 81, index: 1), NearestCase(offset: 290, index: 1), NearestCase(offset: 291, index: 2),
        NearestCase(offset: 1000, index: 2),
    ])
    func nearestIndexWithLowerTieBreak(_ c: NearestCase) {
        #expect(variable.index(nearestTo: c.offset) == c.index)
    }

    @Test func fractionalIndexInterpolatesBetweenRestingPlaces() {
        #expect(variable.fractionalIndex(at: 0) == 0)
        #expect(variable.fractionalIndex(at: 80) == 0.5)
        #expect(variable.fractionalIndex(at: 160) == 1)
        #expect(variable.fractionalIndex(at: 290) == 1.5)
        #expect(variable.fractionalIndex(at: -10) == 0)
        #expect(variable.fractionalIndex(at: 5000) == 2)
        #expect(variable.offset(atFractionalIndex: 1.5) == 290)
        #expect(variable.offset(atFractionalIndex: 7) == 420)
        #expect(variable.offset(atFractionalIndex: -.infinity) == 0)
    }

    @Test func visibleRangeWithOverscan() {
        // At 0 the viewport spans 0..<400: items 0 (150..<250) and 1 (260..<460) intersect.
        #expect(variable.range(visibleAt: 0, overscan: 0) == 0..<2)
        #expect(variable.range(visibleAt: 0, overscan: 1) == 0..<3)
        #expect(variable.range(visibleAt: 420, overscan: 0) == 1..<3)
        // Entirely inside the leading inset: nothing visible, overscan still offers neighbours.
        #expect(SnapLayout(itemWidths: [10], spacing: 0, viewportWidth: 400).range(visibleAt: -400, overscan: 0).isEmpty)
    }

    @Test func itemsSharingARestingPlaceReportTheLowest() {
        // Two zero-width items between two 100 px ones share the resting offset 50.
        let layout = SnapLayout(itemWidths: [100, 0, 0, 100], spacing: 0, viewportWidth: 100)
        #expect((0..<4).map(layout.restingOffset) == [0, 50, 50, 100])
        #expect(layout.index(nearestTo: 60) == 1)
        #expect(layout.index(nearestTo: 40) == 1)
        #expect(layout.index(nearestTo: 75) == 1)
        #expect(layout.index(nearestTo: 76) == 3)
        #expect(layout.fractionalIndex(at: 50) == 1)
        let stacked = SnapLayout(uniformItemWidth: 0, count: 5, spacing: 0, viewportWidth: 100)
        #expect(stacked.index(nearestTo: .infinity) == 0)
        let uniform = SnapLayout(uniformItemWidth: 10, count: 5, spacing: 0, viewportWidth: 100)
        #expect(uniform.index(nearestTo: .infinity) == 4)
        #expect(uniform.index(nearestTo: -.infinity) == 0)
        #expect(uniform.index(nearestTo: .nan) == 0)
    }

    @Test func emptyLayoutIsHarmless() {
        let empty = SnapLayout(itemWidths: [], spacing: 10, viewportWidth: 300)
        #expect(empty.count == 0)
        #expect(empty.contentWidth == 300)
        #expect(empty.maxOffset == 0)
        #expect(empty.index(nearestTo: 50) == 0)
        #expect(empty.fractionalIndex(at: 50) == 0)
        #expect(empty.range(visibleAt: 0, overscan: 3) == 0..<0)
        #expect(empty.restingOffset(0) == 0)
        let emptyUniform = SnapLayout(uniformItemWidth: 50, count: 0, spacing: 4, viewportWidth: 300)
        #expect(emptyUniform.contentWidth == 300)
        #expect(emptyUniform.leadingInset == 0)
    }

    @Test func invalidNumbersAreSanitised() {
        let layout = SnapLayout(itemWidths: [-5, .nan, 100], spacing: -3, viewportWidth: .infinity)
        #expect(layout.itemWidth(0) == 0)
        #expect(layout.itemWidth(1) == 0)
        #expect(layout.spacing == 0)
        #expect(layout.viewportWidth == 0)
    }

    @Test func millionUniformItems() {
        let layout = SnapLayout(uniformItemWidth: 120, count: 1_000_000, spacing: 8, viewportWidth: 800)
        #expect(layout.leadingInset == 340)
        #expect(layout.contentWidth == 340 + 120_000_000 + 7_999_992 + 340)
        #expect(layout.restingOffset(0) == 0)
        #expect(layout.restingOffset(999_999) == layout.maxOffset)
        #expect(layout.restingOffset(500_000) == 64_000_000)
        #expect(layout.index(nearestTo: 64_000_000) == 500_000)
        #expect(layout.index(nearestTo: 64_000_064) == 500_000)  // exact midpoint → lower index
        #expect(layout.index(nearestTo: 64_000_065) == 500_001)
        #expect(layout.index(nearestTo: 1e12) == 999_999)
        #expect(layout.fractionalIndex(at: 64_000_032) == 500_000.25)
        #expect(layout.range(visibleAt: 64_000_000, overscan: 2) == 499_995..<500_006)
        let target = chooseSnapTarget(in: layout, offset: 64_000_010, velocity: 0, startIndex: nil)
        #expect(target == SnapTarget(index: 500_000, offset: 64_000_000))
    }

    @Test(arguments: [false, true])
    func rtlMappingRoundTrips(rtl: Bool) {
        var rng = SplitMix64(seed: rtl ? 11 : 12)
        for _ in 0..<500 {
            let layout = rng.layout()
            let logical = Double.random(in: 0...layout.maxOffset, using: &rng)
            let physical = layout.physicalOffset(fromLogical: logical, rtl: rtl)
            expectClose(layout.logicalOffset(fromPhysical: physical, rtl: rtl), logical, tolerance: 1e-6)
            let i = Int.random(in: 0..<layout.count, using: &rng)
            let left = layout.itemStartPhysical(i, rtl: rtl)
            if rtl {
                // Mirroring: the first item's right edge sits leadingInset from the content's right end.
                expectClose(left + layout.itemWidth(i), layout.contentWidth - layout.itemStart(i), tolerance: 1e-6)
                expectClose(physical, layout.maxOffset - logical, tolerance: 1e-6)
            } else {
                #expect(left == layout.itemStart(i))
                #expect(physical == logical)
            }
        }
    }

    @Test func randomGeometriesKeepTheirInvariants() {
        var rng = SplitMix64(seed: 1)
        for _ in 0..<2000 {
            let layout = rng.layout()
            var previous = -Double.infinity
            for i in 0..<layout.count {
                let rest = layout.restingOffset(i)
                #expect(rest >= 0 && rest <= layout.maxOffset)
                #expect(rest >= previous)
                previous = rest
                #expect(layout.index(nearestTo: rest) <= i)
                #expect(layout.restingOffset(layout.index(nearestTo: rest)) == rest)
            }
            // The first and last item can be centred (unless wider than the viewport, then their centre is reachable).
            let first = layout.itemStart(0) + layout.itemWidth(0) / 2 - layout.viewportWidth / 2
            expectClose(layout.restingOffset(0), max(0, first), tolerance: 1e-6)
            let offset = Double.random(in: -100...(layout.maxOffset + 100), using: &rng)
            let nearest = layout.index(nearestTo: offset)
            let bestDistance = (0..<layout.count).map { abs(layout.restingOffset($0) - offset) }.min()!
            #expect(abs(layout.restingOffset(nearest) - offset) == bestDistance)
            let visible = layout.range(visibleAt: offset, overscan: 0)
            for i in 0..<layout.count {
                let intersects = layout.itemStart(i) < offset + layout.viewportWidth
                    && layout.itemStart(i) + layout.itemWidth(i) > offset
                #expect(visible.contains(i) == intersects, "item \(i) at \(offset)")
            }
            let fraction = layout.fractionalIndex(at: min(max(offset, 0), layout.maxOffset))
            #expect(fraction >= 0 && fraction <= Double(layout.count - 1))
        }
    }

    /// The strip's geometry with a million items (170 M px), placed as the widget places items: each at its start less
    /// the offset, in `Double`, mirrored within the viewport right to left, rounded to a whole pixel only at the end.
    /// Every resting item is centred within half a pixel, the last as well as the first, and its neighbours keep the
    /// pitch exactly; the adjustment's value (the offset from the row's left end) is a whole number of pixels.
    @Test(arguments: [0, 1, 2, 97_999, 98_765, 500_000, 987_654, 999_998, 999_999])
    func aMillionItemsRestCentredWithinHalfAPixelPlacedRelativeToTheOffset(index: Int) {
        let layout = SnapLayout(uniformItemWidth: 100, count: 1_000_000, spacing: 70, viewportWidth: 960)
        for rtl in [false, true] {
            let offset = layout.restingOffset(index)
            let value = layout.physicalOffset(fromLogical: offset, rtl: rtl)
            #expect(value == (rtl ? Double(999_999 - index) : Double(index)) * 170)
            func left(_ i: Int) -> Double {
                let start = layout.itemStart(i) - offset
                return (rtl ? 960 - start - 100 : start).rounded()
            }
            #expect(abs(left(index) + 50 - 480) <= 0.5, "item \(index) rtl \(rtl)")
            if index > 0 { #expect(abs(left(index) - left(index - 1)) == 170) }
        }
    }
}
