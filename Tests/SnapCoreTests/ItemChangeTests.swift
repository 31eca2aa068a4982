import Testing
@testable import SnapCore

/// The identity rules of `ItemChange` and the controller's `itemsChanged`, over random edit sequences.
@Suite struct ItemChangeTests {
    /// One edit an application makes to its list of items.
    enum Edit: CustomStringConvertible {
        case insert(at: Int), remove(at: Int), move(from: Int, to: Int), filter(keepEvery: Int), shuffleTail

        var description: String {
            switch self {
            case .insert(let at): "insert at \(at)"
            case .remove(let at): "remove at \(at)"
            case .move(let from, let to): "move \(from) → \(to)"
            case .filter(let every): "keep every \(every)"
            case .shuffleTail: "shuffle the second half"
            }
        }

        static func random(count: Int, using rng: inout SplitMix64) -> Edit {
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: return .insert(at: Int.random(in: 0...count, using: &rng))
            case 1 where count > 0: return .remove(at: Int.random(in: 0..<count, using: &rng))
            case 2 where count > 0:
                return .move(from: Int.random(in: 0..<count, using: &rng), to: Int.random(in: 0..<count, using: &rng))
            case 3: return .filter(keepEvery: Int.random(in: 1...4, using: &rng))
            case 4: return .shuffleTail
            default: return .insert(at: 0)
            }
        }

        func apply(_ ids: [Int], next: inout Int, using rng: inout SplitMix64) -> [Int] {
            var ids = ids
            switch self {
            case .insert(let at):
                ids.insert(next, at: at)
                next += 1
            case .remove(let at): ids.remove(at: at)
            case .move(let from, let to): ids.insert(ids.remove(at: from), at: to)
            case .filter(let every): ids = ids.enumerated().filter { $0.offset % every == 0 }.map(\.element)
            case .shuffleTail:
                let half = ids.count / 2
                ids = Array(ids[..<half]) + ids[half...].shuffled(using: &rng)
            }
            return ids
        }
    }

    @Test(arguments: 0..<60)
    func randomEditsKeepTheCurrentItem(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 7_001)
        var next = 1_000
        var ids = Array(0..<Int.random(in: 0...12, using: &rng))
        var current: Int? = ids.isEmpty ? nil : Int.random(in: 0..<ids.count, using: &rng)
        for _ in 0..<40 {
            let edit = Edit.random(count: ids.count, using: &rng)
            let newIDs = edit.apply(ids, next: &next, using: &rng)
            let change = ItemChange(from: ids, to: newIDs)
            let after = change.current(after: current)

            // Identity: every surviving item is found where it now is, and back.
            for (old, id) in ids.enumerated() {
                if let new = change.newIndex(ofOld: old) {
                    #expect(newIDs[new] == id, "\(edit)")
                    #expect(change.oldIndex(ofNew: new) == old, "\(edit)")
                } else {
                    #expect(!newIDs.contains(id), "\(edit): \(id) survived but was not found")
                }
            }
            // The current item: none only when empty; the same item when it survived; else the documented neighbour.
            if newIDs.isEmpty {
                #expect(after == nil)
            } else if let current, ids.indices.contains(current) {
                let id = ids[current]
                let survivors = ids.filter(newIDs.contains)
                if newIDs.contains(id) {
                    #expect(after.map { newIDs[$0] } == id, "\(edit): the current item changed")
                } else if let following = ids[(current + 1)...].first(where: newIDs.contains) {
                    #expect(after.map { newIDs[$0] } == following, "\(edit): not the next surviving item")
                } else if let preceding = ids[..<current].last(where: newIDs.contains) {
                    #expect(after.map { newIDs[$0] } == preceding, "\(edit): not the previous surviving item")
                } else {
                    #expect(survivors.isEmpty)
                    #expect(after == min(current, newIDs.count - 1))
                }
            } else {
                #expect(after == 0)
            }
            // Binding: exactly the positions showing a different item than before, or a reloaded one.
            for index in newIDs.indices {
                let same = ids.indices.contains(index) && ids[index] == newIDs[index]
                #expect(change.needsBinding(at: index) == !same, "\(edit) at \(index)")
                #expect(change.needsBinding(at: index, isReloaded: { $0 == newIDs[index] }), "\(edit): reload")
            }
            #expect(!change.needsBinding(at: newIDs.count))
            ids = newIDs
            current = after
        }
    }

    @Test func removingTheLastCurrentItemHandsOverToThePreviousOne() {
        let change = ItemChange(from: ["a", "b", "c"], to: ["a", "b"])
        #expect(change.current(after: 2) == 1)
        #expect(ItemChange(from: ["a", "b", "c"], to: ["a", "c"]).current(after: 1) == 1)
        #expect(ItemChange(from: ["a"], to: [String]()).current(after: 0) == nil)
        #expect(ItemChange(from: ["a", "b"], to: ["x", "y", "z"]).current(after: 1) == 1)
    }

    @Test(arguments: 0..<40)
    func repeatedIdentifiersAreEachMatchedAtMostOnce(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 4_242)
        let old = (0..<Int.random(in: 0...10, using: &rng)).map { _ in Int.random(in: 0...3, using: &rng) }
        let new = (0..<Int.random(in: 0...10, using: &rng)).map { _ in Int.random(in: 0...3, using: &rng) }
        let change = ItemChange(from: old, to: new)
        var matched = Set<Int>()
        for index in old.indices {
            guard let target = change.newIndex(ofOld: index) else { continue }
            #expect(new[target] == old[index])
            #expect(change.oldIndex(ofNew: target) == index)
            #expect(matched.insert(target).inserted, "matched twice")
        }
        // Every identifier the two lists share is matched at least once.
        for id in Set(old).intersection(new) {
            #expect(old.indices.contains { old[$0] == id && change.newIndex(ofOld: $0) != nil }, "\(id) never matched")
        }
    }

    // MARK: - The controller

    @Test(arguments: 0..<40)
    func itemsChangedRestsOnTheItemAndSettlesOnce(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 9_100)
        var controller = SnapController(layout: rng.layout(), initialIndex: Int.random(in: 0..<40, using: &rng))
        var time = 0.0
        for _ in 0..<12 {
            // Sometimes mid-motion: an update ends any motion at once.
            if Bool.random(using: &rng) {
                controller.scrollTo(index: Int.random(in: 0..<40, using: &rng), cause: .programmatic, time: time)
                time += frame
                controller.tick(time: time)
            }
            _ = controller.drainEvents()
            let before = controller.currentIndex
            let layout = Int.random(in: 0..<5, using: &rng) == 0
                ? SnapLayout(uniformItemWidth: 80, count: 0, spacing: 4, viewportWidth: 300) : rng.layout()
            let current = layout.count > 0 ? Int.random(in: 0..<layout.count, using: &rng) : nil
            controller.itemsChanged(to: layout, current: current, time: time)
            let events = controller.drainEvents()
            #expect(!controller.needsFrames)
            if let current {
                #expect(controller.currentIndex == current)
                #expect(controller.offset == layout.restingOffset(current))
                let settled = settledEvents(events)
                #expect(settled.count == 1)
                #expect(settled.first?.index == current)
                #expect(settled.first?.cause == .dataChange)
                let changes = events.filter { if case .currentIndexChanged = $0 { true } else { false } }
                #expect(changes == (current == before ? [] : [.currentIndexChanged(index: current)]))
            } else {
                #expect(events.isEmpty, "an empty row reports nothing")
                #expect(controller.offset == 0)
            }
            time += 100
            controller.tick(time: time)
            #expect(controller.drainEvents().isEmpty, "nothing more after the change")
        }
    }

    @Test func anEmptyRowIgnoresEveryInput() {
        var controller = SnapController(layout: SnapLayout(uniformItemWidth: 100, count: 0, spacing: 10, viewportWidth: 400))
        var time = 0.0
        controller.wheel(notches: 1, time: time)
        controller.key(.next, time: time)
        controller.key(.last, time: time)
        controller.scrollTo(index: 3, cause: .programmatic, time: time)
        controller.smoothScroll(delta: 40, time: time)
        time = runUntilIdle(&controller, from: time)
        controller.dragBegan(time: time)
        controller.dragChanged(translation: -50, time: time + frame)
        controller.dragEnded(time: time + 2 * frame)
        runUntilIdle(&controller, from: time + 2 * frame)
        controller.resize(to: SnapLayout(uniformItemWidth: 50, count: 0, spacing: 10, viewportWidth: 300), time: time)
        #expect(controller.drainEvents().isEmpty)
        #expect(controller.offset == 0)
    }
}

/// The neighbours' slide after a change: from where they were drawn to their places, never past them.
@Suite struct ItemSlideTests {
    @Test(arguments: 0..<30)
    func eachItemEasesFromItsOldPlaceToItsNewOneWithoutOvershoot(seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 31_337)
        var before: [Int: Double] = [:], after: [Int: Double] = [:]
        for index in 0..<Int.random(in: 1...12, using: &rng) {
            let place = Double.random(in: -800...800, using: &rng)
            after[index] = place
            if Bool.random(using: &rng) { before[index] = place + Double.random(in: -400...400, using: &rng) }
        }
        let start = Double.random(in: 0...1e6, using: &rng)
        let slide = ItemSlide(from: before, to: after, startTime: start, duration: 240)
        for index in after.keys {
            let shift = before[index].map { $0 - after[index]! } ?? 0
            let first = slide.shift(ofItem: index, at: start)
            #expect(abs(shift) < 0.5 ? first == 0 : first == shift, "drawn where it was at the start")
            var last = first
            for step in 1...30 {
                let now = slide.shift(ofItem: index, at: start + Double(step) * 10)
                #expect(abs(now) <= abs(last) + 1e-9, "never further from its place")
                #expect(now == 0 || (now > 0) == (shift > 0), "never past its place")
                last = now
            }
            #expect(slide.shift(ofItem: index, at: start + 240) == 0, "exactly in place at the end")
        }
        #expect(slide.isDone(at: start + 240))
        #expect(slide.shifts.isEmpty == slide.isDone(at: start))
    }
}
