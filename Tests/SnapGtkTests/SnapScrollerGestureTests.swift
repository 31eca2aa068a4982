import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// `SnapScroller.onGesture` (and `Carousel.onGesture`): a start and an end per gesture, the end before the settle,
/// in the caller's terms (px/s, adjustment values, real items); activation of the item at rest moves nothing.
final class SnapScrollerGestureTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    /// Runs `body` on a fixture recording gestures and settles in one list, in the order they came.
    @MainActor
    private static func withRecorder(_ body: (ScrollerFixture, () -> [String], () -> [GestureEvent]) -> Void) {
        let f = ScrollerFixture()
        defer { f.close() }
        var order: [String] = []
        var gestures: [GestureEvent] = []
        f.scroller.onGesture = { event in
            gestures.append(event)
            order.append("gesture.\(event.phase.rawValue)")
        }
        let settle = f.scroller.onSettled
        f.scroller.onSettled = { event in
            order.append("settled")
            settle?(event)
        }
        body(f, { order }, { gestures })
    }

    func testAFastDragReportsItsReleaseVelocityProjectionAndTarget() {
        MainActor.assumeIsolated {
            Self.withRecorder { f, order, gestures in
                let t0 = f.scroller.now
                f.scroller.handleDragBegin(x: 400, time: t0)
                for step in 1...6 { f.scroller.handleDragUpdate(offsetX: -Double(step) * 60, time: t0 + Double(step) * 10) }
                f.scroller.handleDragEnd(offsetX: -360, time: t0 + 60)
                f.waitSettled()
                XCTAssertEqual(order(), ["gesture.start", "gesture.end", "settled"])
                let end = gestures().last!
                XCTAssertEqual(end.input, .drag)
                XCTAssertEqual(end.startIndex, 0)
                XCTAssertGreaterThan(end.velocity, 1000, "a 6 px/ms throw is thousands of px/s")
                XCTAssertGreaterThanOrEqual(end.peakSpeed, end.velocity * 0.5)
                XCTAssertEqual(end.targetIndex, f.settled.last?.index)
                XCTAssertGreaterThan(end.projectedOffset, f.settled.last!.offset - 170, "the projection lies ahead")
            }
        }
    }

    func testAWheelBurstAndAKeyAreGesturesWithTheirTarget() {
        MainActor.assumeIsolated {
            Self.withRecorder { f, order, gestures in
                f.scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
                f.scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
                f.waitSettled()
                XCTAssertEqual(order(), ["gesture.start", "gesture.end", "settled"])
                XCTAssertEqual(gestures().map(\.input), [.wheel, .wheel])
                XCTAssertEqual(gestures().last?.targetIndex, 2)
                XCTAssertEqual(gestures().last?.velocity, 0)
                XCTAssertEqual(gestures().last?.projectedOffset, f.settled.last?.offset)

                f.scroller.handleKey(UInt32(GDK_KEY_Right))
                f.waitSettled(2)
                XCTAssertEqual(order().suffix(3), ["gesture.start", "gesture.end", "settled"])
                XCTAssertEqual(gestures().last?.input, .keyboard)
                XCTAssertEqual(gestures().last?.startIndex, 2)
                XCTAssertEqual(gestures().last?.targetIndex, 3)
            }
        }
    }

    func testActivatingTheItemAtRestIsATapOnly() {
        MainActor.assumeIsolated {
            Self.withRecorder { f, order, _ in
                f.scroller.handleKey(UInt32(GDK_KEY_Return))
                waitFrames(18, of: f.scroller.widget)
                XCTAssertEqual(f.taps, [0])
                XCTAssertEqual(order(), [], "nothing moved: no gesture, no settle")
                XCTAssertFalse(f.scroller.isMoving)
            }
        }
    }

    func testTheCarouselForwardsGesturesAndADotFarAwayIsOnePageEvent() {
        MainActor.assumeIsolated {
            let carousel = Carousel(pageCount: 6, accessibleLabel: "Pages", makePage: { Label() },
                                    bindPage: { label, index in label.text = "\(index)" })
            let fixture = WidgetFixture(hosting: carousel.widget, width: 600, height: 400, laidOut: false)
            defer { fixture.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { carousel.scroller.layout.viewportWidth > 0 })
            var pages: [SelectionEvent] = []
            var gestures: [GestureEvent] = []
            var settled = 0
            carousel.onPageChanged = { pages.append($0) }
            carousel.onGesture = { gestures.append($0) }
            carousel.onSettled = { _ in settled += 1 }
            carousel.scrollTo(page: 3, cause: .click)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { settled == 1 && !carousel.scroller.isMoving })
            XCTAssertEqual(pages, [SelectionEvent(index: 3, cause: .click)], "one page event, not one per page passed")
            XCTAssertTrue(gestures.isEmpty, "a request is not a gesture")
            carousel.scroller.handleKey(UInt32(GDK_KEY_Left))
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { settled == 2 && !carousel.scroller.isMoving })
            XCTAssertEqual(pages.last, SelectionEvent(index: 2, cause: .keyboard))
            XCTAssertEqual(gestures.map(\.phase), [.start, .end])
            XCTAssertEqual(gestures.last?.targetIndex, 2)
        }
    }
}
