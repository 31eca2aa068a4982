import CSnapGtk

/// A line of text (a `GtkLabel`).
@MainActor
public final class Label: Widget {
    /// A label showing `text`.
    public init(_ text: String = "") {
        super.init(gtk_label_new(text))
    }

    /// The text shown.
    public var text: String {
        get { gtk_label_get_text(OpaquePointer(pointer)).map { String(cString: $0) } ?? "" }
        set { gtk_label_set_text(OpaquePointer(pointer), newValue) }
    }

    /// Whether long text wraps onto more lines instead of widening the label.
    public var wraps: Bool {
        get { gtk_label_get_wrap(OpaquePointer(pointer)) != 0 }
        set { gtk_label_set_wrap(OpaquePointer(pointer), newValue ? 1 : 0) }
    }
}
