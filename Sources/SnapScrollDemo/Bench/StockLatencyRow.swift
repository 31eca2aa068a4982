import CSnapGtk
import Glibc
@_spi(Testing) @_spi(GtkInterop) import SnapGtk

/// The latency benchmark's stock control (`SNAPSCROLL_BENCH_INPUT=latency-stock`): the page's snapping component is
/// hidden and a stock `GtkScrolledWindow` (kinetic scrolling on, as GTK's default) takes its place in the same window,
/// so the two runs differ in the row alone, not in what the window around it costs to draw (under a renderer that
/// repaints the whole window each frame, such as GTK 4.8's `gl` on Mesa's software GL, that cost is most of a frame).
///
/// Its row holds 200 buttons "Item N" 24 px apart, or on the carousel's page 200 cells of a picture over a "Banner N"
/// label at the carousel's banner geometry (``bannerGeometry(of:)``), cycling the content's banner images: each
/// picture is the image read through ``Texture`` (bounded), cover-cropped in its rounded corners once into an image
/// surface, and drawn each frame as a plain paint of that surface. GTK 4 cannot inject events into a scrolled window,
/// so each input is a `gtk_adjustment_set_value()` at the demo's spacing: a notch one step of 120 px, a drag 20 steps
/// of 6 px 8 ms apart, a swipe the short fling's 8 deltas 8 ms apart; its latency is from that call (``LatencyRun``).
/// Its bench event says `"page":"stock"`, and `host_page` the page it stood in.
@MainActor
final class StockLatencyRow: LatencyTarget {
    static let itemCount = 200

    private let page: String
    private let scrolled: UnsafeMutablePointer<GtkWidget>
    private let adjustment: UnsafeMutablePointer<GtkAdjustment>
    private let geometry: [String: String]
    private var clock: UnsafeMutableRawPointer?
    private var painted: UInt?
    private var onShown: ((StockLatencyRow) -> Void)?

    /// Puts the stock row in place of `component` (its row widget, hidden), showing banners when `banners` gives
    /// their geometry (``bannerGeometry(of:)``) and image files; calls `shown` once a frame has drawn
    /// the row. Throws a message when a banner cannot be read.
    init(page: String, replacing component: UnsafeMutablePointer<GtkWidget>,
         banners: (geometry: [String: String], images: [String])?, window: UnsafeMutablePointer<GtkWidget>,
         shown: @escaping (StockLatencyRow) -> Void) throws(ImageFile.Failure) {
        self.page = page
        geometry = banners?.geometry ?? [:]
        let row = try banners.map { banners throws(ImageFile.Failure) in try Self.bannerRow(banners) } ?? Self.buttonRow()
        scrolled = gtk_scrolled_window_new()
        gtk_scrolled_window_set_policy(scrolled.opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_kinetic_scrolling(scrolled.opaque, 1)
        gtk_scrolled_window_set_child(scrolled.opaque, row)
        gtk_widget_set_valign(scrolled, GTK_ALIGN_CENTER)
        gtk_widget_set_hexpand(scrolled, gtk_widget_get_hexpand(component))
        adjustment = gtk_scrolled_window_get_hadjustment(scrolled.opaque)
        gtk_widget_insert_after(scrolled, gtk_widget_get_parent(component), component)
        gtk_widget_set_visible(component, 0)
        onShown = shown
        guard let clock = gtk_widget_get_frame_clock(window).map({ UnsafeMutableRawPointer($0) }) else { return }
        self.clock = clock
        painted = Signals.connect(clock, "after-paint") { [weak self] in self?.afterPaint() }
    }

    /// Once a frame has drawn the row with room to scroll, hands it over to be driven.
    private func afterPaint() {
        guard gtk_widget_get_width(scrolled) > 0, span > 0, let shown = onShown else { return }
        if let clock, let painted { Signals.disconnect(clock, painted) }
        painted = nil
        onShown = nil
        shown(self)
    }

    /// A carousel's banners as its cells draw them now (whole px): `banner_width` and `banner_height` (the picture),
    /// `banner_gap` (the one set in Options, else the design's), `banner_radius`. The stock row draws the same
    /// pictures at this size, so the two latency runs differ in the scrolling, not in what is drawn.
    static func bannerGeometry(of carousel: Carousel) -> [String: String] {
        let geometry = carousel.geometry
        return ["banner_width": BenchLine.number(geometry.panelWidth.rounded()),
                "banner_height": BenchLine.number(geometry.imageHeight.rounded()),
                "banner_gap": BenchLine.number((carousel.spacing ?? geometry.gap).rounded()),
                "banner_radius": BenchLine.number(carousel.bannerCornerRadius)]
    }

    private var span: Double { gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment) }

    var rowWidget: UnsafeMutablePointer<GtkWidget>? { scrolled }
    var offset: Double { gtk_adjustment_get_value(adjustment) }
    var isMoving: Bool { false }
    var fields: [String: String] {
        geometry.merging(["page": QALog.quoted("stock"), "host_page": QALog.quoted(page),
                          "items": String(Self.itemCount)]) { $1 }
    }

    func returnHome() {
        gtk_adjustment_set_value(adjustment, span / 2)
    }

    func steps(rounds: Int) -> [LatencyStep] {
        var steps: [LatencyStep] = []
        func add(_ kind: String, _ delay: Int, waits: Bool, _ delta: Double) {
            steps.append(LatencyStep(kind: kind, delay: delay, waits: waits, measured: true) { [weak self] _ in
                guard let self else { return false }
                gtk_adjustment_set_value(self.adjustment, self.offset + delta)
                return true
            })
        }
        for round in 0..<rounds {
            let sign: Double = round % 2 == 0 ? 1 : -1
            add("wheel", 100, waits: true, sign * 120)
            for i in 1...20 { add("drag", i == 1 ? 100 : 8, waits: i == 1, sign * 6) }
            // The demo's own short swipe (``LatencyRun/swipe``): its deltas at their spacing.
            var previous = 0.0
            for (i, sample) in LatencyRun.swipe.samples.enumerated() {
                add("swipe", i == 0 ? 100 : Int(sample.time - previous), waits: i == 0, sign * sample.dx)
                previous = sample.time
            }
        }
        return steps
    }

    private static func buttonRow() -> UnsafeMutablePointer<GtkWidget> {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 24)!
        for i in 1...itemCount { gtk_box_append(row.cast(), gtk_button_new_with_label("Item \(i)")) }
        return row
    }

    /// 200 cells, each a picture over its title, `banner_gap` apart, cycling the images.
    private static func bannerRow(_ banners: (geometry: [String: String], images: [String])) throws(ImageFile.Failure)
        -> UnsafeMutablePointer<GtkWidget> {
        func number(_ key: String) -> Double { banners.geometry[key].flatMap { Double($0) } ?? 0 }
        let width = max(Int(number("banner_width").rounded()), 1)
        let height = max(Int(number("banner_height").rounded()), 1)
        guard !banners.images.isEmpty else { throw ImageFile.Failure(message: "no banner images", brief: "no images") }
        // Each distinct file read once; the surfaces live as long as the drawing areas that hold a reference.
        var byPath: [String: OpaquePointer] = [:]
        defer { byPath.values.forEach { cairo_surface_destroy($0) } }
        for path in banners.images where byPath[path] == nil {
            byPath[path] = try bannerSurface(path, width: width, height: height, radius: number("banner_radius"))
        }
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, Int32(number("banner_gap").rounded()))!
        for i in 0..<itemCount {
            let cell = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let picture = gtk_drawing_area_new()!
            gtk_drawing_area_set_content_width(picture.cast(), Int32(width))
            gtk_drawing_area_set_content_height(picture.cast(), Int32(height))
            let surface = cairo_surface_reference(byPath[banners.images[i % banners.images.count]])
            gtk_drawing_area_set_draw_func(picture.cast(), { _, cr, _, _, data in
                cairo_set_source_surface(cr, OpaquePointer(data), 0, 0)
                cairo_paint(cr)
            }, UnsafeMutableRawPointer(surface), { data in cairo_surface_destroy(OpaquePointer(data)) })
            gtk_box_append(cell.cast(), picture)
            let title = gtk_label_new("Banner \(i + 1)")!
            gtk_label_set_xalign(title.opaque, 0)
            gtk_box_append(cell.cast(), title)
            gtk_box_append(row.cast(), cell)
        }
        return row
    }

    /// One banner's picture: the image scaled to cover `width` × `height` (cropped evenly) in a rounded rectangle of
    /// `radius`, drawn once into an image surface (one reference, the caller's).
    private static func bannerSurface(_ path: String, width: Int, height: Int, radius r: Double)
        throws(ImageFile.Failure) -> OpaquePointer {
        let texture = try Texture(contentsOfFile: path, fitting: (width, height))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let cr = cairo_create(surface)!
        let w = Double(width), h = Double(height)
        cairo_new_sub_path(cr)
        cairo_arc(cr, w - r, r, r, -Double.pi / 2, 0)
        cairo_arc(cr, w - r, h - r, r, 0, Double.pi / 2)
        cairo_arc(cr, r, h - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cr, r, r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
        cairo_clip(cr)
        let (tw, th) = (Double(texture.size.width), Double(texture.size.height))
        let scale = max(w / tw, h / th)
        cairo_translate(cr, ((w - tw * scale) / 2).rounded(.down), ((h - th * scale) / 2).rounded(.down))
        cairo_scale(cr, scale, scale)
        withExtendedLifetime(texture) {
            cairo_set_source_surface(cr, texture.unsafeCairoSurface, 0, 0)
            cairo_paint(cr)
        }
        cairo_destroy(cr)
        return surface
    }
}
