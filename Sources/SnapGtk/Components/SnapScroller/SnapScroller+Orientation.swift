import CSnapGtk
import SnapCore

/// A vertical row: the same engine along the height. The core knows only one axis (a `SnapLayout`'s widths are
/// heights here, its viewport width the visible height); this is where the axis meets GTK: the row measures and
/// places its items along the height, the scrolled window's vertical adjustment carries the offset, and the inputs
/// along the height move it (the rules of which are `GestureInterpreter`'s and `KeyMap`'s).
extension SnapScroller {
    /// The axis the row runs along: `.horizontal` (the default) or `.vertical`, a snapping list whose items are
    /// `itemWidth` (or `itemWidths`) tall, stacked top to bottom whatever the text direction. Its resting item is
    /// centred vertically within half a pixel; ``SettleEvent/offset`` is then the vertical adjustment's value, from
    /// the row's top. A vertical wheel, a vertical touchpad swipe, a drag up or down and Up/Down/Page Up/Page Down/
    /// Home/End move it; a horizontal wheel, a sideways swipe and Left/Right are not taken, so they go on to the
    /// widgets around it. May be changed while shown: the current item stays current, in place along the new axis.
    public var orientation: Orientation {
        get { storedOrientation }
        set {
            guard newValue != storedOrientation else { return }
            storedOrientation = newValue
            gestures.orientation = newValue
            ScrollableWidget.setOrientation(newValue, of: content)
            let vertical = newValue == .vertical
            gtk_widget_set_hexpand(scrolledWindow, vertical ? 0 : 1)
            gtk_widget_set_vexpand(scrolledWindow, vertical ? 1 : 0)
            if vertical { gtk_widget_add_css_class(content, "vertical") } else { gtk_widget_remove_css_class(content, "vertical") }
            updateScrollbar()
            // The next allocation measures the new axis: a relayout on its length keeps the current item.
            gtk_widget_queue_resize(content)
        }
    }

    /// Whether the row is mirrored: right to left along a horizontal row only.
    var isMirrored: Bool { isRightToLeft && storedOrientation == .horizontal }

    /// GTK's orientation of the row's main axis, and of the one across it.
    var mainAxis: GtkOrientation { storedOrientation == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL }
    var crossAxis: GtkOrientation { storedOrientation == .vertical ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}
