import CSnapGtk
import SnapCore

/// Snap guides: a drawing over the row of how it snaps, as browsers' developer tools draw over CSS scroll snapping.
/// One `SnapshotWidget` overlay child that takes no input and moves nothing, existing only while the guides are on and
/// redrawn from the frame work that moves the row; the geometry is SnapCore's `SnapGuides`, the colours `WidgetStyle`'s
/// named `snap_guide_*` colours, which an application's stylesheet may redefine.
extension SnapScroller {
    /// Whether snap guides are drawn over the row: the alignment line (where an item's centre rests), a tick at each
    /// snap point near the view, the target while moving, where a drag or fling will rest with an arrow for its speed
    /// (px/s), and the row's offset (the adjustment's value, as ``SettleEvent/offset`` reports it). For developing and
    /// testing an application's snapping; off by default. The guides change no layout and take no input; off, they
    /// cost nothing.
    public var showsSnapGuides: Bool {
        get { guideArea != nil }
        set {
            if !newValue, let area = guideArea {
                guideArea = nil
                gtk_overlay_remove_overlay(widget.opaque, area)   // the overlay held the only reference
            } else if newValue && guideArea == nil && !isTornDown {
                // A presentation to assistive technologies: it shows nothing the row's accessible objects do not say.
                let area = SnapshotWidget.make(role: GTK_ACCESSIBLE_ROLE_PRESENTATION, owner: self) { scroller, area, snapshot, width, height in
                    scroller.drawGuides(area, snapshot, width: width, height: height)
                }
                gtk_widget_set_can_target(area, 0)
                gtk_widget_set_can_focus(area, 0)
                gtk_widget_add_css_class(area, "snap-guides")
                guideArea = area
                gtk_overlay_add_overlay(widget.opaque, area)   // above the row and any decoration
            }
        }
    }

    /// Asks for the guides to be drawn again (after the row moved or its state changed); nothing when they are off.
    func redrawGuides() {
        if let guideArea { gtk_widget_queue_draw(guideArea) }
    }

    /// Whether the guides need frames of their own: a held drag stands still yet its speed decays, and the arrow with it.
    var guidesNeedFrames: Bool { guideArea != nil && gestures.isDragging }

    /// Keeps a decoration added after the guides under them (decorations are drawn in the order added).
    func keepGuidesOnTop() {
        guard let guideArea, gtk_widget_get_last_child(widget) != guideArea else { return }
        gtk_widget_insert_before(guideArea, widget, nil)
    }

    /// The guides as SnapCore computes them now.
    @_spi(Testing) public var snapGuides: SnapGuides {
        let time = now
        return SnapGuides(
            layout: layout, offset: controller.offset, currentIndex: controller.currentIndex,
            target: controller.targetIndex, projectedRest: controller.projectedRest(at: time)?.index,
            velocity: controller.velocity(at: time), adjustmentValue: gtk_adjustment_get_value(adjustment),
            rightToLeft: isRightToLeft)
    }

    // MARK: - Drawing

    private func drawGuides(_ area: UnsafeMutablePointer<GtkWidget>, _ snapshot: OpaquePointer, width: Double, height: Double) {
        guard hasViewport else { return }
        let guides = snapGuides
        // The row's viewport in the area's coordinates (the scrolled window may be inset in the overlay).
        var origin = graphene_point_t()
        var zero = graphene_point_t(x: 0, y: 0)
        if gtk_widget_compute_point(content, area, &zero, &origin) == 0 { origin = zero }
        let left = Double(origin.x)
        let right = left + layout.viewportWidth
        let middle = height / 2
        let painter = GuidePainter(snapshot: snapshot, widget: area, left: left, right: right)

        // Snap points: a tick at the top and the bottom edge (the current item's longer), like a ruler's.
        for tick in guides.ticks {
            let x = left + tick.x
            let length = tick.isCurrent ? Self.currentTickLength : Self.tickLength
            painter.line(from: (x, 0), to: (x, length), color: painter.mark)
            painter.line(from: (x, height), to: (x, height - length), color: painter.mark)
        }

        // Where the content heads for: the motion's target, or where a drag or swipe would rest if released now.
        let headingX = guides.heading.map { left + $0.x }
        if let x = headingX, x >= left && x <= right {
            painter.line(from: (x, 0), to: (x, height), color: painter.accent, dashed: true)
        }

        // The alignment line, solid, over the snap points.
        let lineX = left + guides.alignmentX
        painter.line(from: (lineX, 0), to: (lineX, height), color: painter.accent)

        // The fling: an arrow from the line toward where it rests, as long as it is fast, and a ring at the rest.
        if let fling = guides.fling {
            let restX = left + fling.x
            let inset = Self.ringRadius + 2
            if restX < left + inset || restX > right - inset {
                // Beyond the view: a chevron at that edge, pointing out.
                let outward: Double = restX < left + inset ? -1 : 1
                painter.chevron(at: (outward < 0 ? left + inset : right - inset, middle), pointing: outward)
            } else {
                painter.ring(at: (restX, middle), radius: Self.ringRadius)
            }
            if fling.direction != 0 {
                let tip = lineX + fling.direction * fling.arrowLength
                painter.arrow(from: (lineX, middle), to: (tip, middle))
                painter.label(SnapGuides.speedText(fling.speed), at: tip, endingThere: fling.direction > 0,
                              top: { height - $0 - Self.edgeGap })
            }
        }
        if let heading = guides.heading, let x = headingX {
            // Beside the dashed line, on the side away from the alignment line, below the ticks.
            let after = x >= lineX
            painter.label("\(realIndex(heading.index))", at: after ? x + Self.labelGap : x - Self.labelGap,
                          endingThere: !after, top: { _ in Self.edgeGap })
        }

        // The offset, at the top start corner.
        painter.label(SnapGuides.pixelsText(guides.offset), at: isRightToLeft ? right - Self.edgeGap : left + Self.edgeGap,
                      endingThere: isRightToLeft, top: { _ in Self.edgeGap }, clamped: false)
    }

    /// A snap point's tick (px), and the current item's.
    static let tickLength = 8.0
    static let currentTickLength = 16.0
    /// Space between the target's dashed line and its label (px).
    static let labelGap = 4.0
    /// The projected rest's ring (px).
    static let ringRadius = 5.0
    /// Space between a label and the edge (px).
    static let edgeGap = 2.0
}

/// The guides' marks as GTK render nodes (colour rectangles, borders, text layouts), each line with a halo of the
/// plate colour under it so it stays visible on any item or image; only the arrow's head and the chevron, small, are
/// cairo drawings. The colours are looked up once a drawing among the theme's named colours (`WidgetStyle`).
@MainActor
private struct GuidePainter {
    let snapshot: OpaquePointer
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The viewport's edges in the drawing (px): labels stay between them.
    let left: Double, right: Double
    /// The alignment line and the target: the accent.
    let accent: GdkRGBA
    /// Snap points, the fling's arrow and ring, the labels' text: the text colour.
    let mark: GdkRGBA
    /// Plates under the labels and halos around the lines: the window's background, nearly opaque.
    let plate: GdkRGBA

    /// Width of every line (px), and the extra width of a halo around a mark.
    static let stroke = 2.0
    static let halo = 2.0
    /// A label's plate: padding around its text and corner radius (px).
    static let padX = 4.0
    static let padY = 1.0
    static let radius = 3.0
    /// The arrow head's length and half width (px).
    static let headLength = 8.0
    static let headHalfWidth = 5.0
    /// A dashed line's dash and gap (px).
    static let dash = 6.0
    static let gap = 4.0

    init(snapshot: OpaquePointer, widget: UnsafeMutablePointer<GtkWidget>, left: Double, right: Double) {
        (self.snapshot, self.widget, self.left, self.right) = (snapshot, widget, left, right)
        let style = gtk_widget_get_style_context(widget)
        let fallback = RenderNodes.color(of: widget)
        func named(_ name: String, or color: GdkRGBA) -> GdkRGBA {
            var found = GdkRGBA()
            return gtk_style_context_lookup_color(style, name, &found) != 0 ? found : color
        }
        accent = named("snap_guide_color", or: fallback)
        mark = named("snap_guide_mark_color", or: fallback)
        plate = named("snap_guide_plate_color",
                      or: GdkRGBA(red: 1 - fallback.red, green: 1 - fallback.green, blue: 1 - fallback.blue, alpha: 0.85))
    }

    /// A vertical or horizontal line from `a` to `b`, `stroke` px wide on whole pixels, over its halo.
    func line(from a: (Double, Double), to b: (Double, Double), color: GdkRGBA, dashed: Bool = false) {
        let vertical = a.0 == b.0
        let along = (min(vertical ? a.1 : a.0, vertical ? b.1 : b.0), max(vertical ? a.1 : a.0, vertical ? b.1 : b.0))
        let across = ((vertical ? a.0 : a.1) - Self.stroke / 2).rounded()
        func band(_ from: Double, _ to: Double, _ inset: Double, _ color: GdkRGBA) {
            let (start, thickness) = (across - inset, Self.stroke + 2 * inset)
            let bounds = vertical ? RenderNodes.rect(start, from, thickness, to - from)
                : RenderNodes.rect(from, start, to - from, thickness)
            RenderNodes.fill(snapshot, bounds, color)
        }
        band(along.0, along.1, Self.halo, plate)
        guard dashed else { return band(along.0, along.1, 0, color) }
        var position = along.0
        while position < along.1 {
            band(position, min(position + Self.dash, along.1), 0, color)
            position += Self.dash + Self.gap
        }
    }

    /// A circle's outline of `radius` px around `centre`, 2 px wide, on a disc of the plate colour.
    func ring(at centre: (Double, Double), radius: Double) {
        let outer = radius + 1 + Self.halo, edge = radius + 1
        RenderNodes.fill(snapshot, RenderNodes.rect(centre.0 - outer, centre.1 - outer, 2 * outer, 2 * outer),
                         radius: outer, plate)
        RenderNodes.border(snapshot, RenderNodes.rect(centre.0 - edge, centre.1 - edge, 2 * edge, 2 * edge),
                           radius: edge, width: 2, mark)
    }

    /// A small cairo drawing within `reach` px of `centre` (the head of an arrow, a chevron): the path `trace`
    /// makes, over a halo of the plate colour, stroked `stroke` px wide in the mark colour, or filled when `filled`.
    private func drawSmall(around centre: (Double, Double), reach: Double, filled: Bool = false,
                           _ trace: (OpaquePointer) -> Void) {
        var bounds = RenderNodes.rect(centre.0 - reach, centre.1 - reach, 2 * reach, 2 * reach)
        guard let cr = gtk_snapshot_append_cairo(snapshot, &bounds) else { return }
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        trace(cr)
        func source(_ color: GdkRGBA) {
            cairo_set_source_rgba(cr, Double(color.red), Double(color.green), Double(color.blue), Double(color.alpha))
        }
        source(plate)
        cairo_set_line_width(cr, (filled ? 0 : Self.stroke) + 2 * Self.halo)
        cairo_stroke_preserve(cr)
        source(mark)
        cairo_set_line_width(cr, Self.stroke)
        if filled { cairo_fill(cr) } else { cairo_stroke(cr) }
        cairo_destroy(cr)
    }

    /// An open chevron at `point`, pointing right (`pointing` 1) or left (−1).
    func chevron(at point: (Double, Double), pointing: Double) {
        drawSmall(around: point, reach: Self.headHalfWidth + 2 * Self.halo) { cr in
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_move_to(cr, point.0 - pointing * Self.headHalfWidth / 2, point.1 - Self.headHalfWidth)
            cairo_line_to(cr, point.0 + pointing * Self.headHalfWidth / 2, point.1)
            cairo_line_to(cr, point.0 - pointing * Self.headHalfWidth / 2, point.1 + Self.headHalfWidth)
        }
    }

    /// A shaft from `a` to `b` with a head at `b` (horizontal).
    func arrow(from a: (Double, Double), to b: (Double, Double)) {
        let direction: Double = b.0 >= a.0 ? 1 : -1
        let head = min(Self.headLength, abs(b.0 - a.0))
        line(from: a, to: (b.0 - direction * head / 2, b.1), color: mark)
        drawSmall(around: b, reach: Self.headLength + 2 * Self.halo, filled: true) { cr in
            cairo_move_to(cr, b.0, b.1)
            cairo_line_to(cr, b.0 - direction * head, b.1 - Self.headHalfWidth)
            cairo_line_to(cr, b.0 - direction * head, b.1 + Self.headHalfWidth)
            cairo_close_path(cr)
        }
    }

    /// `string` in the widget's font on a plate (whole pixels), starting at `x` or ending there (`endingThere`),
    /// kept between the viewport's edges unless not `clamped`; `top` gives its top from its height.
    func label(_ string: String, at x: Double, endingThere: Bool, top: (Double) -> Double, clamped: Bool = true) {
        let layout = gtk_widget_create_pango_layout(widget, string)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        var w: Int32 = 0, h: Int32 = 0
        pango_layout_get_pixel_size(layout, &w, &h)
        let width = Double(w) + 2 * Self.padX, height = Double(h) + 2 * Self.padY
        let start = endingThere ? x - width : x
        let bounds = RenderNodes.rect((clamped ? max(left, min(start, right - width)) : start).rounded(),
                                      top(height).rounded(), width, height)
        RenderNodes.fill(snapshot, bounds, radius: Self.radius, plate)
        // A thin edge of the text colour, so the plate reads as one on a background of its own colour too.
        var edge = mark
        edge.alpha *= 0.4
        RenderNodes.border(snapshot, bounds, radius: Self.radius, width: 1, edge)
        gtk_snapshot_save(snapshot)
        var textOrigin = graphene_point_t(x: bounds.origin.x + Float(Self.padX), y: bounds.origin.y + Float(Self.padY))
        gtk_snapshot_translate(snapshot, &textOrigin)
        var ink = mark
        gtk_snapshot_append_layout(snapshot, layout, &ink)
        gtk_snapshot_restore(snapshot)
    }
}
