import CSnapGtk
import SnapCore
@_spi(GtkInterop) import SnapGtk

/// Titles the segments take, first to last; the page shows the first `segmentCount` of them.
private let segmentTitles = ["Overview", "Details", "Reviews", "Related", "Questions", "Specifications"]
private let segmentCountRange = 2...6
private let initialSegmentCount = 3

/// Page `segmented`: the underline segmented control above a stack it switches, with a choice of
/// segment count and width mode.
@MainActor
func makeSegmentedPage(_ context: PageContext) -> UnsafeMutablePointer<GtkWidget> {
    let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!

    // Options row: how many segments, and how wide.
    let countLabel = gtk_label_new("Segments")!
    let count = gtk_spin_button_new_with_range(Double(segmentCountRange.lowerBound), Double(segmentCountRange.upperBound), 1)!
    gtk_spin_button_set_value(count.opaque, Double(initialSegmentCount))
    snap_accessible_set_label(count, "Number of segments")
    let equal = gtk_check_button_new_with_label("Equal widths")!
    let fit = gtk_check_button_new_with_label("Fit content")!
    gtk_check_button_set_group(fit.cast(), equal.cast())
    gtk_check_button_set_active(equal.cast(), 1)
    let countField = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    gtk_box_append(countField.cast(), countLabel)
    gtk_box_append(countField.cast(), count)
    gtk_box_append(page.cast(), WrappingRow.make([countField, equal, fit]))

    let control = SegmentedControl(titles: Array(segmentTitles.prefix(initialSegmentCount)), label: "Sections")
    // Six long titles are wider than a phone-sized window: then the control scrolls sideways instead of widening
    // the page past the window (its titles never shrink below their text).
    let controlScroller = gtk_scrolled_window_new()!
    gtk_scrolled_window_set_policy(controlScroller.opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
    gtk_scrolled_window_set_propagate_natural_width(controlScroller.opaque, 1)
    gtk_scrolled_window_set_child(controlScroller.opaque, control.gtk)
    gtk_box_append(page.cast(), controlScroller)
    PageFocus.mark(page, component: control.gtk)

    let stack = gtk_stack_new()!
    gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    gtk_widget_set_vexpand(stack, 1)
    gtk_widget_add_css_class(stack, "segmented-content")
    gtk_box_append(page.cast(), stack)

    func fillStack() {
        while let child = gtk_widget_get_first_child(stack) { gtk_stack_remove(stack.opaque, child) }
        for (index, title) in control.titles.enumerated() {
            let label = gtk_label_new("\(title)\nSection \(index + 1) of \(control.titles.count)")!
            gtk_label_set_justify(label.opaque, GTK_JUSTIFY_CENTER)
            gtk_widget_add_css_class(label, "segmented-section")
            gtk_stack_add_named(stack.opaque, label, "section-\(index)")
        }
        gtk_stack_set_visible_child_name(stack.opaque, "section-\(control.selectedIndex)")
    }
    fillStack()

    control.onSelected = { event in
        gtk_stack_set_visible_child_name(stack.opaque, "section-\(event.index)")
        context.log.selected("segmented", index: event.index, cause: event.cause)
    }
    Signals.connect(count.raw, "value-changed") {
        let n = Int(gtk_spin_button_get_value_as_int(count.opaque))
        control.titles = Array(segmentTitles.prefix(n))
        fillStack()
    }
    Signals.connect(fit.raw, "toggled") {
        control.widthMode = gtk_check_button_get_active(fit.cast()) != 0 ? .fitContent : .equal
    }
    return page
}
