import CSnapGtk

/// A push button with a text (a `GtkButton`).
@MainActor
public final class Button: Widget {
    /// Called when the button is clicked or activated from the keyboard.
    ///
    /// The GTK button keeps this closure for as long as it exists, whether or not this handle does. Do not capture
    /// this button's own handle strongly (it would keep the button alive forever); capture components `weak`.
    public var onClicked: (() -> Void)? {
        get { clicked.value }
        set { clicked.value = newValue }
    }
    private let clicked = Held<(() -> Void)?>(nil)

    /// A button labelled `label`.
    public init(_ label: String) {
        super.init(gtk_button_new_with_label(label))
        // The signal holds the handler box, not this handle: the button keeps working after the handle is gone.
        Signals.connect(pointer.raw, "clicked") { [clicked] in clicked.value?() }
    }

    /// The button's text.
    public var label: String {
        get { gtk_button_get_label(pointer.cast()).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(pointer.cast(), newValue) }
    }
}
