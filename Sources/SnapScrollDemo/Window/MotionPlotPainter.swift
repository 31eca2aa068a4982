import CSnapGtk
@_spi(Testing) import SnapGtk

/// Where the motion plot puts a trace: time across (the gesture's span), the offset up the plot area (its range
/// covering the samples, the projected rest and the target), the speed up the same area from 0 to its highest.
struct MotionPlotScale: Equatable {
    /// The plot area, in the widget's coordinates.
    let left, top, width, height: Double
    let time: (from: Double, to: Double)
    let offset: (low: Double, high: Double)
    let topSpeed: Double

    init(_ trace: MotionTrace, left: Double, top: Double, width: Double, height: Double) {
        self.left = left
        self.top = top
        self.width = max(width, 1)
        self.height = max(height, 1)
        time = trace.span
        let offsets = trace.samples.map(\.offset) + [trace.release?.projected, trace.targetOffset, trace.settle?.offset]
            .compactMap { $0 }
        let low = offsets.min() ?? 0, high = offsets.max() ?? 1
        // A gesture that did not move still gets a band to draw in.
        offset = high - low < 1 ? (low - 0.5, low + 0.5) : (low, high)
        topSpeed = max(trace.samples.map(\.speed).max() ?? 0, abs(trace.release?.velocity ?? 0), 1)
    }

    static func == (a: MotionPlotScale, b: MotionPlotScale) -> Bool {
        (a.left, a.top, a.width, a.height, a.topSpeed) == (b.left, b.top, b.width, b.height, b.topSpeed)
            && a.time == b.time && a.offset == b.offset
    }

    func x(_ time: Double) -> Double { left + (time - self.time.from) / (self.time.to - self.time.from) * width }
    /// Later items up: a larger offset is higher.
    func y(offset value: Double) -> Double { top + (offset.high - value) / (offset.high - offset.low) * height }
    func y(speed value: Double) -> Double { top + (1 - min(value / topSpeed, 1)) * height }
}

/// Draws a `MotionTrace` with GTK's snapshot API: the offset as a line in the accent colour, the speed as a band of
/// the text colour under its own curve, the release and the settle as vertical lines, the projected rest and the
/// target as horizontal ones, each labelled. Every colour is the theme's (the widget's CSS `color`, and the named
/// colours `snap_accent_color` and `snap_dim_fg_color`), so it reads in the light, dark and high-contrast themes.
@MainActor
struct MotionPlotPainter {
    let snapshot: OpaquePointer
    let widget: UnsafeMutablePointer<GtkWidget>
    let text: GdkRGBA
    let accent: GdkRGBA
    let dim: GdkRGBA

    /// Space around the plot area (px), and the dash of a dashed line.
    static let margin = 6.0
    static let dash: [Double] = [5, 3]
    /// The corner the plot's Save button covers (px square), where no words go.
    static let buttonCorner = 32.0

    init(snapshot: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>) {
        self.snapshot = snapshot
        self.widget = widget
        let style = gtk_widget_get_style_context(widget)
        var color = GdkRGBA()
        gtk_style_context_get_color(style, &color)
        text = color
        func named(_ name: String) -> GdkRGBA {
            var found = GdkRGBA()
            return gtk_style_context_lookup_color(style, name, &found) != 0 ? found : color
        }
        accent = named("snap_accent_color")
        dim = named("snap_dim_fg_color")
    }

    /// The whole plot over `width`×`height`: a line of words on top (the gesture, and the legend when there is
    /// room), the plot area under it.
    func draw(_ trace: MotionTrace?, width: Double, height: Double) {
        guard let trace else {
            // Translators: the motion plot before the first gesture.
            place(layout(tr("Motion plot: the next gesture's offset and speed over time")), at: (Self.margin, Self.margin), color: dim)
            return
        }
        var labels = Labels(painter: self, bounds: (Self.margin, Self.margin, width - Self.margin, height - Self.margin))
        labels.reserve((width - Self.buttonCorner, height - Self.buttonCorner, width, height))   // the Save button
        let head = labels.put(trace.summary, [(Self.margin, Self.margin)], color: text)
        let top = Self.margin + (head?.height ?? 0) + 2
        let scale = MotionPlotScale(trace, left: Self.margin, top: top, width: width - 2 * Self.margin,
                                    height: height - top - Self.margin)
        drawSpeed(trace, scale)
        drawOffset(trace, scale)
        // Translators: the motion plot's legend: the line is the offset, the band the speed (px/s at its top).
        let legend = layout(tr("line: offset · band: speed to %d px/s", .int(Int(scale.topSpeed.rounded()))))
        labels.put(legend, [(width - Self.margin - legend.width, Self.margin)], color: dim)
        drawMarks(trace, scale, &labels)
    }

    private func drawSpeed(_ trace: MotionTrace, _ scale: MotionPlotScale) {
        guard !trace.samples.isEmpty else { return }
        var band = text
        band.alpha *= 0.22
        cairo(scale) { cr in
            cairo_move_to(cr, scale.x(trace.samples[0].time), scale.y(speed: 0))
            for sample in trace.samples { cairo_line_to(cr, scale.x(sample.time), scale.y(speed: sample.speed)) }
            cairo_line_to(cr, scale.x(trace.samples[trace.samples.count - 1].time), scale.y(speed: 0))
            cairo_close_path(cr)
            set(cr, band)
            cairo_fill(cr)
        }
    }

    private func drawOffset(_ trace: MotionTrace, _ scale: MotionPlotScale) {
        guard let first = trace.samples.first else { return }
        cairo(scale) { cr in
            cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
            cairo_move_to(cr, scale.x(first.time), scale.y(offset: first.offset))
            for sample in trace.samples { cairo_line_to(cr, scale.x(sample.time), scale.y(offset: sample.offset)) }
            if let settle = trace.settle { cairo_line_to(cr, scale.x(settle.time), scale.y(offset: settle.offset)) }
            set(cr, accent)
            cairo_set_line_width(cr, 2)
            cairo_stroke(cr)
        }
    }

    /// The release and the settle (vertical), the projected rest and the target (horizontal), with their words
    /// where they fit without covering others.
    private func drawMarks(_ trace: MotionTrace, _ scale: MotionPlotScale, _ labels: inout Labels) {
        let bottom = scale.top + scale.height, right = scale.left + scale.width
        var words: [(String, [(Double, Double)], GdkRGBA)] = []
        if let settle = trace.settle {
            let x = scale.x(settle.time)
            line(from: (x, scale.top), to: (x, bottom), color: text, dashed: false)
            // Translators: the motion plot's mark of the settle: ms after the gesture began.
            let what = tr("settled %d ms", .int(Int((settle.time - trace.start).rounded())))
            let size = layout(what, measureOnly: true)
            words.append((what, [(x - size.width - 3, scale.top), (x + 3, scale.top), (x - size.width - 3, bottom - size.height)], text))
        }
        if let release = trace.release {
            let x = scale.x(release.time)
            line(from: (x, scale.top), to: (x, bottom), color: text, dashed: true)
            let y = scale.y(offset: release.projected)
            line(from: (scale.left, y), to: (right, y), color: text, dashed: true)
            // Translators: the motion plot's mark of the moment the gesture let go, with its velocity (px/s).
            let what = tr("release %d px/s", .int(Int(release.velocity.rounded())))
            let size = layout(what, measureOnly: true)
            words.append((what, [(x + 3, bottom - size.height), (x + 3, scale.top), (x - size.width - 3, bottom - size.height)], text))
            // Translators: the motion plot's mark of where the release velocity would coast the content (px).
            let projected = tr("projected %s", .text(Self.pixels(release.projected)))
            let width = layout(projected, measureOnly: true).width
            words.append((projected, [(right - width - 20, y - size.height - 1), (right - width - 20, y + 2)], text))
        }
        if let target = trace.targetOffset {
            let y = scale.y(offset: target)
            line(from: (scale.left, y), to: (right, y), color: accent, dashed: true)
            // Translators: the motion plot's mark of the target item's resting offset (px).
            let what = tr("target %s", .text(Self.pixels(target)))
            let height = layout(what, measureOnly: true).height
            words.append((what, [(scale.left + 2, y + 2), (scale.left + 2, y - height - 1)], accent))
        }
        for (what, places, color) in words { labels.put(what, places, color: color) }
    }

    static func pixels(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10)" + (tenths % 10 == 0 ? "" : ".\(abs(tenths % 10))") + " px"
    }

    // MARK: - Primitives

    private func cairo(_ scale: MotionPlotScale, _ body: (OpaquePointer) -> Void) {
        var bounds = graphene_rect_t(origin: graphene_point_t(x: Float(scale.left - 2), y: Float(scale.top - 2)),
                                     size: graphene_size_t(width: Float(scale.width + 4), height: Float(scale.height + 4)))
        guard let cr = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
        body(cr)
        cairo_destroy(cr)
    }

    private func set(_ cr: OpaquePointer, _ color: GdkRGBA) {
        cairo_set_source_rgba(cr, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
    }

    /// A horizontal or vertical line, 1 px on whole pixels, dashed or not.
    private func line(from a: (Double, Double), to b: (Double, Double), color: GdkRGBA, dashed: Bool) {
        let vertical = a.0 == b.0
        let across = (vertical ? a.0 : a.1).rounded(.down)
        let (from, to) = vertical ? (min(a.1, b.1), max(a.1, b.1)) : (min(a.0, b.0), max(a.0, b.0))
        var position = from
        while position < to {
            let end = dashed ? min(position + Self.dash[0], to) : to
            var color = color
            var bounds = vertical
                ? graphene_rect_t(origin: graphene_point_t(x: Float(across), y: Float(position)),
                                  size: graphene_size_t(width: 1, height: Float(end - position)))
                : graphene_rect_t(origin: graphene_point_t(x: Float(position), y: Float(across)),
                                  size: graphene_size_t(width: Float(end - position), height: 1))
            gtk_snapshot_append_color(snapshot, &color, &bounds)
            position = end + (dashed ? Self.dash[1] : 0)
        }
    }

    /// Text laid out in the widget's font.
    fileprivate struct Words {
        let layout: OpaquePointer
        let width: Double
        let height: Double
    }

    fileprivate func layout(_ string: String) -> Words {
        let layout = gtk_widget_create_pango_layout(widget, string)!
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        return Words(layout: layout, width: Double(w), height: Double(h))
    }

    /// The size `string` takes (its layout let go at once).
    private func layout(_ string: String, measureOnly: Bool) -> (width: Double, height: Double) {
        let words = layout(string)
        g_object_unref(UnsafeMutableRawPointer(words.layout))
        return (words.width, words.height)
    }

    /// Draws `words` with their top left at `origin` (whole pixels) and lets go of their layout.
    fileprivate func place(_ words: Words, at origin: (Double, Double), color: GdkRGBA) {
        gtk_snapshot_save(snapshot)
        var point = graphene_point_t(x: Float(origin.0.rounded()), y: Float(origin.1.rounded()))
        gtk_snapshot_translate(snapshot, &point)
        var ink = color
        gtk_snapshot_append_layout(snapshot, words.layout, &ink)
        gtk_snapshot_restore(snapshot)
        g_object_unref(UnsafeMutableRawPointer(words.layout))
    }
}

/// Words placed on the plot where they cover no words placed before and stay inside it: each goes to the first of
/// its places that is free, or is left out.
@MainActor
private struct Labels {
    let painter: MotionPlotPainter
    /// left, top, right, bottom.
    let bounds: (Double, Double, Double, Double)
    private var taken: [(Double, Double, Double, Double)] = []

    init(painter: MotionPlotPainter, bounds: (Double, Double, Double, Double)) {
        self.painter = painter
        self.bounds = bounds
    }

    /// Keeps words out of `box` (left, top, right, bottom).
    mutating func reserve(_ box: (Double, Double, Double, Double)) { taken.append(box) }

    /// Draws `string` at the first free place of `places` (top left corners); returns its size, nil when left out.
    @discardableResult
    mutating func put(_ string: String, _ places: [(Double, Double)], color: GdkRGBA) -> (width: Double, height: Double)? {
        put(painter.layout(string), places, color: color)
    }

    @discardableResult
    mutating func put(_ words: MotionPlotPainter.Words, _ places: [(Double, Double)],
                      color: GdkRGBA) -> (width: Double, height: Double)? {
        for (x, y) in places {
            let box = (x - 1, y, x + words.width + 1, y + words.height)
            let inside = box.0 >= bounds.0 - 1 && box.1 >= bounds.1 && box.2 <= bounds.2 + 1 && box.3 <= bounds.3
            guard inside, !taken.contains(where: { $0.0 < box.2 && box.0 < $0.2 && $0.1 < box.3 && box.1 < $0.3 }) else { continue }
            taken.append(box)
            painter.place(words, at: (x, y), color: color)
            return (words.width, words.height)
        }
        g_object_unref(UnsafeMutableRawPointer(words.layout))
        return nil
    }
}
