import CSnapGtk
import SnapCore

/// A vertical pager: the pages stacked down the carousel's height, the neighbours peeking in above and below, at the
/// scale `PagerGeometry(design:componentHeight:width:)` gives. The page dots attached stay a row under it.
extension Carousel {
    /// The axis the pages run along: `.horizontal` (the default) or `.vertical`, pages stacked top to bottom, turned
    /// by a vertical wheel, an up-and-down swipe or drag, and Up/Down (Page Up/Page Down, Home/End); see
    /// ``SnapScroller/orientation``. The resting page's centre is at the carousel's vertical centre and the pages
    /// keep the design's proportions, as wide as the width allows. May be changed while shown, the page kept.
    public var orientation: Orientation {
        get { scroller.orientation }
        set {
            guard newValue != scroller.orientation else { return }
            scroller.orientation = newValue
            scroller.rebuildLayout()
            gtk_widget_queue_resize(widget)
        }
    }

    /// The vertical geometry at `height` within the width last given: a whole-pixel panel height with the height's
    /// parity, so the resting page sits exactly in the middle (equal whole-pixel margins above and below).
    func verticalGeometry(forHeight height: Double) -> PagerGeometry {
        var geometry = PagerGeometry(design: design, componentHeight: height.rounded(.down), width: availableWidth)
        let length = height.rounded(.down)
        let margin = max(0, ((length - geometry.panelHeight) / 2).rounded())
        let panelHeight = length - 2 * margin
        // The title keeps its scaled height; the image takes the pixel the rounding gave or took.
        geometry.imageHeight += panelHeight - geometry.panelHeight
        geometry.panelHeight = panelHeight
        geometry.sideMargin = margin
        geometry.panelWidth = geometry.panelWidth.rounded()
        return geometry
    }

    /// Any size is fine. Naturally the design's panel width, and for a width the height a page and its peeking
    /// neighbours take at the scale that width gives the panel.
    func measureVertical(_ orientation: GtkOrientation, _ forSize: Int32) -> (minimum: Int32, natural: Int32) {
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            return (Self.minimumWidth, Int32(pixels: design.panelWidth.rounded()))
        }
        let width = forSize >= 0 ? Double(forSize) : design.panelWidth
        let scale = design.panelWidth > 0 ? width / design.panelWidth : 0
        let height = Int32(pixels: (design.verticalComponentHeight * scale).rounded(.down))
        return (Self.minimumHeight, max(Self.minimumHeight, height))
    }

    /// The scroller spans the height and is as wide as a panel (with the row's own padding), centred.
    func allocateVertical(width: Int32, height: Int32) {
        // The room for a panel: the width less the row's own padding across it.
        var padding = GtkBorder()
        gtk_style_context_get_padding(gtk_widget_get_style_context(scroller.content), &padding)
        let room = max(0, Double(width) - Double(padding.left) - Double(padding.right))
        let widthChanged = availableWidth != room
        availableWidth = room
        geometry = verticalGeometry(forHeight: Double(height))
        // A new width scales the pages: the row lays them out again in this pass, once, at the height it is given.
        if widthChanged && scroller.hasViewport { scroller.needsRelayout = true }
        var minimum: Int32 = 0
        gtk_widget_measure(scroller.widget, GTK_ORIENTATION_VERTICAL, -1, &minimum, nil, nil, nil)
        gtk_widget_measure(scroller.widget, GTK_ORIENTATION_HORIZONTAL, height, &minimum, nil, nil, nil)
        // The row's padding across it, beyond the panel (the widest page's minimum is the panel width).
        let panel = Int32(pixels: geometry.panelWidth)
        let rowWidth = min(width, max(panel, minimum))
        var allocation = GtkAllocation(x: (width - rowWidth) / 2, y: 0, width: rowWidth, height: height)
        allocateRow(&allocation)
    }
}
