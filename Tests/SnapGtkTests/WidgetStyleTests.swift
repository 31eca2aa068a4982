import CSnapGtk
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The widgets' stylesheet ships with SnapGtk: a control in a window with no stylesheet of the app's own still
/// draws its underline in the accent colour and its dots as 24 px targets, and an app's stylesheet overrides it.
final class WidgetStyleTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    /// The pixels `widget` draws (premultiplied BGRA, as GDK downloads them), rendered by its window's renderer.
    @MainActor
    private static func render(_ widget: UnsafeMutablePointer<GtkWidget>) -> (width: Int, height: Int, pixels: [UInt8]) {
        let width = Int(gtk_widget_get_width(widget)), height = Int(gtk_widget_get_height(widget))
        guard width > 0, height > 0 else { return (0, 0, []) }
        let paintable = gtk_widget_paintable_new(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return (width, height, []) }
        defer { gsk_render_node_unref(node) }
        let renderer = gtk_native_get_renderer(gtk_widget_get_native(widget))
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                       size: graphene_size_t(width: Float(width), height: Float(height)))
        let texture = gsk_renderer_render_texture(renderer, node, &viewport)!
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        var pixels = [UInt8](repeating: 0, count: 4 * width * height)
        gdk_texture_download(texture, &pixels, gsize(4 * width))
        return (width, height, pixels)
    }

    func testUnderlineIsDrawnInTheAccentWithNoStylesheetOfTheApps() {
        MainActor.assumeIsolated {
            let control = SegmentedControl(titles: ["One", "Two", "Three"], label: "test")
            XCTAssertTrue(WidgetStyle.isInstalled, "the first widget installs the stylesheet")
            let fixture = WidgetFixture(hosting: control.widget, width: 360, height: 120, laidOut: false)
            defer { fixture.close() }
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { gtk_widget_get_width(control.underline) > 0 },
                          "the underline was never laid out")

            XCTAssertGreaterThan(gtk_widget_get_width(control.underline), 50)
            XCTAssertEqual(gtk_widget_get_height(control.underline), Int32(SegmentedControl.underlineThickness))
            let (width, height, pixels) = Self.render(control.underline)
            guard width > 0, height > 0, pixels.count == 4 * width * height else { return XCTFail("nothing rendered") }
            let centre = 4 * ((height / 2) * width + width / 2)
            let (b, g, r, a) = (pixels[centre], pixels[centre + 1], pixels[centre + 2], pixels[centre + 3])
            XCTAssertEqual(a, 255, "the underline is painted opaque")
            XCTAssertGreaterThan(Int(b), Int(r) + 40, "the underline is the theme's (blue) accent: \((r, g, b))")
        }
    }

    func testAnAppStylesheetOverridesTheWidgets() {
        MainActor.assumeIsolated {
            let control = SegmentedControl(titles: ["One", "Two"], label: "test")
            let fixture = WidgetFixture(hosting: control.widget, width: 300, height: 120, laidOut: false)
            defer { fixture.close() }
            XCTAssertLessThan(WidgetStyle.priority, UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            XCTAssertGreaterThan(WidgetStyle.priority, UInt32(GTK_STYLE_PROVIDER_PRIORITY_THEME))
            let provider = gtk_css_provider_new()!
            defer { g_object_unref(provider) }
            gtk_css_provider_load_from_data(provider, ".segmented > .segmented-underline { background-color: rgb(255, 0, 0); }", -1)
            let display = gdk_display_get_default()
            gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
            defer { gtk_style_context_remove_provider_for_display(display, OpaquePointer(provider)) }
            // GTK applies a changed stylesheet when it next lays out the window: a frame's work.
            fixture.settle(2)

            let (width, height, pixels) = Self.render(control.underline)
            guard width > 0, height > 0, pixels.count == 4 * width * height else { return XCTFail("nothing rendered") }
            let centre = 4 * ((height / 2) * width + width / 2)
            XCTAssertEqual(Array(pixels[centre..<centre + 4]), [0, 0, 255, 255], "the app's red, not the widget's accent")
        }
    }

    func testDotsAreAtLeast24PixelTargets() {
        MainActor.assumeIsolated {
            let dots = PageDots(count: 5)
            let fixture = WidgetFixture(hosting: dots.widget, width: 300, height: 100)   // laid out, or it fails
            defer { fixture.close() }
            for page in 0..<5 {
                guard let dot = dots.dot(forPage: page) else { return XCTFail("no dot for page \(page)") }
                XCTAssertGreaterThanOrEqual(gtk_widget_get_width(dot), 24)
                XCTAssertGreaterThanOrEqual(gtk_widget_get_height(dot), 24)
            }
        }
    }
}
