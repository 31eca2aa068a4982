import Testing
@testable import SnapCore

@Suite struct GestureEndDetectorTests {
    @Test func endsAfterTheQuietPeriod() {
        var detector = GestureEndDetector()
        #expect(!detector.isActive)
        #expect(detector.deadline() == nil)
        #expect(!detector.hasEnded(at: 1000))
        detector.input(at: 100)
        detector.input(at: 150)
        detector.input(at: 120)  // late input never moves the deadline back
        #expect(detector.isActive)
        #expect(detector.deadline() == 350)
        #expect(!detector.hasEnded(at: 349))
        #expect(detector.hasEnded(at: 350))
        detector.cancel()
        #expect(!detector.isActive)
    }

    @Test(arguments: [50.0, 200.0, 400.0])
    func quietPeriodIsConfigurable(_ quiet: Double) {
        var detector = GestureEndDetector(quietPeriod: quiet)
        detector.input(at: 0)
        #expect(detector.deadline() == quiet)
    }
}
