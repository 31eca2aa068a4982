import CSnapGtk
import SnapCore
@_spi(GtkInterop) import SnapGtk

/// The QA panel: the event log as it happens, newest at the bottom, one line per event (never wrapped: a long line
/// scrolls sideways), and a tester's tools over it: filters by event and by component, Pause (lines held and counted
/// while paused, shown on resume), Clear, Copy (to the clipboard), Save… (a save dialog), the count of each event and
/// the last gesture's summary and its motion plot (`MotionPlot`, beside the log). The log's view and the plot fill
/// the panel, so moving the divider above it gives them the height. It can be hidden and shown; its widgets are
/// built the first time it is shown, and the lines logged before
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
    /// The file name the save dialog offers.
    static let saveName = "snapscroll-qa-log.jsonl"

    /// The panel's root, once built.
    private(set) var widget: UnsafeMutablePointer<GtkWidget>?
    /// The log's view, once built (`completeLog()` when deferred).
    private var logView: QALogView?
    /// The row of the log's view and the motion plot.
    private var logRow: UnsafeMutablePointer<GtkWidget>?
    /// The log's and the plot's stand-in while `build(deferringLog:)` waits for `completeLog()`.
    private var placeholder: UnsafeMutablePointer<GtkWidget>?
    /// The last gesture's samples, for the motion plot.
    private let motion: MotionRecorder
    private(set) var plot: MotionPlot?
    private var tools: Widget?
    private var pauseButton: UnsafeMutablePointer<GtkWidget>?
    private var filters: QAFilterButton?
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
    private var filter: QALogFilter { filters?.filter ?? QALogFilter() }
    private var stats = QALogStats()
    /// The view must be refilled from `entries` (the filter changed, or Clear).
    private var refill = false
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

    init(log: QALog, motion: MotionRecorder) {
        self.log = log
        self.motion = motion
        motion.follow(log)
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
        // The log's view and, beside it, the motion plot: both take the height the panel is given.
        let row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 8)!
        gtk_widget_set_vexpand(row, 1)
        gtk_box_append(panel.cast(), row)
        logRow = row
        if deferringLog {
            let placeholder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            gtk_widget_add_css_class(placeholder, "view")
            gtk_widget_set_size_request(placeholder, -1, Self.logHeight)
            gtk_widget_set_hexpand(placeholder, 1)
            gtk_box_append(row.cast(), placeholder)
            self.placeholder = placeholder
        } else {
            fillLogRow()
        }
        return panel
    }

    /// Puts the text view and the plot in place of a deferred log area (no-op otherwise), with the lines logged so far.
    func completeLog() {
        guard !closed, let row = logRow, let placeholder else { return }
        self.placeholder = nil
        gtk_box_remove(row.cast(), placeholder)
        fillLogRow()
    }

    private func fillLogRow() {
        guard let row = logRow else { return }
        let view = QALogView()
        logView = view
        gtk_box_append(row.cast(), view.widget)
        let plot = MotionPlot(recorder: motion, log: log)
        self.plot = plot
        gtk_box_append(row.cast(), plot.widget)
        pending = entries.filter(filter.matches)
        refill = true
        batch.schedule()
    }

    /// The window is going: nothing is written into the view from now on.
    func close() {
        closed = true
        flushAtPaint = false
        batch.cancel()
        refresh?.cancel()
        refresh = nil
        logView?.close()
        logView = nil
        placeholder = nil
        pending.removeAll()
        held.removeAll()
    }

    // MARK: - Widgets

    /// The tools' row (wrapping onto more lines in a narrow window): the title, Filters, Pause, Clear, Copy, Save….
    private func makeTools(title: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let filters = QAFilterButton { [weak self] in self?.refilter() }
        self.filters = filters
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
        let row = WrappingRow.make([title, filters.button, pause, clear, copy, save].map { Widget(unsafeRetaining: UnsafeMutableRawPointer($0)) })
        row.addStyleClass("qa-tools")
        tools = row   // the handle holds the row's one reference until the panel goes
        return row.unsafePointer.assumingMemoryBound(to: GtkWidget.self)
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

    private func copyShown() {
        guard let widget else { return }
        flush()
        gdk_clipboard_set_text(gtk_widget_get_clipboard(widget), logView?.text ?? "")
    }

    /// Asks where to save (`SaveDialog`), then writes the lines shown there, one a line. A failure to write is an
    /// `error` event.
    private func saveShown() {
        guard let widget, let root = gtk_widget_get_root(widget) else { return }
        flush()
        let text = logView?.text ?? ""
        let log = log
        // Translators: the save dialog's title.
        SaveDialog.ask(title: tr("Save the QA event log"), name: Self.saveName, over: root) { file in
            var error: UnsafeMutablePointer<GError>?
            let bytes = Array(text.utf8)
            let written = bytes.withUnsafeBufferPointer { buffer in
                g_file_replace_contents(file, buffer.baseAddress.map { UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self) },
                                        gsize(buffer.count), nil, 0, G_FILE_CREATE_REPLACE_DESTINATION, nil, nil, &error)
            }
            if written == 0 {
                log.error("cannot save the QA event log to \(SaveDialog.name(of: file)): \(error.map { String(cString: $0.pointee.message) } ?? "unknown error")")
                g_error_free(error)
            }
        }
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
        guard let logView else { return }
        if refill {
            refill = false
            logView.clear()
        }
        logView.append(pending)
        pending.removeAll()
    }
}
