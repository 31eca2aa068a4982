extension SnapScroller: WidgetRepresentable {
    /// The scroller's root widget, to put in a ``Box`` or ``Window``.
    public var rootWidget: Widget { Widget(widget, sinking: false) }
}
