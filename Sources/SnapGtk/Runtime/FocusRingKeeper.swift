import CSnapGtk

/// Keeps the focus ring a key showed until the user's next key or click. GTK 4.8 turns a window's `focus-visible`
/// off when nobody asked: after the window takes a new size (a keyboard user who resizes the window lost the ring
/// until the next key), and at times after the release of a key a component used, depending on when GTK handles it
/// (measured: the menu's ring gone after one Right key in 3 to 5 launches of 6 under load). Each time a component's
/// key shows the ring (`KeyTranslation.showFocus`), and at a resize while it shows, the keeper is armed: the ring
/// going off while armed is put back. A key press or a click in the window disarms it first (the window's capture
/// phase sees them before anything else), so GTK's own rules still hold: a click hides the ring, and so does typing
/// a key no component uses.
@MainActor
enum FocusRingKeeper {
    private static let key = g_quark_from_string("snapgtk-focus-ring-keeper")

    /// Arms the keeper of `window` (installed the first time; it lives as long as the window).
    static func keep(_ window: UnsafeMutablePointer<GtkWindow>) {
        let armed = WidgetLifetime.stored(Held<Bool>.self, on: window, key: key) ?? install(on: window)
        armed.value = true
    }

    /// `armed`: a key showed the ring, or a resize came while it showed, and no key or click since: the ring going
    /// off now is GTK's doing, not the user's.
    private static func install(on window: UnsafeMutablePointer<GtkWindow>) -> Held<Bool> {
        let object = UnsafeMutableRawPointer(window)
        let state = Held(false)
        WidgetLifetime.store(state, on: object, key: key)
        for property in ["default-width", "default-height"] {
            Signals.connectNotify(object, property: property) { [weak state] in
                guard let state else { return }
                if gtk_window_get_focus_visible(window) != 0 { state.value = true }
            }
        }
        Signals.connectNotify(object, property: "focus-visible") { [weak state] in
            guard let state, state.value, gtk_window_get_focus_visible(window) == 0 else { return }
            gtk_window_set_focus_visible(window, 1)
        }
        // Before the window's own handling, in the capture phase: the user's key or click decides from now on.
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connectKey(UnsafeMutableRawPointer(keys)) { [weak state] _, _ in
            state?.value = false
            return false
        }
        gtk_widget_add_controller(UnsafeMutablePointer(OpaquePointer(window)), keys)
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 0)
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        Signals.connectPress(UnsafeMutableRawPointer(click), "pressed") { [weak state] _, _, _ in state?.value = false }
        gtk_widget_add_controller(UnsafeMutablePointer(OpaquePointer(window)), click)
        return state
    }
}
