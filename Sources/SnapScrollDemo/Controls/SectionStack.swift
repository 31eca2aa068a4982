import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// A `GtkStack` showing one of its sections at a time, crossfading between them; it takes the height left to it.
@MainActor
final class SectionStack: WidgetRepresentable {
    let rootWidget: Widget
    private let stack: UnsafeMutablePointer<GtkWidget>

    /// An empty stack with the CSS class `cssClass`.
    init(cssClass: String) {
        stack = gtk_stack_new()!
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_widget_set_vexpand(stack, 1)
        gtk_widget_add_css_class(stack, cssClass)
        rootWidget = Widget.adopting(stack)
    }

    /// Replaces the sections with `sections`, showing the one at `index`.
    func replaceSections(with sections: [any WidgetRepresentable], showing index: Int) {
        while let child = gtk_widget_get_first_child(stack) { gtk_stack_remove(stack.opaque, child) }
        for (index, section) in sections.enumerated() {
            gtk_stack_add_named(stack.opaque, section.gtkWidget, Self.name(index))
        }
        show(index)
    }

    /// Shows the section at `index`.
    func show(_ index: Int) {
        gtk_stack_set_visible_child_name(stack.opaque, Self.name(index))
    }

    private static func name(_ index: Int) -> String { "section-\(index)" }
}
