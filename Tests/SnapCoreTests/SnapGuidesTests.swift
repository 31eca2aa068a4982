import Testing
@testable import SnapCore

@Suite struct SnapGuidesTests {
    /// Ten 100 px items 70 px apart in a 600 px view (the demo's strip): resting offsets are i·170.
    let strip = SnapLayout(uniformItemWidth: 100, count: 10, spacing: 70, viewportWidth: 600)

    func guides(_ layout: SnapLayout, offset: Double, target: Int? = nil, rest: Int? = nil, velocity: Double = 0,
                rtl: Bool = false, maximumTicks: Int = SnapGuides.defaultMaximumTicks) -> SnapGuides {
        SnapGuides(layout: layout, offset: offset, currentIndex: layout.index(nearestTo: offset), target: target,
                   projectedRest: rest, velocity: velocity,
                   adjustmentValue: layout.physicalOffset(fromLogical: offset, rtl: rtl), rightToLeft: rtl,
                   maximumTicks: maximumTicks)
    }

    @Test(arguments: 0..<10)
    func atRestTheItemsTickIsOnTheLine(_ index: Int) {
        let shown = guides(strip, offset: strip.restingOffset(index))
        #expect(shown.alignmentX == 300)
        let tick = try! #require(shown.ticks.first { $0.index == index })
        #expect(tick.x == shown.alignmentX)
        #expect(tick.isCurrent && !tick.isTarget)
        #expect(shown.ticks.filter(\.isCurrent).count == 1)
        #expect(shown.target == nil && shown.fling == nil)
        #expect(shown.offset == strip.restingOffset(index))
    }

    @Test func ticksAreTheSnapPointsInsideTheView() {
        // At 255 (halfway between items 1 and 2): snap points at 300 + 170·i − 255, inside 0...600 for i = 0...3.
        let shown = guides(strip, offset: 255)
        #expect(shown.ticks.map(\.index) == [0, 1, 2, 3])
        #expect(shown.ticks.map(\.x) == [45, 215, 385, 555])
    }

    @Test func rightToLeftMirrorsEveryPosition() {
        let ltr = guides(strip, offset: 255, target: 3, rest: 3, velocity: 0.8)
        let rtl = guides(strip, offset: 255, target: 3, rest: 3, velocity: 0.8, rtl: true)
        #expect(rtl.ticks.map(\.index) == ltr.ticks.map(\.index))
        #expect(rtl.ticks.map(\.x) == ltr.ticks.map { 600 - $0.x })
        #expect(rtl.target?.x == ltr.target.map { 600 - $0.x })
        #expect(rtl.fling?.direction == -1 && ltr.fling?.direction == 1)
        #expect(rtl.fling?.arrowLength == ltr.fling?.arrowLength)
        #expect(rtl.offset == strip.maxOffset - 255 && ltr.offset == 255)
    }

    @Test func targetAndFlingMayLieOutsideTheView() {
        let shown = guides(strip, offset: 0, target: 9, rest: 9, velocity: 2.5)
        #expect(shown.target == SnapGuides.Tick(index: 9, x: 300 + 1530, isCurrent: false, isTarget: true))
        let fling = try! #require(shown.fling)
        #expect(fling.index == 9 && fling.x == 1830)
        #expect(fling.speed == 2500 && fling.direction == 1)
        #expect(!shown.ticks.contains { $0.index == 9 })
        #expect(shown.heading == shown.target)
        // While a drag steers (no target yet), the heading is where releasing would rest.
        let dragging = guides(strip, offset: 0, rest: 2, velocity: 1)
        #expect(dragging.heading == SnapGuides.Tick(index: 2, x: 640, isCurrent: false, isTarget: true))
        #expect(guides(strip, offset: 0).heading == nil)
        // A target index outside the row (a stale one) draws nothing rather than trapping.
        #expect(guides(strip, offset: 0, target: 12, rest: -1, velocity: 1).target == nil)
        #expect(guides(strip, offset: 0, target: 12, rest: -1, velocity: 1).fling == nil)
    }

    @Test func stillContentHasARestButNoArrow() {
        let shown = guides(strip, offset: 200, rest: 1, velocity: 0.0005)   // 0.5 px/s
        let fling = try! #require(shown.fling)
        #expect(fling.speed == 0 && fling.direction == 0 && fling.arrowLength == 0)
    }

    @Test(arguments: [1.0, 10, 100, 1_000, 3_000, 10_000, 100_000])
    func arrowsGrowWithSpeedAndStayInTheView(_ speed: Double) {
        let length = SnapGuides.arrowLength(speed: speed, viewportWidth: 600)
        #expect(length > 0 && length <= 200)
        #expect(SnapGuides.arrowLength(speed: speed * 2, viewportWidth: 600) > length || length == 200)
        #expect(SnapGuides.arrowLength(speed: speed, viewportWidth: 300) * 2 == length)
    }

    @Test func arrowLengthEdges() {
        #expect(SnapGuides.arrowLength(speed: 0.99, viewportWidth: 600) == 0)
        #expect(SnapGuides.arrowLength(speed: .nan, viewportWidth: 600) == 0)
        #expect(SnapGuides.arrowLength(speed: .infinity, viewportWidth: 600) == 200)
        #expect(SnapGuides.arrowLength(speed: 500, viewportWidth: 0) == 0)
        // At the scale speed, 1 − 1/e of the longest.
        expectClose(SnapGuides.arrowLength(speed: 3000, viewportWidth: 600), 200 * (1 - 1 / 2.718281828459045),
                    tolerance: 1e-9)
    }

    @Test func theTickCapKeepsTheSnapPointsNearestTheLine() {
        // 1 px items: a 600 px view holds about 600 snap points; the cap keeps a run centred on the line.
        let dense = SnapLayout(uniformItemWidth: 1, count: 100_000, spacing: 0, viewportWidth: 600)
        let offset = dense.restingOffset(50_000)
        let shown = guides(dense, offset: offset, maximumTicks: 64)
        #expect(shown.ticks.count == 64)
        #expect(shown.ticks.contains { $0.index == 50_000 && $0.isCurrent })
        #expect(shown.ticks.map(\.index) == Array(49_968..<50_032))
        #expect(shown.ticks.allSatisfy { abs($0.x - 300) <= 33 })
        // Near an end the window slides rather than leaving the view.
        let start = guides(dense, offset: 0, maximumTicks: 64)
        #expect(start.ticks.map(\.index) == Array(0..<64))
    }

    @Test func degenerateRows() {
        let empty = SnapLayout(itemWidths: [], spacing: 0, viewportWidth: 400)
        let shown = guides(empty, offset: 0, target: 0, rest: 0, velocity: 1)
        #expect(shown.ticks.isEmpty && shown.target == nil && shown.fling == nil && shown.alignmentX == 200)
        let unsized = SnapLayout(uniformItemWidth: 100, count: 5, spacing: 0, viewportWidth: 0)
        #expect(guides(unsized, offset: 0).ticks.allSatisfy { $0.x == 0 })
        #expect(guides(strip, offset: .nan).ticks.isEmpty)
    }

    /// Against a brute-force scan of every item, over random geometries, offsets and both directions.
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func matchesABruteForceScan(_ seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let layout = random.layout()
            let offset = Double.random(in: -50...(layout.maxOffset + 50), using: &random)
            let rtl = Bool.random(using: &random)
            let shown = guides(layout, offset: offset, rtl: rtl, maximumTicks: 1_000)
            let centre = layout.viewportWidth / 2
            let expected = (0..<layout.count).filter {
                let distance = layout.restingOffset($0) - offset
                return distance >= -centre && distance <= centre
            }
            #expect(shown.ticks.map(\.index) == expected, "seed \(seed), offset \(offset)")
            for tick in shown.ticks {
                let distance = layout.restingOffset(tick.index) - offset
                #expect(tick.x == (rtl ? centre - distance : centre + distance))
                #expect(tick.x >= 0 && tick.x <= layout.viewportWidth)
            }
        }
    }

    struct TextCase: Sendable, CustomTestStringConvertible {
        var value: Double
        var text: String
        var testDescription: String { "\(value) → \(text)" }
    }

    @Test(arguments: [
        TextCase(value: 0, text: "0 px"), TextCase(value: 340, text: "340 px"), TextCase(value: 12.5, text: "12.5 px"),
        TextCase(value: 12.04, text: "12 px"), TextCase(value: 12.96, text: "13 px"), TextCase(value: -0.5, text: "-0.5 px"),
        TextCase(value: -0.04, text: "0 px"), TextCase(value: 169_999_830, text: "169999830 px"),
        TextCase(value: .nan, text: "– px"), TextCase(value: .infinity, text: "– px"),
    ])
    func pixelLabels(_ c: TextCase) {
        #expect(SnapGuides.pixelsText(c.value) == c.text)
    }

    @Test func speedLabels() {
        #expect(SnapGuides.speedText(1249.6) == "1250 px/s")
        #expect(SnapGuides.speedText(0) == "0 px/s")
        #expect(SnapGuides.speedText(.infinity) == "– px/s")
    }

    // MARK: - What the controller reports for the guides

    @Test func aDragProjectsWhereItsReleaseWillRest() {
        var controller = SnapController(layout: strip, initialIndex: 2)
        #expect(controller.projectedRest(at: 0) == nil && controller.velocity(at: 0) == 0)
        controller.dragBegan(time: 0)
        for step in 1...6 { controller.dragChanged(translation: -Double(step) * 20, time: Double(step) * 8) }
        let time = 6 * 8.0
        let projected = try! #require(controller.projectedRest(at: time))
        expectClose(controller.velocity(at: time), 2.5, tolerance: 1e-9)   // 20 px every 8 ms
        controller.dragEnded(time: time)
        #expect(controller.targetIndex == projected.index)
        #expect(projected.index > 3)   // a fling at 2.5 px/ms goes further than the nearest item
        // Thrown: the motion's target, and its velocity carried over.
        #expect(controller.projectedRest(at: time + frame) == projected)
        controller.tick(time: time + frame)
        #expect(controller.velocity(at: time + frame) > 0)
        runUntilIdle(&controller, from: time + frame)
        #expect(controller.projectedRest(at: 10_000) == nil && controller.velocity(at: 10_000) == 0)
    }

    @Test func aPagerDragProjectsAtMostOnePage() {
        var controller = SnapController(layout: strip, configuration: .pager, initialIndex: 2)
        controller.dragBegan(time: 0)
        for step in 1...6 { controller.dragChanged(translation: -Double(step) * 60, time: Double(step) * 8) }
        let projected = try! #require(controller.projectedRest(at: 48))
        #expect(projected.index == 3)
        controller.dragEnded(time: 48)
        #expect(controller.targetIndex == 3)
    }

    @Test func aSmoothScrollProjectsWithTheTouchpadRules() {
        var controller = SnapController(layout: strip, initialIndex: 0)
        for step in 1...5 { controller.smoothScroll(delta: 10, time: Double(step) * 10) }
        let projected = try! #require(controller.projectedRest(at: 50))
        let expected = chooseSnapTarget(in: strip, offset: 50, velocity: controller.velocity(at: 50), startIndex: 0,
                                        parameters: .touchpad)
        #expect(projected == expected)
        controller.scrollEnded(time: 50, velocity: nil)
        #expect(controller.targetIndex == expected.index)
    }

    @Test func aWheelGlideProjectsItsTarget() {
        var controller = SnapController(layout: strip, initialIndex: 0)
        controller.wheel(notches: 1, time: 0)
        #expect(controller.projectedRest(at: 0) == SnapTarget(index: 1, offset: 170))
        controller.tick(time: frame)
        controller.tick(time: 2 * frame)
        #expect(controller.velocity(at: 2 * frame) > 0)
    }
}
