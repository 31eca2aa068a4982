import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The Swift surface an application builds pages with: labels measured, ellipsized and given roles, pictures,
/// scrollers made with the public initialiser (roles, settle offsets, focus).
final class SurfaceAPITests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    func testNaturalSizeIsGtksMeasureWithoutAWindow() {
        MainActor.assumeIsolated {
            let short = Label("Mon")
            let long = Label("Wednesday afternoon")
            XCTAssertGreaterThan(short.naturalSize.width, 0)
            XCTAssertGreaterThan(long.naturalSize.width, short.naturalSize.width)
            var natural: Int32 = 0
            gtk_widget_measure(long.pointer, GTK_ORIENTATION_HORIZONTAL, -1, nil, &natural, nil, nil)
            XCTAssertEqual(long.naturalSize.width, Int(natural), "the width GTK measures")

            // Size requests and margins count, as they do when GTK lays the label out.
            long.sizeRequest = (width: -1, height: 48)
            XCTAssertEqual(long.naturalSize.height, 48)
            let width = long.naturalSize.width
            long.setMargins(5)
            XCTAssertEqual(long.naturalSize.width, width + 10)

            // Ellipsizing lets the label shrink, but its natural width is still the whole text's.
            let ellipsized = Label("Wednesday afternoon")
            ellipsized.ellipsis = .end
            XCTAssertEqual(ellipsized.naturalSize.width, width)
        }
    }

    func testAnEllipsizedLabelShrinksAndCutsItsText() {
        MainActor.assumeIsolated {
            let label = Label(String(repeating: "A long title ", count: 8))
            XCTAssertEqual(label.ellipsis, .none)
            var minimum: Int32 = 0
            gtk_widget_measure(label.pointer, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
            XCTAssertEqual(Int(minimum), label.naturalSize.width, "not ellipsized: as wide as the whole text")

            for mode in [Label.Ellipsis.start, .middle, .end] {
                label.ellipsis = mode
                XCTAssertEqual(label.ellipsis, mode)
            }
            XCTAssertEqual(gtk_label_get_ellipsize(OpaquePointer(label.pointer)), PANGO_ELLIPSIZE_END)
            gtk_widget_measure(label.pointer, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
            XCTAssertLessThan(Int(minimum), label.naturalSize.width / 4, "ellipsized: it may shrink to a few letters")

            let box = Box(.horizontal)
            box.sizeRequest = (width: 80, height: -1)
            box.append(label)
            label.expandsHorizontally = true
            let fixture = WidgetFixture(hosting: box.pointer, width: 80, height: 40, laidOut: false)
            defer { fixture.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { label.allocatedSize.width > 0 })
            XCTAssertLessThanOrEqual(label.allocatedSize.width, 80)
            XCTAssertTrue(pango_layout_is_ellipsized(gtk_label_get_layout(OpaquePointer(label.pointer))) != 0, "cut short")
        }
    }

    func testLabelAlignmentJustificationAndDescription() {
        MainActor.assumeIsolated {
            let label = Label("One\nTwo")
            XCTAssertEqual(label.textAlignment, 0.5)
            XCTAssertEqual(label.justification, .start)
            label.textAlignment = 0
            label.justification = .center
            XCTAssertEqual(gtk_label_get_xalign(OpaquePointer(label.pointer)), 0)
            XCTAssertEqual(gtk_label_get_justify(OpaquePointer(label.pointer)), GTK_JUSTIFY_CENTER)
            XCTAssertEqual(label.justification, .center)
            label.textAlignment = 7
            XCTAssertEqual(label.textAlignment, 1, "clamped to the end edge")
            for justification in [Label.Justification.start, .end, .fill] {
                label.justification = justification
                XCTAssertEqual(label.justification, justification)
            }

            XCTAssertTrue(gtk_test_accessible_has_property(OpaquePointer(label.pointer), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION) == 0)
            label.setAccessibleDescription("What the numbers mean")
            XCTAssertTrue(gtk_test_accessible_has_property(OpaquePointer(label.pointer), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION) != 0)
        }
    }

    func testRolesOfLabelsAndBoxes() {
        MainActor.assumeIsolated {
            @MainActor func role(_ widget: Widget) -> GtkAccessibleRole { gtk_accessible_get_accessible_role(OpaquePointer(widget.pointer)) }
            XCTAssertEqual(role(Label("Plain")), GTK_ACCESSIBLE_ROLE_LABEL)
            let tab = Label("Mon", role: .tab)
            XCTAssertEqual(role(tab), GTK_ACCESSIBLE_ROLE_TAB)
            XCTAssertEqual(tab.text, "Mon")
            XCTAssertEqual(role(Label(role: .group)), GTK_ACCESSIBLE_ROLE_GROUP)
            XCTAssertEqual(Label(role: .group).text, "")

            let tabs = Box(.vertical, spacing: 6, role: .tabList)
            XCTAssertEqual(role(tabs), GTK_ACCESSIBLE_ROLE_TAB_LIST)
            XCTAssertEqual(gtk_orientable_get_orientation(OpaquePointer(tabs.pointer)), GTK_ORIENTATION_VERTICAL)
            XCTAssertEqual(gtk_box_get_spacing(UnsafeMutablePointer(OpaquePointer(tabs.pointer))), 6)
            XCTAssertEqual(role(Box(.horizontal)), gtk_accessible_get_accessible_role(OpaquePointer(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0))))
        }
    }

    func testAScrollerOfTabsFromThePublicInitialiser() {
        MainActor.assumeIsolated {
            let days = ["Mon", "Tue", "Wed", "Thu", "Fri"]
            let menu = SnapScroller(itemCount: days.count, itemWidth: 100, spacing: 0, label: "Weekday menu",
                                    contentRole: .tabList, contentLabel: "Weekdays",
                                    makeItem: { Label(role: .tab) }, bindItem: { tab, index in tab.text = days[index] })
            menu.marksCurrentItem = true
            let fixture = WidgetFixture(hosting: menu.widget, width: 400, height: 80, laidOut: false)
            defer { fixture.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { menu.layout.viewportWidth > 0 })
            drainMainLoop()
            XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(menu.content)), GTK_ACCESSIBLE_ROLE_TAB_LIST)
            XCTAssertTrue(gtk_test_accessible_has_property(OpaquePointer(menu.content), GTK_ACCESSIBLE_PROPERTY_LABEL) != 0)
            let first = menu.itemWidget(at: 0)!
            XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(first)), GTK_ACCESSIBLE_ROLE_TAB)
            XCTAssertTrue(accessibleSelected(first, is: true), "the current tab is the selected one")
            XCTAssertTrue(accessibleSelected(menu.itemWidget(at: 1), is: false))

            // Items are pressable: a click gesture gives them the `pressed` class the stylesheet veils.
            let controllers = gtk_widget_observe_controllers(first)!
            defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
            let gestures = (0..<g_list_model_get_n_items(controllers)).filter { index in
                let controller = g_list_model_get_item(controllers, index)!
                defer { g_object_unref(controller) }
                return g_type_check_instance_is_a(controller.assumingMemoryBound(to: GTypeInstance.self),
                                                  gtk_gesture_click_get_type()) != 0
            }
            XCTAssertEqual(gestures.count, 1)

            // A plain strip: a group, without a name of its own.
            let strip = SnapScroller(itemCount: 3, itemWidth: 50, spacing: 4, label: "Strip",
                                     makeItem: { Label() }, bindItem: { _, _ in })
            XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(strip.content)), GTK_ACCESSIBLE_ROLE_GROUP)
            XCTAssertTrue(gtk_test_accessible_has_property(OpaquePointer(strip.content), GTK_ACCESSIBLE_PROPERTY_LABEL) == 0)
            g_object_ref_sink(UnsafeMutableRawPointer(strip.widget))
            g_object_unref(UnsafeMutableRawPointer(strip.widget))
        }
    }

    func testSettleEventsCarryTheAdjustmentsRestingValue() {
        MainActor.assumeIsolated {
            XCTAssertEqual(SettleEvent(index: 2, cause: .wheel).offset, 0, "the older initialiser still works")
            let strip = SnapScroller(itemCount: 20, itemWidth: 100, spacing: 70, label: "Strip",
                                     makeItem: { Label() }, bindItem: { label, index in label.text = "\(index)" })
            var events: [SettleEvent] = []
            strip.onSettled = { events.append($0) }
            let fixture = WidgetFixture(hosting: strip.widget, width: 500, height: 80, laidOut: false)
            defer { fixture.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { strip.layout.viewportWidth > 0 })
            strip.scrollTo(index: 3, animated: false)
            XCTAssertEqual(events.last?.index, 3)
            XCTAssertEqual(events.last?.offset, gtk_adjustment_get_value(strip.adjustment))
            XCTAssertEqual(events.last?.offset, strip.layout.restingOffset(3), "left to right: the logical resting offset")

            let carousel = Carousel(pageCount: 5, accessibleLabel: "Pages", makePage: { Label() }, bindPage: { _, _ in })
            var pages: [SettleEvent] = []
            carousel.onSettled = { pages.append($0) }
            let carouselFixture = WidgetFixture(hosting: carousel.widget, width: 600, height: 300, laidOut: false)
            defer { carouselFixture.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { carousel.scroller.layout.viewportWidth > 0 })
            carousel.scrollTo(page: 2, animated: false)
            XCTAssertEqual(pages.last?.index, 2)
            XCTAssertEqual(pages.last?.offset, gtk_adjustment_get_value(carousel.scroller.adjustment))
            XCTAssertGreaterThan(pages.last?.offset ?? 0, 0)
        }
    }

    func testGrabFocusFindsEachComponentsKeyboardTarget() {
        MainActor.assumeIsolated {
            let strip = SnapScroller(itemCount: 4, itemWidth: 50, spacing: 4, label: "Strip",
                                     makeItem: { Button("Item") }, bindItem: { _, _ in })
            let carousel = Carousel(pageCount: 3, accessibleLabel: "Pages", makePage: { Label() }, bindPage: { _, _ in })
            let sections = SegmentedControl(titles: ["A", "B", "C"], label: "Sections")
            sections.selectedIndex = 1
            let first = Button("First")
            let row = Box(.horizontal)
            row.append(Label("Not focusable"))
            row.append(first)
            let column = Box(.vertical)
            for component in [strip, carousel, sections, row] as [any WidgetRepresentable] { column.append(component) }
            let fixture = WidgetFixture(hosting: column.pointer, width: 600, height: 500, laidOut: false)
            defer { fixture.close() }
            let window = fixture.window

            // The row, never an item, even one that takes the focus.
            XCTAssertTrue(strip.grabFocus())
            XCTAssertTrue(gtk_widget_is_focus(strip.content) != 0)
            XCTAssertTrue(carousel.grabFocus())
            XCTAssertTrue(gtk_widget_is_focus(carousel.scroller.content) != 0)
            // Through the protocol: the selected segment, the control's one tab stop.
            XCTAssertTrue((sections as any WidgetRepresentable).grabFocus())
            XCTAssertTrue(gtk_widget_has_focus(gtk_window_get_focus(window.cast())) != 0)
            XCTAssertEqual(gtk_window_get_focus(window.cast()).flatMap { gtk_widget_get_parent($0) }, sections.widget)
            XCTAssertTrue(accessibleSelected(gtk_window_get_focus(window.cast()), is: true))
            // A box takes no focus itself: the first widget inside it that does; again, the focus stays there.
            let second = Button("Second")
            row.append(second)
            XCTAssertTrue(row.grabFocus())
            XCTAssertTrue(gtk_widget_is_focus(first.pointer) != 0)
            XCTAssertTrue(second.grabFocus())
            XCTAssertTrue(row.grabFocus())
            XCTAssertTrue(gtk_widget_is_focus(second.pointer) != 0, "already inside: not moved on as Tab would")
            XCTAssertFalse(Box(.horizontal).grabFocus(), "nothing in it to focus")
        }
    }

    func testPictureFitsItsTextureAndClipsToRoundedCorners() {
        MainActor.assumeIsolated {
            XCTAssertTrue(Stylesheet.install(css: ".rounded-test-picture { border-radius: 20px; }").isEmpty)
            // A 40×20 red texture in a 100×100 picture.
            let red = Self.solidTexture(width: 40, height: 20, bgra: (0, 0, 255, 255))
            let picture = Picture(texture: red)
            XCTAssertEqual(picture.fit, .contain)
            XCTAssertTrue(picture.texture === red)
            XCTAssertTrue(gtk_picture_get_paintable(OpaquePointer(picture.pointer)) == red.gdkTexture)
            picture.addStyleClass("rounded-test-picture")
            picture.sizeRequest = (width: 100, height: 100)
            picture.alternativeText = "A red block"
            XCTAssertEqual(picture.alternativeText, "A red block")
            let holder = Box(.vertical)
            holder.horizontalAlignment = .start
            holder.verticalAlignment = .start
            holder.append(picture)
            let fixture = WidgetFixture(hosting: holder.pointer, width: 200, height: 200, laidOut: false)
            defer { fixture.close() }
            let window = fixture.window
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { picture.allocatedSize == (100, 100) })

            // Contain: whole, centred, bars above and below; the image's own corners are inside the rounding.
            var pixels = Self.render(picture, in: window)
            XCTAssertEqual(pixels.alpha(50, 50), 255)
            XCTAssertEqual(pixels.red(50, 50), 255)
            XCTAssertEqual(pixels.alpha(50, 10), 0, "a bar above the image")
            XCTAssertEqual(pixels.alpha(50, 70), 255)

            // Fill: the image stretched over the whole picture, cut by the rounded corners only.
            picture.fit = .fill
            XCTAssertEqual(gtk_picture_get_content_fit(OpaquePointer(picture.pointer)), GTK_CONTENT_FIT_FILL)
            pixels = Self.render(picture, in: window)
            XCTAssertEqual(pixels.alpha(50, 1), 255, "the top edge, between the corners")
            XCTAssertEqual(pixels.alpha(1, 50), 255, "the left edge, between the corners")
            for (x, y) in [(1, 1), (98, 1), (1, 98), (98, 98)] {
                XCTAssertEqual(pixels.alpha(x, y), 0, "corner (\(x), \(y)) rounded off")
            }

            // Cover: proportions kept, the sides cut off, the picture covered.
            picture.fit = .cover
            XCTAssertEqual(picture.fit, .cover)
            pixels = Self.render(picture, in: window)
            XCTAssertEqual(pixels.alpha(50, 10), 255)
            XCTAssertEqual(pixels.alpha(10, 50), 255)
            picture.fit = .scaleDown
            XCTAssertEqual(picture.fit, .scaleDown)
            pixels = Self.render(picture, in: window)
            XCTAssertEqual(pixels.alpha(50, 50), 255)
            XCTAssertEqual(pixels.alpha(20, 50), 0, "never scaled up: 40 px wide, centred")

            // Another texture, then none.
            picture.fit = .fill
            picture.texture = Self.solidTexture(width: 10, height: 10, bgra: (255, 0, 0, 255))
            pixels = Self.render(picture, in: window)
            XCTAssertEqual(pixels.blue(50, 50), 255)
            XCTAssertEqual(pixels.red(50, 50), 0)
            picture.texture = nil
            XCTAssertNil(gtk_picture_get_paintable(OpaquePointer(picture.pointer)))
        }
    }

    // MARK: - Helpers

    /// A texture of one colour, from premultiplied BGRA bytes (GDK's default memory format).
    @MainActor
    static func solidTexture(width: Int, height: Int, bgra: (UInt8, UInt8, UInt8, UInt8)) -> Texture {
        let bytes = (0..<(width * height)).flatMap { _ in [bgra.0, bgra.1, bgra.2, bgra.3] }
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        let gdkTexture = gdk_memory_texture_new(Int32(width), Int32(height), GDK_MEMORY_B8G8R8A8_PREMULTIPLIED, data, gsize(width * 4))!
        g_bytes_unref(data)
        defer { g_object_unref(UnsafeMutableRawPointer(gdkTexture)) }
        return try! Texture(unsafeCopying: UnsafeMutableRawPointer(gdkTexture))
    }

    /// Premultiplied BGRA pixels of a widget as GTK draws it now (its CSS included), on a transparent background.
    struct Pixels {
        let width: Int
        let bytes: [UInt8]
        func blue(_ x: Int, _ y: Int) -> UInt8 { bytes[(y * width + x) * 4] }
        func red(_ x: Int, _ y: Int) -> UInt8 { bytes[(y * width + x) * 4 + 2] }
        func alpha(_ x: Int, _ y: Int) -> UInt8 { bytes[(y * width + x) * 4 + 3] }
    }

    @MainActor
    static func render(_ widget: Widget, in window: UnsafeMutablePointer<GtkWidget>) -> Pixels {
        waitFrames(2, of: widget.pointer)
        let (width, height) = widget.allocatedSize
        let paintable = gtk_widget_paintable_new(widget.pointer)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return Pixels(width: width, bytes: []) }
        defer { gsk_render_node_unref(node) }
        let renderer = gtk_native_get_renderer(gtk_widget_get_native(window))!
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                       size: graphene_size_t(width: Float(width), height: Float(height)))
        let texture = gsk_renderer_render_texture(renderer, node, &viewport)!
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBytes { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        return Pixels(width: width, bytes: bytes)
    }
}
