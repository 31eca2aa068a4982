import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// The QA panel: the event log as it happens, newest at the bottom, one line per event (never wrapped: a long line
/// scrolls sideways). It can be hidden and shown; its widgets are built the first time it is shown, and the lines
/// logged before that are kept (the newest `maximumLines`) and shown then.
///
/// Lines reach the text view from an idle callback, batched, never as they come: a component may report from inside
/// GTK's layout pass (a resize settles it, a page changes mid-animation), and changing the text view then makes GTK
/// 4.8 draw its scrollbar before allocating it (a warning on standard error). The batch writes only while the
/// window lives: `close()` (the window's `destroy`) drops the view, and a batch still queued then does nothing.
@MainActor
final class QAPanel {
    /// Lines kept; older ones scroll away.
    static let maximumLines = 200
    /// Height (px) of the log's scrolled area.
    static let logHeight: Int32 = 110

    /// The panel's root, once built.
    private(set) var widget: UnsafeMutablePointer<GtkWidget>?
    private var view: UnsafeMutablePointer<GtkWidget>?
    /// The log's stand-in while `build(deferringLog:)` waits for `completeLog()`.
    private var placeholder: UnsafeMutablePointer<GtkWidget>?
    private var endMark: UnsafeMutablePointer<GtkTextMark>?
    /// Lines the view has not taken yet.
    private var pending: [String] = []
    /// Lines in the view's buffer.
    private var lines = 0
    private var closed = false
    private lazy var batch = IdleBatch { [weak self] in self?.flush() }

    init(log: QALog) {
        log.observe { [weak self] line in self?.append(line) }
    }

    /// Builds the widgets (first call only) and returns the root. With `deferringLog`, the log's area is a plain
    /// panel of the same size and colour until `completeLog()` puts the text view in it: a window's first frame
    /// shows the panel's final layout without paying for a text view that has no line to show yet (the first line,
    /// `ready`, comes after that frame).
    func build(deferringLog: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        if let widget { return widget }
        let title = gtk_label_new("QA event log")!
        gtk_widget_add_css_class(title, "qa-title")
        gtk_label_set_xalign(title.opaque, 0)
        let panel = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_widget_add_css_class(panel, "qa-panel")
        gtk_box_append(panel.cast(), title)
        widget = panel
        if deferringLog {
            let placeholder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_add_css_class(placeholder, "view")
            gtk_widget_set_size_request(placeholder, -1, Self.logHeight)
            gtk_box_append(panel.cast(), placeholder)
            self.placeholder = placeholder
        } else {
            gtk_box_append(panel.cast(), makeLog())
        }
        return panel
    }

    /// Puts the text view in place of a deferred log area (no-op otherwise), with the lines logged so far.
    func completeLog() {
        guard !closed, let panel = widget, let placeholder else { return }
        self.placeholder = nil
        gtk_box_remove(panel.cast(), placeholder)
        gtk_box_append(panel.cast(), makeLog())
    }

    /// The log's scrolled text view; lines scroll sideways rather than widening the panel (and with it the window).
    private func makeLog() -> UnsafeMutablePointer<GtkWidget> {
        let view = gtk_text_view_new()!
        gtk_text_view_set_editable(view.cast(), 0)
        gtk_text_view_set_cursor_visible(view.cast(), 0)
        gtk_text_view_set_monospace(view.cast(), 1)
        gtk_text_view_set_wrap_mode(view.cast(), GTK_WRAP_NONE)
        gtk_widget_add_css_class(view, "qa-log")
        snap_accessible_set_label(view, "QA event log")
        let buffer = gtk_text_view_get_buffer(view.cast())!
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        endMark = gtk_text_buffer_create_mark(buffer, "end", &end, 0)

        let scroller = gtk_scrolled_window_new()!
        // Its ring shows when the log has the focus (a text view without a cursor draws none of its own).
        gtk_widget_add_css_class(scroller, "qa-log-view")
        gtk_scrolled_window_set_child(scroller.opaque, view)
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_size_request(scroller, -1, Self.logHeight)
        // Held until the window goes, so the view outlives any batch queued before that.
        g_object_ref(view)
        self.view = view
        if !pending.isEmpty { batch.schedule() }
        return scroller
    }

    /// The window is going: nothing is written into the view from now on.
    func close() {
        closed = true
        batch.cancel()
        if let view { g_object_unref(view) }
        view = nil
        placeholder = nil
        endMark = nil
        pending.removeAll()
    }

    private func append(_ line: String) {
        guard !closed else { return }
        pending.append(line)
        if pending.count > Self.maximumLines { pending.removeFirst(pending.count - Self.maximumLines) }
        if view != nil { batch.schedule() }
    }

    private func flush() {
        guard !closed, let view, let endMark, !pending.isEmpty else { return }
        let buffer = gtk_text_view_get_buffer(view.cast())!
        var iter = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &iter)
        gtk_text_buffer_insert(buffer, &iter, pending.joined(separator: "\n") + "\n", -1)
        lines += pending.count
        pending.removeAll()
        if lines > Self.maximumLines {
            var start = GtkTextIter(), cut = GtkTextIter()
            gtk_text_buffer_get_start_iter(buffer, &start)
            gtk_text_buffer_get_iter_at_line(buffer, &cut, Int32(lines - Self.maximumLines))
            gtk_text_buffer_delete(buffer, &start, &cut)
            lines = Self.maximumLines
        }
        gtk_text_view_scroll_mark_onscreen(view.cast(), endMark)
    }
}
