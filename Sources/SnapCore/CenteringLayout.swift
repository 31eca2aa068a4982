/// A centring container's rule: centre content narrower than the view, start-align and scroll when wider.
public struct CenteringLayout: Sendable, Equatable {
    /// Whether the child fits (centred, no scrolling) or overflows (start-aligned, scrollable).
    public enum Mode: String, Sendable {
        /// The child fits: it is centred and nothing scrolls.
        case centered
        /// The child is wider than the view: it starts at the start edge and scrolls.
        case scrolling
    }

    /// How the child is placed.
    public var mode: Mode
    /// The child's left x inside the content.
    public var childX: Double
    /// Scrollable width: max(child, viewport).
    public var contentWidth: Double
    /// Adjustment value to start at: 0, or the right end for right-to-left so the child's start edge shows first.
    public var initialOffset: Double

    /// Creates a placement from its parts; `place(childWidth:viewportWidth:rtl:)` computes one.
    public init(mode: Mode, childX: Double, contentWidth: Double, initialOffset: Double) {
        self.mode = mode
        self.childX = childX
        self.contentWidth = contentWidth
        self.initialOffset = initialOffset
    }

    /// Places a child of `childWidth` in a viewport of `viewportWidth`; `rtl` makes an overflowing child start at the right.
    public static func place(childWidth: Double, viewportWidth: Double, rtl: Bool) -> CenteringLayout {
        let child = max(0, childWidth)
        let viewport = max(0, viewportWidth)
        if child <= viewport {
            return CenteringLayout(mode: .centered, childX: (viewport - child) / 2, contentWidth: viewport, initialOffset: 0)
        }
        return CenteringLayout(
            mode: .scrolling, childX: 0, contentWidth: child, initialOffset: rtl ? child - viewport : 0)
    }
}
