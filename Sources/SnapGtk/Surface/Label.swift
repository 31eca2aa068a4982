import CSnapGtk

/// A line of text (a `GtkLabel`).
@MainActor
public final class Label: Widget {
    /// A label showing `text`, with `role` for assistive technologies (nil: a plain label), e.g. `.tab` for an item
    /// of a menu scroller whose row is a `.tabList`.
    public init(_ text: String = "", role: AccessibleRole? = nil) {
        super.init(Widget.make(gtk_label_get_type(), role: role))
        if !text.isEmpty { self.text = text }
    }

    /// The text shown.
    public var text: String {
        get { gtk_label_get_text(pointer.opaque).map { String(cString: $0) } ?? "" }
        set { gtk_label_set_text(pointer.opaque, newValue) }
    }

    /// Whether long text wraps onto more lines instead of widening the label.
    public var wraps: Bool {
        get { gtk_label_get_wrap(pointer.opaque) != 0 }
        set { gtk_label_set_wrap(pointer.opaque, newValue ? 1 : 0) }
    }

    /// Where text too long for the label is cut short with "…"; `.none` (the default) lets the label ask for the
    /// whole text's width. An ellipsized label can shrink to a few characters, so it never widens its parent, and
    /// its ``Widget/naturalSize`` is still the whole text's.
    public var ellipsis: Ellipsis {
        get { Ellipsis(gtk_label_get_ellipsize(pointer.opaque)) }
        set { gtk_label_set_ellipsize(pointer.opaque, newValue.gtk) }
    }

    /// Where the text sits in a label wider than the text: 0 at the start edge (left, or right in right-to-left), 0.5
    /// centred (the default), 1 at the end edge.
    public var textAlignment: Double {
        get { Double(gtk_label_get_xalign(pointer.opaque)) }
        set { gtk_label_set_xalign(pointer.opaque, Float(min(max(newValue, 0), 1))) }
    }

    /// How the lines of a text of several lines line up with each other; `.start` by default.
    public var justification: Justification {
        get { Justification(gtk_label_get_justify(pointer.opaque)) }
        set { gtk_label_set_justify(pointer.opaque, newValue.gtk) }
    }

    /// Where a label cuts text short (see ``Label/ellipsis``).
    public enum Ellipsis: Sendable, Equatable, GtkEnumMirror {
        /// Never: the label asks for the whole text's width.
        case none
        /// "…nd of the text".
        case start
        /// "The st…e text".
        case middle
        /// "The start of t…".
        case end

        static let table = [(Self.none, PANGO_ELLIPSIZE_NONE), (.start, PANGO_ELLIPSIZE_START),
                            (.middle, PANGO_ELLIPSIZE_MIDDLE), (.end, PANGO_ELLIPSIZE_END)]
    }

    /// How the lines of a label's text line up (see ``Label/justification``).
    public enum Justification: Sendable, Equatable, GtkEnumMirror {
        /// At the start edge (left, or right in right-to-left).
        case start
        /// Centred.
        case center
        /// At the end edge.
        case end
        /// Spread over the whole width (the last line at the start edge).
        case fill

        // GTK's "left" and "right" follow the text direction: left is the start edge.
        static let table = [(Self.start, GTK_JUSTIFY_LEFT), (.center, GTK_JUSTIFY_CENTER), (.end, GTK_JUSTIFY_RIGHT),
                            (.fill, GTK_JUSTIFY_FILL)]
    }
}
