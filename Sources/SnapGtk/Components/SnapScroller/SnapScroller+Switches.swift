import CSnapGtk
import SnapCore

/// The switches libadwaita's `AdwCarousel` has, on every scroller: each kind of input may be turned off (stored on the
/// scroller itself: ``allowsMouseDrag``, ``allowsScrollWheel``, ``isInteractive``), long swipes limited, and the snap
/// animation's duration changed while shown.
extension SnapScroller {
    /// How much longer than a one-item move the longest requested move takes (the core's defaults, 400 / 240 ms).
    nonisolated static let longestMoveRatio = GlideMotion.defaultLongestDuration / GlideMotion.defaultOneItemDuration

    /// Whether a fling (a drag or touchpad swipe released with speed) may move many items, as far as its velocity
    /// carries it (the default for `.standard`), or at most one item from where the gesture started (the default
    /// for `.pager`, so a carousel turns one page a swipe). Setting it changes ``configuration``'s
    /// `maximumItemsPerFling` for drags and touchpad alike.
    public var allowsLongSwipes: Bool {
        get { configuration.targetParameters.maximumItemsPerFling == nil }
        set {
            configuration.targetParameters.maximumItemsPerFling = newValue ? nil : 1
            configuration.touchpadParameters.maximumItemsPerFling = newValue ? nil : 1
        }
    }

    /// Milliseconds a one-item move asked for takes (a wheel notch, a key, a click, ``scrollTo(index:cause:animated:)``);
    /// longer moves take longer, growing with the cube root of the distance up to 5/3 of it (0: instant). Content
    /// thrown by a drag or a swipe rides a spring instead, whose time its velocity decides. Applies from the next
    /// move; clamped to 0…10,000 (NaN: the default, 240).
    public var animationDuration: Double {
        get { configuration.glideOneItemDuration }
        set {
            configuration.glideOneItemDuration = newValue
            configuration.glideLongestDuration = configuration.glideOneItemDuration * Self.longestMoveRatio
        }
    }
}
