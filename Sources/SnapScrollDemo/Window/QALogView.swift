import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// The QA panel's view of the log: a read-only monospace text view in a scrolled window, one line per event (never
/// wrapped: a long line scrolls sideways rather than widening the panel), at most `QAPanel.maximumLines`, following
/// the newest line while the tester has not scrolled back. Tab leaves it (a log takes no tabs), and it shows a focus
/// ring.
@MainActor
final class QALogView {
    /// The scrolled window, to put in the panel.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// Held until `close()`, so the view outlives any batch queued before the window goes.
    private var view: UnsafeMutablePointer<GtkWidget>?
    /// The view's vertical adjustment (its scrolled window's), set to show the log's end.
    private var adjustment: UnsafeMutablePointer<GtkAdjustment>?
    /// Whether the view shows the log's last line and keeps showing it as lines come (new lines bring it back there).
    private var followsEnd = true
    /// Set while the view itself moves, so that move is not taken for the tester's scrolling.
    private var movingToEnd = false
    /// Lines in the view's buffer.
    private var lines = 0

    init() {
        let view = gtk_text_view_new()!
        gtk_text_view_set_editable(view.cast(), 0)
        gtk_text_view_set_cursor_visible(view.cast(), 0)
        gtk_text_view_set_accepts_tab(view.cast(), 0)
        gtk_text_view_set_monospace(view.cast(), 1)
        gtk_text_view_set_wrap_mode(view.cast(), GTK_WRAP_NONE)
        gtk_widget_add_css_class(view, "qa-log")
        snap_accessible_set_label(view, tr("QA event log"))

        let scroller = gtk_scrolled_window_new()!
        // Its ring shows when the log has the focus (a text view without a cursor draws none of its own).
        gtk_widget_add_css_class(scroller, "qa-log-view")
        gtk_scrolled_window_set_child(scroller.opaque, view)
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        // Classic scrollbars: an overlay scrollbar shows itself for every new line and then wakes the window every
        // 500 ms until it hides (2-3 times in the first seconds of an idle window, the benchmark's idle row).
        gtk_scrolled_window_set_overlay_scrolling(scroller.opaque, 0)
        gtk_widget_set_size_request(scroller, -1, QAPanel.logHeight)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_widget_set_hexpand(scroller, 1)
        widget = scroller
        g_object_ref(view)
        self.view = view
        // The view follows the log's end (while the tester has not scrolled back) by setting its adjustment: GtkTextView's
        // own scrolling to a mark animates, and while the log grew to its 200 lines each new line kept GTK's frame clock
        // running, so an input that came then waited for the clock's next frame (about half the wheel notches in that
        // time took 14-18 ms to show instead of 1.5).
        let adjustment = gtk_scrolled_window_get_vadjustment(scroller.opaque)!
        Signals.connect(UnsafeMutableRawPointer(adjustment), "changed") { [weak self] in self?.followEnd() }
        Signals.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak self] in
            guard let self, !self.movingToEnd else { return }
            // The tester scrolled: the view stays where they took it, unless that is the end.
            self.followsEnd = gtk_adjustment_get_value(adjustment) >= Self.endValue(adjustment) - 1
        }
        self.adjustment = adjustment
    }

    /// The window is going: nothing is written into the view from now on.
    func close() {
        if let view { g_object_unref(view) }
        view = nil
        adjustment = nil
    }

    /// Empties the view.
    func clear() {
        guard let view else { return }
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(view.cast()), "", 0)
        lines = 0
    }

    /// Adds `entries` at the end (the oldest lines go beyond `QAPanel.maximumLines`) and shows the end.
    func append(_ entries: [QALog.Entry]) {
        guard let view, !entries.isEmpty else { return }
        let buffer = gtk_text_view_get_buffer(view.cast())!
        var iter = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &iter)
        gtk_text_buffer_insert(buffer, &iter, entries.map(\.text).joined(separator: "\n") + "\n", -1)
        lines += entries.count
        if lines > QAPanel.maximumLines {
            var start = GtkTextIter(), cut = GtkTextIter()
            gtk_text_buffer_get_start_iter(buffer, &start)
            gtk_text_buffer_get_iter_at_line(buffer, &cut, Int32(lines - QAPanel.maximumLines))
            gtk_text_buffer_delete(buffer, &start, &cut)
            lines = QAPanel.maximumLines
        }
        followsEnd = true
        followEnd()
    }

    /// The lines the view shows, one a line.
    var text: String {
        guard let view else { return "" }
        let buffer = gtk_text_view_get_buffer(view.cast())!
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    private static func endValue(_ adjustment: UnsafeMutablePointer<GtkAdjustment>) -> Double {
        gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
    }

    /// Shows the log's end at once, when the view follows it (its height and lines as GTK last measured them: the
    /// adjustment's `changed` brings it there again when they grow).
    private func followEnd() {
        guard followsEnd, let adjustment else { return }
        movingToEnd = true
        gtk_adjustment_set_value(adjustment, Self.endValue(adjustment))
        movingToEnd = false
    }
}
