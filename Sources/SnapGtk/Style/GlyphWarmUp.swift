import CSnapGtk
import Glibc

/// Prepares the glyphs of some text on a worker thread, so the frame that first shows that text does not wait for
/// them: colour emoji are compressed bitmaps cairo decodes on first use (a strip of fruit cards decoded about thirty
/// on GTK's thread before its first frame).
///
/// Cairo's font and glyph caches are shared by every thread. The worker draws the text with its own Pango font map
/// in the font, resolution and options GTK's label will use (read from a styled probe label on GTK's thread), so
/// GTK then finds the glyphs cached; if it is late, GTK does the rest itself. Nothing GTK owns is touched off its
/// thread, and the worker runs at nice + 10, behind GTK's thread and the display server.
@MainActor
public enum GlyphWarmUp {
    /// Starts preparing `texts`, as a label inside a box with the CSS classes `cssClasses` shows them (the classes
    /// of the widget whose style sets the label's font, e.g. a card's), on a worker thread. Call it as early as the
    /// stylesheets that style that label are installed, and before the window is presented. `done`, if given, runs
    /// on GTK's thread when the worker has finished.
    public static func start(_ texts: [String], styledAs cssClasses: [String], done: (() -> Void)? = nil) {
        begin(texts, cssClasses, finished: done.map { done in { _ in done() } })
    }

    /// `start`, handing what the worker prepared to `report` on GTK's thread once it has finished: tests check the
    /// worker really lays out and draws the glyphs a label would show.
    @_spi(Testing)
    public static func start(_ texts: [String], styledAs cssClasses: [String],
                             report: @escaping (GlyphWarmUpReport) -> Void) {
        begin(texts, cssClasses, finished: report)
    }

    /// How many texts warm-ups were given so far (a test hook: the demo's `caches` QA event). What they prepared is in
    /// cairo's and Pango's caches, which have bounds of their own and no way to read their size.
    @_spi(Testing) public private(set) static var textsGiven = 0

    private static func begin(_ texts: [String], _ cssClasses: [String], finished: ((GlyphWarmUpReport) -> Void)?) {
        textsGiven += texts.count
        let warmUp = WarmUp(texts: texts, font: FontSetup(styledAs: cssClasses), done: finished)
        let data = Unmanaged.passRetained(warmUp).toOpaque()
        warmUp.toWorker.give()
        // A thread of its own (not GIO's pool), since it runs at a lower priority; GLib keeps it until it ends.
        g_thread_unref(g_thread_new("glyph-warm-up", warmUpThread, data))
    }
}

/// What a warm-up's worker prepared (a test hook, `GlyphWarmUp.start(_:styledAs:report:)`).
@_spi(Testing)
public struct GlyphWarmUpReport: Sendable, Equatable {
    /// The glyphs it laid out from fonts that have them (glyphs no font has, drawn as boxes, are not counted).
    public var glyphs = 0
    /// How many of those belong to texts whose drawing put pixels on its surface.
    public var drawn = 0
    /// The fonts the glyphs came from, as Pango describes them (family, style and size in pixels).
    public var fonts: Set<String> = []
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

/// One warm-up on its way to the worker (`toWorker`) and, with the worker's report, back to GTK's thread through an
/// idle callback (`back`). `done`, the caller's completion, is called and let go of only there: the worker releases
/// a warm-up only when it has none.
private final class WarmUp: @unchecked Sendable {
    let texts: [String]
    let font: FontSetup
    let done: ((GlyphWarmUpReport) -> Void)?
    var report = GlyphWarmUpReport()
    let toWorker = Handoff(), back = Handoff()

    init(texts: [String], font: FontSetup, done: ((GlyphWarmUpReport) -> Void)?) {
        (self.texts, self.font, self.done) = (texts, font, done)
    }
}

extension FontSetup {
    /// Lays out and draws each text once with a Pango font map of the calling thread's own, so cairo caches the
    /// fonts and glyphs involved; returns what it laid out and drew. Runs on any thread: everything it makes is its
    /// own and gone when it returns.
    func prepare(_ texts: [String]) -> GlyphWarmUpReport {
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
        var report = GlyphWarmUpReport()
        for text in texts {
            pango_layout_set_text(layout, text, -1)
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_size(layout, &width, &height)   // sizes (what measuring asks)
            // Drawn on a cleared surface, so pixels on it afterwards are this text's.
            cairo_save(cairo)
            cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
            cairo_paint(cairo)
            cairo_restore(cairo)
            cairo_move_to(cairo, 0, 0)
            pango_cairo_show_layout(cairo, layout)             // pictures (what drawing asks)
            report.add(layout, inked: Self.hasInk(surface))
        }
        return report
    }

    /// Whether anything was drawn on an image surface (a pixel not fully transparent).
    private static func hasInk(_ surface: OpaquePointer) -> Bool {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return false }
        let bytes = Int(cairo_image_surface_get_stride(surface)) * Int(cairo_image_surface_get_height(surface))
        return UnsafeBufferPointer(start: data, count: bytes).contains { $0 != 0 }
    }
}

extension GlyphWarmUpReport {
    /// Counts the glyphs of a Pango layout that its fonts have (as drawn too when `inked`), and notes those fonts'
    /// descriptions (with their size in pixels).
    mutating func add(_ layout: OpaquePointer, inked: Bool) {
        var count = -Int(pango_layout_get_unknown_glyphs_count(layout))
        let iterator = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iterator) else { continue }
            count += Int(run.pointee.glyphs.pointee.num_glyphs)
            if let font = run.pointee.item.pointee.analysis.font,
               let description = pango_font_describe_with_absolute_size(font) {
                defer { pango_font_description_free(description) }
                if let text = pango_font_description_to_string(description) {
                    fonts.insert(String(cString: text))
                    g_free(text)
                }
            }
        } while pango_layout_iter_next_run(iterator) != 0
        glyphs += count
        if inked { drawn += count }
    }
}

// Free functions, not main-actor isolated: they run on the worker or hop to GTK's thread themselves.

/// The worker's body: lowers its own priority, prepares the glyphs, and has GTK's main loop run the completion (it
/// holds no reference of its own meanwhile, so the warm-up and its completion are let go of there).
private func warmUpThread(_ data: gpointer?) -> gpointer? {
    guard let data else { return nil }
    let warmUp = Unmanaged<WarmUp>.fromOpaque(data)
    let waited = warmUp._withUnsafeGuaranteedRef { warmUp in
        warmUp.toWorker.take()
        let thread = id_t(snap_thread_id())
        errno = 0
        let nice = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread)
        if errno == 0 { setpriority(__priority_which_t(PRIO_PROCESS.rawValue), thread, min(nice + 10, 19)) }
        warmUp.report = warmUp.font.prepare(warmUp.texts)
        warmUp.back.give()
        return warmUp.done != nil
    }
    // The default main context is GTK's: the completion runs there, from an idle.
    if waited { g_idle_add_full(G_PRIORITY_DEFAULT, warmUpFinished, data, nil) } else { warmUp.release() }
    return nil
}

private func warmUpFinished(_ data: gpointer?) -> gboolean {
    guard let data else { return 0 }
    let box = UInt(bitPattern: data)
    onGtkThread {
        let warmUp = Unmanaged<WarmUp>.fromOpaque(UnsafeRawPointer(bitPattern: box)!).takeRetainedValue()
        warmUp.back.take()
        warmUp.done?(warmUp.report)
    }
    return 0   // G_SOURCE_REMOVE
}
