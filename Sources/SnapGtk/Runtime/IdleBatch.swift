import CSnapGtk

/// Runs `body` once from a GLib idle callback, however many times `schedule()` is called before it runs:
/// work triggered in bursts, or from inside GTK's layout pass, happens once and outside the frame.
///
/// A batch that writes into widgets must stop when they go: call `cancel()` from the owner's teardown, or let
/// `cancel(onDestroyOf:)` do it on a widget's `destroy`. A cancelled batch never runs again.
@MainActor
public final class IdleBatch {
    private let body: @MainActor () -> Void
    private let priority: Int32
    /// The pending idle source, 0 when none.
    private var sourceID: guint = 0
    /// Whether `cancel()` was called: the batch never runs again.
    public private(set) var isCancelled = false

    /// A batch that runs `body` (on the main thread) once per burst of `schedule()` calls.
    public convenience init(_ body: @escaping @MainActor () -> Void) {
        self.init(priority: G_PRIORITY_HIGH_IDLE, body)
    }

    /// A batch whose idle source has `priority`: GLib's default idle priority runs it after GTK's layout and drawing
    /// instead of before them.
    init(priority: Int32, _ body: @escaping @MainActor () -> Void) {
        self.priority = priority
        self.body = body
    }

    /// Asks for one run of `body` at the next idle moment (before the next frame is laid out, unless the batch was
    /// made with a lower priority). No-op once cancelled.
    public func schedule() {
        guard sourceID == 0, !isCancelled else { return }
        // The idle source holds the batch until it has run or is removed; GLib's destroy notify lets go of it.
        sourceID = g_idle_add_full(priority, { data in
            onGtkThread {
                let batch = Unmanaged<IdleBatch>.fromOpaque(data!).takeUnretainedValue()
                batch.sourceID = 0
                if !batch.isCancelled { batch.body() }
            }
            return 0
        }, WidgetLifetime.retained(self), WidgetLifetime.release)
    }

    /// Whether a run is pending.
    public var isScheduled: Bool { sourceID != 0 }

    /// Drops a pending run (its idle source is removed at once) and refuses every later `schedule()`.
    public func cancel() {
        isCancelled = true
        guard sourceID != 0 else { return }
        let id = sourceID
        sourceID = 0
        g_source_remove(id)
    }

    /// Cancels the batch when `widget` is destroyed (while it and its children still exist): for a batch whose
    /// body writes into that widget (a component's root, a window) or anything it owns. The widget is not retained.
    public func cancel(onDestroyOf widget: some WidgetRepresentable) {
        cancel(onDestroyOf: widget.rootWidget.pointer)
    }

    /// Cancels the batch when the `GtkWidget *` `widget` is destroyed, for code that works with GTK's C API
    /// directly; applications pass the widget's handle or component instead.
    @_spi(GtkInterop) public func cancel(onDestroyOf widget: UnsafeMutablePointer<GtkWidget>) {
        Signals.connect(widget.raw, "destroy") { [weak self] in self?.cancel() }
    }
}
