import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// Touchpad flings replayed through the scroller's input handlers (`TouchpadReplay`, which the demo's frame
/// benchmark uses too): each settles exactly once, on the item the core chooses for the same deltas and GTK's
/// lift-off velocity, in a long row and across a loop's seam.
final class TouchpadReplayTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    static let short = TouchpadGesture.fling(speed: 1.5, events: 8)
    static let long = TouchpadGesture.fling(speed: 6, events: 12)

    func testGtksLiftOffVelocityIsTheRecentDeltasOverTheirTime() {
        // 10 px every 8 ms for 160 ms, lifting 8 ms after the last: GTK keeps the events of the last 150 ms.
        let samples = (0..<20).map { TouchpadGesture.Sample(time: Double($0) * 8, dx: 10) }
        let gesture = TouchpadGesture(samples: samples, endTime: 160)
        let kept = samples.filter { $0.time >= 10 }   // 16 ms … 152 ms
        XCTAssertEqual(gesture.decelerateVelocity.vx, Double(kept.count) * 10 * 1000 / (160 - 16), accuracy: 1e-9)
        XCTAssertEqual(gesture.decelerateVelocity.vy, 0)
        XCTAssertEqual(gesture.reversed.decelerateVelocity.vx, -gesture.decelerateVelocity.vx, accuracy: 1e-9)
        // Lifted at the time of its only event: no velocity, as GTK reports it.
        XCTAssertEqual(TouchpadGesture(samples: [.init(time: 0, dx: 5)]).decelerateVelocity.vx, 0)
    }

    func testAFlingSettlesOnceOnTheItemTheCoreChoosesBothWays() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture(count: 1_000_000, windowWidth: 960)
            defer { f.close() }
            let home = 500_000
            var travelled: [Int] = []
            for gesture in [Self.short, Self.short.reversed, Self.long, Self.long.reversed] {
                f.settled.removeAll()
                f.scroller.scrollTo(index: home, animated: false)
                f.waitSettled()
                f.settled.removeAll()
                let expected = Self.coreTarget(of: gesture, on: f.scroller)
                Self.deliverAtOnce(gesture, to: f.scroller)
                f.waitSettled()
                XCTAssertEqual(f.settled.count, 1, "one settle per fling")
                XCTAssertEqual(f.settled.first?.cause, .touchpad)
                f.assertRests(on: expected)
                // A fling, not a drag: it coasts past the item the fingers left nearest.
                let nearest = f.scroller.layout.index(nearestTo: f.scroller.layout.restingOffset(home) + gesture.distance)
                XCTAssertGreaterThan(abs(expected - home), abs(nearest - home), "coasted beyond the fingers' item")
                travelled.append(expected - home)
            }
            XCTAssertEqual(travelled[0], -travelled[1], "the same fling each way travels as far")
            XCTAssertEqual(travelled[2], -travelled[3])
            XCTAssertGreaterThan(travelled[2], travelled[0], "a faster fling goes further")
        }
    }

    func testFlingsCrossALoopsSeamAndSettleOnceOnTheRealItem() {
        MainActor.assumeIsolated {
            let count = 5
            let f = ScrollerFixture(count: count)
            defer { f.close() }
            f.scroller.loops = true
            f.scroller.scrollTo(index: count - 1, animated: false)
            f.waitSettled()
            f.settled.removeAll()
            let loop = try! XCTUnwrap(f.scroller.loopSpace)
            // Forward from the last item: over the seam to the first items.
            let forward = loop.realIndex(Self.coreTarget(of: Self.short, on: f.scroller))
            XCTAssertLessThan(forward, count - 1, "wraps to the first items")
            Self.deliverAtOnce(Self.short, to: f.scroller)
            f.waitSettled()
            XCTAssertEqual(f.settled.map(\.index), [forward])
            XCTAssertEqual(f.scroller.currentIndex, forward)
            XCTAssertEqual(f.centreError(of: forward) ?? .nan, 0, accuracy: 0.5)
            // And back over the seam to the last item.
            Self.deliverAtOnce(Self.short.reversed, to: f.scroller)
            f.waitSettled(2)
            XCTAssertEqual(f.settled.map(\.index), [forward, count - 1])
            XCTAssertEqual(f.scroller.currentIndex, count - 1)
            XCTAssertEqual(f.centreError(of: count - 1) ?? .nan, 0, accuracy: 0.5)
        }
    }

    /// Where the core alone comes to rest for `gesture` from the scroller's current place: the same deltas into a
    /// controller on the same geometry, ended with the velocity of GTK's `decelerate` (a virtual index in a loop).
    @MainActor
    static func coreTarget(of gesture: TouchpadGesture, on scroller: SnapScroller) -> Int {
        var core = SnapController(layout: scroller.layout, configuration: scroller.configuration,
                                  initialIndex: scroller.controller.currentIndex)
        for sample in gesture.samples { core.smoothScroll(delta: sample.dx, time: sample.time) }
        core.scrollEnded(time: gesture.endTime, velocity: gesture.decelerateVelocity.vx / 1000)
        return try! XCTUnwrap(core.targetIndex, "the core chose no target")
    }

    /// Delivers the whole gesture in one batch, as GTK hands over events that queued up during a slow frame: no frame
    /// runs in between, so the outcome does not depend on the machine's speed.
    @MainActor
    static func deliverAtOnce(_ gesture: TouchpadGesture, to scroller: SnapScroller) {
        let now = scroller.now
        var replay = TouchpadReplay(gesture, startingAt: now - gesture.endTime)
        XCTAssertTrue(replay.deliver(to: scroller, through: now), "every event was due")
    }
}
