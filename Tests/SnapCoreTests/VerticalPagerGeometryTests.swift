import SnapCore
import Testing

/// A vertical pager's geometry over many seeded component sizes and designs: the panel keeps the design's
/// proportions, fits the width, leaves its neighbours at least the design's share of the height, and one of the two
/// limits is the one that holds.
@Suite struct VerticalPagerGeometryTests {
    @Test(arguments: 1...200)
    func thePanelKeepsItsProportionsWithinBothLimits(seed: UInt64) {
        var rng = SplitMix64(seed: 0x3300 + seed)
        let design = seed % 4 == 0 ? PagerDesign.peekingBanners : PagerDesign(
            componentWidth: Double.random(in: 100...1200, using: &rng), panelWidth: 0, imageHeight: 0, textHeight: 0,
            gap: Double.random(in: 0...40, using: &rng))
        var d = design
        if seed % 4 != 0 {
            d.panelWidth = d.componentWidth * Double.random(in: 0.5...1, using: &rng)
            d.imageHeight = Double.random(in: 50...600, using: &rng)
            d.textHeight = Double.random(in: 0...60, using: &rng)
        }
        if seed % 8 == 2 {   // bounds on the scaled gap and text line, as the demo's design has
            d.maximumGap = Double.random(in: 0...30, using: &rng)
            d.maximumTextHeight = Double.random(in: 0...50, using: &rng)
        }
        let height = Double.random(in: 0...3000, using: &rng), width = Double.random(in: 0...3000, using: &rng)
        let g = PagerGeometry(design: d, componentHeight: height, width: width)
        let tolerance = 1e-9 * max(1, height, width)
        #expect(g.componentWidth == width)
        #expect(g.panelWidth <= width + tolerance, "fits the width")
        #expect(g.panelHeight * d.verticalComponentHeight / (d.imageHeight + d.textHeight) <= height + tolerance,
                "leaves the neighbours their share")
        #expect(abs(g.panelHeight + 2 * g.sideMargin - height) <= tolerance, "margins above and below make the height")
        #expect(abs(g.panelWidth * d.imageHeight - g.imageHeight * d.panelWidth) <= tolerance * 1000,
                "the image keeps the design's proportions")
        #expect(abs(g.textHeight - min(d.textHeight * g.scale, max(d.textHeight, d.maximumTextHeight))) <= tolerance,
                "the text line scales up to its bound")
        #expect(abs(g.gap - min(d.gap * g.scale, max(d.gap, d.maximumGap))) <= tolerance)
        let widthBound = abs(g.panelWidth - width) <= tolerance
        let heightBound = abs(g.panelHeight * d.componentWidth / d.panelWidth - height) <= tolerance * 10
        #expect(widthBound || heightBound, "as large as the limits allow")
    }

    @Test func theDemoDesignInAColumn() {
        // 355 × 268 panels in a 406 px design: a page and its peeks take 268 × 406 / 355 ≈ 306.5 px of height.
        let design = PagerDesign.peekingBanners
        #expect(abs(design.verticalComponentHeight - 268.0 * 406 / 355) < 1e-9)
        let tall = PagerGeometry(design: design, componentHeight: 800, width: 355)
        #expect(tall.scale == 1 && tall.panelWidth == 355 && tall.sideMargin == (800 - 268) / 2, "the width limits")
        let short = PagerGeometry(design: design, componentHeight: design.verticalComponentHeight * 2, width: 2000)
        #expect(abs(short.panelHeight - 536) < 1e-9, "the height limits: twice the design")
        let none = PagerGeometry(design: design, componentHeight: .nan, width: 300)
        #expect(none.panelHeight == 0 && none.scale == 0)
    }
}
