import CSnapGtk
import SnapCore

/// libadwaita's `AdwCarousel` switches on the carousel: each forwards to its ``SnapScroller``, with the carousel's
/// own defaults (one page a swipe) and its own spacing (the design's gap until set).
extension Carousel {
    /// Whether a mouse drag turns the pages (default true); a touchscreen drag always does. See
    /// ``SnapScroller/allowsMouseDrag``.
    public var allowsMouseDrag: Bool {
        get { scroller.allowsMouseDrag }
        set { scroller.allowsMouseDrag = newValue }
    }

    /// Whether mouse wheel notches turn the pages (default true); off, they go on to the widgets around the
    /// carousel. See ``SnapScroller/allowsScrollWheel``.
    public var allowsScrollWheel: Bool {
        get { scroller.allowsScrollWheel }
        set { scroller.allowsScrollWheel = newValue }
    }

    /// Whether the user can turn the pages at all (default true). Off, no wheel, touchpad, drag, key or click on a
    /// peeking neighbour moves it; a tap on the current page is still reported, and ``scrollTo(page:cause:animated:)``
    /// and attached ``PageDots`` still move it.
    public var isInteractive: Bool {
        get { scroller.isInteractive }
        set { scroller.isInteractive = newValue }
    }

    /// Whether a fast swipe may turn many pages (as far as its velocity carries it) or at most one (the default).
    /// See ``SnapScroller/allowsLongSwipes``.
    public var allowsLongSwipes: Bool {
        get { scroller.allowsLongSwipes }
        set { scroller.allowsLongSwipes = newValue }
    }

    /// Milliseconds a one-page move asked for takes (a wheel notch, a key, a click, a page dot); see
    /// ``SnapScroller/animationDuration``.
    public var animationDuration: Double {
        get { scroller.animationDuration }
        set { scroller.animationDuration = newValue }
    }

    /// The widget showing `page`, while that page is near the view (the current page and a few on each side); nil
    /// otherwise. Page widgets are recycled as the carousel moves, so the handle shows `page` only until it moves
    /// again: ask anew rather than keep it. For pages of your own it is the widget your `makePage` made.
    public func pageWidget(at page: Int) -> Widget? {
        guard (0..<pageCount).contains(page), let item = scroller.itemWidget(at: page) else { return nil }
        return Widget(item, sinking: false)
    }
}
