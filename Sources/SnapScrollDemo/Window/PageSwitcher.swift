import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// The header bar's page switcher: a row of tabs (`GtkStackSwitcher`) while they fit, a drop-down of the same pages
/// when the header is narrower than the tabs (GTK 4.8 has no adaptive switcher of its own).
///
/// Both children live in one box whose layout decides at allocation time which one shows, so the switch follows
/// the width GTK actually gives the header's title area, with no window-size guesswork. The drop-down is added after
/// the first frame when the window opens wide enough for the tabs (a wide first frame does not need it).
@MainActor
enum PageSwitcher {
    /// A switcher for `stack`, whose pages are `pages` (ID and title, in the stack's order). Unless `withDropDown`,
    /// it starts with the tabs only and `completeSoon` adds the drop-down; until then the tabs show at any width, and
    /// an allocation narrower than the tabs adds the drop-down at once (from an idle: no children are added during
    /// allocation).
    static func make(stack: UnsafeMutablePointer<GtkWidget>, pages: [DemoPage],
                     withDropDown: Bool) -> UnsafeMutablePointer<GtkWidget> {
        let tabs = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(tabs.opaque, stack.opaque)

        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        gtk_widget_add_css_class(box, "page-switcher")
        snap_accessible_set_label(box, tr("Demo pages"))
        gtk_box_append(box.cast(), tabs)
        let completion = IdleBatch { addDropDown(to: box, stack: stack, pages: pages) }
        completion.cancel(onDestroyOf: box)
        gtk_widget_set_layout_manager(box, gtk_custom_layout_new(nil, { widget, orientation, forSize, minimum, natural, _, _ in
            // At least the drop-down; naturally the tabs (so the header offers them their width when it has it).
            guard let widget, let tabs = gtk_widget_get_first_child(widget) else { return }
            let dropDown = gtk_widget_get_last_child(widget).flatMap { $0 == tabs ? nil : $0 }
            var tabsMin: Int32 = 0, tabsNat: Int32 = 0, dropMin: Int32 = 0, dropNat: Int32 = 0
            gtk_widget_measure(tabs, orientation, -1, &tabsMin, &tabsNat, nil, nil)
            if let dropDown { gtk_widget_measure(dropDown, orientation, -1, &dropMin, &dropNat, nil, nil) }
            if orientation == GTK_ORIENTATION_HORIZONTAL {
                minimum?.pointee = dropDown == nil ? tabsMin : dropMin
                natural?.pointee = max(tabsNat, dropNat)
            } else {
                minimum?.pointee = max(tabsMin, dropMin)
                natural?.pointee = max(tabsNat, dropNat)
            }
            _ = forSize
        }, { widget, width, height, _ in
            guard let widget, let tabs = gtk_widget_get_first_child(widget) else { return }
            let dropDown = gtk_widget_get_last_child(widget).flatMap { $0 == tabs ? nil : $0 }
            var tabsNat: Int32 = 0, dropNat: Int32 = 0, unused: Int32 = 0
            gtk_widget_measure(tabs, GTK_ORIENTATION_HORIZONTAL, -1, &unused, &tabsNat, nil, nil)
            if let dropDown { gtk_widget_measure(dropDown, GTK_ORIENTATION_HORIZONTAL, -1, &unused, &dropNat, nil, nil) }
            if dropDown == nil && width < tabsNat { PageSwitcher.completeSoon(widget) }
            let showTabs = width >= tabsNat || dropDown == nil
            // Child visibility is the container's own switch (as GtkStack uses it): no resize is queued.
            gtk_widget_set_child_visible(tabs, showTabs ? 1 : 0)
            if let dropDown { gtk_widget_set_child_visible(dropDown, showTabs ? 0 : 1) }
            let shown = showTabs ? tabs : dropDown!
            let shownWidth = showTabs ? width : min(width, dropNat)
            var measured: Int32 = 0
            gtk_widget_measure(shown, GTK_ORIENTATION_VERTICAL, shownWidth, &measured, nil, nil, nil)
            var allocation = GtkAllocation(x: (width - shownWidth) / 2, y: 0, width: shownWidth, height: height)
            gtk_widget_size_allocate(shown, &allocation, -1)
        }))
        g_object_set_data_full(UnsafeMutablePointer(OpaquePointer(box)), completionKey,
                               Unmanaged.passRetained(completion).toOpaque()) { data in
            if let data { Unmanaged<IdleBatch>.fromOpaque(data).release() }
        }
        if withDropDown { addDropDown(to: box, stack: stack, pages: pages) }
        return box
    }

    private static let completionKey = "snapscroll-page-switcher-completion"

    /// Adds the drop-down to a switcher made by `make` soon (from an idle), once; e.g. right after the window's first
    /// frame, which a wide window paints with the tabs alone.
    static func completeSoon(_ switcher: UnsafeMutablePointer<GtkWidget>) {
        guard let data = g_object_get_data(UnsafeMutablePointer(OpaquePointer(switcher)), completionKey) else { return }
        Unmanaged<IdleBatch>.fromOpaque(data).takeUnretainedValue().schedule()
    }

    /// The switcher's second child: the drop-down of the same pages, kept in step with the stack both ways.
    private static func addDropDown(to box: UnsafeMutablePointer<GtkWidget>, stack: UnsafeMutablePointer<GtkWidget>,
                                    pages: [DemoPage]) {
        guard gtk_widget_get_first_child(box) == gtk_widget_get_last_child(box) else { return }
        let list = gtk_string_list_new(nil)
        for page in pages { gtk_string_list_append(list, page.title) }
        let dropDown = gtk_drop_down_new(list, nil)!   // takes the list
        snap_accessible_set_label(dropDown, tr("Demo page"))
        gtk_widget_set_tooltip_text(dropDown, tr("Demo page"))
        gtk_widget_set_valign(dropDown, GTK_ALIGN_CENTER)

        func selectedIndex() -> Int {
            let name = gtk_stack_get_visible_child_name(stack.opaque).map { String(cString: $0) }
            return pages.firstIndex { $0.id == name } ?? 0
        }
        gtk_drop_down_set_selected(dropDown.opaque, guint(selectedIndex()))
        Signals.connectNotify(dropDown.raw, property: "selected") {
            let index = Int(gtk_drop_down_get_selected(dropDown.opaque))
            guard pages.indices.contains(index), index != selectedIndex() else { return }
            gtk_stack_set_visible_child_name(stack.opaque, pages[index].id)
        }
        Signals.connectNotify(stack.raw, property: "visible-child") {
            let index = selectedIndex()
            if Int(gtk_drop_down_get_selected(dropDown.opaque)) != index {
                gtk_drop_down_set_selected(dropDown.opaque, guint(index))
            }
        }
        gtk_widget_set_child_visible(dropDown, 0)
        gtk_box_append(box.cast(), dropDown)
    }
}
