import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// Snap guides on a real scroller: a drawing over the row that changes no layout, no adjustment and no input, and
/// that does not exist while off.
final class SnapGuideLayerTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    @MainActor
    final class Fixture: WidgetFixture {
        let scroller: SnapScroller
        var settled: [SettleEvent] = []

        init(count: Int = 20, rtl: Bool = false) {
            scroller = SnapScroller(
                itemCount: count, itemWidth: 100, spacing: 70, label: "Guided strip",
                factory: {
                    let label = gtk_label_new(nil)!
                    gtk_widget_set_size_request(label, -1, 60)
                    return label
                },
                bind: { label, index in gtk_label_set_text(label.opaque, "\(index)") })
            if rtl { gtk_widget_set_direction(scroller.widget, GTK_TEXT_DIR_RTL) }
            super.init(hosting: scroller.widget, width: 600, height: 120)
            scroller.onSettled = { [unowned self] in self.settled.append($0) }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { self.scroller.layout.viewportWidth > 0 })
            waitFrames(3, of: scroller.widget)
        }

        /// The overlay's children, first to last.
        var overlayChildren: [UnsafeMutablePointer<GtkWidget>] {
            var children: [UnsafeMutablePointer<GtkWidget>] = []
            var child = gtk_widget_get_first_child(scroller.widget)
            while let current = child {
                children.append(current)
                child = gtk_widget_get_next_sibling(current)
            }
            return children
        }

        /// Everything the guides must leave alone: each bound item's bounds in the root, the adjustment, the root's size
        /// and its measure in both orientations.
        var geometry: [Double] {
            var values: [Double] = []
            for index in scroller.items.bound.keys.sorted() {
                guard let item = scroller.items.bound[index] else { continue }
                var bounds = graphene_rect_t()
                _ = gtk_widget_compute_bounds(item, scroller.widget, &bounds)
                values += [Double(index), Double(bounds.origin.x), Double(bounds.origin.y),
                           Double(bounds.size.width), Double(bounds.size.height)]
            }
            let adjustment = scroller.adjustment
            values += [gtk_adjustment_get_value(adjustment), gtk_adjustment_get_upper(adjustment),
                       gtk_adjustment_get_page_size(adjustment),
                       Double(gtk_widget_get_width(scroller.widget)), Double(gtk_widget_get_height(scroller.widget))]
            for orientation in [GTK_ORIENTATION_HORIZONTAL, GTK_ORIENTATION_VERTICAL] {
                var minimum: Int32 = 0, natural: Int32 = 0
                gtk_widget_measure(scroller.widget, orientation, -1, &minimum, &natural, nil, nil)
                values += [Double(minimum), Double(natural)]
            }
            return values
        }

        /// The root's pixels as GTK's renderer draws them now (BGRA rows).
        func pixels() -> [UInt8] {
            waitFrames(2, of: scroller.widget)
            let paintable = gtk_widget_paintable_new(scroller.widget)!
            defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
            let width = gtk_widget_get_width(scroller.widget), height = gtk_widget_get_height(scroller.widget)
            let snapshot = gtk_snapshot_new()!
            gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
            guard let node = gtk_snapshot_free_to_node(snapshot),
                  let renderer = gtk_native_get_renderer(OpaquePointer(window)) else {
                XCTFail("nothing drawn")
                return []
            }
            defer { gsk_render_node_unref(node) }
            let texture = gsk_renderer_render_texture(renderer, node, nil)!
            defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
            let stride = Int(width) * 4
            var bytes = [UInt8](repeating: 0, count: stride * Int(height))
            bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(stride)) }
            return bytes
        }
    }

    /// Off: no widget at all; on: one widget over the row that takes no input; off again: gone.
    func testGuidesAreOneOverlayWidgetOnlyWhileOn() {
        MainActor.assumeIsolated {
            let f = Fixture()
            defer { f.close() }
            XCTAssertFalse(f.scroller.showsSnapGuides)
            XCTAssertEqual(f.overlayChildren, [f.scroller.scrolledWindow])
            XCTAssertNil(f.scroller.guideArea)

            f.scroller.showsSnapGuides = true
            let area = try! XCTUnwrap(f.scroller.guideArea)
            XCTAssertEqual(f.overlayChildren, [f.scroller.scrolledWindow, area])
            XCTAssertEqual(gtk_widget_get_can_target(area), 0)
            XCTAssertEqual(gtk_widget_get_focusable(area), 0)
            waitFrames(2, of: f.scroller.widget)
            // It covers the whole scroller, and the pointer still finds the items under it.
            XCTAssertEqual(gtk_widget_get_width(area), gtk_widget_get_width(f.scroller.widget))
            XCTAssertEqual(gtk_widget_get_height(area), gtk_widget_get_height(f.scroller.widget))
            let centre = Double(gtk_widget_get_width(f.scroller.widget)) / 2
            let picked = gtk_widget_pick(f.scroller.widget, centre, 30, GTK_PICK_DEFAULT)
            XCTAssertNotEqual(picked, area)
            XCTAssertTrue(picked.map { gtk_widget_is_ancestor($0, f.scroller.content) != 0 } ?? false, "the item is picked")

            // A decoration added later stays under the guides.
            let decoration = gtk_label_new("decoration")!
            f.scroller.addOverlay(decoration)
            XCTAssertEqual(f.overlayChildren.last, area)

            f.scroller.showsSnapGuides = false
            XCTAssertNil(f.scroller.guideArea)
            XCTAssertEqual(f.overlayChildren, [f.scroller.scrolledWindow, decoration])
        }
    }

    /// The guides change no item's allocation, no adjustment and no size, at rest and on another item.
    func testGuidesChangeNoLayout() {
        MainActor.assumeIsolated {
            for rtl in [false, true] {
                let f = Fixture(rtl: rtl)
                let before = f.geometry
                f.scroller.showsSnapGuides = true
                waitFrames(3, of: f.scroller.widget)
                XCTAssertEqual(f.geometry, before, "rtl \(rtl)")
                f.scroller.scrollTo(index: 7, animated: false)
                waitFrames(3, of: f.scroller.widget)
                let guided = f.geometry
                f.scroller.showsSnapGuides = false
                waitFrames(3, of: f.scroller.widget)
                XCTAssertEqual(f.geometry, guided, "rtl \(rtl)")
                f.close()
            }
        }
    }

    /// They draw: the picture differs with them on, and is the same as before once they are off again.
    func testGuidesDrawAndLeaveNoTrace() {
        MainActor.assumeIsolated {
            let f = Fixture()
            defer { f.close() }
            let plain = f.pixels()
            f.scroller.showsSnapGuides = true
            let guided = f.pixels()
            XCTAssertEqual(plain.count, guided.count)
            let changed = zip(plain, guided).filter { $0 != $1 }.count
            // At least the alignment line (2 px by the height) and the offset's label.
            XCTAssertGreaterThan(changed, 4 * 2 * 60, "only \(changed) bytes changed")
            f.scroller.showsSnapGuides = false
            XCTAssertEqual(f.pixels(), plain)
        }
    }

    /// Moves settle exactly as without guides, and the guides follow the controller: at rest the current item's snap
    /// point is on the line; mid-motion the target is the wheel's next item.
    func testInputSettlesTheSameWithGuides() {
        MainActor.assumeIsolated {
            let f = Fixture()
            defer { f.close() }
            f.scroller.showsSnapGuides = true
            f.scroller.handleScroll(dx: 1, dy: 0, unit: GDK_SCROLL_UNIT_WHEEL)
            XCTAssertEqual(f.scroller.snapGuides.target?.index, 1)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { f.settled.count == 1 && !f.scroller.isMoving })
            XCTAssertEqual(f.settled.first?.index, 1)
            XCTAssertEqual(f.settled.first?.offset, f.scroller.layout.restingOffset(1))
            let guides = f.scroller.snapGuides
            XCTAssertNil(guides.target)
            XCTAssertNil(guides.fling)
            XCTAssertEqual(guides.offset, f.scroller.layout.restingOffset(1))
            XCTAssertEqual(guides.ticks.first { $0.isCurrent }?.x, guides.alignmentX)
        }
    }

    /// A held drag keeps frames coming while the guides are on (the arrow's speed decays to nothing), and only then.
    func testAHeldDragTicksOnlyWithGuides() {
        MainActor.assumeIsolated {
            for guided in [false, true] {
                let f = Fixture()
                f.scroller.showsSnapGuides = guided
                let start = f.scroller.now
                f.scroller.handleDragBegin(x: 300, time: start)
                for step in 1...4 {
                    f.scroller.handleDragUpdate(offsetX: -Double(step) * 20, time: start + Double(step) * 8)
                }
                XCTAssertEqual(f.scroller.frameDriver.isRunning, guided, "guides \(guided)")
                if guided {
                    // Held still: the speed falls to nothing, frame after frame, and the rest stays projected.
                    XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { f.scroller.snapGuides.fling?.speed == 0 })
                    XCTAssertNotNil(f.scroller.snapGuides.heading)
                }
                f.scroller.handleDragEnd(offsetX: -80, time: f.scroller.now)
                XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { f.settled.count == 1 && !f.scroller.isMoving })
                XCTAssertEqual(f.settled.first?.cause, .drag)
                waitFrames(2, of: f.scroller.widget)
                XCTAssertFalse(f.scroller.frameDriver.isRunning)
                f.close()
            }
        }
    }

    /// Switched after its window closed (the application still holding the scroller): no widget is made or removed.
    func testSwitchingAfterTheWindowClosedDoesNothing() {
        MainActor.assumeIsolated {
            let f = Fixture()
            f.scroller.showsSnapGuides = true
            f.close()
            XCTAssertFalse(f.scroller.showsSnapGuides)
            f.scroller.showsSnapGuides = true
            XCTAssertNil(f.scroller.guideArea)
            f.scroller.showsSnapGuides = false
            XCTAssertNil(f.scroller.guideArea)
        }
    }

    /// The carousel's switch is its scroller's.
    func testCarouselGuidesAreItsScrollers() {
        MainActor.assumeIsolated {
            let carousel = Carousel(pageCount: 3, accessibleLabel: "Pages", makePage: { Label() },
                                    bindPage: { label, index in label.text = "\(index)" })
            XCTAssertFalse(carousel.showsSnapGuides)
            carousel.showsSnapGuides = true
            XCTAssertTrue(carousel.scroller.showsSnapGuides)
            XCTAssertNotNil(carousel.scroller.guideArea)
            carousel.showsSnapGuides = false
            XCTAssertNil(carousel.scroller.guideArea)
            _ = carousel.rootWidget   // the carousel's root is floating until put in a window: the handle sinks nothing
        }
    }
}
