import CSnapGtk
import Glibc

/// Prepares the glyphs of some text on a worker thread, so the frame that first shows that text does not wait for
/// them.
///
/// Colour emoji are the case it is for: the colour emoji font keeps each glyph as a compressed bitmap, and cairo
/// decodes one (tens of kilobytes of pixels) every time it needs a glyph's size or picture that it has not cached
/// yet. Pango adds ten more the first time it uses the font at a size (it measures the font's digits, which that
/// font draws as keycaps). A strip of fruit cards decoded about thirty such bitmaps on GTK's thread before its first
/// frame.
///
/// Cairo keeps fonts and glyphs in caches that every thread shares, keyed by the font file, size and rendering
/// options. The worker lays out and draws the text with its own Pango font map (Pango objects stay on the thread
/// that made them) in the font, resolution and options that GTK's label will use, read from a styled probe label on
/// GTK's thread; GTK's measuring and drawing then find the glyphs cached. When the worker has not finished by then,
/// GTK's thread waits only for the glyph being decoded (cairo's lock), and otherwise does the rest itself: nothing
/// is ever wrong, at worst not faster. Nothing GTK owns is touched off GTK's thread.
///
/// The worker runs at a lower scheduling priority (nice + 10): it uses time the other threads leave, and GTK's
/// thread, the display server and the session bus, which start-up waits for, go first.
@MainActor
public enum GlyphWarmUp {
    /// Starts preparing `texts`, as a label inside a box with the CSS classes `cssClasses` shows them (the classes
    /// of the widget whose style sets the label's font, e.g. a card's), on a worker thread. Call it as early as the
    /// stylesheets that style that label are installed, and before the window is presented. `done`, if given, runs
    /// on GTK's thread when the worker has finished.
    public static func start(_ texts: [String], styledAs cssClasses: [String], done: (() -> Void)? = nil) {
        let input = WarmUpInput(texts: texts, font: FontSetup(styledAs: cssClasses),
                                done: done.map { Unmanaged.passRetained(DoneBox($0)).toOpaque() })
        let data = Unmanaged.passRetained(input).toOpaque()
        input.handoff.give()
        // A thread of its own (not GIO's pool), since it runs at a lower priority; GLib keeps it until it ends.
        g_thread_unref(g_thread_new("glyph-warm-up", warmUpThread, data))
    }
}

/// What decides which cairo fonts a label's text uses: the label's font description, the resolution and font
/// options of its Pango context, the context's language (it picks fallback fonts), and the scale GTK draws at (it
/// is part of the drawn font's key). Plain values, readable from any thread.
struct FontSetup: Sendable {
    let description: String
    let resolution: Double
    let language: String?
    let options: FontOptions
    /// The scale of the display's first monitor: windows open there unless placed elsewhere.
    let scale: Int32

    /// The setup of a label inside a box with `cssClasses`, as GTK styles it now.
    @MainActor
    init(styledAs cssClasses: [String]) {
        let box = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
        g_object_ref_sink(box)
        defer { g_object_unref(box) }
        for name in cssClasses { gtk_widget_add_css_class(box, name) }
        let label = gtk_label_new(nil)!
        gtk_box_append(box.cast(), label)
        let context = gtk_widget_get_pango_context(label)
        let font = pango_context_get_font_description(context)
        description = font.flatMap { pango_font_description_to_string($0) }.map { text in
            defer { g_free(text) }
            return String(cString: text)
        } ?? ""
        resolution = pango_cairo_context_get_resolution(context)
        language = pango_context_get_language(context).flatMap { pango_language_to_string($0) }.map { String(cString: $0) }
        options = FontOptions(copying: pango_cairo_context_get_font_options(context))
        let monitors = gdk_display_get_monitors(gtk_widget_get_display(label))
        let first = monitors.flatMap { g_list_model_get_item($0, 0) }
        defer { if let first { g_object_unref(first) } }
        scale = first.map { max(1, gdk_monitor_get_scale_factor(OpaquePointer($0))) } ?? 1
    }
}

/// A cairo font options object of its own (or none: cairo's defaults). Cairo's font options are plain data the
/// holder owns; this one is never changed after its copy is made, so it may be read from any thread.
final class FontOptions: @unchecked Sendable {
    let pointer: OpaquePointer?

    init(copying options: OpaquePointer?) {
        pointer = options.map { cairo_font_options_copy($0) }
    }

    deinit {
        if let pointer { cairo_font_options_destroy(pointer) }
    }
}

/// A worker's input: immutable, handed over once. `done` is the caller's completion (a retained `DoneBox`),
/// touched only back on GTK's thread.
final class WarmUpInput: Sendable {
    let texts: [String]
    let font: FontSetup
    nonisolated(unsafe) let done: UnsafeMutableRawPointer?
    let handoff = Handoff()

    init(texts: [String], font: FontSetup, done: UnsafeMutableRawPointer?) {
        self.texts = texts
        self.font = font
        self.done = done
    }
}

/// The caller's completion, carried to GTK's thread through an idle callback.
private final class DoneBox {
    let done: () -> Void
    init(_ done: @escaping () -> Void) { self.done = done }
}

extension FontSetup {
    /// Lays out and draws each text once with a Pango font map of the calling thread's own, so cairo caches the
    /// fonts and glyphs involved. Runs on any thread: everything it makes is its own and gone when it returns.
    func prepare(_ texts: [String]) {
        let fontMap = pango_cairo_font_map_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(fontMap)) }
        let context = pango_font_map_create_context(fontMap)!
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        let font = pango_font_description_from_string(description)
        defer { pango_font_description_free(font) }
        pango_context_set_font_description(context, font)
        pango_cairo_context_set_resolution(context, resolution)
        if let language { pango_context_set_language(context, pango_language_from_string(language)) }
        if let options = options.pointer { pango_cairo_context_set_font_options(context, options) }

        // A surface like the one GTK's cairo renderer draws into, at the same scale; the glyphs' pictures are cached
        // per font, not per surface, so a small one does.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 64, 64)!
        defer { cairo_surface_destroy(surface) }
        cairo_surface_set_device_scale(surface, Double(scale), Double(scale))
        let cairo = cairo_create(surface)!
        defer { cairo_destroy(cairo) }
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        for text in texts {
            pango_layout_set_text(layout, text, -1)
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_size(layout, &width, &height)   // sizes (what measuring asks)
            cairo_move_to(cairo, 0, 0)
            pango_cairo_show_layout(cairo, layout)             // pictures (what drawing asks)
        }
    }
}

// Free functions, not main-actor isolated: they run on the worker or hop to GTK's thread themselves.

/// The worker's body: lowers its own priority, prepares the glyphs, and has GTK's main loop run the completion.
private func warmUpThread(_ data: gpointer?) -> gpointer? {
    guard let data else { return nil }
    let input = Unmanaged<WarmUpInput>.fromOpaque(data).takeRetainedValue()
    input.handoff.take()
    let thread = id_t(snap_thread_id())
    errno = 0
    let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread)
    if errno == 0 { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, min(nice + 10, 19)) }
    input.font.prepare(input.texts)
    if let done = input.done {
        // The default main context is GTK's: the completion runs there, from an idle.
        g_idle_add_full(G_PRIORITY_DEFAULT, warmUpFinished, done, nil)
    }
    return nil
}

private func warmUpFinished(_ data: gpointer?) -> gboolean {
    guard let data else { return 0 }
    let box = UInt(bitPattern: data)
    onGtkThread {
        Unmanaged<DoneBox>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeRetainedValue().done()
    }
    return 0   // G_SOURCE_REMOVE
}
