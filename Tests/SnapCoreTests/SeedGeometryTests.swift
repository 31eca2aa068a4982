import Testing
@testable import SnapCore

@Suite struct CenteringLayoutTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var child: Double
        var viewport: Double
        var rtl: Bool
        var expected: CenteringLayout
        var testDescription: String { "child \(child) in \(viewport)\(rtl ? " RTL" : "")" }
    }

    @Test(arguments: [
        Case(child: 200, viewport: 500, rtl: false,
            expected: CenteringLayout(mode: .centered, childX: 150, contentWidth: 500, initialOffset: 0)),
        Case(child: 200, viewport: 500, rtl: true,
            expected: CenteringLayout(mode: .centered, childX: 150, contentWidth: 500, initialOffset: 0)),
        Case(child: 500, viewport: 500, rtl: false,
            expected: CenteringLayout(mode: .centered, childX: 0, contentWidth: 500, initialOffset: 0)),
        Case(child: 800, viewport: 500, rtl: false,
            expected: CenteringLayout(mode: .scrolling, childX: 0, contentWidth: 800, initialOffset: 0)),
        Case(child: 800, viewport: 500, rtl: true,
            expected: CenteringLayout(mode: .scrolling, childX: 0, contentWidth: 800, initialOffset: 300)),
    ])
    func placesTheChild(_ c: Case) {
        #expect(CenteringLayout.place(childWidth: c.child, viewportWidth: c.viewport, rtl: c.rtl) == c.expected)
    }

    @Test func modeNamesAreStable() {
        #expect(CenteringLayout.Mode.centered.rawValue == "centered")
        #expect(CenteringLayout.Mode.scrolling.rawValue == "scrolling")
    }
}

@Suite struct UnderlineGeometryTests {
    typealias Segment = UnderlineGeometry.Segment

    @Test func equalSegmentsSplitTheWidth() {
        #expect(UnderlineGeometry.equalSegments(count: 4, totalWidth: 400) == [
            Segment(x: 0, width: 100), Segment(x: 100, width: 100), Segment(x: 200, width: 100), Segment(x: 300, width: 100),
        ])
        #expect(UnderlineGeometry.equalSegments(count: 0, totalWidth: 400).isEmpty)
    }

    @Test func fittedSegmentsPadTheirContent() {
        #expect(UnderlineGeometry.fittedSegments(contentWidths: [40, 100, 60], padding: 10) == [
            Segment(x: 0, width: 60), Segment(x: 60, width: 120), Segment(x: 180, width: 80),
        ])
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var selection: Double
        var expected: Segment
        var testDescription: String { "selection \(selection)" }
    }

    @Test(arguments: [
        Case(selection: 0, expected: Segment(x: 0, width: 60)),
        Case(selection: 0.5, expected: Segment(x: 30, width: 90)),
        Case(selection: 1.25, expected: Segment(x: 90, width: 110)),
        Case(selection: 2, expected: Segment(x: 180, width: 80)),
        Case(selection: -3, expected: Segment(x: 0, width: 60)),
        Case(selection: 9, expected: Segment(x: 180, width: 80)),
        Case(selection: .nan, expected: Segment(x: 0, width: 60)),
    ])
    func fittedUnderlineInterpolates(_ c: Case) {
        let geometry = UnderlineGeometry(
            segments: UnderlineGeometry.fittedSegments(contentWidths: [40, 100, 60], padding: 10))
        #expect(geometry.underline(at: c.selection) == c.expected)
    }

    @Test func equalUnderlineSlidesAtConstantWidth() {
        let geometry = UnderlineGeometry(segments: UnderlineGeometry.equalSegments(count: 3, totalWidth: 300))
        #expect(geometry.underline(at: 1.5) == Segment(x: 150, width: 100))
        #expect(UnderlineGeometry(segments: []).underline(at: 1) == Segment(x: 0, width: 0))
    }

    @Test(arguments: [(-1.0, nil), (0.0, 0), (59.9, 0), (60.0, 1), (259.9, 2), (260.0, nil)] as [(Double, Int?)])
    func hitTest(x: Double, expected: Int?) {
        let geometry = UnderlineGeometry(
            segments: UnderlineGeometry.fittedSegments(contentWidths: [40, 100, 60], padding: 10))
        #expect(geometry.segment(atX: x) == expected)
    }
}

@Suite struct PagerGeometryTests {
    @Test func designWidthIsScaleOne() {
        let pager = PagerGeometry(componentWidth: 406)
        let design = PagerDesign.peekingBanners
        #expect(pager.scale == 1)
        #expect(pager.panelWidth == design.panelWidth)
        #expect(pager.imageHeight == design.imageHeight)
        #expect(pager.textHeight == design.textHeight)
        #expect(pager.gap == design.gap)
        #expect(pager.sideMargin == design.sideMargin)
        #expect(pager.sideMargin == 25.5)
        #expect(pager.panelHeight == 268)
    }

    @Test(arguments: [203.0, 406, 609, 812, 1000])
    func scalesEveryValue(width: Double) {
        let pager = PagerGeometry(componentWidth: width)
        let scale = width / 406
        expectClose(pager.scale, scale)
        expectClose(pager.panelWidth, 355 * scale)
        expectClose(pager.gap, min(8 * scale, 24))
        expectClose(pager.textHeight, min(30 * scale, 52))
        expectClose(pager.panelHeight, 238 * scale + min(30 * scale, 52))
        expectClose(pager.panelWidth + 2 * pager.sideMargin, width, tolerance: 1e-9)
    }

    @Test(arguments: [(900.0, 200.0), (406, 268), (1400, 500), (360, 1000), (1000, 0)])
    func fitsWidthAndHeightTogether(width: Double, height: Double) {
        let pager = PagerGeometry(componentWidth: width, height: height)
        let byWidth = PagerGeometry(componentWidth: width)
        #expect(pager.componentWidth == width, "the component keeps the whole width")
        #expect(pager.panelHeight <= height + 1e-9 || pager == byWidth)
        #expect(pager.panelHeight <= byWidth.panelHeight + 1e-9)
        expectClose(pager.panelWidth + 2 * pager.sideMargin, width, tolerance: 1e-9)
        if height >= byWidth.panelHeight {
            #expect(pager == byWidth)
        } else {
            expectClose(pager.panelHeight, height, tolerance: 1e-9)
            expectClose(pager.imageHeight + pager.textHeight, height, tolerance: 1e-9)
            // The text line's own bound holds within the height too: 268 px of panel per unit of scale below it.
            expectClose(pager.scale, pager.textHeight < 52 ? height / 268 : (height - 52) / 238)
        }
    }

    /// Scaled up for a wide window (1920 px and a 4K screen's 3840 px) the gap stops at the design's maximum, 24 px,
    /// while the panels still scale; below that width it scales with them.
    @Test(arguments: [1218.0, 1920, 3804, 7600])
    func gapIsBoundedAtLargeSizes(width: Double) {
        let pager = PagerGeometry(componentWidth: width)
        expectClose(pager.panelWidth, 355 * width / 406)
        #expect(pager.gap == 24)
        #expect(PagerGeometry(componentWidth: width, height: 268 * 4).gap == 24)
        let unbounded = PagerDesign(componentWidth: 406, panelWidth: 355, imageHeight: 238, textHeight: 30, gap: 8)
        expectClose(PagerGeometry(design: unbounded, componentWidth: width).gap, 8 * width / 406)
    }

    /// The title line stops at 52 px (its text at 26 px), so at 1920 px it is not the 100-odd px of empty line the
    /// design scaled by 4.6 would give; a wide, short page fills its height with the image and that line.
    @Test func textLineIsBoundedAtLargeSizes() {
        #expect(PagerGeometry(componentWidth: 1884).textHeight == 52)
        let short = PagerGeometry(componentWidth: 1884, height: 600)
        #expect(short.textHeight == 52)
        expectClose(short.imageHeight, 548)
        expectClose(short.panelWidth, 548 * 355 / 238)
    }

    @Test func customDesignsAndDegenerateWidths() {
        let design = PagerDesign(componentWidth: 200, panelWidth: 180, imageHeight: 100, textHeight: 20, gap: 4)
        #expect(design.sideMargin == 10)
        let pager = PagerGeometry(design: design, componentWidth: 400)
        #expect(pager.scale == 2)
        #expect(pager.panelWidth == 360 && pager.gap == 8)
        #expect(PagerGeometry(componentWidth: -5).scale == 0)
    }
}
