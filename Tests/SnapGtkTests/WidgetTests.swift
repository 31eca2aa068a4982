import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

final class WidgetTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    func testHandlesOwnTheirWidgetAndComponentsGoInBoxes() {
        MainActor.assumeIsolated {
            var weakProbe: UnsafeMutableRawPointer?
            do {
                let box = Box(.vertical, spacing: 4)
                let label = Label("hello")
                box.append(label)
                let dots = PageDots(count: 3)
                box.append(dots)
                XCTAssertTrue(gtk_widget_get_parent(dots.widget) == box.pointer)
                XCTAssertEqual(label.text, "hello")
                label.text = "changed"
                XCTAssertEqual(label.text, "changed")
                box.horizontalAlignment = .center
                XCTAssertEqual(box.horizontalAlignment, .center)
                XCTAssertTrue(box.isSame(as: box.rootWidget))
                weakProbe = box.unsafePointer
                g_object_add_weak_pointer(weakProbe!.assumingMemoryBound(to: GObject.self), &weakProbe)
            }
            XCTAssertNil(weakProbe, "the last handle let go of the box, which was freed")
        }
    }

    func testARootHandleDoesNotFreeAFloatingComponent() {
        MainActor.assumeIsolated {
            let control = SegmentedControl(titles: ["A", "B"], label: "Tabs")
            for _ in 0..<3 { _ = control.rootWidget }
            XCTAssertTrue(g_object_is_floating(UnsafeMutableRawPointer(control.widget)) != 0, "still floating, still alive")
            let fixture = WidgetFixture(hosting: control.widget, width: 400, laidOut: false)
            defer { fixture.close() }
            control.selectedIndex = 1
            XCTAssertEqual(control.selectedIndex, 1)
        }
    }

    func testButtonsAndTimersRunTheirClosures() {
        MainActor.assumeIsolated {
            let button = Button("Go")
            var clicks = 0
            button.onClicked = { clicks += 1 }
            let fixture = WidgetFixture(hosting: button.pointer, width: 400, laidOut: false)
            defer { fixture.close() }
            gtk_widget_activate(button.pointer)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { clicks == 1 }, "activating a shown button clicks it")

            var fired = 0
            MainLoopTimer.after(milliseconds: 5) { fired += 1 }
            var ticks = 0
            let repeating = MainLoopTimer.every(milliseconds: 2) { ticks += 1; return ticks < 3 }
            let cancelled = MainLoopTimer.after(milliseconds: 1) { XCTFail("cancelled timers do not run") }
            cancelled.cancel()
            cancelled.cancel()
            XCTAssertFalse(cancelled.isScheduled)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { fired == 1 && ticks == 3 })
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { !repeating.isScheduled }, "a timer returning false ends")
            // 50 ms more, 25 of its periods, in which the ended timer must not tick again.
            GtkThread.iterate(timeout: 0.05) { false }
            XCTAssertEqual(ticks, 3)
        }
    }

    func testCarouselPagesFromAFactoryAndBind() {
        MainActor.assumeIsolated {
            let captions = (0..<50).map { "Photo \($0)" }
            var made = 0
            let carousel = Carousel(pageCount: captions.count, accessibleLabel: "Photos",
                                    makePage: { () -> Label in made += 1; return Label() },
                                    bindPage: { label, index in label.text = captions[index] })
            let fixture = WidgetFixture(hosting: carousel.widget, width: 600, height: 400, laidOut: false)
            defer { fixture.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { carousel.scroller.layout.viewportWidth > 0 })
            carousel.scrollTo(page: 30, animated: false)
            // The page's widget is made, bound and allocated by the layout that follows.
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) {
                carousel.scroller.itemWidget(at: 30).map { gtk_widget_get_width($0) > 0 } ?? false
            }, "page 30 never laid out")
            let item = carousel.scroller.itemWidget(at: 30)!
            XCTAssertEqual(String(cString: gtk_label_get_text(OpaquePointer(item))), "Photo 30")
            XCTAssertLessThan(made, 12, "pages are recycled")
            XCTAssertEqual(Int(gtk_widget_get_width(item)), Int(carousel.geometry.panelWidth.rounded()))
        }
    }

    func testEmbedPutsAComponentIntoAnApplicationsOwnWidgets() {
        MainActor.assumeIsolated {
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let frame = gtk_frame_new(nil)!
            gtk_box_append(box.cast(), frame)
            let dots = PageDots(count: 4)
            dots.embed(in: UnsafeMutableRawPointer(box))
            XCTAssertTrue(gtk_widget_get_parent(dots.widget) == box)
            let control = SegmentedControl(titles: ["A", "B"], label: "Tabs")
            control.embed(in: UnsafeMutableRawPointer(frame))
            XCTAssertTrue(gtk_frame_get_child(frame.cast()) == control.widget)
            let fixture = WidgetFixture(hosting: box, width: 400, laidOut: false)
            defer { fixture.close() }
            let handle = Widget(unsafeRetaining: UnsafeMutableRawPointer(box))
            XCTAssertTrue(handle.isSame(as: Widget(unsafeRetaining: UnsafeMutableRawPointer(box))))
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { handle.allocatedSize.width > 0 }, "laid out in the window")
        }
    }
}
