import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// A control row's greatest width on a wide window, centred in the room it gets (as libadwaita's clamp does for
/// content): a segmented control's segments or the chip row do not stretch across a 4K screen. Narrower than the
/// maximum, the child gets the whole width.
@MainActor
enum Clamp {
    /// The widest a clamped control row gets (px).
    nonisolated static let maximumWidth: Int32 = 960

    /// `child` in a clamp `maximumWidth` wide at most; the clamp itself takes the page's width.
    static func make(_ child: any WidgetRepresentable, maximumWidth: Int32 = Clamp.maximumWidth) -> Widget {
        let clamp = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(clamp, "clamp")
        gtk_widget_set_hexpand(clamp, 1)
        gtk_box_append(clamp.cast(), child.gtkWidget)
        // The custom layout reads the maximum from the widget (its closures cannot capture it).
        g_object_set_data(UnsafeMutablePointer(OpaquePointer(clamp)), widthKey,
                          UnsafeMutableRawPointer(bitPattern: Int(maximumWidth)))
        gtk_widget_set_layout_manager(clamp, gtk_custom_layout_new({ _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH },
            { widget, orientation, forSize, minimum, natural, _, _ in
                guard let widget, let child = gtk_widget_get_first_child(widget) else { return }
                let limit = Clamp.limit(of: widget)
                var childMinimum: Int32 = 0, childNatural: Int32 = 0
                let size = orientation == GTK_ORIENTATION_HORIZONTAL || forSize < 0 ? forSize : min(forSize, limit)
                gtk_widget_measure(child, orientation, size, &childMinimum, &childNatural, nil, nil)
                minimum?.pointee = childMinimum
                natural?.pointee = orientation == GTK_ORIENTATION_HORIZONTAL ? min(childNatural, max(childMinimum, limit))
                    : childNatural
            },
            { widget, width, height, _ in
                guard let widget, let child = gtk_widget_get_first_child(widget) else { return }
                var minimum: Int32 = 0
                gtk_widget_measure(child, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, nil, nil, nil)
                let childWidth = max(minimum, min(width, Clamp.limit(of: widget)))
                var allocation = GtkAllocation(x: max(0, (width - childWidth) / 2), y: 0, width: childWidth, height: height)
                gtk_widget_size_allocate(child, &allocation, -1)
            }))
        return Widget.adopting(clamp)
    }

    private nonisolated static let widthKey = "snapscroll-clamp-width"

    private nonisolated static func limit(of widget: UnsafeMutablePointer<GtkWidget>) -> Int32 {
        Int32(Int(bitPattern: g_object_get_data(UnsafeMutablePointer(OpaquePointer(widget)), widthKey)))
    }
}
