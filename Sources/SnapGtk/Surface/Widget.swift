import CSnapGtk

/// A GTK widget held from Swift: the handle owns one reference to the widget for as long as it lives, so a widget
/// you hold a handle to is never freed under you. Every component conforms to ``WidgetRepresentable`` and gives
/// its root as a `Widget`, so boxes and windows take components and plain widgets alike.
///
/// Handles are cheap: two handles to one GTK widget are two references to the same widget, and comparing them with
/// `===` tells nothing; compare ``isSame(as:)`` instead.
@MainActor
public class Widget {
    /// The GTK widget. Internal: the public way in and out of C is ``init(unsafeRetaining:)`` and
    /// ``unsafePointer``.
    let pointer: UnsafeMutablePointer<GtkWidget>

    /// Takes a reference to `pointer`. A widget made for this handle is sunk (`sinking`), so the handle owns it
    /// until a parent takes it; a component's root is only referenced, so it stays floating until it is parented
    /// and a handle dropped early never frees it under its component.
    init(_ pointer: UnsafeMutablePointer<GtkWidget>, sinking: Bool = true) {
        self.pointer = pointer
        if sinking {
            g_object_ref_sink(UnsafeMutableRawPointer(pointer))
        } else {
            g_object_ref(UnsafeMutableRawPointer(pointer))
        }
    }

    /// A new widget of `type` with `role` for assistive technologies (nil: the type's own). The role is a
    /// construct-only property: it can only be given when GTK makes the widget.
    static func make(_ type: GType, role: AccessibleRole?) -> UnsafeMutablePointer<GtkWidget> {
        guard let role else {
            return UnsafeMutableRawPointer(g_object_new_with_properties(type, 0, nil, nil)).assumingMemoryBound(to: GtkWidget.self)
        }
        return snap_widget_new_with_role(type, role.gtk)
    }

    /// Wraps a widget an application already has from its own GTK code, taking a (non-floating) reference to it.
    /// - Parameter pointer: a `GtkWidget *` (or any subclass), as a raw pointer so any binding's type fits.
    public convenience init(unsafeRetaining pointer: UnsafeMutableRawPointer) {
        self.init(pointer.assumingMemoryBound(to: GtkWidget.self), sinking: false)
    }

    /// The `GtkWidget *`, for an application that mixes this package with its own GTK calls. Valid while the
    /// handle lives.
    public var unsafePointer: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }

    // The unref may finalise the widget, which GTK allows on its thread; isolation keeps it on that thread.
    isolated deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// Whether this handle and `other` stand for the same GTK widget.
    public func isSame(as other: Widget) -> Bool { pointer == other.pointer }

    /// Whether the widget is shown (when its parent is).
    public var isVisible: Bool {
        get { gtk_widget_get_visible(pointer) != 0 }
        set { gtk_widget_set_visible(pointer, newValue ? 1 : 0) }
    }

    /// Whether the widget responds to input.
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(pointer) != 0 }
        set { gtk_widget_set_sensitive(pointer, newValue ? 1 : 0) }
    }

    /// Whether the widget takes extra horizontal space its parent has.
    public var expandsHorizontally: Bool {
        get { gtk_widget_get_hexpand(pointer) != 0 }
        set { gtk_widget_set_hexpand(pointer, newValue ? 1 : 0) }
    }

    /// Whether the widget takes extra vertical space its parent has.
    public var expandsVertically: Bool {
        get { gtk_widget_get_vexpand(pointer) != 0 }
        set { gtk_widget_set_vexpand(pointer, newValue ? 1 : 0) }
    }

    /// How the widget sits in extra horizontal space.
    public var horizontalAlignment: Alignment {
        get { Alignment(gtk_widget_get_halign(pointer)) }
        set { gtk_widget_set_halign(pointer, newValue.gtk) }
    }

    /// How the widget sits in extra vertical space.
    public var verticalAlignment: Alignment {
        get { Alignment(gtk_widget_get_valign(pointer)) }
        set { gtk_widget_set_valign(pointer, newValue.gtk) }
    }

    /// The smallest size the widget asks for (px); -1 leaves a dimension to the widget.
    public var sizeRequest: (width: Int, height: Int) {
        get {
            var width: Int32 = -1, height: Int32 = -1
            gtk_widget_get_size_request(pointer, &width, &height)
            return (Int(width), Int(height))
        }
        set { gtk_widget_set_size_request(pointer, Int32(clamping: newValue.width), Int32(clamping: newValue.height)) }
    }

    /// Sets the same margin (px) on all four sides.
    public func setMargins(_ margin: Int) {
        let value = Int32(clamping: margin)
        gtk_widget_set_margin_top(pointer, value)
        gtk_widget_set_margin_bottom(pointer, value)
        gtk_widget_set_margin_start(pointer, value)
        gtk_widget_set_margin_end(pointer, value)
    }

    /// Adds a CSS style class (for the application's own stylesheet).
    public func addStyleClass(_ name: String) { gtk_widget_add_css_class(pointer, name) }

    /// Removes a CSS style class.
    public func removeStyleClass(_ name: String) { gtk_widget_remove_css_class(pointer, name) }

    /// Whether the widget has the CSS style class `name`.
    public func hasStyleClass(_ name: String) -> Bool { gtk_widget_has_css_class(pointer, name) != 0 }

    /// The name assistive technologies read for the widget (GTK's accessible label).
    public func setAccessibleLabel(_ label: String) { snap_accessible_set_label(pointer, label) }

    /// What assistive technologies read after the widget's name, e.g. what a status line's value means.
    public func setAccessibleDescription(_ description: String) { snap_accessible_set_description(pointer, description) }

    /// Moves the keyboard focus to the widget, or, when it takes none itself (a box), to the first widget inside it
    /// that does, in Tab order (where it already is, if it is inside); returns whether the widget has the focus now.
    @discardableResult
    public func grabFocus() -> Bool {
        if gtk_widget_get_focusable(pointer) != 0 { return gtk_widget_grab_focus(pointer) != 0 }
        // From inside, a forward focus move would go on to the next widget, as Tab does.
        if let root = gtk_widget_get_root(pointer), let focus = gtk_root_get_focus(root),
           gtk_widget_is_ancestor(focus, pointer) != 0 {
            return true
        }
        return gtk_widget_child_focus(pointer, GTK_DIR_TAB_FORWARD) != 0
    }

    /// The widget's allocated size (px); zero before it is laid out.
    public var allocatedSize: (width: Int, height: Int) {
        (Int(gtk_widget_get_width(pointer)), Int(gtk_widget_get_height(pointer)))
    }

    /// The size (px) the widget would like, as GTK measures it with its style now (margins and CSS padding included):
    /// its natural width, and its natural height at that width. Needs no window, so an application can size things
    /// to text before showing it, e.g. a tab as wide as its title:
    ///
    /// ```swift
    /// let probe = Label()
    /// probe.addStyleClass("tab")
    /// let widths = titles.map { title in
    ///     probe.text = title
    ///     return Double(probe.naturalSize.width)
    /// }
    /// ```
    public var naturalSize: (width: Int, height: Int) {
        var natural = GtkRequisition()
        gtk_widget_get_preferred_size(pointer, nil, &natural)
        return (Int(natural.width), Int(natural.height))
    }

    /// How a widget sits in space larger than it needs.
    public enum Alignment: Sendable, Equatable, GtkEnumMirror {
        /// Stretched over all of the space.
        case fill
        /// At the start (left, or right in right-to-left).
        case start
        /// At the end.
        case end
        /// Centred.
        case center

        static let table = [(Self.fill, GTK_ALIGN_FILL), (.start, GTK_ALIGN_START), (.end, GTK_ALIGN_END),
                            (.center, GTK_ALIGN_CENTER)]
    }
}

/// Anything that is shown as one widget: the components of this package and ``Widget`` itself. Boxes and windows
/// take any of them, so a component goes wherever a widget goes.
@MainActor
public protocol WidgetRepresentable {
    /// The widget to put in a parent.
    var rootWidget: Widget { get }

    /// Moves the keyboard focus to where the keys act on the component (a scroller's row, a segmented
    /// control's selected segment); returns whether it is there now. For a plain widget, ``Widget/grabFocus()``.
    @discardableResult
    func grabFocus() -> Bool
}

extension Widget: WidgetRepresentable {
    /// The widget itself.
    public var rootWidget: Widget { self }
}

extension WidgetRepresentable {
    /// Focuses the root widget, or the first widget inside it that takes the focus (``Widget/grabFocus()``).
    @discardableResult
    public func grabFocus() -> Bool { rootWidget.grabFocus() }

    /// Puts the component into a widget an application already has from its own GTK code: appended to a `GtkBox`,
    /// set as the child of a `GtkWindow`, `GtkScrolledWindow`, `GtkFrame` or `GtkOverlay`, or parented directly
    /// otherwise (for a custom container that lays out its children itself).
    /// - Parameter parent: a `GtkWidget *`, as a raw pointer so any binding's type fits.
    public func embed(in parent: UnsafeMutableRawPointer) {
        let child = rootWidget.pointer
        let parentWidget = parent.assumingMemoryBound(to: GtkWidget.self)
        let instance = parent.assumingMemoryBound(to: GTypeInstance.self)
        func isA(_ type: GType) -> Bool { g_type_check_instance_is_a(instance, type) != 0 }
        if isA(gtk_box_get_type()) {
            gtk_box_append(UnsafeMutablePointer(OpaquePointer(parent)), child)
        } else if isA(gtk_window_get_type()) {
            gtk_window_set_child(.init(OpaquePointer(parent)), child)
        } else if isA(gtk_scrolled_window_get_type()) {
            gtk_scrolled_window_set_child(.init(OpaquePointer(parent)), child)
        } else if isA(gtk_frame_get_type()) {
            gtk_frame_set_child(.init(OpaquePointer(parent)), child)
        } else if isA(gtk_overlay_get_type()) {
            gtk_overlay_set_child(.init(OpaquePointer(parent)), child)
        } else {
            gtk_widget_set_parent(child, parentWidget)
        }
    }
}
