import SnapCore
import Testing

/// The example in SnapCore's "use it in your app" article works as the article says.
@Suite struct ArticleExampleTests {
    @Test func oneWheelNotchSettlesOnceOnTheNextItem() {
        let layout = SnapLayout(uniformItemWidth: 120, count: 20, spacing: 8, viewportWidth: 400)
        var controller = SnapController(layout: layout, configuration: .standard)
        controller.wheel(notches: 1, time: 0)
        var time = 0.0
        var settles: [(Int, Cause)] = []
        while controller.needsFrames && time < 5_000 {
            time += 16.7
            controller.tick(time: time)
            for event in controller.drainEvents() {
                if case .settled(let index, _, let cause) = event { settles.append((index, cause)) }
            }
        }
        #expect(settles.count == 1)
        #expect(settles.first?.0 == 1)
        #expect(settles.first?.1 == .wheel)
        #expect(controller.offset == layout.restingOffset(1))
    }
}
