import CSnapGtk
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// Our `GtkScrollable` widget type on its own: GTK's scrollable API reaches what it stores, value changes reach the
/// owner, the owner is held weakly, and its children and adjustments go with it.
final class ScrollableWidgetTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    @MainActor
    private final class Owner: ScrollableOwner {
        var allocations: [(Int32, Int32)] = []
        var values: [Double] = []
        func measureScrollable(_ orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
            orientation == GTK_ORIENTATION_HORIZONTAL ? (0, 1_000) : (30, 40)
        }
        func allocateScrollable(width: Int32, height: Int32, adjustment: UnsafeMutablePointer<GtkAdjustment>) {
            allocations.append((width, height))
            gtk_adjustment_configure(adjustment, gtk_adjustment_get_value(adjustment), 0, 1_000, 10, 90, Double(width))
        }
        func scrollableValueChanged(_ adjustment: UnsafeMutablePointer<GtkAdjustment>) {
            values.append(gtk_adjustment_get_value(adjustment))
        }
    }

    func testGtksScrollableAPIAndTheOwner() {
        MainActor.assumeIsolated {
            let widget = Ownership.keep(ScrollableWidget.make(role: GTK_ACCESSIBLE_ROLE_LIST))
            defer { g_object_unref(widget) }
            XCTAssertNotEqual(g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_scrollable_get_type()), 0)
            XCTAssertEqual(gtk_accessible_get_accessible_role(widget.opaque), GTK_ACCESSIBLE_ROLE_LIST)
            gtk_scrollable_set_hscroll_policy(widget.opaque, GTK_SCROLL_NATURAL)
            XCTAssertEqual(gtk_scrollable_get_hscroll_policy(widget.opaque), GTK_SCROLL_NATURAL)
            XCTAssertEqual(gtk_scrollable_get_vscroll_policy(widget.opaque), GTK_SCROLL_MINIMUM)
            let given = gtk_adjustment_new(0, 0, 0, 0, 0, 0)!
            gtk_scrollable_set_hadjustment(widget.opaque, given)
            XCTAssertTrue(gtk_scrollable_get_hadjustment(widget.opaque) == given)
            XCTAssertTrue(ScrollableWidget.adjustment(of: widget) == given)
            var owner: Owner? = Owner()
            ScrollableWidget.attach(owner!, to: widget)
            var minimum: Int32 = -1, natural: Int32 = -1
            gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
            XCTAssertEqual([minimum, natural], [30, 40])
            gtk_widget_size_allocate(widget, [GtkAllocation(x: 0, y: 0, width: 200, height: 40)], -1)
            XCTAssertEqual(owner!.allocations.map { [$0.0, $0.1] }, [[200, 40]])
            XCTAssertEqual(gtk_adjustment_get_page_size(given), 200)
            gtk_adjustment_set_value(given, 120)
            XCTAssertEqual(owner!.values, [120])
            // The owner is held weakly: once it is gone the widget measures as empty.
            owner = nil
            gtk_widget_queue_resize(widget)
            gtk_widget_measure(widget, GTK_ORIENTATION_VERTICAL, -1, &minimum, &natural, nil, nil)
            XCTAssertEqual([minimum, natural], [0, 0])
        }
    }

    /// Outside a scrolled window the widget has an adjustment of its own; at dispose its children are unparented
    /// and the adjustments and the value-changed handler let go.
    func testItsChildrenAndAdjustmentsGoWithIt() {
        MainActor.assumeIsolated {
            let handlers = Signals.liveHandlers
            let widget = Ownership.keep(ScrollableWidget.make(role: GTK_ACCESSIBLE_ROLE_GROUP))
            let adjustment = ScrollableWidget.adjustment(of: widget)
            XCTAssertTrue(ScrollableWidget.adjustment(of: widget) == adjustment, "made once")
            g_object_ref(adjustment)
            let child = gtk_label_new("child")!
            g_object_ref(child)
            gtk_widget_set_parent(child, widget)
            XCTAssertEqual(Signals.liveHandlers, handlers + 1)
            g_object_unref(widget)
            XCTAssertNil(gtk_widget_get_parent(child))
            XCTAssertEqual(Signals.liveHandlers, handlers)
            XCTAssertEqual(UnsafeMutableRawPointer(adjustment).assumingMemoryBound(to: GObject.self).pointee.ref_count, 1)
            g_object_unref(adjustment)
            g_object_unref(child)
        }
    }

    /// As GtkListBase: both adjustments exist from the start (and again after a scrolled window takes its own back),
    /// a policy is stored and notified only when it changes, and the CSS name is the widget's own.
    func testAdjustmentsAlwaysExistAndAPolicyIsNotifiedOnceWhenItChanges() {
        MainActor.assumeIsolated {
            let widget = Ownership.keep(ScrollableWidget.make(role: GTK_ACCESSIBLE_ROLE_LIST))
            defer { g_object_unref(widget) }
            let ownH = gtk_scrollable_get_hadjustment(widget.opaque)
            XCTAssertNotNil(ownH)
            XCTAssertNotNil(gtk_scrollable_get_vadjustment(widget.opaque))
            XCTAssertEqual(String(cString: gtk_widget_get_css_name(widget)), ScrollableWidget.cssName)
            let given = gtk_adjustment_new(0, 0, 0, 0, 0, 0)!
            gtk_scrollable_set_hadjustment(widget.opaque, given)
            gtk_scrollable_set_hadjustment(widget.opaque, nil)
            let again = gtk_scrollable_get_hadjustment(widget.opaque)
            XCTAssertNotNil(again, "taken back: one of its own again")
            XCTAssertFalse(again == given)

            let notified = UnsafeMutablePointer<Int>.allocate(capacity: 1)
            defer { notified.deallocate() }
            notified.pointee = 0
            let handler = g_signal_connect_data(UnsafeMutableRawPointer(widget), "notify::hscroll-policy",
                                                unsafeBitCast({ (_: gpointer?, _: gpointer?, data: gpointer?) in
                                                    data!.assumingMemoryBound(to: Int.self).pointee += 1
                                                } as @convention(c) (gpointer?, gpointer?, gpointer?) -> Void, to: GCallback.self),
                                                notified, nil, GConnectFlags(rawValue: 0))
            defer { g_signal_handler_disconnect(UnsafeMutableRawPointer(widget), handler) }
            gtk_scrollable_set_hscroll_policy(widget.opaque, GTK_SCROLL_MINIMUM)
            XCTAssertEqual(notified.pointee, 0, "the same policy: nothing")
            gtk_scrollable_set_hscroll_policy(widget.opaque, GTK_SCROLL_NATURAL)
            XCTAssertEqual(notified.pointee, 1)
            XCTAssertEqual(gtk_scrollable_get_hscroll_policy(widget.opaque), GTK_SCROLL_NATURAL)
        }
    }

    /// The owner's own writes, and what it configures in its allocation (where GTK may clamp the value to a new
    /// range), never come back to it as someone else's change; someone else's do.
    func testTheOwnersWritesDoNotComeBackAndTheAllocationDoesNotFeedBack() {
        MainActor.assumeIsolated {
            let widget = Ownership.keep(ScrollableWidget.make(role: GTK_ACCESSIBLE_ROLE_LIST))
            defer { g_object_unref(widget) }
            let owner = Owner()
            ScrollableWidget.attach(owner, to: widget)
            gtk_widget_size_allocate(widget, [GtkAllocation(x: 0, y: 0, width: 200, height: 40)], -1)
            let adjustment = ScrollableWidget.adjustment(of: widget)
            ScrollableWidget.write(to: widget) { gtk_adjustment_set_value($0, 300) }
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), 300)
            XCTAssertEqual(owner.values, [], "our own write")
            gtk_adjustment_set_value(adjustment, 700)
            XCTAssertEqual(owner.values, [700], "someone else's")
            // A narrower content: the owner's configure in the allocation clamps the value (to 1000 - 400).
            gtk_widget_size_allocate(widget, [GtkAllocation(x: 0, y: 0, width: 400, height: 40)], -1)
            XCTAssertEqual(gtk_adjustment_get_value(adjustment), 600)
            XCTAssertEqual(owner.values, [700], "the allocation's own configure did not come back")
        }
    }

    /// An unknown property id reaching the class is GLib's warning, not silence.
    func testAnUnknownPropertyIdWarns() {
        MainActor.assumeIsolated {
            let widget = Ownership.keep(ScrollableWidget.make(role: GTK_ACCESSIBLE_ROLE_LIST))
            defer { g_object_unref(widget) }
            let object = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self)
            let objectClass = UnsafeMutableRawPointer(object.pointee.g_type_instance.g_class!).assumingMemoryBound(to: GObjectClass.self)
            let pspec = g_object_class_find_property(objectClass, "hscroll-policy")
            let watch = LogWatch()
            defer { watch.remove() }
            var value = GValue()
            g_value_init(&value, gtk_scrollable_policy_get_type())
            defer { g_value_unset(&value) }
            objectClass.pointee.set_property(object, 99, &value, pspec)
            objectClass.pointee.get_property(object, 99, &value, pspec)
            XCTAssertEqual(watch.messages.count, 2, "\(watch.messages)")
            for message in watch.messages {
                XCTAssertTrue(message.hasPrefix("WARNING: ") && message.contains("invalid property id 99"), message)
            }
        }
    }
}
