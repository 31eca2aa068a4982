import Testing
@testable import SnapCore

/// Ten 300 px items, 20 px apart, in a 600 px viewport: item i rests at i·320.
let strip = SnapLayout(uniformItemWidth: 300, count: 10, spacing: 20, viewportWidth: 600)
let pitch = 320.0

@Suite struct SnapControllerTests {
    /// Runs to rest and checks the gesture ended with exactly one settled event at `index`.
    func expectSingleSettle(
        _ controller: inout SnapController, from time: Double, at index: Int, cause: Cause,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        runUntilIdle(&controller, from: time)
        let settled = settledEvents(controller.drainEvents())
        #expect(settled.count == 1, "settled \(settled.count) times", sourceLocation: sourceLocation)
        #expect(settled.first?.index == index, sourceLocation: sourceLocation)
        #expect(settled.first?.cause == cause, sourceLocation: sourceLocation)
        #expect(settled.first?.offset == strip.restingOffset(index), sourceLocation: sourceLocation)
        #expect(controller.offset == strip.restingOffset(index), sourceLocation: sourceLocation)
        #expect(!controller.needsFrames && !controller.isAnimating, sourceLocation: sourceLocation)
        #expect(controller.targetIndex == nil, sourceLocation: sourceLocation)
    }

    @Test func startsAtRestOnTheInitialIndex() {
        var controller = SnapController(layout: strip, initialIndex: 3)
        #expect(controller.offset == 960)
        #expect(controller.currentIndex == 3)
        #expect(!controller.needsFrames)
        #expect(controller.drainEvents().isEmpty)
        #expect(SnapController(layout: strip, initialIndex: 99).currentIndex == 9)
    }

    @Test func oneNotchAnimatesOneItem() {
        var controller = SnapController(layout: strip)
        controller.wheel(notches: 1, time: 0)
        #expect(controller.isAnimating)
        #expect(controller.targetIndex == 1)
        #expect(controller.needsFrames)
        controller.tick(time: frame)
        #expect(controller.offset > 0 && controller.offset < pitch)
        expectSingleSettle(&controller, from: frame, at: 1, cause: .wheel)
    }

    @Test(arguments: [2, 3, 5, 8])
    func burstOfNotchesMovesExactlyThatManyItems(_ notches: Int) {
        var controller = SnapController(layout: strip)
        var time = 0.0
        for _ in 0..<notches {
            controller.wheel(notches: 1, time: time)
            time += 30
            controller.tick(time: time)
        }
        #expect(controller.targetIndex == notches)
        expectSingleSettle(&controller, from: time, at: notches, cause: .wheel)
    }

    @Test func highResolutionWheelQuarterSteps() {
        var controller = SnapController(layout: strip)
        var time = 0.0
        // Eight quarter notches 10 ms apart during the animation: exactly two items.
        for _ in 0..<8 {
            controller.wheel(notches: 0.25, time: time)
            time += 10
            controller.tick(time: time)
        }
        expectSingleSettle(&controller, from: time, at: 2, cause: .wheel)
    }

    @Test func partialNotchAloneSettlesAfterTheQuietPeriod() {
        var controller = SnapController(layout: strip, initialIndex: 2)
        controller.wheel(notches: 0.25, time: 0)
        #expect(controller.needsFrames)
        controller.tick(time: 100)
        #expect(controller.drainEvents().isEmpty)
        // A stale partial does not carry into the next burst.
        expectSingleSettle(&controller, from: 100, at: 2, cause: .wheel)
        controller.wheel(notches: 0.75, time: 5000)
        runUntilIdle(&controller, from: 5000)
        #expect(controller.currentIndex == 2)
    }

    @Test func wheelClampsAtTheEndsAndStillSettlesOnce() {
        var controller = SnapController(layout: strip, initialIndex: 9)
        controller.wheel(notches: 1, time: 0)
        #expect(!controller.isAnimating)
        // Asked to move, so it settles, but only once the wheel has been quiet: more notches may follow.
        #expect(controller.drainEvents().isEmpty)
        #expect(controller.needsFrames)
        controller.tick(time: 199)
        #expect(controller.drainEvents().isEmpty)
        controller.tick(time: 201)
        #expect(controller.drainEvents() == [.settled(index: 9, offset: strip.maxOffset, cause: .wheel)])
        controller.wheel(notches: -50, time: 1000)
        expectSingleSettle(&controller, from: 1000, at: 0, cause: .wheel)
    }

    @Test func aBurstPushingAgainstAnEndSettlesOnce() {
        var controller = SnapController(layout: strip, initialIndex: 8)
        for (i, time) in [0.0, 40, 80, 120, 160].enumerated() {
            controller.wheel(notches: 1, time: time)
            controller.tick(time: time + Double(i) * 0.5)
        }
        expectSingleSettle(&controller, from: 160, at: 9, cause: .wheel)
    }

    struct KeyCase: Sendable, CustomTestStringConvertible {
        var start: Int
        var key: SnapKey
        var expected: Int
        var testDescription: String { "\(key) from \(start) → \(expected)" }
    }

    @Test(arguments: [
        KeyCase(start: 0, key: .previous, expected: 0), KeyCase(start: 0, key: .next, expected: 1),
        KeyCase(start: 4, key: .previous, expected: 3), KeyCase(start: 4, key: .first, expected: 0),
        KeyCase(start: 4, key: .last, expected: 9), KeyCase(start: 9, key: .next, expected: 9),
        // 600 px viewport, 320 px pitch: one item's resting place fits in a page.
        KeyCase(start: 4, key: .pageForward, expected: 5), KeyCase(start: 4, key: .pageBackward, expected: 3),
        KeyCase(start: 0, key: .pageBackward, expected: 0),
    ])
    func keysMoveFromTheCurrentItem(_ c: KeyCase) {
        var controller = SnapController(layout: strip, initialIndex: c.start)
        controller.key(c.key, time: 0)
        expectSingleSettle(&controller, from: 0, at: c.expected, cause: .keyboard)
    }

    @Test func pageKeysStepByTheItemsThatFitInAViewport() {
        let narrow = SnapLayout(uniformItemWidth: 100, count: 50, spacing: 0, viewportWidth: 350)
        var controller = SnapController(layout: narrow, initialIndex: 10)
        controller.key(.pageForward, time: 0)
        #expect(controller.targetIndex == 13)
        controller.key(.pageForward, time: 10)  // from the target, not from where the content is
        #expect(controller.targetIndex == 16)
        controller.key(.pageBackward, time: 20)
        #expect(controller.targetIndex == 13)
        controller.key(.next, time: 30)
        #expect(controller.targetIndex == 14)
    }

    @Test func scrollToCarriesItsCause() {
        var controller = SnapController(layout: strip)
        controller.scrollTo(index: 6, cause: .click, time: 0)
        expectSingleSettle(&controller, from: 0, at: 6, cause: .click)
        controller.scrollTo(index: 6, cause: .programmatic, time: 1000)
        // Not moving is still a request: one settled, right away.
        #expect(controller.drainEvents() == [.settled(index: 6, offset: 1920, cause: .programmatic)])
    }

    @Test func currentIndexChangesAreReported() {
        var controller = SnapController(layout: strip)
        controller.scrollTo(index: 3, cause: .programmatic, time: 0)
        runUntilIdle(&controller, from: 0)
        let events = controller.drainEvents()
        #expect(events == [
            .currentIndexChanged(index: 1), .currentIndexChanged(index: 2), .currentIndexChanged(index: 3),
            .settled(index: 3, offset: 960, cause: .programmatic),
        ])
    }

    @Test func dragFollowsTheFingerAndFlings() {
        var controller = SnapController(layout: strip, initialIndex: 2)
        controller.dragBegan(time: 0)
        // The finger moves left 200 px in 100 ms: content moves toward later items (offset grows) at 2 px/ms.
        for step in 1...10 { controller.dragChanged(translation: -20 * Double(step), time: Double(step) * 10) }
        #expect(controller.offset == 640 + 200)
        #expect(!controller.needsFrames)
        controller.dragEnded(time: 100)
        // Projection 840 + 2·499 = 1838 → item 6.
        #expect(controller.targetIndex == 6)
        expectSingleSettle(&controller, from: 100, at: 6, cause: .drag)
    }

    @Test func slowDragSnapsToTheNearest() {
        var controller = SnapController(layout: strip, initialIndex: 2)
        controller.dragBegan(time: 0)
        controller.dragChanged(translation: 100, time: 500)
        controller.dragChanged(translation: 170, time: 1000)
        controller.dragEnded(time: 1000)
        expectSingleSettle(&controller, from: 1000, at: 1, cause: .drag)
        controller.dragEnded(time: 2000)  // stray end: ignored
        controller.dragChanged(translation: -10, time: 3000)  // an update without a begin starts a drag, no jump
        #expect(controller.offset == 320)
        controller.dragChanged(translation: -30, time: 3010)
        #expect(controller.offset == 340)
    }

    @Test func pagerFlingMovesAtMostOnePage() {
        var controller = SnapController(layout: strip, configuration: .pager, initialIndex: 4)
        controller.dragBegan(time: 0)
        for step in 1...5 { controller.dragChanged(translation: -60 * Double(step), time: Double(step) * 10) }
        controller.dragEnded(time: 50)  // 6 px/ms: unlimited would travel ~9 items
        expectSingleSettle(&controller, from: 50, at: 5, cause: .drag)
        #expect(SnapConfiguration.pager.touchpadParameters.maximumItemsPerFling == 1)
    }

    @Test func interruptingAnAnimationNeverJumps() {
        var controller = SnapController(layout: strip)
        controller.scrollTo(index: 5, cause: .programmatic, time: 0)
        var time = 0.0
        for _ in 0..<5 { time += frame; controller.tick(time: time) }
        let before = controller.offset
        controller.dragBegan(time: time + 3)
        #expect(controller.offset == before)
        #expect(!controller.isAnimating)
        controller.dragChanged(translation: 0, time: time + 5)
        #expect(controller.offset == before)
        controller.dragEnded(time: time + 200)
        expectSingleSettle(&controller, from: time + 200, at: controller.currentIndex, cause: .drag)
    }

    @Test func retargetingMidFlightKeepsVelocity() {
        var controller = SnapController(layout: strip)
        controller.wheel(notches: 1, time: 0)
        var time = 0.0
        var offsets: [Double] = [controller.offset]
        for _ in 0..<4 { time += frame; controller.tick(time: time); offsets.append(controller.offset) }
        controller.wheel(notches: 1, time: time)
        for _ in 0..<4 { time += frame; controller.tick(time: time); offsets.append(controller.offset) }
        // Still accelerating forward with no stall or step back at the retarget.
        for (a, b) in zip(offsets, offsets.dropFirst()) { #expect(b > a) }
        let stepBefore = offsets[4] - offsets[3]
        let stepAfter = offsets[5] - offsets[4]
        #expect(stepAfter >= stepBefore * 0.8, "\(stepBefore) then \(stepAfter)")
    }

    @Test func smoothScrollEndsAfterTheQuietPeriodWithoutScrollEnd() {
        var controller = SnapController(layout: strip, initialIndex: 1)
        for step in 1...5 { controller.smoothScroll(delta: 10, time: Double(step) * 8) }
        #expect(controller.offset == 370)
        #expect(controller.needsFrames)
        controller.tick(time: 100)
        #expect(!controller.isAnimating)
        controller.tick(time: 240)
        #expect(controller.isAnimating)  // quiet since 40 ms: snapping back to the nearest item
        expectSingleSettle(&controller, from: 240, at: 1, cause: .touchpad)
    }

    @Test func scrollEndUsesTheGivenVelocity() {
        var controller = SnapController(layout: strip, initialIndex: 1)
        controller.smoothScroll(delta: 10, time: 0)
        controller.scrollEnded(time: 8, velocity: 3)  // 330 + 3·332 ≈ 1326 → item 4
        #expect(controller.targetIndex == 4)
        expectSingleSettle(&controller, from: 8, at: 4, cause: .touchpad)
        controller.scrollEnded(time: 5000, velocity: 3)  // no scroll in progress: ignored
        #expect(controller.drainEvents().isEmpty)
    }

    @Test func smoothScrollClampsAtTheEnds() {
        var controller = SnapController(layout: strip)
        controller.smoothScroll(delta: -500, time: 0)
        #expect(controller.offset == 0)
        controller.smoothScroll(delta: 1e9, time: 8)
        #expect(controller.offset == strip.maxOffset)
        controller.smoothScroll(delta: .nan, time: 16)
        #expect(controller.offset == strip.maxOffset)
    }

    @Test func externalOffsetChangesAreFollowed() {
        var controller = SnapController(layout: strip, initialIndex: 2)
        controller.externalOffsetChanged(640.001, time: 0)  // our own value echoed back
        #expect(!controller.needsFrames)
        controller.externalOffsetChanged(900, time: 10)
        #expect(controller.offset == 900)
        #expect(controller.currentIndex == 3)
        controller.externalOffsetChanged(1000, time: 20)
        expectSingleSettle(&controller, from: 20, at: 3, cause: .drag)
    }

    @Test func reducedMotionMovesAtOnceAndSettlesEachGestureOnce() {
        var controller = SnapController(layout: strip, configuration: SnapConfiguration(reduceMotion: true))
        controller.wheel(notches: 2, time: 0)
        #expect(!controller.isAnimating)
        #expect(controller.offset == 640)
        #expect(controller.drainEvents() == [.currentIndexChanged(index: 2)])
        // A second notch of the same burst moves at once too; the burst settles once, when the wheel is quiet.
        controller.wheel(notches: 1, time: 50)
        #expect(controller.offset == 960)
        runUntilIdle(&controller, from: 50)
        #expect(controller.drainEvents() == [.currentIndexChanged(index: 3), .settled(index: 3, offset: 960, cause: .wheel)])
        controller.dragBegan(time: 1000)
        controller.dragChanged(translation: -100, time: 1010)
        controller.dragChanged(translation: -200, time: 1020)
        controller.dragEnded(time: 1020)
        #expect(!controller.isAnimating)
        #expect(settledEvents(controller.drainEvents()).count == 1)
    }

    @Test func reducedMotionToggledMidAnimationJumpsOnTheNextTick() {
        var controller = SnapController(layout: strip)
        controller.scrollTo(index: 4, cause: .programmatic, time: 0)
        controller.tick(time: frame)
        controller.configuration.reduceMotion = true
        controller.tick(time: 2 * frame)
        #expect(controller.offset == 1280)
        #expect(settledEvents(controller.drainEvents()).count == 1)
    }

    @Test func resizeAtRestKeepsTheIndex() {
        var controller = SnapController(layout: strip, initialIndex: 3)
        let wider = SnapLayout(uniformItemWidth: 400, count: 10, spacing: 20, viewportWidth: 800)
        controller.resize(to: wider, time: 0)
        #expect(controller.currentIndex == 3)
        #expect(controller.offset == wider.restingOffset(3))
        #expect(controller.drainEvents() == [.settled(index: 3, offset: 1260, cause: .resize)])
        // Same resting offset: nothing to report.
        controller.resize(to: SnapLayout(uniformItemWidth: 400, count: 10, spacing: 20, viewportWidth: 800), time: 10)
        #expect(controller.drainEvents().isEmpty)
        // Fewer items: clamped to the last one.
        controller.resize(to: SnapLayout(uniformItemWidth: 400, count: 2, spacing: 20, viewportWidth: 800), time: 20)
        #expect(controller.currentIndex == 1)
    }

    @Test func resizeMidAnimationRetargetsTheSameIndex() {
        var controller = SnapController(layout: strip)
        controller.scrollTo(index: 4, cause: .click, time: 0)
        controller.tick(time: 3 * frame)
        let wider = SnapLayout(uniformItemWidth: 400, count: 10, spacing: 20, viewportWidth: 800)
        controller.resize(to: wider, time: 3 * frame)
        #expect(controller.isAnimating)
        #expect(controller.targetIndex == 4)
        runUntilIdle(&controller, from: 3 * frame)
        let settled = settledEvents(controller.drainEvents())
        #expect(settled.count == 1)
        #expect(settled.first?.index == 4 && settled.first?.cause == .click)
        #expect(controller.offset == wider.restingOffset(4))
    }

    @Test func resizeMidDragContinuesTheGesture() {
        var controller = SnapController(layout: strip, initialIndex: 2)
        controller.dragBegan(time: 0)
        controller.dragChanged(translation: -160, time: 500)  // halfway between items 2 and 3
        let wider = SnapLayout(uniformItemWidth: 400, count: 10, spacing: 20, viewportWidth: 800)
        controller.resize(to: wider, time: 510)
        expectClose(wider.fractionalIndex(at: controller.offset), 2.5)
        controller.dragChanged(translation: -160, time: 520)  // same translation: no jump
        expectClose(wider.fractionalIndex(at: controller.offset), 2.5)
        #expect(settledEvents(controller.drainEvents()).isEmpty)
        controller.dragEnded(time: 1000)
        runUntilIdle(&controller, from: 1000)
        #expect(settledEvents(controller.drainEvents()).count == 1)

        controller.smoothScroll(delta: 30, time: 2000)
        controller.resize(to: strip, time: 2010)
        #expect(settledEvents(controller.drainEvents()).isEmpty)
        runUntilIdle(&controller, from: 2010)
        #expect(settledEvents(controller.drainEvents()).count == 1)
    }

    @Test func closureDrainDeliversInOrder() {
        var controller = SnapController(layout: strip)
        controller.scrollTo(index: 2, cause: .programmatic, time: 0)
        runUntilIdle(&controller, from: 0)
        var seen: [SnapEvent] = []
        controller.drainEvents { seen.append($0) }
        #expect(seen.last == .settled(index: 2, offset: 640, cause: .programmatic))
        #expect(controller.drainEvents().isEmpty)
    }

    @Test func anEmptyLayoutHasNoCurrentItemAndNeverSettles() {
        var controller = SnapController(layout: SnapLayout(itemWidths: [], spacing: 0, viewportWidth: 300))
        controller.key(.next, time: 0)
        #expect(!controller.needsFrames)
        #expect(controller.drainEvents().isEmpty)
    }

    @Test func quietPeriodChangesApplyToTheNextGesture() {
        var controller = SnapController(layout: strip)
        controller.configuration.quietPeriod = 50
        controller.smoothScroll(delta: 5, time: 0)
        controller.tick(time: 60)
        #expect(controller.isAnimating || settledEvents(controller.drainEvents()).count == 1)
    }

    @Test func partialNotchAfterSmoothScrollStillEndsAtARestingPlace() {
        var controller = SnapController(layout: strip)
        controller.smoothScroll(delta: 100, time: 0)
        controller.wheel(notches: 0.25, time: 10)
        runUntilIdle(&controller, from: 10)
        let settled = settledEvents(controller.drainEvents())
        #expect(settled.count == 1)
        #expect(settled.first?.cause == .wheel)
        #expect(controller.offset == 0)
    }
}
