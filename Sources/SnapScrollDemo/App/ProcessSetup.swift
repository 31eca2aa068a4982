import CSnapGtk
import Glibc
import SnapGtk

/// What the process does about its surroundings before anything else: standard streams that were closed, and
/// signals.
enum ProcessSetup {
    /// Opens `/dev/null` on each of standard input, output and error that is closed, so the next file or socket the
    /// process opens (the display connection, a content file) can never take their place: with standard output
    /// closed, the QA log would otherwise be written into whatever took descriptor 1. Call it before anything opens a
    /// file.
    static func reopenClosedStandardStreams() {
        for descriptor: Int32 in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO]
        where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let null = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            // The lowest free descriptor is this one, as the ones below it are open by now; dup2 makes sure.
            if null >= 0, null != descriptor {
                dup2(null, descriptor)
                close(null)
            }
        }
    }

    /// Large blocks (window-sized drawing buffers, decoded banners: hundreds of KiB to several MiB each) are mapped
    /// on their own and returned to the system when freed. glibc's default raises its mapping threshold to the size
    /// of each mapped block that is freed, so after the first resize such blocks come from the heap instead, where
    /// the memory freed by a smaller window or a hidden page stays resident: the soak saw resident memory climb
    /// 8-18 MB that way. Fixing the threshold at glibc's starting value (128 KiB) stops that; an explicit
    /// `MALLOC_MMAP_THRESHOLD_` or `GLIBC_TUNABLES` setting is left alone.
    static func returnLargeBlocksWhenFreed() {
        if getenv("MALLOC_MMAP_THRESHOLD_") != nil { return }
        if let tunables = getenv("GLIBC_TUNABLES"), strstr(tunables, "mmap_threshold") != nil { return }
        _ = snap_malloc_set_mmap_threshold(128 << 10)
    }

    /// Signal dispositions that need no main loop:
    /// - SIGQUIT keeps its default action (end with a core dump, where core dumps are enabled) instead of the Swift
    ///   runtime's crash report: it is the user's request for a core to debug, not a crash of ours, and pages of
    ///   backtrace on standard error say nothing useful about it.
    /// - SIGPIPE is ignored: a QA log reader that goes away must not end the app; writes then fail with EPIPE.
    static func setSignalDispositions() {
        signal(SIGQUIT, SIG_DFL)
        signal(SIGPIPE, SIG_IGN)
    }
}

/// SIGTERM, SIGINT and SIGHUP end the app through its main loop (GLib's Unix signal source), as closing the window
/// would: the loop finishes the callback it is in, `beforeQuit` runs, the application quits and the process exits
/// with status 0. A signal that arrives before the main loop runs is handled as soon as it does.
@MainActor
final class TerminationSignals {
    /// The signals handled.
    static let signals: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    /// The application to quit; set once it exists.
    var application: Application?
    /// Runs first, on the GTK thread (flush logs, say goodbye).
    var beforeQuit: (@MainActor (Int32) -> Void)?
    private var sources: [guint] = []

    /// Installs the handlers now (they act once the main loop runs). Lives as long as the process.
    init() {
        for number in Self.signals {
            let box = Unmanaged.passRetained(Handler(owner: self, signal: number)).toOpaque()
            sources.append(g_unix_signal_add_full(G_PRIORITY_HIGH, number, { data in
                onGtkThreadInDemo { Unmanaged<Handler>.fromOpaque(data!).takeUnretainedValue().fire() }
                return 1  // keep the source: a second signal while quitting is handled the same way
            }, box, { data in Unmanaged<Handler>.fromOpaque(data!).release() }))
        }
    }

    fileprivate func received(_ number: Int32) {
        beforeQuit?(number)
        if let application {
            application.quit()
        } else {
            exit(0)
        }
    }

    private final class Handler {
        weak var owner: TerminationSignals?
        let signal: Int32
        init(owner: TerminationSignals, signal: Int32) {
            self.owner = owner
            self.signal = signal
        }
        @MainActor func fire() { owner?.received(signal) }
    }
}

/// GLib calls sources on the thread running the main loop, GTK's (the main) thread: checked, not assumed.
@inline(__always)
private func onGtkThreadInDemo(_ body: @MainActor () -> Void) {
    MainActor.assumeIsolated(body)
}
