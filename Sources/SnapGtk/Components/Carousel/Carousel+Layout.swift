import CSnapGtk
import SnapCore

/// The carousel's layout along its row: the pages run along its length (the width, or the height when stacked) and
/// scale to the room across it (the height, or the width less the row's padding). The dots stay a row under it.
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

    /// The geometry for the row's length within the cross length last given: the banners keep the design's
    /// proportions at the largest scale both allow (on a wide, short page the neighbours peek in further), and the
    /// panel's length has the row's parity, so the resting page has equal whole-pixel margins.
    func geometry(forLength length: Double) -> PagerGeometry {
        let vertical = orientation == .vertical
        var geometry = vertical
            ? PagerGeometry(design: design, componentHeight: length.rounded(.down), width: availableCross)
            : PagerGeometry(design: design, componentWidth: length.rounded(.down), height: availableCross)
        let rowLength = vertical ? length.rounded(.down) : geometry.componentWidth
        let margin = max(0, ((rowLength - (vertical ? geometry.panelHeight : geometry.panelWidth)) / 2).rounded())
        let panelLength = rowLength - 2 * margin
        geometry.sideMargin = margin
        guard vertical else {
            geometry.panelWidth = panelLength
            return geometry
        }
        // The title keeps its scaled height; the image takes the pixel the rounding gave or took.
        geometry.imageHeight += panelLength - geometry.panelHeight
        geometry.panelHeight = panelLength
        geometry.panelWidth = geometry.panelWidth.rounded()
        return geometry
    }

    /// Any size is fine (the geometry scales). Naturally the design's width (a vertical carousel's: its panel's), and
    /// for a given width the height that shows the pages at that width's scale (so a page can centre the carousel
    /// instead of padding it): a vertical carousel's, a page and its peeking neighbours.
    func measure(_ orientation: GtkOrientation, _ forSize: Int32) -> (minimum: Int32, natural: Int32) {
        let vertical = self.orientation == .vertical
        let naturalWidth = vertical ? design.panelWidth : design.componentWidth
        if orientation == GTK_ORIENTATION_HORIZONTAL { return (Self.minimumWidth, Int32(pixels: naturalWidth.rounded())) }
        let width = forSize >= 0 ? Double(forSize) : naturalWidth
        let height: Double
        if vertical {
            height = (design.verticalComponentHeight * (design.panelWidth > 0 ? width / design.panelWidth : 0)).rounded(.down)
        } else {
            // What the scroller adds around its banners (its content's padding), measured at the current geometry.
            var scrollerHeight: Int32 = 0
            gtk_widget_measure(scroller.widget, GTK_ORIENTATION_VERTICAL, -1, &scrollerHeight, nil, nil, nil)
            let decoration = max(0, Double(scrollerHeight) - geometry.panelHeight.rounded(.down))
            height = PagerGeometry(design: design, componentWidth: width).panelHeight.rounded(.down) + decoration
        }
        return (Self.minimumHeight, max(Self.minimumHeight, Int32(pixels: height)))
    }

    /// The scroller spans the row's length and is as thick as a panel, at least its own minimum, centred across: a
    /// horizontal row centres its panels' height, a vertical one (with its padding, within the width) its width.
    func allocate(width: Int32, height: Int32) {
        let vertical = orientation == .vertical
        let (length, cross) = vertical ? (height, width) : (width, height)
        // The room for a panel across: a vertical row's width less its own padding across it.
        var padding = GtkBorder()
        if vertical { gtk_style_context_get_padding(gtk_widget_get_style_context(scroller.content), &padding) }
        let room = max(0, Double(cross) - Double(padding.left) - Double(padding.right))
        let roomChanged = availableCross != room
        availableCross = room
        geometry = geometry(forLength: Double(length))
        // A new room across can scale the pages: the row lays them out again in this pass, once, at the length it
        // is given (by itself it does so only for a new length).
        if roomChanged && scroller.hasViewport { scroller.needsRelayout = true }
        let panel = vertical ? Int32(pixels: geometry.panelWidth) : Int32(geometry.panelHeight.rounded(.down))
        var minimum: Int32 = 0
        gtk_widget_measure(scroller.widget, scroller.mainAxis, vertical ? -1 : panel, &minimum, nil, nil, nil)
        gtk_widget_measure(scroller.widget, scroller.crossAxis, length, &minimum, nil, nil, nil)
        let thickness = vertical ? min(cross, max(panel, minimum)) : max(panel, minimum)
        let offset = max(0, (cross - (vertical ? thickness : panel)) / 2)
        var allocation = vertical ? GtkAllocation(x: offset, y: 0, width: thickness, height: length)
            : GtkAllocation(x: 0, y: offset, width: length, height: thickness)
        gtk_widget_size_allocate(scroller.widget, &allocation, -1)
        // When the scroller kept its allocation (GTK then skips its children), the relayout asked for happens here,
        // at the row's unchanged length.
        if scroller.needsRelayout {
            scroller.needsRelayout = false
            scroller.relayout(viewportWidth: scroller.layout.viewportWidth, force: true)
        }
    }
}
