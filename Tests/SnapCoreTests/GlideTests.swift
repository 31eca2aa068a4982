import Testing
@testable import SnapCore

/// Requested moves (keys, wheel notches, clicks, page dots) glide: they start gently, take longer for longer moves
/// up to a cap, land exactly; flings keep their velocity. Sampled from the core at fixed frame rates.
@Suite struct GlideTests {
    /// The largest share of a one-item move any first frame may show.
    static let firstFrameLimit = 0.35
    /// Item widths (px): menu tabs, strip cards, carousel pages, a page wider than most windows.
    static let itemWidths = [100.0, 160.0, 507.0, 900.0]
    /// Frames per second.
    static let frameRates = [30.0, 60.0, 120.0, 144.0]

    /// Offsets of a controller sampled every `interval` ms from `start` until it is idle (bounded), and the time.
    static func samples(
        _ controller: inout SnapController, start: Double, interval: Double
    ) -> (offsets: [Double], end: Double) {
        var offsets = [controller.offset]
        var time = start
        repeat {
            time += interval
            controller.tick(time: time)
            offsets.append(controller.offset)
        } while controller.isAnimating && time - start < 5_000
        return (offsets, time)
    }

    /// Thirty items of `width` px, 12 px apart, in a 960 px window, resting on item 10.
    static func controller(width: Double) -> (SnapController, SnapLayout) {
        let layout = SnapLayout(uniformItemWidth: width, count: 30, spacing: 12, viewportWidth: 960)
        return (SnapController(layout: layout, initialIndex: 10), layout)
    }

    @Test(arguments: [1, 2, 3, 4, 6, 8], itemWidths)
    func jumpsStartGentlyAndLandExactlyAt60Hz(_ items: Int, _ width: Double) {
        expectGentleJump(items: items, width: width, rate: 60)
        expectGentleJump(items: -items, width: width, rate: 60)
    }

    @Test(arguments: frameRates, [1, 3, 8])
    func jumpsStartGentlyAtEveryFrameRate(_ rate: Double, _ items: Int) {
        for width in Self.itemWidths {
            expectGentleJump(items: items, width: width, rate: rate)
        }
    }

    func expectGentleJump(items: Int, width: Double, rate: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        var (controller, layout) = Self.controller(width: width)
        let pitch = width + 12
        let target = 10 + items
        let start = 1_000.0
        controller.scrollTo(index: target, cause: .click, time: start)
        let (offsets, end) = Self.samples(&controller, start: start, interval: 1000 / rate)
        let label = "\(items) items of \(width) px at \(rate) Hz"
        let first = abs(offsets[1] - offsets[0]) / pitch
        #expect(first <= Self.firstFrameLimit, "first frame covers \(first) of an item — \(label)",
            sourceLocation: sourceLocation)
        #expect(first > 0, "the first frame already moves — \(label)", sourceLocation: sourceLocation)
        if abs(items) <= 4 && rate >= 60 {
            // Up to four items (every jump of a five-page carousel) no frame at all covers more than the limit.
            let largest = zip(offsets, offsets.dropFirst()).map { abs($1 - $0) }.max() ?? 0
            #expect(largest / pitch <= Self.firstFrameLimit, "a frame covers \(largest / pitch) of an item — \(label)",
                sourceLocation: sourceLocation)
        }
        let direction = items > 0 ? 1.0 : -1.0
        for (a, b) in zip(offsets, offsets.dropFirst()) {
            #expect((b - a) * direction >= 0, "steps back: \(a) → \(b) — \(label)", sourceLocation: sourceLocation)
        }
        #expect(offsets.last == layout.restingOffset(target), "\(label)", sourceLocation: sourceLocation)
        let duration = end - start
        let expected = GlideMotion.duration(distance: Double(abs(items)) * pitch, itemExtent: pitch)
        // Done on the first frame at or after the glide's end, which began at most one frame before the first tick.
        #expect(duration >= expected && duration <= expected + 2 * 1000 / rate, "\(duration) ms — \(label)",
            sourceLocation: sourceLocation)
        #expect(duration <= GlideMotion.defaultLongestDuration + 2 * 1000 / rate, sourceLocation: sourceLocation)
        let settled = settledEvents(controller.drainEvents())
        #expect(settled.count == 1 && settled.first?.index == target && settled.first?.cause == .click,
            sourceLocation: sourceLocation)
    }

    @Test func durationGrowsGentlyWithDistanceUpToTheCap() {
        let one = GlideMotion.duration(distance: 100, itemExtent: 100)
        #expect(one == GlideMotion.defaultOneItemDuration)
        var previous = 0.0
        for items in 1...40 {
            let duration = GlideMotion.duration(distance: Double(items) * 100, itemExtent: 100)
            #expect(duration >= previous)
            #expect(duration <= GlideMotion.defaultLongestDuration)
            previous = duration
        }
        #expect(GlideMotion.duration(distance: 200, itemExtent: 100) < 1.5 * one)  // gently: not twice as long
        #expect(GlideMotion.duration(distance: 4_000, itemExtent: 100) == GlideMotion.defaultLongestDuration)
        #expect(GlideMotion.duration(distance: 2, itemExtent: 100) == GlideMotion.shortestDuration)
        #expect(GlideMotion.duration(distance: 0, itemExtent: 100) == 0)
        #expect(GlideMotion.duration(distance: 50, itemExtent: 0) == one)
        #expect(GlideMotion.duration(distance: 400, itemExtent: 100, oneItem: 100, longest: 150) == 150)
        expectClose(GlideMotion.duration(distance: 400, itemExtent: 100), 240 * 1.5874, tolerance: 0.01)
    }

    @Test(arguments: [100.0, 160.0, 507.0])
    func oneWheelNotchStartsGently(_ width: Double) {
        var (controller, layout) = Self.controller(width: width)
        controller.wheel(notches: 1, time: 0)
        let (offsets, _) = Self.samples(&controller, start: 0, interval: frame)
        let first = (offsets[1] - offsets[0]) / (width + 12)
        #expect(first > 0 && first <= Self.firstFrameLimit, "\(first)")
        #expect(offsets.last == layout.restingOffset(11))
    }

    @Test func aLateFirstFrameDoesNotLeap() {
        // The input's time can lie well before the first frame that shows it (a busy main loop, event times mapped
        // from the display server): the first frame still shows at most one frame's worth of the glide.
        var (controller, layout) = Self.controller(width: 100)
        controller.wheel(notches: 1, time: 0)
        controller.tick(time: 90)
        let first = (controller.offset - layout.restingOffset(10)) / 112
        #expect(first > 0 && first <= Self.firstFrameLimit, "\(first)")
        runUntilIdle(&controller, from: 90)
        #expect(controller.offset == layout.restingOffset(11))
    }

    @Test(arguments: [30.0, 60.0, 144.0])
    func aNewRequestMidGlideTakesOverWithoutAJumpOrAKink(_ rate: Double) {
        let interval = 1000 / rate
        var (controller, layout) = Self.controller(width: 160)
        controller.key(.next, time: 0)
        var time = 0.0
        var offsets = [controller.offset]
        while time < 100 { time += interval; controller.tick(time: time); offsets.append(controller.offset) }
        let shown = controller.offset
        controller.key(.next, time: time)
        #expect(controller.offset == shown)  // no jump at the request itself
        #expect(controller.targetIndex == 12)
        for _ in 0..<3 { time += interval; controller.tick(time: time); offsets.append(controller.offset) }
        let n = offsets.count
        let before = offsets[n - 4] - offsets[n - 5]
        let after = offsets[n - 3] - offsets[n - 4]
        #expect(after > 0 && before > 0)
        // Same velocity at the hand-over: no stall (a glide restarting from rest would nearly stop) and no leap; the
        // step grows only by the new glide's acceleration towards its farther target.
        #expect(after >= 0.8 * before && after <= 1.6 * before, "\(before) then \(after) at \(rate) Hz")
        runUntilIdle(&controller, from: time)
        #expect(controller.offset == layout.restingOffset(12))
        #expect(settledEvents(controller.drainEvents()).count == 1)
    }

    /// GTK's frame times are smoothed onto its period, so the frame after one sampled at the input (a frame period
    /// on) can carry an earlier time: the motion shows the same there, never runs back, and the frame after goes on
    /// by a whole frame (no second frame without progress).
    @Test(arguments: [0.0, 5.0, 16.0])
    func anEarlierFrameTimeNeverRunsTheMotionBack(_ nextFrame: Double) {
        var (controller, layout) = Self.controller(width: 160)
        let start = controller.offset
        controller.key(.next, time: 0)
        controller.tick(time: 1000 / 60)   // the input's own frame
        let shown = abs(controller.offset - start)
        #expect(shown > 0)
        controller.tick(time: nextFrame)
        #expect(abs(controller.offset - start) == shown)
        controller.tick(time: nextFrame + 1000 / 60)
        let next = abs(controller.offset - start)
        #expect(next > shown)
        // The same as an unbroken run of frames 1000/60 apart shows at its second frame.
        var (unbroken, _) = Self.controller(width: 160)
        unbroken.key(.next, time: 0)
        unbroken.tick(time: 1000 / 60)
        unbroken.tick(time: 2000 / 60)
        #expect(abs(abs(unbroken.offset - start) - next) < 1e-9)
        runUntilIdle(&controller, from: nextFrame + 1000 / 60)
        #expect(controller.offset == layout.restingOffset(11))
    }

    @Test func reversingMidGlideTurnsSmoothly() {
        var (controller, layout) = Self.controller(width: 100)
        controller.wheel(notches: 1, time: 0)
        var time = 0.0
        for _ in 0..<6 { time += frame; controller.tick(time: time) }
        controller.wheel(notches: -1, time: time + 400)  // a later burst: a new gesture back
        let (offsets, _) = Self.samples(&controller, start: time + 400, interval: frame)
        for (a, b) in zip(offsets, offsets.dropFirst()) { #expect(abs(b - a) <= 0.35 * 112) }
        #expect(offsets.last == layout.restingOffset(10))
    }

    @Test(arguments: [1.5, 3.0, -2.0])
    func flingsKeepTheirVelocity(_ velocity: Double) {
        // A drag released at `velocity` px/ms of the offset: the content carries on at that speed (a spring), it
        // does not stop to glide off from rest.
        var (controller, _) = Self.controller(width: 160)
        let start = controller.offset
        controller.dragBegan(time: 0)
        var time = 0.0
        for step in 1...6 {
            time = Double(step) * 8
            controller.dragChanged(translation: -velocity * time, time: time)
        }
        let released = controller.offset
        controller.dragEnded(time: time)
        controller.tick(time: time + frame)
        let step = controller.offset - released
        #expect(step * velocity > 0)
        #expect(abs(step) >= 0.6 * abs(velocity) * frame, "\(step) px after release at \(velocity) px/ms")
        runUntilIdle(&controller, from: time + frame)
        #expect(isRestingPlace(controller.offset, in: controller.layout))
        #expect(controller.offset != start)
    }

    @Test func glideCurveLeavesAtItsVelocityAndStopsDead() {
        for (v, d) in [(0.0, 300.0), (1.0, 300.0), (-1.0, 300.0), (0.5, 0.0), (2.0, -50.0)] {
            let glide = GlideMotion(from: 100, to: 100 + d, initialVelocity: v, duration: 250)
            expectClose(glide.velocity(at: 0), v)
            #expect(glide.value(at: 0) == 100)
            #expect(glide.value(at: glide.duration) == 100 + d)
            #expect(glide.velocity(at: glide.duration) == 0)
            for t in stride(from: 1.0, to: glide.duration - 1, by: 7) {
                let numeric = (glide.value(at: t + 1e-4) - glide.value(at: t - 1e-4)) / 2e-4
                expectClose(glide.velocity(at: t), numeric, tolerance: 1e-5, "v \(v) d \(d) at \(t)")
            }
            // No jolt at the end: the last millisecond's change of velocity is tiny.
            #expect(abs(glide.velocity(at: glide.duration - 1)) < 1e-3)
        }
    }

    @Test func glideNeverOvershootsWhenItStartsTowardsTheTarget() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<2000 {
            let from = Double.random(in: -3000...3000, using: &rng)
            let to = Double.random(in: -3000...3000, using: &rng)
            let speed = Double.random(in: 0...20, using: &rng)
            let velocity = to >= from ? speed : -speed
            let glide = GlideMotion(from: from, to: to, initialVelocity: velocity, duration: 300)
            #expect(glide.duration <= 300)
            var previous = from
            for t in stride(from: 0.0, through: glide.duration + frame, by: 2) {
                let x = glide.value(at: t)
                #expect(to >= from ? x >= previous - 1e-9 && x <= to : x <= previous + 1e-9 && x >= to)
                previous = x
            }
            #expect(glide.value(at: glide.duration) == to)
        }
    }

    @Test func glideDurationsAreCheckedWhereTheyAreSet() {
        var configuration = SnapConfiguration()
        configuration.glideOneItemDuration = .nan
        #expect(configuration.glideOneItemDuration == GlideMotion.defaultOneItemDuration)
        configuration.glideLongestDuration = -5
        #expect(configuration.glideLongestDuration == 0)
        configuration.glideOneItemDuration = .infinity
        #expect(configuration.glideOneItemDuration == SnapConfiguration.glideDurationRange.upperBound)
        // A zero cap makes requested moves instant, and they still land exactly and settle once.
        var (controller, layout) = Self.controller(width: 100)
        controller.configuration = configuration
        controller.key(.next, time: 0)
        runUntilIdle(&controller, from: 0)
        #expect(controller.offset == layout.restingOffset(11))
        #expect(settledEvents(controller.drainEvents()).count == 1)
    }

    @Test func glidesFollowReducedMotion() {
        var (controller, layout) = Self.controller(width: 100)
        controller.configuration.reduceMotion = true
        controller.key(.last, time: 0)
        #expect(controller.offset == layout.restingOffset(29))
        #expect(!controller.isAnimating)
    }
}
