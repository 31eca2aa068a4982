import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// Items wider than their slot are drawn clipped to the slot, never over their neighbours.
final class SnapScrollerClipTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    /// Every clip rectangle in the render node tree under `node`.
    private static func clips(in node: OpaquePointer?) -> [graphene_rect_t] {
        guard let node else { return [] }
        switch gsk_render_node_get_node_type(node) {
        case GSK_CLIP_NODE:
            return [gsk_clip_node_get_clip(node)!.pointee] + clips(in: gsk_clip_node_get_child(node))
        case GSK_CONTAINER_NODE:
            return (0..<gsk_container_node_get_n_children(node)).flatMap { clips(in: gsk_container_node_get_child(node, $0)) }
        case GSK_TRANSFORM_NODE:
            return clips(in: gsk_transform_node_get_child(node))
        case GSK_OPACITY_NODE:
            return clips(in: gsk_opacity_node_get_child(node))
        default:
            return []
        }
    }

    func testAnItemWiderThanItsSlotIsClippedToTheSlot() {
        MainActor.assumeIsolated {
            // 40 px slots, 60 px apart; the odd items' titles are far wider than that and cannot shrink.
            let scroller = SnapScroller(
                itemCount: 9, itemWidth: 40, spacing: 60, label: "Clip strip",
                factory: { gtk_label_new(nil)! },
                bind: { label, index in gtk_label_set_text(label.opaque, index % 2 == 1 ? "WWWWWWWWWWWW" : "i") })
            let fixture = WidgetFixture(hosting: scroller.widget, width: 500, height: 80, laidOut: false)
            defer { fixture.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { scroller.layout.viewportWidth > 0 })
            scroller.scrollTo(index: 4, animated: false)
            fixture.settle(3)
            let wide = scroller.items.bound.filter { gtk_widget_get_width($0.value) > 40 }
            XCTAssertFalse(wide.isEmpty, "the long titles are wider than their slot")
            let paintable = gtk_widget_paintable_new(scroller.content)!
            defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
            let snapshot = gtk_snapshot_new()!
            gdk_paintable_snapshot(paintable, snapshot, Double(gtk_widget_get_width(scroller.content)),
                                   Double(gtk_widget_get_height(scroller.content)))
            let node = gtk_snapshot_free_to_node(snapshot)
            defer { if let node { gsk_render_node_unref(node) } }
            // (GTK adds a clip of its own around the row.)
            let found = Self.clips(in: node).filter { $0.size.width == 40 }
            XCTAssertEqual(found.count, wide.count, "one slot clip for each wide item, none for the others")
            for (index, item) in wide {
                // The slot: 40 px wide, centred where the item is centred.
                let slotX = Float(gtk_widget_get_allocated_width(item)) / 2 + Float(Self.allocatedX(item)) - 20
                XCTAssertTrue(found.contains { $0.size.width == 40 && abs($0.origin.x - slotX) <= 0.5 },
                              "item \(index): \(found)")
            }
        }
    }

    @MainActor private static func allocatedX(_ widget: UnsafeMutablePointer<GtkWidget>) -> Double {
        var bounds = graphene_rect_t()
        _ = gtk_widget_compute_bounds(widget, gtk_widget_get_parent(widget), &bounds)
        return Double(bounds.origin.x)
    }
}
