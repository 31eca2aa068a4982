import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// A row of controls that wraps onto more lines when the page is too narrow for it, each line centred (and running
/// from the right, right to left), so no page is ever wider than the window. Children keep their natural widths and are never split (a label stays beside its
/// field: put the two in a box).
@MainActor
enum WrappingRow {
    /// Space (px) between children on a line, and between lines.
    nonisolated static let columnSpacing: Int32 = 12
    nonisolated static let rowSpacing: Int32 = 6

    /// A row holding `children` in order.
    static func make(_ children: [any WidgetRepresentable]) -> Widget {
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(row, "wrapping-row")
        for child in children { gtk_box_append(row.cast(), child.gtkWidget) }
        gtk_widget_set_layout_manager(row, gtk_custom_layout_new({ _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH },
            { widget, orientation, forSize, minimum, natural, _, _ in
                guard let widget else { return }
                let sizes = WrappingRow.naturalSizes(widget)
                if orientation == GTK_ORIENTATION_HORIZONTAL {
                    // At least the widest child; naturally all on one line.
                    minimum?.pointee = sizes.map(\.minimumWidth).max() ?? 0
                    natural?.pointee = WrappingRow.lineWidth(sizes[...])
                } else {
                    let rows = WrappingRow.lines(sizes, width: forSize < 0 ? Int32.max : forSize)
                    let height = rows.reduce(Int32(0)) { $0 + WrappingRow.lineHeight(sizes[$1]) } + WrappingRow.rowSpacing * Int32(max(0, rows.count - 1))
                    minimum?.pointee = height
                    natural?.pointee = height
                }
            },
            { widget, width, _, _ in
                guard let widget else { return }
                let sizes = WrappingRow.naturalSizes(widget)
                // Right to left, each line runs from the right edge: the first child is the rightmost.
                let mirrored = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
                var y: Int32 = 0
                for line in WrappingRow.lines(sizes, width: width) {
                    let height = WrappingRow.lineHeight(sizes[line])
                    var x = max(0, (width - WrappingRow.lineWidth(sizes[line])) / 2)
                    for size in sizes[line] {
                        let childWidth = min(size.naturalWidth, width)
                        var allocation = GtkAllocation(x: mirrored ? width - x - childWidth : x, y: y + (height - size.height) / 2,
                                                       width: childWidth, height: size.height)
                        gtk_widget_size_allocate(size.child, &allocation, -1)
                        x += childWidth + WrappingRow.columnSpacing
                    }
                    y += height + WrappingRow.rowSpacing
                }
            }))
        return Widget.adopting(row)
    }

    private struct ChildSize {
        let child: UnsafeMutablePointer<GtkWidget>
        let minimumWidth: Int32
        let naturalWidth: Int32
        let height: Int32
    }

    private nonisolated static func naturalSizes(_ widget: UnsafeMutablePointer<GtkWidget>) -> [ChildSize] {
        var sizes: [ChildSize] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            guard gtk_widget_get_visible(current) != 0 else { continue }
            var minimum: Int32 = 0, natural: Int32 = 0, height: Int32 = 0, unused: Int32 = 0
            gtk_widget_measure(current, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
            gtk_widget_measure(current, GTK_ORIENTATION_VERTICAL, natural, &unused, &height, nil, nil)
            sizes.append(ChildSize(child: current, minimumWidth: minimum, naturalWidth: natural, height: height))
        }
        return sizes
    }

    private nonisolated static func lineWidth(_ sizes: ArraySlice<ChildSize>) -> Int32 {
        sizes.reduce(Int32(0)) { $0 + $1.naturalWidth } + columnSpacing * Int32(max(0, sizes.count - 1))
    }

    private nonisolated static func lineHeight(_ sizes: ArraySlice<ChildSize>) -> Int32 {
        sizes.map(\.height).max() ?? 0
    }

    /// Greedy lines: as many children as fit at their natural widths, at least one per line.
    private nonisolated static func lines(_ sizes: [ChildSize], width: Int32) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        while start < sizes.count {
            var end = start + 1
            while end < sizes.count && lineWidth(sizes[start...end]) <= width { end += 1 }
            result.append(start..<end)
            start = end
        }
        return result
    }
}
