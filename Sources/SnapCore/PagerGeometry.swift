/// A pager's design: the measurements (px) a designer drew one page at, at a reference component width. The
/// carousel scales them uniformly to the width it gets (``PagerGeometry``), so any design keeps its proportions.
///
/// ```swift
/// // Wide pages with a thin sliver of the neighbours.
/// let design = PagerDesign(componentWidth: 800, panelWidth: 760, imageHeight: 400, textHeight: 36, gap: 12)
/// ```
public struct PagerDesign: Sendable, Equatable {
    /// Reference component width the other values were drawn at.
    public var componentWidth: Double
    /// Width of one panel.
    public var panelWidth: Double
    /// Height of a panel's image.
    public var imageHeight: Double
    /// Height of a panel's text line.
    public var textHeight: Double
    /// Gap between neighbouring panels.
    public var gap: Double
    /// Margin that shows a sliver of the neighbours on each side.
    public var sideMargin: Double { (componentWidth - panelWidth) / 2 }

    /// A design from its measurements (px).
    public init(componentWidth: Double, panelWidth: Double, imageHeight: Double, textHeight: Double, gap: Double) {
        self.componentWidth = componentWidth
        self.panelWidth = panelWidth
        self.imageHeight = imageHeight
        self.textHeight = textHeight
        self.gap = gap
    }

    /// Banners with their neighbours peeking in (the demo's carousel, from its design values): a 355 × 238 image and a
    /// 30 px title line in a 406 px component, 8 px between banners.
    public static let peekingBanners = PagerDesign(
        componentWidth: 406, panelWidth: 355, imageHeight: 238, textHeight: 30, gap: 8)
}

/// A ``PagerDesign`` scaled to the component's actual width.
public struct PagerGeometry: Sendable, Equatable {
    /// The component's actual width.
    public var componentWidth: Double
    /// componentWidth / design.componentWidth.
    public var scale: Double
    /// Scaled panel width.
    public var panelWidth: Double
    /// Scaled image height.
    public var imageHeight: Double
    /// Scaled text height.
    public var textHeight: Double
    /// Image plus text.
    public var panelHeight: Double
    /// Scaled gap between panels.
    public var gap: Double
    /// Scaled side margin.
    public var sideMargin: Double

    /// Scales `design` uniformly to `componentWidth`.
    public init(design: PagerDesign = .peekingBanners, componentWidth: Double) {
        let scale = design.componentWidth > 0 ? max(0, componentWidth) / design.componentWidth : 0
        self.componentWidth = max(0, componentWidth)
        self.scale = scale
        self.panelWidth = design.panelWidth * scale
        self.imageHeight = design.imageHeight * scale
        self.textHeight = design.textHeight * scale
        self.panelHeight = (design.imageHeight + design.textHeight) * scale
        self.gap = design.gap * scale
        self.sideMargin = design.sideMargin * scale
    }

    /// The design scaled as large as `componentWidth` and `height` allow together: the panel keeps the design's
    /// proportions and fills the height when the height is the limit, and the component stays `componentWidth`
    /// wide, so the neighbours show further in (up to the component's edges) rather than the carousel narrowing.
    /// With room in height it equals `init(design:componentWidth:)`.
    public init(design: PagerDesign = .peekingBanners, componentWidth: Double, height: Double) {
        let designHeight = design.imageHeight + design.textHeight
        let width = max(0, componentWidth)
        guard design.componentWidth > 0, designHeight > 0, height.isFinite,
              height * design.componentWidth < width * designHeight else {
            self.init(design: design, componentWidth: width)
            return
        }
        self.init(design: design, componentWidth: max(0, height) * design.componentWidth / designHeight)
        self.componentWidth = width
        sideMargin = (width - panelWidth) / 2
    }
}

extension PagerDesign {
    /// The length (px) the design gives one page and its peeking neighbours when the pages are stacked down a
    /// vertical pager: the panel's height with the same share of the length for the neighbours as the design's
    /// side margins take of its width.
    public var verticalComponentHeight: Double {
        panelWidth > 0 ? (imageHeight + textHeight) * componentWidth / panelWidth : 0
    }
}

extension PagerGeometry {
    /// The design turned on its side, for a vertical pager `componentHeight` tall and `width` wide: the pages stacked
    /// down the height keep the design's proportions at the largest scale that both fits the panel in `width` and
    /// leaves the neighbours the design's share of the height (``PagerDesign/verticalComponentHeight``).
    /// `componentWidth` is then the component's width, `sideMargin` the margin above and below the resting page.
    public init(design: PagerDesign = .peekingBanners, componentHeight height: Double, width: Double) {
        let length = design.verticalComponentHeight
        let height = height.isFinite ? max(0, height) : 0
        let width = width.isFinite ? max(0, width) : 0
        let scale = length > 0 && design.panelWidth > 0 ? min(height / length, width / design.panelWidth) : 0
        self.init(design: design, componentWidth: design.componentWidth * scale)
        componentWidth = width
        sideMargin = (height - panelHeight) / 2
    }
}
