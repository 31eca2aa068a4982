import CSnapGtk

/// Runs `body` once from a GLib idle callback, however many times `schedule()` is called before it runs:
/// work triggered in bursts, or from inside GTK's layout pass, happens once and outside the frame.
@MainActor
public final class IdleBatch {
    private let body: @MainActor () -> Void
    private var scheduled = false

    public init(_ body: @escaping @MainActor () -> Void) { self.body = body }

    /// Asks for one run of `body` at the next idle moment (before the next frame is laid out).
    public func schedule() {
        guard !scheduled else { return }
        scheduled = true
        // The idle source holds the batch until it has run; GLib's destroy notify lets go of it.
        let retained = Unmanaged.passRetained(self).toOpaque()
        g_idle_add_full(G_PRIORITY_HIGH_IDLE, { data in
            onGtkThread {
                let batch = Unmanaged<IdleBatch>.fromOpaque(data!).takeUnretainedValue()
                batch.scheduled = false
                batch.body()
            }
            return 0
        }, retained) { data in
            Unmanaged<IdleBatch>.fromOpaque(data!).release()
        }
    }
}
