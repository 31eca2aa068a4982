import CSnapGtk
import SnapCore

/// GDK key codes → `KeyPress`, once for every component (what each key means is `KeyMap`'s, in SnapCore).
enum KeyTranslation {
    /// The key a keyval stands for (keypad keys alike), or nil for keys no component uses.
    static func press(for keyval: UInt32) -> KeyPress? {
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: .right
        case GDK_KEY_Home, GDK_KEY_KP_Home: .home
        case GDK_KEY_End, GDK_KEY_KP_End: .end
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: .pageUp
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: .pageDown
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space, GDK_KEY_KP_Space: .activate
        default: nil
        }
    }

    /// Whether a key came without Control, Alt or Shift (those combinations belong to the application).
    static func isPlain(_ state: GdkModifierType) -> Bool {
        state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue) == 0
    }

    /// Turns on the focus ring of `widget`'s window after a component used a key, as GTK's window does for every key
    /// that reaches it: the components take their keys first (most in the capture phase), so a key they use never
    /// gets to the window, and without this the focus would stay invisible for keyboard users of every app.
    @MainActor
    static func showFocus(in widget: UnsafeMutablePointer<GtkWidget>) {
        guard let root = gtk_widget_get_root(widget) else { return }
        let object = UnsafeMutableRawPointer(root)
        guard g_type_check_instance_is_a(object.assumingMemoryBound(to: GTypeInstance.self), gtk_window_get_type()) != 0
        else { return }
        gtk_window_set_focus_visible(object.assumingMemoryBound(to: GtkWindow.self), 1)
    }
}
