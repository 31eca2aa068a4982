import CSnapGtk
import SnapCore

/// The switches libadwaita's `AdwCarousel` has, on every scroller: each kind of input may be turned off, long swipes
/// limited, and the snap animation's duration changed while shown.
extension SnapScroller {
    /// How much longer than a one-item move the longest requested move takes (the core's defaults, 400 / 240 ms).
    nonisolated static let longestMoveRatio = GlideMotion.defaultLongestDuration / GlideMotion.defaultOneItemDuration

    /// Whether a mouse drag moves the row (default true). Off, a press that moves past the drag threshold is given
    /// up (neither a drag nor a tap); a click without moving still taps, and a touchscreen drag still moves it.
    public var allowsMouseDrag: Bool {
        get { switches.mouseDrag }
        set { switches.mouseDrag = newValue }
    }

    /// Whether mouse wheel notches move the row (default true). Off, they are not taken: the widgets around the
    /// scroller get them (a scrolling page scrolls). Touchpad scrolling still moves the row.
    public var allowsScrollWheel: Bool {
        get { switches.scrollWheel }
        set { switches.scrollWheel = newValue }
    }

    /// Whether the user can move the row at all (default true). Off, no wheel, touchpad, drag, key or click moves
    /// it (a tap is still reported through ``onTap``, Enter/Space too); ``scrollTo(index:cause:animated:)`` still
    /// does, so an application (or attached page dots) can move it.
    public var isInteractive: Bool {
        get { switches.interactive }
        set {
            switches.interactive = newValue
            // A gesture in progress ends where it is, by the usual rules, rather than hanging on.
            if !newValue && gestures.isDragging {
                _ = gestures.release(offsetX: 0)
                controller.dragEnded(time: now)
                afterInput()
            }
        }
    }

    /// Whether a fling (a drag or touchpad swipe released with speed) may move many items, as far as its velocity
    /// carries it (the default for `.standard`), or at most one item from where the gesture started (the default
    /// for `.pager`, so a carousel turns one page a swipe). Setting it changes ``configuration``'s
    /// `maximumItemsPerFling` for drags and touchpad alike.
    public var allowsLongSwipes: Bool {
        get { configuration.targetParameters.maximumItemsPerFling == nil }
        set {
            var value = configuration
            value.targetParameters.maximumItemsPerFling = newValue ? nil : 1
            value.touchpadParameters.maximumItemsPerFling = newValue ? nil : 1
            configuration = value
        }
    }

    /// Milliseconds a one-item move asked for takes (a wheel notch, a key, a click, ``scrollTo(index:cause:animated:)``);
    /// longer moves take longer, growing with the cube root of the distance up to 5/3 of it (0: instant). Content
    /// thrown by a drag or a swipe rides a spring instead, whose time its velocity decides. Applies from the next
    /// move; clamped to 0…10,000 (NaN: the default, 240).
    public var animationDuration: Double {
        get { configuration.glideOneItemDuration }
        set {
            var value = configuration
            value.glideOneItemDuration = newValue
            value.glideLongestDuration = value.glideOneItemDuration * Self.longestMoveRatio
            configuration = value
        }
    }

    /// Whether a scroll in `unit` reaches the controller under the switches.
    func acceptsScroll(unit: GdkScrollUnit) -> Bool {
        switches.interactive && (unit != GDK_SCROLL_UNIT_WHEEL || switches.scrollWheel)
    }
}

/// The input switches of one scroller (see `SnapScroller+Switches.swift`).
struct InputSwitches {
    var mouseDrag = true
    var scrollWheel = true
    var interactive = true
}
