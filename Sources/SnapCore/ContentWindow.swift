/// A stretch of a long row's content, in local coordinates small enough for GTK to place exactly.
///
/// GTK positions and transforms are single-precision floats: at 170 million px a float's step is 16 px, so a
/// million-item strip cannot be shown through one adjustment spanning the whole content. The widget keeps the
/// controller's offsets in `Double` over the whole content and shows only a window of `length` px of it: local
/// coordinate 0 is content coordinate `base`. While the viewport stays inside the window's middle band nothing
/// changes; when it leaves the band, the window is re-based around it (adjustment range, value and item positions
/// move together, within one frame, so nothing visibly jumps).
///
/// Coordinates here are physical (as drawn, after any right-to-left mirroring): `base` and `length` describe the
/// adjustment, which is physical. `base` is always a whole number of pixels from `phase` (0 unless given), so an
/// item's position relative to the viewport rounds the same way in every window of the same phase. A looping row that
/// jumps back by whole rounds of a fractional length keeps its rounding by carrying the jump's fraction in `phase`.
public struct ContentWindow: Sendable, Equatable {
    /// Default longest local extent: 2^20 px, where a float's step is 1/8 px.
    public static let defaultMaximumLength = 1_048_576.0

    /// Width of the whole content (px).
    public let contentWidth: Double
    /// Width of the visible area (px).
    public let viewportWidth: Double
    /// Longest local extent asked for; a window reaching the content's end may be up to 1 px longer.
    public let maximumLength: Double
    /// Content coordinate of local 0 (`phase` plus a whole number of pixels, ≥ 0; 0 for the window at the content's
    /// start).
    public let base: Double
    /// The fraction of a pixel every base of this window and its re-based successors has (0 ≤ phase < 1).
    public let phase: Double
    /// Local extent: the adjustment's upper bound.
    public let length: Double

    /// The window of `contentWidth` px content that holds the viewport at physical `offset` in its middle.
    /// Content no longer than `maximumLength` (or a maximum too small to hold the viewport twice) is shown whole,
    /// from base 0.
    /// - Parameters:
    ///   - contentWidth: the whole content's width (px).
    ///   - viewportWidth: the visible area's width (px).
    ///   - offset: the viewport's leading edge (physical px), which the window holds in its middle.
    ///   - maximumLength: the longest local extent (px).
    ///   - phase: the fraction of a pixel the base has (its fractional part is taken; default 0: whole pixels).
    ///     Windows re-based from this one keep it.
    public init(contentWidth: Double, viewportWidth: Double, around offset: Double,
                maximumLength: Double = ContentWindow.defaultMaximumLength, phase: Double = 0) {
        let content = contentWidth.isFinite ? max(0, contentWidth) : 0
        let viewport = viewportWidth.isFinite ? max(0, viewportWidth) : 0
        let maximum = maximumLength.isFinite ? max(0, maximumLength.rounded(.down)) : 0
        let fraction = phase.isFinite ? phase - phase.rounded(.down) : 0
        self.contentWidth = content
        self.viewportWidth = viewport
        self.maximumLength = maximum
        guard content > maximum, maximum >= 4 * viewport, maximum > 0 else {
            base = 0
            length = content
            self.phase = 0
            return
        }
        self.phase = fraction < 1 ? fraction : 0
        // The first window starts at the content's start (the one base off the phase); the last reaches exactly to the
        // content's end.
        let lastBase = max(0, (content - maximum - self.phase).rounded(.down) + self.phase)
        let centre = offset.isFinite ? offset + viewport / 2 : 0
        let wanted = (centre - maximum / 2 - self.phase).rounded(.down) + self.phase
        base = wanted < 0 ? 0 : min(wanted, lastBase)
        length = base == lastBase ? content - base : maximum
    }

    /// Whether only part of the content is shown (the content is longer than the maximum length).
    public var isWindowed: Bool { length < contentWidth }

    /// Largest local offset of the viewport's leading edge.
    public var maximumLocalOffset: Double { max(0, length - viewportWidth) }

    /// Local coordinate of content coordinate `x`.
    @inline(__always)
    public func local(fromContent x: Double) -> Double { x - base }

    /// Content coordinate of local coordinate `x`.
    @inline(__always)
    public func content(fromLocal x: Double) -> Double { x + base }

    /// Distance the viewport may come to a window edge that is not the content's edge before a re-base: a quarter
    /// of the window. A fresh window has the viewport in its middle, so a re-base happens at most once per quarter window
    /// (less half a viewport) of travel: about every 260,000 px with the default length.
    public var margin: Double { length / 4 }

    /// Rounding allowance (px) at the content's edges: far offsets (10¹¹ px) carry errors of 10⁻⁵ px.
    static let edgeSlack = 1e-3

    /// Whether the viewport at physical `offset` is still comfortably inside: at least `margin` from each window edge
    /// that is not also an edge of the content.
    public func holds(offset: Double) -> Bool {
        guard isWindowed else { return true }
        guard offset.isFinite else { return false }
        let localStart = offset - base
        let localEnd = localStart + viewportWidth
        let atStart = base <= 0
        let atEnd = base + length >= contentWidth
        // At the content's own edges the offset may reach the edge itself (give or take the rounding of far offsets).
        if localStart < (atStart ? -Self.edgeSlack : margin) { return false }
        if localEnd > length - (atEnd ? -Self.edgeSlack : margin) { return false }
        return true
    }

    /// This window if it holds `offset`, else the window centred on it (same content and viewport).
    public func rebased(toHold offset: Double) -> ContentWindow {
        holds(offset: offset) ? self : ContentWindow(
            contentWidth: contentWidth, viewportWidth: viewportWidth, around: offset, maximumLength: maximumLength,
            phase: phase)
    }
}
