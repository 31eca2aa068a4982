import Testing
@testable import SnapCore

@Suite struct LoopSpaceTests {
    @Test(arguments: [1, 2, 5, 7, 1_000, 1_000_000])
    func theVirtualRowHoldsAnOddNumberOfWholeCopies(count: Int) {
        let loop = LoopSpace(count: count)
        #expect(loop.cycles % 2 == 1)
        #expect(loop.virtualCount % count == 0)
        #expect(loop.virtualCount <= LoopSpace.defaultVirtualCount)
        #expect(loop.realIndex(loop.middleStart) == 0)
        #expect(loop.middleStart / count == loop.cycles / 2)
    }

    @Test func realIndicesWrapInBothDirections() {
        let loop = LoopSpace(count: 5)
        #expect((-7...12).map(loop.realIndex) == [3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4, 0, 1, 2])
        #expect(LoopSpace(count: 0).realIndex(42) == 0)
    }

    @Test func theNearestCopyIsTheShortestWayRound() {
        let loop = LoopSpace(count: 5)
        let v = loop.virtualIndex(middleOf: 4)   // the last banner
        #expect(loop.virtualIndex(nearestCopyOf: 0, to: v) == v + 1)   // on to the first, not back four
        #expect(loop.virtualIndex(nearestCopyOf: 3, to: v) == v - 1)
        #expect(loop.virtualIndex(nearestCopyOf: 4, to: v) == v)
        let even = LoopSpace(count: 4)
        let w = even.virtualIndex(middleOf: 0)
        #expect(even.virtualIndex(nearestCopyOf: 2, to: w) == w + 2)   // a tie goes forward
    }

    @Test func nearestCopyPropertyOverManySizes() {
        var rng = SplitMix64(seed: 0x1009)
        for _ in 0..<5_000 {
            let count = Int.random(in: 1...2_000_000, using: &rng)
            let loop = LoopSpace(count: count)
            let v = Int.random(in: 0..<loop.virtualCount, using: &rng)
            let real = Int.random(in: 0..<count, using: &rng)
            let copy = loop.virtualIndex(nearestCopyOf: real, to: v)
            #expect(loop.realIndex(copy) == real || copy == 0 || copy == loop.virtualCount - 1)
            #expect(abs(copy - v) <= count / 2 + 1)
        }
    }

    @Test func homeAndEndStayInTheCurrentRound() {
        let loop = LoopSpace(count: 7)
        let v = loop.virtualIndex(middleOf: 3)
        #expect(loop.realIndex(loop.firstOfCycle(containing: v)) == 0)
        #expect(loop.firstOfCycle(containing: v) == v - 3)
        #expect(loop.lastOfCycle(containing: v) == v + 3)
        #expect(loop.realIndex(loop.lastOfCycle(containing: v)) == 6)
    }

    @Test func recentringKeepsTheRealItemAndOnlyHappensFarFromTheMiddle() {
        let loop = LoopSpace(count: 5)
        let middle = loop.virtualIndex(middleOf: 2)
        #expect(loop.recentred(middle) == nil)
        #expect(loop.recentred(middle + 5 * 1_000) == nil)
        let far = middle + 5 * (loop.cycles / 4 + 1) + 1
        #expect(loop.recentred(far) == loop.virtualIndex(middleOf: 3))
        let farBack = middle - 5 * (loop.cycles / 4 + 1)
        #expect(loop.recentred(farBack) == middle)
    }

    @Test func positionsWrapSoTheLastRunsIntoTheFirst() {
        let loop = LoopSpace(count: 5)
        let base = Double(loop.middleStart)
        expectClose(loop.realPosition(base + 4.5), 4.5)
        expectClose(loop.realPosition(base + 5), 0)
        expectClose(loop.realPosition(base - 0.25), 4.75)
        expectClose(loop.realPosition(Double(loop.virtualCount - 1) + 0.5), 4.5)
        #expect(loop.realPosition(.nan) == 0)
    }

    /// The controller runs unchanged on the virtual row: wheel notches past the last item arrive at the first.
    @Test func aControllerOnTheVirtualRowWrapsForward() {
        let loop = LoopSpace(count: 5)
        let layout = SnapLayout(uniformItemWidth: 300, count: loop.virtualCount, spacing: 20, viewportWidth: 400)
        var controller = SnapController(layout: layout, initialIndex: loop.virtualIndex(middleOf: 4))
        controller.wheel(notches: 1, time: 0)
        var time = 0.0
        while controller.needsFrames { time += frame; controller.tick(time: time) }
        let settled = controller.drainEvents().compactMap { event -> Int? in
            if case .settled(let index, _, _) = event { return index } else { return nil }
        }
        #expect(settled.count == 1)
        #expect(loop.realIndex(settled[0]) == 0)
        // And the resting offset of that far virtual item is still exact: placed as the widget places it (its start
        // less the offset, rounded to a whole pixel at the end), its centre is the viewport's.
        #expect(controller.offset == layout.restingOffset(settled[0]))
        let x = (layout.itemStart(settled[0]) - controller.offset).rounded()
        #expect(x + 150 == 200)
    }
}
