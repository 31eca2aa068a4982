import Testing
@testable import SnapCore

/// The application changing the items while the row moves: a move someone asked for keeps going to the item it was
/// heading for (identity over index), and a row built with a count gets identities in place.
@Suite struct ItemsInMotionTests {
    /// The ids 0..<count, with `inserted` new ids put at random places and `removed` random old ones taken out; never
    /// removes `keep` (the item asked for).
    static func edit(_ ids: [Int], keep: Int, inserted: Int, removed: Int, using rng: inout SplitMix64) -> [Int] {
        var ids = ids
        for _ in 0..<removed {
            let candidates = ids.indices.filter { ids[$0] != keep }
            guard let at = candidates.randomElement(using: &rng) else { break }
            ids.remove(at: at)
        }
        for n in 0..<inserted { ids.insert(1_000 + n, at: Int.random(in: 0...ids.count, using: &rng)) }
        return ids
    }

    @Test(arguments: 0..<40)
    func aMoveUnderWayKeepsGoingToTheItemAskedFor(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 31_000)
        let count = Int.random(in: 8...40, using: &rng)
        let width = Double.random(in: 60...300, using: &rng)
        let viewport = Double.random(in: 200...900, using: &rng)
        let layout = SnapLayout(uniformItemWidth: width, count: count, spacing: 8, viewportWidth: viewport)
        let start = Int.random(in: 0..<count, using: &rng)
        var controller = SnapController(layout: layout, initialIndex: start)
        var target = Int.random(in: 0..<count, using: &rng)
        if target == start { target = (start + count / 2) % count }
        var time = 0.0
        controller.scrollTo(index: target, cause: .programmatic, time: time)
        // Part of the way there (the first frame or a few).
        for _ in 0..<Int.random(in: 1...8, using: &rng) {
            time += frame
            controller.tick(time: time)
        }
        guard controller.isAnimating else { return }   // a short move that already arrived
        _ = controller.drainEvents()
        let ids = Array(0..<count)
        let newIDs = Self.edit(ids, keep: target, inserted: Int.random(in: 0...3, using: &rng),
                               removed: Int.random(in: 0...3, using: &rng), using: &rng)
        let change = ItemChange(from: ids, to: newIDs)
        let newLayout = SnapLayout(uniformItemWidth: width, count: newIDs.count, spacing: 8, viewportWidth: viewport)
        let oldCurrent = controller.currentIndex
        let fromRest = controller.offset - layout.restingOffset(oldCurrent)
        let newCurrent = change.current(after: oldCurrent)!
        let newTarget = change.current(after: controller.targetIndex)!
        #expect(newIDs[newTarget] == target)

        controller.itemsChanged(to: newLayout, current: newCurrent, target: newTarget, time: time)
        // The current item keeps its place on screen, and the motion goes on to the item asked for.
        let expected = min(max(newLayout.restingOffset(newCurrent) + fromRest, 0), newLayout.maxOffset)
        #expect(abs(controller.offset - expected) < 1e-9)
        #expect(controller.isAnimating)
        #expect(controller.targetIndex == newTarget)
        #expect(settledEvents(controller.drainEvents()).isEmpty, "no settle before it arrives")
        runUntilIdle(&controller, from: time)
        let settled = settledEvents(controller.drainEvents())
        #expect(settled.count == 1)
        #expect(settled.first?.index == newTarget)
        #expect(settled.first?.cause == .programmatic, "the move's own cause")
        #expect(controller.offset == newLayout.restingOffset(newTarget))
    }

    @Test func withoutATargetAChangeStillRestsAtOnce() {
        let layout = SnapLayout(uniformItemWidth: 100, count: 20, spacing: 8, viewportWidth: 400)
        var controller = SnapController(layout: layout)
        controller.scrollTo(index: 12, cause: .programmatic, time: 0)
        controller.tick(time: frame)
        let newLayout = SnapLayout(uniformItemWidth: 100, count: 21, spacing: 8, viewportWidth: 400)
        let current = controller.currentIndex + 1
        controller.itemsChanged(to: newLayout, current: current, time: frame)
        #expect(!controller.needsFrames)
        #expect(controller.offset == newLayout.restingOffset(current))
        #expect(settledEvents(controller.drainEvents()).map(\.cause) == [.dataChange])
    }

    @Test(arguments: [(5, 5), (5, 8), (8, 5), (0, 3), (4, 0)])
    func namingCountBuiltItemsKeepsThemInPlace(oldCount: Int, newCount: Int) {
        // Identities of a type that also counts (Int), unrelated to the positions: position i is ids[i] all the same.
        let ids = (0..<newCount).map { 100 - $0 * 7 }
        let change = ItemChange(naming: oldCount, as: ids)
        for old in 0..<oldCount {
            #expect(change.newIndex(ofOld: old) == (old < newCount ? old : nil))
        }
        for new in 0..<newCount {
            #expect(change.oldIndex(ofNew: new) == (new < oldCount ? new : nil))
            #expect(change.needsBinding(at: new) == (new >= oldCount))
        }
        for current in 0..<oldCount {
            #expect(change.current(after: current) == (newCount > 0 ? min(current, newCount - 1) : nil))
        }
    }

    @Test func identitiesOfAnotherKindReplaceEveryItem() {
        let change = ItemChange(replacing: 6, with: ["a", "b", "c"])
        #expect((0..<6).allSatisfy { change.newIndex(ofOld: $0) == nil })
        #expect((0..<3).allSatisfy { change.needsBinding(at: $0) })
        #expect(change.current(after: 4) == 2)
        #expect(change.current(after: 1) == 1)
    }
}
