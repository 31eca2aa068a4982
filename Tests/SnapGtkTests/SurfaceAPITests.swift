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
            let window = presentInWindow(box.pointer, width: 80, height: 40)
            defer { gtk_window_destroy(window.cast()) }
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
            let window = presentInWindow(menu.widget, width: 400, height: 80)
            defer { gtk_window_destroy(window.cast()) }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { menu.layout.viewportWidth > 0 })
            drainMainLoop()
            XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(menu.content)), GTK_ACCESSIBLE_ROLE_TAB_LIST)
            XCTAssertTrue(gtk_test_accessible_has_property(OpaquePointer(menu.content), GTK_ACCESSIBLE_PROPERTY_LABEL) != 0)
            let first = menu.itemWidget(at: 0)!
            XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(first)), GTK_ACCESSIBLE_ROLE_TAB)
            XCTAssertTrue(snap_accessible_selected_is(first, 1) != 0, "the current tab is the selected one")
            XCTAssertTrue(snap_accessible_selected_is(menu.itemWidget(at: 1)!, 0) != 0)

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
            let window = presentInWindow(strip.widget, width: 500, height: 80)
            defer { gtk_window_destroy(window.cast()) }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { strip.layout.viewportWidth > 0 })
            strip.scrollTo(index: 3, animated: false)
            XCTAssertEqual(events.last?.index, 3)
            XCTAssertEqual(events.last?.offset, gtk_adjustment_get_value(strip.adjustment))
            XCTAssertEqual(events.last?.offset, strip.layout.restingOffset(3), "left to right: the logical resting offset")

            let carousel = Carousel(pageCount: 5, accessibleLabel: "Pages", makePage: { Label() }, bindPage: { _, _ in })
            var pages: [SettleEvent] = []
            carousel.onSettled = { pages.append($0) }
            let carouselWindow = presentInWindow(carousel.widget, width: 600, height: 300)
            defer { gtk_window_destroy(carouselWindow.cast()) }
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
            let window = presentInWindow(column.pointer, width: 600, height: 500)
            defer { gtk_window_destroy(window.cast()) }

            // The scroll pane, never an item, even one that takes the focus.
            XCTAssertTrue(strip.grabFocus())
            XCTAssertTrue(gtk_widget_is_focus(strip.scrolledWindow) != 0)
            XCTAssertTrue(carousel.grabFocus())
            XCTAssertTrue(gtk_widget_is_focus(carousel.scroller.scrolledWindow) != 0)
            // Through the protocol: the selected segment, the control's one tab stop.
            XCTAssertTrue((sections as any WidgetRepresentable).grabFocus())
            XCTAssertTrue(gtk_widget_has_focus(gtk_window_get_focus(window.cast())) != 0)
            XCTAssertEqual(gtk_window_get_focus(window.cast()).flatMap { gtk_widget_get_parent($0) }, sections.widget)
            XCTAssertTrue(snap_accessible_selected_is(gtk_window_get_focus(window.cast()), 1) != 0)
            // A box takes no focus itself: the first widget inside it that does.
            XCTAssertTrue(row.grabFocus())
            XCTAssertTrue(gtk_widget_is_focus(first.pointer) != 0)
            XCTAssertFalse(Box(.horizontal).grabFocus(), "nothing in it to focus")
        }
    }
}
