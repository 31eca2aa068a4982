import CSnapGtk

/// The two global preferences every component follows: animations (GTK's `gtk-enable-animations`, the desktop's
/// reduced-motion setting) and text direction (GTK's default direction, from the locale). Components read them;
/// changing them is the application's business (they are GTK's process-wide settings).
@MainActor
public enum Preferences {
    private static var settings: UnsafeMutableRawPointer? { gtk_settings_get_default().map { UnsafeMutableRawPointer($0) } }

    /// Whether components animate; false means every move is instant (reduced motion).
    public internal(set) static var animationsEnabled: Bool {
        get { settings.map { snap_object_get_boolean($0, "gtk-enable-animations") != 0 } ?? true }
        set { if let settings { snap_object_set_boolean(settings, "gtk-enable-animations", newValue ? 1 : 0) } }
    }

    /// Calls `handler` whenever `animationsEnabled` changes. The handler lives as long as GTK's settings.
    @discardableResult
    public static func observeAnimations(_ handler: @escaping @MainActor () -> Void) -> UInt {
        guard let settings else { return 0 }
        return Signals.connectNotify(settings, property: "gtk-enable-animations", handler)
    }

    /// Stops a handler given by `observeAnimations`.
    public static func stopObserving(_ id: UInt) {
        if let settings, id != 0 { Signals.disconnect(settings, id) }
    }

    /// Whether the application lays out right to left.
    public internal(set) static var rightToLeft: Bool {
        get { gtk_widget_get_default_direction() == GTK_TEXT_DIR_RTL }
        set { gtk_widget_set_default_direction(newValue ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR) }
    }
}
