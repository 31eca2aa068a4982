import CSnapGtk
import SnapCore
@_spi(GtkInterop) import SnapGtk

/// The QA panel: the event log as it happens, newest at the bottom, one line per event (never wrapped: a long line
/// scrolls sideways), and a tester's tools over it: filters by event and by component, Pause (lines held and counted
/// while paused, shown on resume), Clear, Copy (to the clipboard), Save… (a save dialog), the count of each event and
/// the last gesture's summary. The log's view fills the panel, so moving the divider above it gives the log the
/// height. It can be hidden and shown; its widgets are built the first time it is shown, and the lines logged before
/// that are kept (the newest `maximumLines`) and shown then.
///
/// Lines reach the text view batched, from a timer (new lines) or an idle callback (the tester's own actions), never
/// as they come: a component may report from inside GTK's layout pass (a resize settles it, a page changes
/// mid-animation), and changing the text view then makes GTK 4.8 draw its scrollbar before allocating it (a warning
/// on standard error). Both write only while the window lives: `close()` (the window's `destroy`) drops the view and
/// cancels them.
@MainActor
final class QAPanel {
    /// Lines kept; older ones scroll away.
    static let maximumLines = 200
    /// The least height (px) of the log's scrolled area; it takes whatever more the panel is given.
    static let logHeight: Int32 = 80
    /// The filters' choices: "All" first, then the events the contract names, and the components (page IDs).
    static let eventChoices = ["ready", "settled", "selected", "page", "tapped", "layout", "gesture", "switched",
                               "setting", "resized", "error"]
    static let componentChoices = DemoOptions.pageIDs
    /// The file name the save dialog offers.
    static let saveName = "snapscroll-qa-log.jsonl"

    /// The panel's root, once built.
    private(set) var widget: UnsafeMutablePointer<GtkWidget>?
    private var view: UnsafeMutablePointer<GtkWidget>?
    /// The log's stand-in while `build(deferringLog:)` waits for `completeLog()`.
    private var placeholder: UnsafeMutablePointer<GtkWidget>?
    /// The view's vertical adjustment (its scrolled window's), set to show the log's end.
    private var logAdjustment: UnsafeMutablePointer<GtkAdjustment>?
    /// Whether the view shows the log's last line and keeps showing it as lines come (new lines bring it back there).
    private var followsEnd = true
    /// Set while the panel itself moves the view, so that move is not taken for the tester's scrolling.
    private var movingToEnd = false
    private var tools: Widget?
    private var pauseButton: UnsafeMutablePointer<GtkWidget>?
    private var filtersButton: UnsafeMutablePointer<GtkWidget>?
    private var countsLabel: UnsafeMutablePointer<GtkWidget>?
    private var gestureLabel: UnsafeMutablePointer<GtkWidget>?
    private let log: QALog

    /// The lines taken (the newest `maximumLines`), whatever the filter; the view shows those it lets through.
    private var entries: [QALog.Entry] = []
    /// Lines taken that the view has not shown yet.
    private var pending: [QALog.Entry] = []
    /// Lines that came while paused, taken on resume.
    private var held: [QALog.Entry] = []
    private var paused = false
    private var filter = QALogFilter()
    private var stats = QALogStats()
    /// The view must be refilled from `entries` (the filter changed, or Clear).
    private var refill = false
    /// Lines in the view's buffer.
    private var lines = 0
    private var closed = false
    /// What the tester's own actions change (filters, Pause, Clear) shows at the next idle moment.
    private lazy var batch = IdleBatch { [weak self] in self?.flush() }
    /// New lines show `refreshInterval` ms after they come, together, and not while a gesture moves a component
    /// (from its `gesture` start to the next `settled`, for at most `longestHold` ms): drawn in the frame of the input
    /// that caused them, or in a frame of the motion, the view's new lines, its scrolling and labels held that frame
    /// up by several ms.
    private var refresh: MainLoopTimer?
    static let refreshInterval = 160
    static let longestHold = 2_000
    /// When the gesture in progress started (the log's `t`), nil when none is.
    private var gestureStart: Int?
    /// A `settled` ends a motion, and its lines show in the frame right after the one that drew the motion's end
    /// (the window's frame clock's next `after-paint` flushes them). Left to the timer, the panel's frame fell at any
    /// moment of the next 160 ms, and GTK paces frames: an input in the frame period after it waited for the next.
    private var flushAtPaint = false
    /// The frame clock whose `after-paint` this panel hears (connected once; the handler goes with the clock).
    private var paintClock: UnsafeMutableRawPointer?

    init(log: QALog) {
        self.log = log
        log.observeEntries { [weak self] entry in self?.append(entry) }
    }

    /// Builds the widgets (first call only) and returns the root. With `deferringLog`, the log's area is a plain
    /// panel of the same size and colour until `completeLog()` puts the text view in it: a window's first frame
    /// shows the panel's final layout without paying for a text view that has no line to show yet (the first line,
    /// `ready`, comes after that frame).
    func build(deferringLog: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        if let widget { return widget }
        let title = gtk_label_new(tr("QA event log"))!
        gtk_widget_add_css_class(title, "qa-title")
        gtk_label_set_xalign(title.opaque, 0)
        let panel = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_widget_add_css_class(panel, "qa-panel")
        // The title shares the tools' row and the summary shares the counts' line, so the panel takes little more
        // height from the page than the log alone did.
        gtk_box_append(panel.cast(), makeTools(title: title))
        let info = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 24)!
        gestureLabel = makeInfoLabel("qa-gesture")
        countsLabel = makeInfoLabel("qa-counts")
        gtk_box_append(info.cast(), gestureLabel!)
        gtk_box_append(info.cast(), countsLabel!)
        gtk_box_append(panel.cast(), info)
        widget = panel
        updateInfo()
        if deferringLog {
            let placeholder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_add_css_class(placeholder, "view")
            gtk_widget_set_size_request(placeholder, -1, Self.logHeight)
            gtk_widget_set_vexpand(placeholder, 1)
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

    /// The window is going: nothing is written into the view from now on.
    func close() {
        closed = true
        flushAtPaint = false
        batch.cancel()
        refresh?.cancel()
        refresh = nil
        if let view { g_object_unref(view) }
        view = nil
        placeholder = nil
        logAdjustment = nil
        pending.removeAll()
        held.removeAll()
    }

    // MARK: - Widgets

    /// The tools' row (wrapping onto more lines in a narrow window): the title, Filters, Pause, Clear, Copy, Save….
    private func makeTools(title: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let filters = makeFilters()
        // Translators: the QA panel's button that holds new lines back (a verb).
        let pause = gtk_toggle_button_new_with_label(tr("Pause"))!
        Signals.connect(pause.raw, "toggled") { [weak self] in
            self?.setPaused(gtk_toggle_button_get_active(UnsafeMutablePointer(OpaquePointer(pause))) != 0)
        }
        pauseButton = pause
        // Translators: the QA panel's buttons (verbs) and their tooltips; "the lines shown" are the log's lines in
        // the panel's view.
        let clear = makeButton(tr("Clear"), tooltip: tr("Empty the view and the counts (not the log on standard output)")) { $0.clear() }
        let copy = makeButton(tr("Copy"), tooltip: tr("Copy the lines shown to the clipboard")) { $0.copyShown() }
        // Translators: the ellipsis says the button opens a dialog.
        let save = makeButton(tr("Save…"), tooltip: tr("Save the lines shown to a file")) { $0.saveShown() }
        let row = WrappingRow.make([title, filters, pause, clear, copy, save].map { Widget(unsafeRetaining: UnsafeMutableRawPointer($0)) })
        row.addStyleClass("qa-tools")
        tools = row   // the handle holds the row's one reference until the panel goes
        return row.unsafePointer.assumingMemoryBound(to: GtkWidget.self)
    }

    /// The filters behind one button, "Filters", which names the filters set while any is: its popover, a drop-down
    /// of events and one of components, is built the first time it opens. Built with the window, the two drop-downs
    /// were the largest part of the panel's cost before the first frame (about 3 % of the process's CPU time then).
    private func makeFilters() -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_menu_button_new()!
        gtk_widget_add_css_class(button, "qa-filters")
        // Translators: the tooltip of the QA panel's button that opens its filters.
        gtk_widget_set_tooltip_text(button, tr("Show only the lines of one event or one component"))
        filtersButton = button
        updateFiltersLabel()
        LazyPopup.attach(to: button) { [weak self] menuButton in
            guard let self, gtk_menu_button_get_popover(menuButton) == nil else { return }
            // Translators: the QA panel's filters (their accessible names and tooltips, then their first choice);
            // the other choices are the log's event names and page IDs, which stay as they are.
            let event = self.makeFilter(label: tr("Filter by event"), all: tr("All events"), choices: Self.eventChoices) { [weak self] in
                self?.filter.event = $0
                self?.refilter()
            }
            let component = self.makeFilter(label: tr("Filter by component"), all: tr("All components"),
                                            choices: Self.componentChoices) { [weak self] in
                self?.filter.component = $0
                self?.refilter()
            }
            let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
            gtk_box_append(box.cast(), event)
            gtk_box_append(box.cast(), component)
            let popover = gtk_popover_new()!
            gtk_popover_set_child(popover.cast(), box)
            gtk_menu_button_set_popover(menuButton, popover)
        }
        return button
    }

    /// "Filters", or "Filters: settled, strip" while any is set (the log's names, as its lines have them).
    private func updateFiltersLabel() {
        guard !closed, let filtersButton else { return }
        let set = [filter.event, filter.component].compactMap { $0 }
        // Translators: the QA panel's Filters button, then the same naming the filters set (the log's event names and
        // page IDs, untranslated, separated by commas).
        let label = set.isEmpty ? tr("Filters") : tr("Filters: %s", .text(set.joined(separator: ", ")))
        gtk_menu_button_set_label(filtersButton.opaque, label)
        snap_accessible_set_label(filtersButton, label)   // GTK 4.8 names only the button inside
    }

    /// A drop-down of "All …" then `choices`; `chosen` hears the choice (nil for All).
    private func makeFilter(label: String, all: String, choices: [String],
                            chosen: @escaping @MainActor (String?) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let list = gtk_string_list_new(nil)
        gtk_string_list_append(list, all)
        for choice in choices { gtk_string_list_append(list, choice) }
        let dropDown = gtk_drop_down_new(list, nil)!   // takes the list
        snap_accessible_set_label(dropDown, label)
        gtk_widget_set_tooltip_text(dropDown, label)
        Signals.connectNotify(dropDown.raw, property: "selected") {
            let index = Int(gtk_drop_down_get_selected(dropDown.opaque))
            chosen(index >= 1 && index <= choices.count ? choices[index - 1] : nil)
        }
        return dropDown
    }

    private func makeButton(_ title: String, tooltip: String,
                            _ run: @escaping @MainActor (QAPanel) -> Void) -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_with_label(title)!
        gtk_widget_set_tooltip_text(button, tooltip)
        Signals.connect(button.raw, "clicked") { [weak self] in if let self { run(self) } }
        return button
    }

    /// A line of information under the tools, read by screen readers as the label's text. One line, ellipsized at
    /// the end in a narrow window: it changes with every event, and a wrapping label is shaped again at every width
    /// GTK's height-for-width layout tries, which made a wheel notch's first frame 6 to 12 ms late.
    private func makeInfoLabel(_ cssClass: String) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(nil)!
        gtk_widget_add_css_class(label, "qa-info")
        gtk_widget_add_css_class(label, cssClass)
        gtk_label_set_xalign(label.opaque, 0)
        gtk_label_set_ellipsize(label.opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_single_line_mode(label.opaque, 1)
        gtk_widget_set_hexpand(label, 1)
        return label
    }

    /// The log's scrolled text view, filling what the panel is given; lines scroll sideways rather than widening the
    /// panel (and with it the window). Tab leaves it (a log takes no tabs), and it shows a focus ring.
    private func makeLog() -> UnsafeMutablePointer<GtkWidget> {
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
        // The view follows the log's end (while the tester has not scrolled back) by setting its adjustment: GtkTextView's
        // own scrolling to a mark animates, and while the log grew to its 200 lines each new line kept GTK's frame clock
        // running, so an input that came then waited for the clock's next frame (about half the wheel notches in that
        // time took 14-18 ms to show instead of 1.5).
        let adjustment = gtk_scrolled_window_get_vadjustment(scroller.opaque)!
        Signals.connect(UnsafeMutableRawPointer(adjustment), "changed") { [weak self] in self?.followEnd(adjustment) }
        Signals.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak self] in
            guard let self, !self.movingToEnd else { return }
            // The tester scrolled: the view stays where they took it, unless that is the end.
            self.followsEnd = gtk_adjustment_get_value(adjustment) >= Self.endValue(adjustment) - 1
        }
        logAdjustment = adjustment
        gtk_widget_set_size_request(scroller, -1, Self.logHeight)
        gtk_widget_set_vexpand(scroller, 1)
        // Held until the window goes, so the view outlives any batch queued before that.
        g_object_ref(view)
        self.view = view
        pending = entries.filter(filter.matches)
        refill = true
        batch.schedule()
        return scroller
    }

    // MARK: - Lines

    private func append(_ entry: QALog.Entry) {
        guard !closed else { return }
        if paused {
            held.append(entry)
        } else {
            take(entry)
        }
        switch entry.event {
        case "gesture" where entry.string("phase") == "start": gestureStart = entry.time
        case "settled":
            gestureStart = nil
            flushAfterNextPaint()
        default: break
        }
        if widget != nil { scheduleRefresh() }
    }

    /// Shows the lines pending in the frame after the next one the window paints (the refresh timer stays the
    /// fallback while the panel is not drawn).
    private func flushAfterNextPaint() {
        guard let widget, let clock = gtk_widget_get_frame_clock(widget).map({ UnsafeMutableRawPointer($0) }) else { return }
        if paintClock != clock {
            paintClock = clock
            Signals.connect(clock, "after-paint") { [weak self] in
                guard let self, self.flushAtPaint else { return }
                self.flushAtPaint = false
                self.refresh?.cancel()
                self.refresh = nil
                self.batch.schedule()
            }
        }
        flushAtPaint = true
    }

    /// Flushes `refreshInterval` ms from now, or later while a gesture is in progress (up to `longestHold`).
    private func scheduleRefresh() {
        guard refresh == nil else { return }
        refresh = MainLoopTimer.after(milliseconds: Self.refreshInterval) { [weak self] in
            guard let self else { return }
            self.refresh = nil
            if let start = self.gestureStart, self.log.elapsed - start < Self.longestHold {
                self.scheduleRefresh()
            } else {
                self.flush()
            }
        }
    }

    /// A line joins the panel: counted, kept, and queued for the view when the filter lets it through.
    private func take(_ entry: QALog.Entry) {
        stats.add(entry)
        entries.append(entry)
        if entries.count > Self.maximumLines { entries.removeFirst(entries.count - Self.maximumLines) }
        guard filter.matches(entry) else { return }
        pending.append(entry)
        if pending.count > Self.maximumLines { pending.removeFirst(pending.count - Self.maximumLines) }
    }

    private func setPaused(_ on: Bool) {
        guard on != paused else { return }
        paused = on
        if !on {
            let resumed = held
            held.removeAll()
            for entry in resumed { take(entry) }
        }
        batch.schedule()
    }

    /// The view shows what the new filter lets through, from the lines kept.
    private func refilter() {
        updateFiltersLabel()
        pending = entries.filter(filter.matches)
        refill = true
        batch.schedule()
    }

    /// Empties the view, the counts and the summary (and the lines held while paused); the log itself goes on.
    private func clear() {
        entries.removeAll()
        pending.removeAll()
        held.removeAll()
        stats.clear()
        refill = true
        batch.schedule()
    }

    /// The lines the view shows, one a line.
    private func shownText() -> String {
        guard let view else { return "" }
        let buffer = gtk_text_view_get_buffer(view.cast())!
        var start = GtkTextIter(), end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        guard let text = gtk_text_buffer_get_text(buffer, &start, &end, 0) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    private func copyShown() {
        guard let widget else { return }
        flush()
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), shownText())
    }

    /// Asks where to save (GTK's save dialog), then writes the lines shown there, one a line. A failure to write is
    /// an `error` event.
    private func saveShown() {
        guard let widget, let root = gtk_widget_get_root(widget) else { return }
        flush()
        let text = shownText()
        // Translators: the save dialog's title and buttons; the underscore marks the letter Alt goes with.
        let chooser = gtk_file_chooser_native_new(tr("Save the QA event log"), UnsafeMutablePointer<GtkWindow>(root),
                                                  GTK_FILE_CHOOSER_ACTION_SAVE, tr("_Save"), tr("_Cancel"))!
        gtk_file_chooser_set_current_name(chooser, Self.saveName)
        let dialog = UnsafeMutablePointer<GtkNativeDialog>(chooser)
        gtk_native_dialog_set_modal(dialog, 1)
        let log = log
        Signals.connectValue(UnsafeMutableRawPointer(chooser), "response") { response in
            defer { g_object_unref(UnsafeMutableRawPointer(chooser)) }
            guard Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue,
                  let file = gtk_file_chooser_get_file(chooser) else { return }
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            var error: UnsafeMutablePointer<GError>?
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBufferPointer { buffer in
                g_file_replace_contents(file, buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                                        gsize(buffer.count), nil, 0, G_FILE_CREATE_REPLACE_DESTINATION, nil, nil, &error)
            }
            if written == 0 {
                let name = g_file_get_parse_name(file).map { pointer in defer { g_free(pointer) }; return String(cString: pointer) } ?? "?"
                log.error("cannot save the QA event log to \(name): \(error.map { String(cString: $0.pointee.message) } ?? "unknown error")")
                g_error_free(error)
            }
        }
        gtk_native_dialog_show(dialog)
    }

    // MARK: - Output

    private func updateInfo() {
        if let gestureLabel {
            // Translators: the QA panel's summary of the last gesture (its input, component, items, duration, peak
            // speed), or "none yet" before the first.
            let text = tr("Last gesture: %s", .text(stats.lastGesture?.text ?? tr("none yet")))
            gtk_label_set_text(gestureLabel.opaque, text)
            gtk_widget_set_tooltip_text(gestureLabel, text)   // the whole line, when a narrow window ellipsizes it
        }
        if let countsLabel {
            let counts = stats.countsText
            // Translators: the QA panel's count of each event since Clear ("settled 3 · gesture 4": the log's event
            // names, untranslated), or "none".
            let text = tr("Counts: %s", .text(counts.isEmpty ? tr("none") : counts))
            gtk_label_set_text(countsLabel.opaque, text)
            gtk_widget_set_tooltip_text(countsLabel, text)
        }
        if let pauseButton {
            // Translators: the Pause button while paused: Resume, with the count of lines held since.
            let resume = held.isEmpty ? tr("Resume") : tr.plural("Resume (%d new)", "Resume (%d new)", count: held.count, .int(held.count))
            gtk_button_set_label(pauseButton.cast(), paused ? resume : tr("Pause"))
        }
    }

    private func flush() {
        guard !closed else { return }
        updateInfo()
        guard let view else { return }
        let buffer = gtk_text_view_get_buffer(view.cast())!
        if refill {
            refill = false
            gtk_text_buffer_set_text(buffer, "", 0)
            lines = 0
        }
        guard !pending.isEmpty else { return }
        var iter = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &iter)
        gtk_text_buffer_insert(buffer, &iter, pending.map(\.text).joined(separator: "\n") + "\n", -1)
        lines += pending.count
        pending.removeAll()
        if lines > Self.maximumLines {
            var start = GtkTextIter(), cut = GtkTextIter()
            gtk_text_buffer_get_start_iter(buffer, &start)
            gtk_text_buffer_get_iter_at_line(buffer, &cut, Int32(lines - Self.maximumLines))
            gtk_text_buffer_delete(buffer, &start, &cut)
            lines = Self.maximumLines
        }
        followsEnd = true
        if let logAdjustment { followEnd(logAdjustment) }
    }

    private static func endValue(_ adjustment: UnsafeMutablePointer<GtkAdjustment>) -> Double {
        gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
    }

    /// Shows the log's end at once, when the view follows it (its height and lines as GTK last measured them: the
    /// adjustment's `changed` brings it there again when they grow).
    private func followEnd(_ adjustment: UnsafeMutablePointer<GtkAdjustment>) {
        guard followsEnd, !closed else { return }
        movingToEnd = true
        gtk_adjustment_set_value(adjustment, Self.endValue(adjustment))
        movingToEnd = false
    }
}
