import CSnapGtk

/// A main-loop timer (a GLib timeout): runs its closure on GTK's thread after a delay, once or repeatedly. GLib
/// holds the timer while it is scheduled and lets go of it when it ends, so the returned handle is needed only to
/// cancel it early.
///
/// The closure is kept until the timer ends: capture widgets `weak` when they may go away before it.
@MainActor
public final class MainLoopTimer {
    private let body: () -> Bool
    private var source: guint = 0

    private init(body: @escaping () -> Bool) { self.body = body }

    /// Runs `body` once, `milliseconds` from now.
    @discardableResult
    public static func after(milliseconds: Int, _ body: @escaping () -> Void) -> MainLoopTimer {
        every(milliseconds: milliseconds) { body(); return false }
    }

    /// Runs `body` every `milliseconds` for as long as it returns true (or until ``cancel()``).
    @discardableResult
    public static func every(milliseconds: Int, _ body: @escaping () -> Bool) -> MainLoopTimer {
        let timer = MainLoopTimer(body: body)
        timer.schedule(milliseconds)
        return timer
    }

    /// Whether the timer is still scheduled.
    public var isScheduled: Bool { source != 0 }

    /// Stops the timer; its closure does not run again. Nothing happens when it has ended already.
    public func cancel() {
        guard source != 0 else { return }
        let id = source
        source = 0
        g_source_remove(id)
    }

    private func schedule(_ milliseconds: Int) {
        let retained = Unmanaged.passRetained(self).toOpaque()
        source = g_timeout_add_full(G_PRIORITY_DEFAULT, guint(clamping: max(0, milliseconds)), { data in
            onGtkThread {
                let timer = Unmanaged<MainLoopTimer>.fromOpaque(data!).takeUnretainedValue()
                return timer.body() ? 1 : 0
            }
        }, retained) { data in
            // Called when the source ends, by returning false or by removal: the one release of GLib's hold.
            onGtkThread {
                let timer = Unmanaged<MainLoopTimer>.fromOpaque(data!).takeRetainedValue()
                timer.source = 0
            }
        }
    }
}
