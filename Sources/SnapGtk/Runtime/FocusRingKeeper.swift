import CSnapGtk

/// Keeps a window's focus ring through a resize. GTK 4.8 turns the window's `focus-visible` off while it takes a new
/// size (after the size is reported), though nobody clicked or typed: a keyboard user who resizes the window loses
/// the ring until the next key. Once the keyboard has shown the ring in a window (`KeyTranslation.showFocus`), a
/// resize arms the keeper; the ring going off while it is armed is put back. A key press or a click in the window
/// disarms it first, so GTK's own rules (a click hides the ring, typing hides it) still hold.
@MainActor
enum FocusRingKeeper {
    private static let key = "snapgtk-focus-ring-keeper"

    /// Installs the keeper on `window` (once; later calls do nothing). It lives as long as the window.
    static func install(on window: UnsafeMutablePointer<GtkWindow>) {
        let object = UnsafeMutableRawPointer(window)
        guard g_object_get_data(object.assumingMemoryBound(to: GObject.self), key) == nil else { return }
        let state = State()
        g_object_set_data_full(object.assumingMemoryBound(to: GObject.self), key,
                               Unmanaged.passRetained(state).toOpaque()) { data in
            if let data { Unmanaged<State>.fromOpaque(data).release() }
        }
        for property in ["default-width", "default-height"] {
            Signals.connectNotify(object, property: property) { [weak state] in
                guard let state else { return }
                state.armed = gtk_window_get_focus_visible(window) != 0
            }
        }
        Signals.connectNotify(object, property: "focus-visible") { [weak state] in
            guard let state, state.armed, gtk_window_get_focus_visible(window) == 0 else { return }
            state.armed = false
            gtk_window_set_focus_visible(window, 1)
        }
        // Before the window's own handling, in the capture phase: the user's key or click decides from now on.
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connectKey(UnsafeMutableRawPointer(keys)) { [weak state] _, _ in
            state?.armed = false
            return false
        }
        gtk_widget_add_controller(UnsafeMutablePointer(OpaquePointer(window)), keys)
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 0)
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        Signals.connectPress(UnsafeMutableRawPointer(click), "pressed") { [weak state] _, _, _ in state?.armed = false }
        gtk_widget_add_controller(UnsafeMutablePointer(OpaquePointer(window)), click)
    }

    private final class State {
        /// A resize came while the ring showed: the ring going off now is GTK's doing, not the user's.
        var armed = false
    }
}
