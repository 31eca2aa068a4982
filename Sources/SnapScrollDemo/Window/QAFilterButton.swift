import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// The QA panel's filters behind one button, "Filters", which names the filters set while any is ("Filters: settled,
/// strip"): its popover holds a drop-down of events and one of components, "All" by default.
@MainActor
final class QAFilterButton {
    /// The filters' choices: "All" first, then the events the contract names, and the components (page IDs).
    static let eventChoices = ["ready", "settled", "selected", "page", "tapped", "layout", "gesture", "switched",
                               "setting", "resized", "error"]
    static let componentChoices = DemoOptions.pageIDs

    /// The menu button, to put in the panel's tools.
    let button: UnsafeMutablePointer<GtkWidget>
    /// The filters set.
    private(set) var filter = QALogFilter()
    /// Called after each change of `filter`.
    private let changed: @MainActor () -> Void

    /// A button whose popover is built the first time it opens. Built with the window, the two drop-downs
    /// were the largest part of the panel's cost before the first frame (about 3 % of the process's CPU time then).
    init(changed: @escaping @MainActor () -> Void) {
        let button = gtk_menu_button_new()!
        gtk_widget_add_css_class(button, "qa-filters")
        // Translators: the tooltip of the QA panel's button that opens its filters.
        gtk_widget_set_tooltip_text(button, tr("Show only the lines of one event or one component"))
        self.button = button
        self.changed = changed
        updateLabel()
        LazyPopup.attach(to: button) { [weak self] menuButton in
            guard let self, gtk_menu_button_get_popover(menuButton) == nil else { return }
            // Translators: the QA panel's filters (their accessible names and tooltips, then their first choice);
            // the other choices are the log's event names and page IDs, which stay as they are.
            let event = Self.makeFilter(label: tr("Filter by event"), all: tr("All events"), choices: Self.eventChoices) { [weak self] in
                self?.filter.event = $0
                self?.updateLabel()
                self?.changed()
            }
            let component = Self.makeFilter(label: tr("Filter by component"), all: tr("All components"),
                                            choices: Self.componentChoices) { [weak self] in
                self?.filter.component = $0
                self?.updateLabel()
                self?.changed()
            }
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
            gtk_box_append(box.cast(), event)
            gtk_box_append(box.cast(), component)
            let popover = gtk_popover_new()!
            gtk_popover_set_child(popover.cast(), box)
            gtk_menu_button_set_popover(menuButton, popover)
        }
    }

    /// "Filters", or "Filters: settled, strip" while any is set (the log's names, as its lines have them).
    private func updateLabel() {
        let set = [filter.event, filter.component].compactMap { $0 }
        // Translators: the QA panel's Filters button, then the same naming the filters set (the log's event names and
        // page IDs, untranslated, separated by commas).
        let label = set.isEmpty ? tr("Filters") : tr("Filters: %s", .text(set.joined(separator: ", ")))
        gtk_menu_button_set_label(button.opaque, label)
        snap_accessible_set_label(button, label)   // GTK 4.8 names only the button inside
    }

    /// A drop-down of "All …" then `choices`; `chosen` hears the choice (nil for All).
    private static func makeFilter(label: String, all: String, choices: [String],
                            chosen: @escaping @MainActor (String?) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let list = gtk_string_list_new(nil)
        gtk_string_list_append(list, all)
        for choice in choices { gtk_string_list_append(list, choice) }
        let dropDown = gtk_drop_down_new(list, nil)!   // takes the list
        snap_accessible_set_label(dropDown, label)
        gtk_widget_set_tooltip_text(dropDown, label)
        Signals.connectNotify(dropDown.raw, property: "selected") {
            let index = Int(gtk_drop_down_get_selected(dropDown.opaque))
            chosen(index >= 1 && index <= choices.count ? choices[index - 1] : nil)
        }
        return dropDown
    }
}
