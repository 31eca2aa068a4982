import CSnapGtk
import SnapCore

/// A vertical row: the same engine along the height (the core knows one axis: a `SnapLayout`'s widths are heights
/// here). This is where the axis meets GTK: measuring and placing, the vertical adjustment, the inputs.
extension SnapScroller {
    /// The axis the row runs along: `.horizontal` (the default) or `.vertical`, items `itemWidth` (or `itemWidths`)
    /// tall, top to bottom in any text direction; ``SettleEvent/offset`` is then the vertical adjustment's value.
    /// Vertical wheel, swipe, drag and Up/Down/Page Up/Page Down/Home/End move it; sideways input goes on to the
    /// widgets around it. May be changed while shown: the current item stays current, in place.
    public var orientation: Orientation {
        get { gestures.orientation }
        set {
            guard newValue != orientation else { return }
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
    var isMirrored: Bool { isRightToLeft && orientation == .horizontal }

    /// Of a point in the row's own coordinates, the coordinate along the row: x, or y for a vertical row.
    func along(_ x: Double, _ y: Double) -> Double { orientation == .vertical ? y : x }

    /// GTK's orientation of the row's main axis, and of the one across it.
    var mainAxis: GtkOrientation { orientation == .vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL }
    var crossAxis: GtkOrientation { orientation == .vertical ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}
