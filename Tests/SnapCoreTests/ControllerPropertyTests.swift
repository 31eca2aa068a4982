import Testing
@testable import SnapCore

/// Random input sequences against the controller's contract.
@Suite struct ControllerPropertyTests {
    /// Tracks events as they are drained after every call and checks the gesture contract as it goes.
    struct Harness {
        var controller: SnapController
        var time = 0.0
        var inputsSinceSettle = 0
        var settledSinceLastInput = 0
        var lastSettled: (index: Int, offset: Double, cause: Cause)?

        /// Delivers one input. `continuous` inputs (requests, drag begin/end, scroll end) must never move the content
        /// by themselves — it takes over from where it is — unless reduced motion makes moves instant.
        mutating func input(
            continuous: Bool = false, _ body: (inout SnapController, Double) -> Void,
            sourceLocation: SourceLocation = #_sourceLocation
        ) {
            inputsSinceSettle += 1
            settledSinceLastInput = 0
            let before = controller.offset
            body(&controller, time)
            if continuous && !controller.configuration.reduceMotion {
                #expect(controller.offset == before, "input jumped the content", sourceLocation: sourceLocation)
            }
            check(sourceLocation: sourceLocation)
        }

        mutating func tick(sourceLocation: SourceLocation = #_sourceLocation) {
            time += frame
            controller.tick(time: time)
            check(sourceLocation: sourceLocation)
        }

        mutating func check(sourceLocation: SourceLocation) {
            let layout = controller.layout
            #expect(controller.offset >= 0 && controller.offset <= layout.maxOffset, sourceLocation: sourceLocation)
            #expect(controller.currentIndex == layout.index(nearestTo: controller.offset), sourceLocation: sourceLocation)
            for settled in settledEvents(controller.drainEvents()) {
                // Only input starts a gesture, and a gesture settles once.
                #expect(inputsSinceSettle > 0, "settled twice without input", sourceLocation: sourceLocation)
                #expect(settled.offset == layout.restingOffset(settled.index), sourceLocation: sourceLocation)
                #expect(settled.offset == controller.offset, sourceLocation: sourceLocation)
                #expect(!controller.isAnimating, sourceLocation: sourceLocation)
                inputsSinceSettle = 0
                settledSinceLastInput += 1
                lastSettled = settled
            }
        }
    }

    @Test(arguments: [1 as UInt64, 2, 3, 4])
    func everyGestureSequenceSettlesExactlyOnceAtARestingPlace(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<300 {
            let layout = rng.layout(maxCount: 30)
            var configuration: SnapConfiguration = Bool.random(using: &rng) ? .standard : .pager
            configuration.reduceMotion = Int.random(in: 0..<5, using: &rng) == 0
            if Bool.random(using: &rng) { configuration.springDampingRatio = Double.random(in: 0.4...2, using: &rng) }
            var harness = Harness(
                controller: SnapController(
                    layout: layout, configuration: configuration,
                    initialIndex: Int.random(in: 0..<layout.count, using: &rng)))
            for step in 0..<Int.random(in: 1...10, using: &rng) {
                let isLast = step == 9
                performRandomInput(&harness, rng: &rng, definite: isLast)
                for _ in 0..<Int.random(in: 0...12, using: &rng) { harness.tick() }
            }
            // The final input always asks for a move, so exactly one settled must follow it.
            performRandomInput(&harness, rng: &rng, definite: true)
            var frames = 0
            while harness.controller.needsFrames && frames < 2000 {
                harness.tick()
                frames += 1
            }
            #expect(!harness.controller.needsFrames)
            #expect(harness.settledSinceLastInput == 1)
            #expect(isRestingPlace(harness.controller.offset, in: harness.controller.layout))
            if let last = harness.lastSettled {
                #expect(last.offset == harness.controller.offset)
            }
        }
    }

    /// One random input. `definite` restricts to inputs that always start a gesture and complete it
    /// (a drag includes its end, a smooth scroll may rely on the quiet period).
    func performRandomInput(_ harness: inout Harness, rng: inout SplitMix64, definite: Bool) {
        let count = harness.controller.layout.count
        let choice = Int.random(in: 0..<(definite ? 5 : 9), using: &rng)
        switch choice {
        case 0:
            let notches = [1, -1, 2, -3, 1.5].randomElement(using: &rng)!
            harness.input(continuous: true) { $0.wheel(notches: notches, time: $1) }
            if Bool.random(using: &rng) {
                harness.time += Double.random(in: 5...60, using: &rng)
                harness.input(continuous: true) { $0.wheel(notches: notches, time: $1) }
            }
        case 1:
            let key = [SnapKey.previous, .next, .first, .last, .pageBackward, .pageForward].randomElement(using: &rng)!
            harness.input(continuous: true) { $0.key(key, time: $1) }
        case 2:
            let index = Int.random(in: -2...(count + 2), using: &rng)
            let cause = [Cause.click, .programmatic].randomElement(using: &rng)!
            harness.input(continuous: true) { $0.scrollTo(index: index, cause: cause, time: $1) }
        case 3:
            harness.input(continuous: true) { $0.dragBegan(time: $1) }
            var translation = 0.0
            for _ in 0..<Int.random(in: 0...10, using: &rng) {
                harness.time += 8
                translation += Double.random(in: -60...60, using: &rng)
                harness.input { $0.dragChanged(translation: translation, time: $1) }
            }
            harness.time += Double.random(in: 0...30, using: &rng)
            harness.input(continuous: true) { $0.dragEnded(time: $1) }
        case 4:
            for _ in 0..<Int.random(in: 1...12, using: &rng) {
                harness.time += 8
                let delta = Double.random(in: -40...40, using: &rng)
                harness.input { $0.smoothScroll(delta: delta, time: $1) }
            }
            if Bool.random(using: &rng) {
                let velocity: Double? = Bool.random(using: &rng) ? Double.random(in: -4...4, using: &rng) : nil
                harness.input(continuous: true) { $0.scrollEnded(time: $1, velocity: velocity) }
            }
        case 5:
            let newLayout = rng.layout(maxCount: 30)
            harness.input { $0.resize(to: newLayout, time: $1) }
        case 6:
            let target = Double.random(in: 0...harness.controller.layout.maxOffset, using: &rng)
            harness.input { $0.externalOffsetChanged(target, time: $1) }
        case 7:
            harness.input(continuous: true) { $0.wheel(notches: 0.25, time: $1) }
        default:
            // A drag left open while ticks run on; the next input takes over from it.
            harness.input(continuous: true) { $0.dragBegan(time: $1) }
            harness.time += 8
            let translation = Double.random(in: -100...100, using: &rng)
            harness.input { $0.dragChanged(translation: translation, time: $1) }
        }
    }
}
