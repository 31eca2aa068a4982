import CSnapGtk
import Foundation
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// A banner's picture reaches GTK as cairo drawings each small enough that the cairo renderer's temporary image for it
/// (one per drawing, every frame that shows it) stays below glibc's 128 KiB mapping threshold, so it comes from the
/// heap instead of a fresh mapping faulted in page by page; together they cover the whole picture.
final class BannerBandsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        try MainActor.assumeIsolated { try requireGtk() }
        folder = try temporaryFolder("bands", for: self)
    }

    func testAPictureIsDrawnInBandsBelowTheMappingThreshold() throws {
        let path = try writeImage(in: folder, "wide.png", width: 1600, height: 1000, color: 0x3366_99ff)
        MainActor.assumeIsolated {
            // Banners of 799 × 536 px (1.7 MB in one image) and 1574 × 1055 px.
            for componentWidth in [914.0, 1800.0] {
                let geometry = PagerGeometry(componentWidth: componentWidth)
                let cell = BannerCell(cache: SurfaceCache(queue: DecodeQueue(limit: 1)))
                cell.apply(geometry: geometry)
                gtk_widget_set_halign(cell.widget, GTK_ALIGN_CENTER)
                gtk_widget_set_valign(cell.widget, GTK_ALIGN_CENTER)
                XCTAssertNil(cell.bind(index: 0, count: 1, title: "Wide", imagePath: path))
                let fixture = WidgetFixture(hosting: cell.widget, width: Int32(componentWidth) + 40, height: 1000, laidOut: false)
                defer { fixture.close() }
                XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { cell.drawnSinceBind == [path] }, "never drawn")
                fixture.settle(2)

                let bands = nodeBounds(drawnBy: cell.widget, type: GSK_CAIRO_NODE)

                let scale = Double(gtk_widget_get_scale_factor(cell.widget))
                for band in bands {
                    let bytes = Int((Double(band.size.width) * scale).rounded(.up)) * 4 * Int((Double(band.size.height) * scale).rounded(.up))
                    XCTAssertLessThan(bytes, 128 << 10, "a drawing of \(band.size.width) × \(band.size.height) px at \(componentWidth)")
                }
                let covered = bands.reduce(0.0) { $0 + Double($1.size.width) * Double($1.size.height) }
                XCTAssertEqual(covered, geometry.panelWidth.rounded() * geometry.imageHeight.rounded(), accuracy: 1,
                               "the bands cover the picture once at \(componentWidth)")
            }
        }
    }
}

/// The bounds of every node of `type` that `widget` draws now (through containers, transforms, clips and opacity).
@MainActor
func nodeBounds(drawnBy widget: UnsafeMutablePointer<GtkWidget>, type: GskRenderNodeType) -> [graphene_rect_t] {
    func collect(_ node: OpaquePointer, into found: inout [graphene_rect_t]) {
        let kind = gsk_render_node_get_node_type(node)
        if kind == type {
            var bounds = graphene_rect_t()
            gsk_render_node_get_bounds(node, &bounds)
            found.append(bounds)
        }
        switch kind {
        case GSK_CONTAINER_NODE:
            for i in 0..<gsk_container_node_get_n_children(node) { collect(gsk_container_node_get_child(node, i), into: &found) }
        case GSK_TRANSFORM_NODE: collect(gsk_transform_node_get_child(node), into: &found)
        case GSK_CLIP_NODE: collect(gsk_clip_node_get_child(node), into: &found)
        case GSK_ROUNDED_CLIP_NODE: collect(gsk_rounded_clip_node_get_child(node), into: &found)
        case GSK_OPACITY_NODE: collect(gsk_opacity_node_get_child(node), into: &found)
        case GSK_DEBUG_NODE: collect(gsk_debug_node_get_child(node), into: &found)
        default: break
        }
    }
    guard let paintable = gtk_widget_paintable_new(widget) else { return [] }
    defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
    let snapshot = gtk_snapshot_new()!
    gdk_paintable_snapshot(paintable, snapshot, Double(gtk_widget_get_width(widget)), Double(gtk_widget_get_height(widget)))
    guard let node = gtk_snapshot_free_to_node(snapshot) else { return [] }
    defer { gsk_render_node_unref(node) }
    var found: [graphene_rect_t] = []
    collect(node, into: &found)
    return found
}
