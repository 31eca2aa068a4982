import CSnapGtk
import SnapCore

/// GDK key codes → `KeyPress`, once for every component (what each key means is `KeyMap`'s, in SnapCore).
enum KeyTranslation {
    /// The key a keyval stands for (keypad keys alike), or nil for keys no component uses.
    static func press(for keyval: UInt32) -> KeyPress? {
        switch Int32(bitPattern: keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: .left
        case GDK_KEY_Right, GDK_KEY_KP_Right: .right
        case GDK_KEY_Up, GDK_KEY_KP_Up: .up
        case GDK_KEY_Down, GDK_KEY_KP_Down: .down
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

    /// Gives `widget` a component's key controller (in the capture phase when `capture`): `use` handles a key press
    /// and says whether the component used it. For a used key the window's focus ring goes on, at the press and
    /// again at the release: GTK's window counts a key that leaves the focus where it was as typing and hides the
    /// ring. Without this keyboard users of every app would see no focus.
    @MainActor
    static func addController(to widget: UnsafeMutablePointer<GtkWidget>, capture: Bool = false,
                              use: @escaping @MainActor (UInt32, GdkModifierType) -> Bool) {
        let keys = gtk_event_controller_key_new()!
        if capture { gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE) }
        gtk_widget_add_controller(widget, keys)
        let controller = UnsafeMutableRawPointer(keys)
        // The last key press the component used, until its release.
        let used = Held<UInt32?>(nil)
        Signals.connectKey(controller) { keyval, state in
            guard use(keyval, state) else { return false }
            used.value = keyval
            showFocus(in: widget)
            return true
        }
        Signals.connectKeyReleased(controller) { keyval in
            guard used.value == keyval else { return }
            used.value = nil
            showFocus(in: widget)
        }
    }

    /// Turns on the focus ring of `widget`'s window (nothing when it is not in a window).
    @MainActor
    static func showFocus(in widget: UnsafeMutablePointer<GtkWidget>) {
        guard let root = gtk_widget_get_root(widget) else { return }
        let object = UnsafeMutableRawPointer(root)
        guard g_type_check_instance_is_a(object.assumingMemoryBound(to: GTypeInstance.self), gtk_window_get_type()) != 0
        else { return }
        let window = object.assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_focus_visible(window, 1)
        FocusRingKeeper.keep(window)
    }
}
