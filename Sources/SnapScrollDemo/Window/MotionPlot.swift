import CSnapGtk
@_spi(GtkInterop) @_spi(Testing) import SnapGtk

/// The QA panel's motion plot: how the last gesture moved its component (offset and speed over time, the release,
/// the projected rest, the target and the settle; `MotionPlotPainter` draws it), redrawn when a gesture settles,
/// never during one. A widget of ours drawn with GTK's snapshot API (`SnapshotWidget`), an image to screen readers
/// named "Motion plot: …" with the gesture's figures, and a button over its corner that saves it as a PNG.
@MainActor
final class MotionPlot {
    /// The least size (px): the log's least height, so the panel is no taller with the plot beside the log.
    static let minimumSize: (width: Int32, height: Int32) = (200, QAPanel.logHeight)
    /// The file name the save dialog offers.
    static let saveName = "snapscroll-motion-plot.png"

    /// The plot and its Save button, side by side in an overlay.
    let widget: UnsafeMutablePointer<GtkWidget>
    private var area: UnsafeMutablePointer<GtkWidget>!
    private let log: QALog
    private(set) var trace: MotionTrace?
    /// Set on the widget's `destroy`: a gesture settling later (in the same dispatch as a replay closing the window)
    /// draws nothing into widgets that are going.
    private var closed = false

    init(recorder: MotionRecorder, log: QALog) {
        self.log = log
        trace = recorder.tracker.last
        widget = gtk_overlay_new()!
        area = SnapshotWidget.make(role: GTK_ACCESSIBLE_ROLE_IMG, owner: self) { plot, area, snapshot, width, height in
            MotionPlotPainter(snapshot: snapshot, widget: area).draw(plot.trace, width: width, height: height)
        }
        gtk_widget_add_css_class(area, "motion-plot")
        gtk_widget_add_css_class(area, "view")   // the theme's background for content, as the log's view has
        gtk_widget_set_size_request(area, Self.minimumSize.width, Self.minimumSize.height)
        gtk_widget_set_hexpand(area, 1)
        gtk_widget_set_vexpand(area, 1)
        gtk_overlay_set_child(widget.opaque, area)
        gtk_overlay_add_overlay(widget.opaque, makeSaveButton())
        describe()
        recorder.onTrace = { [weak self] trace in self?.show(trace) }
        WidgetLifetime.tie(self, to: widget) { plot in plot.closed = true }
    }

    /// A small button at the plot's bottom end corner: Save the plot as an image.
    private func makeSaveButton() -> UnsafeMutablePointer<GtkWidget> {
        let button = gtk_button_new_from_icon_name("document-save-symbolic")!
        gtk_widget_add_css_class(button, "flat")
        gtk_widget_add_css_class(button, "motion-plot-save")
        gtk_widget_set_halign(button, GTK_ALIGN_END)
        gtk_widget_set_valign(button, GTK_ALIGN_END)
        // Translators: the tooltip and accessible name of the motion plot's button that saves it as a PNG image.
        let name = tr("Save the motion plot as an image…")
        gtk_widget_set_tooltip_text(button, name)
        snap_accessible_set_label(button, name)
        Signals.connect(button.raw, "clicked") { [weak self] in self?.save() }
        return button
    }

    /// Draws `trace` (a gesture just settled) and says so to screen readers.
    func show(_ trace: MotionTrace) {
        guard !closed else { return }
        self.trace = trace
        describe()
        gtk_widget_queue_draw(area)
    }

    /// The accessible name ("Motion plot: drag on strip: 0 → 2, 412 ms, peak 2350 px/s") and a description of what
    /// the picture shows, with the release, projected rest, target and settle in figures.
    private func describe() {
        // Translators: the motion plot's accessible name: "Motion plot", then the last gesture's summary (the log's
        // words: input, component, item indices, ms, px/s) or "no gesture yet".
        let name = tr("Motion plot: %s", .text(trace?.summary ?? tr("no gesture yet")))
        snap_accessible_set_label(area, name)
        gtk_widget_set_tooltip_text(area, name)
        guard let trace else {
            // Translators: the motion plot's accessible description before the first gesture.
            snap_accessible_set_description(area, tr("The offset and speed of the next gesture over time"))
            return
        }
        let release = trace.release.map {
            // Translators: part of the motion plot's description: when the gesture let go (ms after it began), its
            // velocity, where that would coast the content and the target's resting offset (px).
            tr("released at %d ms at %d px/s, projected rest %s, target %s", .int(Int(($0.time - trace.start).rounded())),
               .int(Int($0.velocity.rounded())), .text(MotionPlotPainter.pixels($0.projected)),
               .text(trace.targetOffset.map(MotionPlotPainter.pixels) ?? "?"))
        } ?? ""
        let settle = trace.settle.map {
            // Translators: part of the motion plot's description: the settle (ms after the gesture began) and offset.
            tr("settled at %d ms at %s", .int(Int(($0.time - trace.start).rounded())), .text(MotionPlotPainter.pixels($0.offset)))
        } ?? ""
        // Translators: the motion plot's accessible description: the number of samples, then the parts above.
        snap_accessible_set_description(area, tr("Offset and speed over time, %d samples; %s; %s",
                                                 .int(trace.samples.count), .text(release), .text(settle)))
    }

    /// Asks where to save (in the user's documents, as the log's Save… does), then writes the plot there as a PNG.
    private func save() {
        guard let root = gtk_widget_get_root(widget) else { return }
        // Translators: the title of the save dialog of the motion plot.
        SaveDialog.ask(title: tr("Save the motion plot"), name: Self.saveName, over: root) { [weak self] file in
            guard let self else { return }
            if let failure = self.writePNG(to: file) {
                self.log.error("cannot save the motion plot to \(SaveDialog.name(of: file)): \(failure)")
            }
        }
    }

    /// The plot as drawn now (its CSS background and border included), rendered by the window's renderer and
    /// written to `file` as a PNG; nil on success, else why not.
    func writePNG(to file: OpaquePointer) -> String? {
        let width = gtk_widget_get_width(area), height = gtk_widget_get_height(area)
        guard width > 0, height > 0, let native = gtk_widget_get_native(area),
              let renderer = gtk_native_get_renderer(native) else { return "the plot is not shown" }
        let paintable = gtk_widget_paintable_new(area)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return "nothing was drawn" }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(origin: graphene_point_t(x: 0, y: 0),
                                       size: graphene_size_t(width: Float(width), height: Float(height)))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return "rendering failed" }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        guard let path = g_file_get_path(file) else { return "not a local file" }
        defer { g_free(path) }
        return gdk_texture_save_to_png(texture, path) != 0 ? nil : "cannot write the file"
    }
}
