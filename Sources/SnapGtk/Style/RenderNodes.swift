import CSnapGtk

/// The render-node shapes the components draw with (`GtkSnapshot`: the renderer composes them, no cairo image).
@MainActor
enum RenderNodes {
    static func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> graphene_rect_t {
        graphene_rect_t(origin: graphene_point_t(x: Float(x), y: Float(y)),
                        size: graphene_size_t(width: Float(max(0, width)), height: Float(max(0, height))))
    }

    /// `color` over `bounds`, its corners rounded to `radius` (a disc when that is half its side).
    static func fill(_ snapshot: OpaquePointer, _ bounds: graphene_rect_t, radius: Double = 0, _ color: GdkRGBA) {
        var bounds = bounds, color = color
        guard radius > 0 else { return gtk_snapshot_append_color(snapshot, &color, &bounds) }
        var shape = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&shape, &bounds, Float(radius))
        gtk_snapshot_push_rounded_clip(snapshot, &shape)
        gtk_snapshot_append_color(snapshot, &color, &bounds)
        gtk_snapshot_pop(snapshot)
    }

    /// An outline `width` px wide just inside `bounds`, its corners rounded to `radius`.
    static func border(_ snapshot: OpaquePointer, _ bounds: graphene_rect_t, radius: Double, width: Float,
                       _ color: GdkRGBA) {
        var bounds = bounds, shape = GskRoundedRect()
        gsk_rounded_rect_init_from_rect(&shape, &bounds, Float(radius))
        var widths = [width, width, width, width], colors = [color, color, color, color]
        gtk_snapshot_append_border(snapshot, &shape, &widths, &colors)
    }

    /// The widget's CSS `color`.
    static func color(of widget: UnsafeMutablePointer<GtkWidget>) -> GdkRGBA {
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
        return color
    }
}
