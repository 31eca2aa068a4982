import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// A plain `GtkScrolledWindow` that scrolls sideways only when its child is wider than the space it gets, and is
/// otherwise as wide as the child: a control that may outgrow a narrow window scrolls instead of widening the page.
@MainActor
enum HorizontalScroll {
    /// `child` inside such a scrolled window.
    static func wrapping(_ child: some WidgetRepresentable) -> Widget {
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_width(scroller.opaque, 1)
        gtk_scrolled_window_set_child(scroller.opaque, child.gtkWidget)
        return Widget.adopting(scroller)
    }
}
