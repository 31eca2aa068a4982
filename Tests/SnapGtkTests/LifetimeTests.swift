import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The one lifetime rule, checked on every widget: its window is destroyed in the middle of a motion (or with an
/// idle report pending); no GLib critical or warning follows, the Swift owner is released, and every signal handler
/// box GLib held is released with it.
final class LifetimeTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    /// Builds a widget (returning its owner, root widget and a way to set it moving), shows it, sets it moving,
    /// destroys the window mid-motion and checks the rule.
    @MainActor
    private static func destroyMidMotion(
        _ name: String,
        make: () -> (owner: AnyObject, widget: UnsafeMutablePointer<GtkWidget>, start: () -> Bool),
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let watch = LogWatch()
        defer { watch.remove() }
        let handlersBefore = Signals.liveHandlers
        weak var owner: AnyObject?
        var fixture: WidgetFixture?
        do {
            let made = make()
            owner = made.owner
            // Laid out, then the motion; destroyed on the frame after it started.
            fixture = WidgetFixture(hosting: made.widget, width: 600, height: 300, file: file, line: line)
            XCTAssertTrue(made.start(), "\(name): nothing was moving", file: file, line: line)
            waitNextFrame(of: made.widget, file: file, line: line)
            // Still moving (under load a frame may come late enough to end the motion: then it starts another).
            XCTAssertTrue(made.start(), "\(name): nothing moving when the window closed", file: file, line: line)
        }
        fixture?.close()
        XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { owner == nil }, "\(name): the Swift owner outlived its widget",
                      file: file, line: line)
        // Frames and idle sources that were pending when the window went have had their chance to misbehave.
        drainMainLoop()
        XCTAssertEqual(watch.messages, [], "\(name): GLib complained", file: file, line: line)
        XCTAssertEqual(Signals.liveHandlers, handlersBefore, "\(name): signal handler boxes still held", file: file, line: line)
    }

    /// A strip of 30 numbered labels, 20 px apart.
    @MainActor
    private static func numberedStrip(itemWidth: Double = 100, label: String = "strip") -> SnapScroller {
        SnapScroller(itemCount: 30, itemWidth: itemWidth, spacing: 20, label: label, factory: { gtk_label_new(nil)! },
                     bind: { label, index in gtk_label_set_text(label.opaque, "\(index)") })
    }

    /// A carousel of five banners whose files do not exist (placeholders: nothing to decode).
    @MainActor
    private static func missingBanners() -> Carousel {
        Carousel(pageCount: 5) { Carousel.Banner(title: "Banner \($0)", imagePath: "/nonexistent/\($0).png") }
    }

    /// A finger down at x 300 and moved 160 px left, still held.
    @MainActor
    private static func drag(_ scroller: SnapScroller) {
        scroller.handleDragBegin(x: 300)
        scroller.handleDragUpdate(offsetX: -80)
        scroller.handleDragUpdate(offsetX: -160)
    }

    func testScrollerDestroyedMidSnap() {
        MainActor.assumeIsolated {
            Self.destroyMidMotion("SnapScroller") {
                let scroller = Self.numberedStrip()
                return (scroller, scroller.widget, {
                    if !scroller.isMoving { scroller.handleScroll(dx: 3, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL) }
                    return scroller.frameDriver.isRunning
                })
            }
        }
    }

    func testScrollerDestroyedWhileDragged() {
        MainActor.assumeIsolated {
            Self.destroyMidMotion("SnapScroller drag") {
                let scroller = Self.numberedStrip()
                var dragged = false
                return (scroller, scroller.widget, {
                    if !dragged {
                        dragged = true
                        Self.drag(scroller)
                    }
                    return scroller.isMoving
                })
            }
        }
    }

    func testScrollerWithGuidesDestroyedWhileDragged() {
        MainActor.assumeIsolated {
            // The guides' widget, its draw box and the frames a held drag keeps for them go with the window.
            Self.destroyMidMotion("SnapScroller guides") {
                let scroller = Self.numberedStrip()
                scroller.showsSnapGuides = true
                var dragged = false
                return (scroller, scroller.widget, {
                    if !dragged {
                        dragged = true
                        Self.drag(scroller)
                    }
                    return scroller.frameDriver.isRunning
                })
            }
        }
    }

    func testCarouselDestroyedMidSnap() {
        MainActor.assumeIsolated {
            Self.destroyMidMotion("Carousel") {
                let carousel = Self.missingBanners()
                return (carousel, carousel.widget, {
                    if !carousel.scroller.isMoving {
                        carousel.scrollTo(page: carousel.currentPage == 3 ? 0 : 3, cause: .click)
                    }
                    return carousel.scroller.isMoving
                })
            }
        }
    }

    func testVerticalScrollerAndCarouselDestroyedMidMotion() {
        MainActor.assumeIsolated {
            Self.destroyMidMotion("vertical SnapScroller") {
                let scroller = Self.numberedStrip(itemWidth: 60, label: "list")
                scroller.orientation = .vertical
                scroller.isInteractive = false
                return (scroller, scroller.widget, {
                    if !scroller.isMoving { scroller.scrollTo(index: scroller.currentIndex == 6 ? 0 : 6) }
                    return scroller.frameDriver.isRunning
                })
            }
            Self.destroyMidMotion("vertical Carousel") {
                let carousel = Self.missingBanners()
                carousel.orientation = .vertical
                carousel.spacing = 30
                return (carousel, carousel.widget, {
                    if !carousel.scroller.isMoving { carousel.scroller.handleScroll(dx: 0, dy: 2, unit: GDK_SCROLL_UNIT_WHEEL) }
                    return carousel.scroller.isMoving
                })
            }
        }
    }

    func testSegmentedControlDestroyedMidSlide() {
        MainActor.assumeIsolated {
            Self.destroyMidMotion("SegmentedControl") {
                let control = SegmentedControl(titles: ["One", "Two", "Three", "Four"], label: "tabs")
                return (control, control.widget, {
                    if !control.isAnimating { control.select(control.selectedIndex == 3 ? 0 : 3, cause: .click) }
                    return control.isAnimating
                })
            }
        }
    }

    func testCenteringBoxDestroyedWithAReportPending() {
        MainActor.assumeIsolated {
            Self.destroyMidMotion("CenteringBox") {
                let box = CenteringBox(label: "centred")
                let label = gtk_label_new("short")!
                box.setChild(label)
                var reported: [CenteringLayout.Mode] = []
                box.onModeChanged = { reported.append($0) }
                var widened = false
                return (box, box.widget, {
                    if !widened {
                        // Laid out centred; a much longer child flips the mode at the next allocation, which
                        // schedules an idle report.
                        widened = true
                        let centred = box.mode == .centered
                        gtk_label_set_text(label.opaque, String(repeating: "wide ", count: 200))
                        return centred
                    }
                    // The frame after: laid out scrolling, its report not made yet.
                    return box.mode == .scrolling && reported.last != .scrolling
                })
            }
        }
    }

    func testPageDotsDestroyedAfterAMove() {
        MainActor.assumeIsolated {
            Self.destroyMidMotion("PageDots") {
                let dots = PageDots(count: 12)
                var page = 3
                return (dots, dots.widget, {
                    page += 1
                    let updates = dots.stateUpdates
                    dots.update(position: Double(page) + 0.5, currentPage: page)
                    // A new current page: its labels and states were set, and a redraw is pending.
                    return dots.stateUpdates == updates + 1
                })
            }
        }
    }

    /// A batch cancelled before it runs never runs, drops its idle source at once and refuses new runs.
    func testIdleBatchCancelDropsThePendingRun() {
        MainActor.assumeIsolated {
            var runs = 0
            let batch = IdleBatch { runs += 1 }
            batch.schedule()
            batch.schedule()
            XCTAssertTrue(batch.isScheduled)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { runs == 1 })
            XCTAssertFalse(batch.isScheduled)
            batch.schedule()
            batch.cancel()
            XCTAssertFalse(batch.isScheduled)
            batch.schedule()
            XCTAssertFalse(batch.isScheduled, "a cancelled batch refuses new runs")
            drainMainLoop()
            XCTAssertEqual(runs, 1)
        }
    }

    /// `cancel(onDestroyOf:)`: a batch writing into a text view stops when the view goes, and lets go of itself.
    func testIdleBatchCancelledWithItsWidget() {
        MainActor.assumeIsolated {
            let watch = LogWatch()
            defer { watch.remove() }
            let view = gtk_text_view_new()!
            let fixture = WidgetFixture(hosting: view, width: 400, laidOut: false)
            let buffer = gtk_text_view_get_buffer(view.cast())
            weak var weakBatch: IdleBatch?
            do {
                let batch = IdleBatch {
                    var end = GtkTextIter()
                    gtk_text_buffer_get_end_iter(buffer, &end)
                    gtk_text_buffer_insert(buffer, &end, "line\n", -1)
                }
                batch.cancel(onDestroyOf: view)
                weakBatch = batch
                batch.schedule()
                XCTAssertTrue(batch.isScheduled)
            }
            XCTAssertNotNil(weakBatch, "the pending idle source holds the batch")
            fixture.close()
            XCTAssertNil(weakBatch, "the source was removed with the view, and released the batch")
            drainMainLoop()
            XCTAssertEqual(watch.messages, [])
        }
    }
}
