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
    /// The tallest the text line gets however far the design is scaled up (px): its text stops growing at some size,
    /// and a taller line would only leave empty space between the image and the text.
    public var maximumTextHeight: Double
    /// Gap between neighbouring panels.
    public var gap: Double
    /// The widest the gap gets however far the design is scaled up (px): scaled with the panels it would grow to
    /// tens of pixels on a 4K screen, where a few more than the design's still read as one gap.
    public var maximumGap: Double
    /// Margin that shows a sliver of the neighbours on each side.
    public var sideMargin: Double { (componentWidth - panelWidth) / 2 }

    /// A design from its measurements (px); `maximumGap` and `maximumTextHeight` bound the scaled gap and text line
    /// (unbounded unless given).
    public init(componentWidth: Double, panelWidth: Double, imageHeight: Double, textHeight: Double, gap: Double,
                maximumGap: Double = .infinity, maximumTextHeight: Double = .infinity) {
        self.componentWidth = componentWidth
        self.panelWidth = panelWidth
        self.imageHeight = imageHeight
        self.textHeight = textHeight
        self.gap = gap
        self.maximumGap = maximumGap
        self.maximumTextHeight = maximumTextHeight
    }

    /// The text line's height at `scale`, within its bound.
    func scaledTextHeight(_ scale: Double) -> Double { min(textHeight * scale, max(textHeight, maximumTextHeight)) }

    /// Banners with their neighbours peeking in (the demo's carousel, from its design values): a 355 × 238 image and a
    /// 30 px title line in a 406 px component, 8 px between banners; scaled up, at most 24 px between banners and a
    /// 52 px title line (its text stops at 26 px: half the line).
    public static let peekingBanners = PagerDesign(
        componentWidth: 406, panelWidth: 355, imageHeight: 238, textHeight: 30, gap: 8, maximumGap: 24,
        maximumTextHeight: 52)
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
    /// Scaled text height, at most the design's `maximumTextHeight`.
    public var textHeight: Double
    /// Image plus text.
    public var panelHeight: Double
    /// Scaled gap between panels, at most the design's `maximumGap`.
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
        self.textHeight = design.scaledTextHeight(scale)
        self.panelHeight = design.imageHeight * scale + textHeight
        self.gap = min(design.gap * scale, max(design.gap, design.maximumGap))
        self.sideMargin = design.sideMargin * scale
    }

    /// The design scaled as large as `componentWidth` and `height` allow together: the image keeps the design's
    /// proportions, and image and text line fill the height when the height is the limit, and the component stays `componentWidth`
    /// wide, so the neighbours show further in (up to the component's edges) rather than the carousel narrowing.
    /// With room in height it equals `init(design:componentWidth:)`.
    public init(design: PagerDesign = .peekingBanners, componentWidth: Double, height: Double) {
        let width = max(0, componentWidth)
        self.init(design: design, componentWidth: width)
        guard design.componentWidth > 0, design.imageHeight + design.textHeight > 0, height.isFinite,
              height < panelHeight else { return }
        // The scale whose image and (bounded) text line fill the height exactly.
        let room = max(0, height)
        var scale = room / (design.imageHeight + design.textHeight)
        if design.textHeight * scale > design.scaledTextHeight(scale), design.imageHeight > 0 {
            scale = max(0, room - design.scaledTextHeight(.infinity)) / design.imageHeight
        }
        self.init(design: design, componentWidth: scale * design.componentWidth)
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
    /// A bounded text line (``PagerDesign/maximumTextHeight``) leaves the image the rest of the height.
    public init(design: PagerDesign = .peekingBanners, componentHeight height: Double, width: Double) {
        let length = design.verticalComponentHeight
        let height = height.isFinite ? max(0, height) : 0
        let width = width.isFinite ? max(0, width) : 0
        var scale = 0.0
        if length > 0 && design.panelWidth > 0 {
            // The panel's share of the height, and the scale at which image and (bounded) text fill it.
            let room = height * design.panelWidth / design.componentWidth
            var byHeight = height / length
            if design.textHeight * byHeight > design.scaledTextHeight(byHeight), design.imageHeight > 0 {
                byHeight = max(0, room - design.scaledTextHeight(.infinity)) / design.imageHeight
            }
            scale = min(byHeight, width / design.panelWidth)
        }
        self.init(design: design, componentWidth: design.componentWidth * scale)
        componentWidth = width
        sideMargin = (height - panelHeight) / 2
    }
}
