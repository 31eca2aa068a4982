import CSnapGtk
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// `GlyphWarmUp` prepares glyphs in the font a styled label really gets (what it reads from its probe matches a
/// label in a window), on a thread that is not GTK's, and reports back on GTK's thread.
final class GlyphWarmUpTests: XCTestCase {
    override func setUpWithError() throws {
        try MainActor.assumeIsolated {
            try requireGtk()
            XCTAssertEqual(Stylesheet.install(css: ".warm-up-card { font-size: 37px; font-weight: bold; }"), [])
        }
    }

    /// The font description, resolution and font options of the label inside `box`, as its Pango context has them.
    @MainActor
    private static func contextOfLabel(in box: UnsafeMutablePointer<GtkWidget>) -> (String, Double, OpaquePointer?) {
        let context = gtk_widget_get_pango_context(gtk_widget_get_first_child(box))
        let text = pango_font_description_to_string(pango_context_get_font_description(context))!
        defer { g_free(text) }
        return (String(cString: text), pango_cairo_context_get_resolution(context),
                pango_cairo_context_get_font_options(context))
    }

    func testReadsTheFontALabelGetsFromItsContainersClasses() {
        MainActor.assumeIsolated {
            let setup = FontSetup(styledAs: ["warm-up-card"])
            // The class decides the font: a probe without it reads another one.
            XCTAssertTrue(setup.description.contains("37px"), setup.description)
            XCTAssertTrue(setup.description.contains("Bold"), setup.description)
            XCTAssertNotEqual(FontSetup(styledAs: []).description, setup.description)

            // The same as a label in such a box in a window.
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            gtk_widget_add_css_class(box, "warm-up-card")
            let label = gtk_label_new("🍎")!
            gtk_box_append(box.cast(), label)
            let fixture = WidgetFixture(hosting: box, width: 400, laidOut: false)
            defer { fixture.close() }
            fixture.settle(1)
            let (description, resolution, options) = Self.contextOfLabel(in: box)
            XCTAssertEqual(setup.description, description)
            XCTAssertEqual(setup.resolution, resolution)
            XCTAssertEqual(setup.options.pointer == nil, options == nil)
            if let mine = setup.options.pointer, let theirs = options {
                XCTAssertEqual(cairo_font_options_equal(mine, theirs), 1)
            }
            XCTAssertEqual(setup.scale, max(1, gtk_widget_get_scale_factor(fixture.window)))
        }
    }

    func testPreparesOffGtksThreadAndReportsBackOnIt() {
        MainActor.assumeIsolated {
            var finished = false
            GlyphWarmUp.start(["🍎", "🍊 12", "Apple"], styledAs: ["warm-up-card"]) {
                XCTAssertEqual(snap_is_main_thread(), 1)
                finished = true
            }
            // The worker does the work: GTK's thread is free at once, and hears back later.
            XCTAssertFalse(finished)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { finished })
        }
    }

    /// The glyphs of `text` that a label in a window lays out from fonts that have them, and those fonts (family, style
    /// and size in pixels), read from the label's own layout. Counted here, apart from the library's code, so the
    /// check does not lean on what it checks.
    @MainActor
    private static func glyphs(of label: UnsafeMutablePointer<GtkWidget>) -> (count: Int, fonts: Set<String>) {
        let layout = gtk_label_get_layout(label.opaque)
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        var count = 0
        var fonts: Set<String> = []
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
            let glyphs = run.pointee.glyphs.pointee
            // Not PANGO_GLYPH_UNKNOWN_FLAG (a macro with a cast, which Swift does not import).
            for i in 0..<Int(glyphs.num_glyphs) where glyphs.glyphs[i].glyph & 0x1000_0000 == 0 {
                count += 1
            }
            let description = pango_font_describe_with_absolute_size(run.pointee.item.pointee.analysis.font)
            defer { pango_font_description_free(description) }
            let text = pango_font_description_to_string(description)!
            defer { g_free(text) }
            fonts.insert(String(cString: text))
        } while pango_layout_iter_next_run(iterator) != 0
        return (count, fonts)
    }

    /// The worker prepares what a label shows: it lays out as many glyphs as labels styled the same lay out for the
    /// texts, from the same fonts (the colour emoji font among them), and draws every one of them. A warm-up that
    /// prepared nothing would leave GTK's thread all the decoding, with nothing else to show for it.
    func testLaysOutAndDrawsTheGlyphsALabelShowsInItsFonts() {
        MainActor.assumeIsolated {
            let texts = ["🍎", "🍊 12", "Apple 🍇"]
            var report: GlyphWarmUpReport?
            GlyphWarmUp.start(texts, styledAs: ["warm-up-card"], report: { report = $0 })
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { report != nil }, "the worker never reported")

            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_add_css_class(box, "warm-up-card")
            let labels = texts.map { gtk_label_new($0)! }
            for label in labels { gtk_box_append(box.cast(), label) }
            let fixture = WidgetFixture(hosting: box, width: 400, laidOut: false)
            defer { fixture.close() }
            fixture.settle(1)
            let shown = labels.map(Self.glyphs(of:))
            let expected = shown.reduce(0) { $0 + $1.count }
            XCTAssertEqual(expected, 12, "a glyph for each character (the space too): \(shown)")
            XCTAssertEqual(report?.glyphs, expected, "laid out")
            XCTAssertEqual(report?.drawn, expected, "drawn")
            XCTAssertEqual(report?.fonts, shown.reduce(into: Set<String>()) { $0.formUnion($1.fonts) })
            XCTAssertTrue(report?.fonts.contains { $0.contains("Emoji") } ?? false,
                          "the colour emoji font among them: \(report?.fonts ?? [])")
        }
    }

    /// Several workers and GTK's thread laying out the same text at once share cairo's caches safely (the thread
    /// sanitizer run watches this one).
    func testWorkersAndGtksThreadShareTheFontCaches() {
        MainActor.assumeIsolated {
            var finished = 0
            for _ in 0..<3 {
                GlyphWarmUp.start(["🍇", "🍌", "🍉", "0123456789"], styledAs: ["warm-up-card"]) { finished += 1 }
            }
            let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            gtk_widget_add_css_class(box, "warm-up-card")
            gtk_box_append(box.cast(), gtk_label_new("🍇🍌🍉")!)
            let fixture = WidgetFixture(hosting: box, width: 400, laidOut: false)
            defer { fixture.close() }
            fixture.settle(2)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { finished == 3 })
            XCTAssertGreaterThan(gtk_widget_get_width(box), 0)
        }
    }
}
