import CSnapGtk

/// Loads CSS into the default display, collecting parse problems instead of letting GTK print them.
@MainActor
public enum Stylesheet {
    /// Adds `css` for the whole display at application priority.
    /// - Returns: the parse errors GTK reported ("line:column: message"), empty when clean.
    @discardableResult
    public static func install(css: String, priority: UInt32 = UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION)) -> [String] {
        guard let display = gdk_display_get_default() else { return ["no display"] }
        let provider = gtk_css_provider_new()!
        defer { g_object_unref(provider) }
        var errors: [String] = []
        let id = Signals.connectPointers(UnsafeMutableRawPointer(provider), "parsing-error") { section, error in
            var location = ""
            if let section, let start = gtk_css_section_get_start_location(OpaquePointer(section)) {
                location = "\(start.pointee.lines + 1):\(start.pointee.line_chars + 1): "
            }
            let message = error.map { String(cString: $0.assumingMemoryBound(to: GError.self).pointee.message) } ?? "unknown error"
            errors.append(location + message)
        }
        css.withCString { gtk_css_provider_load_from_data(provider, $0, -1) }
        Signals.disconnect(UnsafeMutableRawPointer(provider), id)
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), priority)
        return errors
    }
}
