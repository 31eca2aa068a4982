import CSnapGtk
@_spi(GtkInterop) import SnapGtk

// The window's part in `--record` and `--replay`: its sizes as recorded, and the paths a replay takes through it.

extension DemoWindow {
    /// `--record`: from the first frame, the window's size and its content's, and each change of the content's
    /// size, checked after each painted frame.
    func recordSizes(to recorder: SessionRecorder, clock: UnsafeMutableRawPointer) {
        var last = contentSize
        // The window's size as `--size` gives it (a default size), whatever frame the display server adds.
        var size: (width: Int32, height: Int32) = (0, 0)
        gtk_window_get_default_size(window.cast(), &size.width, &size.height)
        recorder.start(width: Int(size.width), height: Int(size.height), content: last)
        // The window is reached through its owner, which goes with it.
        Signals.connect(clock, "after-paint") { [weak self, weak recorder] in
            guard let self else { return }
            let now = self.contentSize
            guard now != last, now.width > 0, now.height > 0 else { return }
            last = now
            recorder?.record(.resize(width: now.width, height: now.height))
        }
    }
}

extension DemoWindow: ReplayWindow {
    func showPage(_ id: String) { gtk_stack_set_visible_child_name(stack.opaque, id) }

    /// Through the window's stateful action, as the main menu and the accelerators change it.
    func changeSetting(_ name: String, on: Bool) {
        guard let action = g_action_map_lookup_action(OpaquePointer(window), name) else { return }
        g_action_change_state(action, g_variant_new_boolean(on ? 1 : 0))
    }

    /// The default size less the content's is what the header bar and this display server's frame take (on X without
    /// a compositor GTK draws a frame inside the default size; on Wayland the shadow is outside it).
    var sizes: (window: (width: Int, height: Int), content: (width: Int, height: Int)) {
        var size: (width: Int32, height: Int32) = (0, 0)
        gtk_window_get_default_size(window.cast(), &size.width, &size.height)
        return ((Int(size.width), Int(size.height)), contentSize)
    }

    func setWindowSize(width: Int, height: Int) {
        gtk_window_set_default_size(window.cast(), Int32(clamping: width), Int32(clamping: height))
    }

    func close() { gtk_window_destroy(window.cast()) }
}
