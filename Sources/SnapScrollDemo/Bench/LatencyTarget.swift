import CSnapGtk
import Glibc
@_spi(Testing) @_spi(GtkInterop) import SnapGtk

/// One scheduled input of a latency run: `delay` ms after the one before (or after the row rested, when `waits`),
/// whether its latency is measured, and what it does at a time (ms): true when the row used it.
struct LatencyStep {
    var kind: String
    var delay: Int
    var waits: Bool
    var measured: Bool
    var act: @MainActor (Double) -> Bool
}

/// What a ``LatencyRun`` drives: a row it moves by steps and reads back.
@MainActor
protocol LatencyTarget: AnyObject {
    /// The row's widget, which the pointer is put over.
    var rowWidget: UnsafeMutablePointer<GtkWidget>? { get }
    /// Where the row is now (px), as drawn by the next frame.
    var offset: Double { get }
    /// Whether the row is still moving on its own (an animation, a fling).
    var isMoving: Bool { get }
    /// The run's fixed fields for its bench event (`page`, `items`, …).
    var fields: [String: String] { get }
    /// Puts the row back in its middle at once.
    func returnHome()
    /// The inputs of `rounds` rounds.
    func steps(rounds: Int) -> [LatencyStep]
}

/// The page's snapping component, driven through its own input handlers (``SnapScroller/inject(_:)``).
@MainActor
final class ScrollerLatencyTarget: LatencyTarget {
    private weak var scroller: SnapScroller?
    private weak var carousel: Carousel?
    private let page: String
    private let home: Int

    /// `carousel`: the carousel whose row `scroller` is, if it is one (its banners' geometry goes in the event).
    init(page: String, scroller: SnapScroller, carousel: Carousel?) {
        self.page = page
        self.scroller = scroller
        self.carousel = carousel
        home = max(scroller.itemCount / 2 - 1, 0)
    }

    var rowWidget: UnsafeMutablePointer<GtkWidget>? { scroller?.widget }
    var offset: Double { scroller?.logicalOffset ?? 0 }
    var isMoving: Bool { scroller?.isMoving ?? false }
    var fields: [String: String] {
        let banners = carousel.map(StockLatencyRow.bannerGeometry(of:)) ?? [:]
        return banners.merging(["page": QALog.quoted(page), "items": String(scroller?.itemCount ?? 0)]) { $1 }
    }

    func returnHome() {
        scroller?.scrollTo(index: home, cause: .programmatic, animated: false)
    }

    func steps(rounds: Int) -> [LatencyStep] {
        var steps: [LatencyStep] = []
        func add(_ kind: String, _ delay: Int, waits: Bool = false, measured: Bool = true,
                 _ input: @escaping @MainActor (Double) -> ScrollerInput) {
            steps.append(LatencyStep(kind: kind, delay: delay, waits: waits, measured: measured) { [weak self] time in
                self?.scroller?.inject(input(time)) ?? false
            })
        }
        for round in 0..<rounds {
            let sign: Double = round % 2 == 0 ? 1 : -1
            add("wheel", 100, waits: true) { .scroll(dx: 0, dy: sign, wheel: true, time: $0) }
            // A drag: press, 20 motions of 6 px 8 ms apart (content follows the pointer), release.
            add("drag", 100, waits: true, measured: false) { .press(x: 480, time: $0) }
            for i in 1...20 {
                let offset = -sign * 6 * Double(i)
                add("drag", 8) { .motion(offsetX: offset, time: $0) }
            }
            add("drag", 8, measured: false) { .release(offsetX: -sign * 120, time: $0) }
            // A touchpad swipe: the short fling's deltas at their spacing, then scroll-end and decelerate.
            let swipe = LatencyRun.swipe
            var previous = 0.0
            for (i, sample) in swipe.samples.enumerated() {
                let dx = sign * sample.dx
                add("swipe", i == 0 ? 100 : Int(sample.time - previous), waits: i == 0) {
                    .scroll(dx: dx, dy: 0, wheel: false, time: $0)
                }
                previous = sample.time
            }
            let velocity = swipe.decelerateVelocity
            add("swipe", Int(swipe.endTime - previous), measured: false) { _ in .scrollEnd }
            add("swipe", 0, measured: false) { .decelerate(vx: sign * velocity.vx, vy: 0, time: $0) }
        }
        return steps
    }
}
