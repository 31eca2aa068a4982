import CSnapGtk
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

final class SignalsTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    func testHandlerRunsUntilDisconnectedAndItsBoxIsReleased() {
        MainActor.assumeIsolated {
            let adjustment = Ownership.keep(gtk_adjustment_new(0, 0, 100, 1, 10, 10)!)
            defer { g_object_unref(adjustment) }
            let before = Signals.liveHandlers
            var calls = 0
            let id = Signals.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { calls += 1 }
            XCTAssertEqual(Signals.liveHandlers, before + 1)
            gtk_adjustment_set_value(adjustment, 20)
            gtk_adjustment_set_value(adjustment, 30)
            XCTAssertEqual(calls, 2)
            Signals.disconnect(UnsafeMutableRawPointer(adjustment), id)
            XCTAssertEqual(Signals.liveHandlers, before, "disconnecting must release the handler's box")
            gtk_adjustment_set_value(adjustment, 40)
            XCTAssertEqual(calls, 2)
        }
    }

    func testHandlersAreReleasedWhenTheObjectDies() {
        MainActor.assumeIsolated {
            let before = Signals.liveHandlers
            let adjustment = Ownership.keep(gtk_adjustment_new(0, 0, 100, 1, 10, 10)!)
            Signals.connect(UnsafeMutableRawPointer(adjustment), "value-changed") {}
            Signals.connectNotify(UnsafeMutableRawPointer(adjustment), property: "upper") {}
            XCTAssertEqual(Signals.liveHandlers, before + 2)
            g_object_unref(adjustment)
            XCTAssertEqual(Signals.liveHandlers, before)
        }
    }

    func testNotifyAndValueShapesDeliverTheirArguments() {
        MainActor.assumeIsolated {
            let label = Ownership.keep(gtk_label_new("a")!)
            defer { g_object_unref(label) }
            var notified = 0
            var previous: [UInt32] = []
            Signals.connectNotify(label.raw, property: "label") { notified += 1 }
            Signals.connectValue(label.raw, "direction-changed") { previous.append($0) }
            gtk_label_set_label(label.opaque, "b")
            gtk_widget_set_direction(label, GTK_TEXT_DIR_RTL)
            XCTAssertEqual(notified, 1)
            XCTAssertEqual(previous, [GTK_TEXT_DIR_LTR.rawValue])
        }
    }

    func testPointerShapeDeliversAnActionsParameterAndIsReleasedWithTheAction() {
        MainActor.assumeIsolated {
            let before = Signals.liveHandlers
            let type = g_variant_type_new("i")
            defer { g_variant_type_free(type) }
            let action = g_simple_action_new("go", type)!
            var received: [Int32] = []
            Signals.connectPointer(UnsafeMutableRawPointer(action), "activate") { parameter in
                received.append(parameter.map { g_variant_get_int32(OpaquePointer($0)) } ?? -1)
            }
            g_action_activate(action, g_variant_new_int32(7))
            XCTAssertEqual(received, [7])
            XCTAssertEqual(Signals.liveHandlers, before + 1)
            g_object_unref(UnsafeMutableRawPointer(action))
            XCTAssertEqual(Signals.liveHandlers, before, "finalising the action releases the handler's box")
        }
    }

    func testOwnerTiedToAWidgetLivesExactlyAsLongAsTheWidget() {
        MainActor.assumeIsolated {
            final class Owner {}
            weak var weakOwner: Owner?
            let label = Ownership.keep(gtk_label_new("x")!)
            do {
                let owner = Owner()
                weakOwner = owner
                WidgetLifetime.tie(owner, to: label)
            }
            XCTAssertNotNil(weakOwner, "the widget keeps its owner alive")
            g_object_unref(label)
            XCTAssertNil(weakOwner, "finalising the widget releases its owner")
        }
    }

    func testRemoveChildrenEmptiesABox() {
        MainActor.assumeIsolated {
            let box = Ownership.keep(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!)
            defer { g_object_unref(box) }
            for _ in 0..<3 { gtk_box_append(box.cast(), gtk_label_new("c")) }
            Ownership.removeChildren(of: box)
            XCTAssertNil(gtk_widget_get_first_child(box))
        }
    }
}
