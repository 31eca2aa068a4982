import CSnapGtk
import Synchronization

/// GLib's log as the tests see it, through the process's one structured log writer (`g_log_set_writer_func`, which
/// GLib lets a process set once: the first watch, or `requireGtk`, installs it).
///
/// Every message ends up there: GTK and GDK log straight to the writer (they are built with G_LOG_USE_STRUCTURED, so a
/// handler set with `g_log_set_handler` never sees their warnings), and `g_log` calls (`g_return_if_fail`'s
/// criticals, code built without structured logging) reach it through GLib's default handler. While a watch is open,
/// each warning and critical is kept for it (the test shows them in its failure) instead of printed; everything
/// else, and everything while no watch is open, goes on to GLib's default writer (stderr), so nothing is lost.
final class LogWatch: Sendable {
    /// The watches open now: any thread may log (a decoder's worker), so they are behind a lock.
    private static let open = Mutex<[LogWatch]>([])
    private let kept = Mutex<[String]>([])

    /// Sets the writer, once per process (GLib refuses a second one with an error).
    static let installed: Void = {
        g_log_set_writer_func({ level, fields, count, data in
            let levels = G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue
            if level.rawValue & levels != 0, let fields, LogWatch.keep(LogWatch.describe(level, fields, Int(count))) {
                return G_LOG_WRITER_HANDLED
            }
            return g_log_writer_default(level, fields, count, data)
        }, nil, nil)
    }()

    /// Opens a watch: from now until `remove()`, the warnings and criticals logged are kept in `messages`.
    init() {
        _ = Self.installed
        Self.open.withLock { $0.append(self) }
    }

    /// The warnings and criticals logged while open, each as "DOMAIN-LEVEL: message".
    var messages: [String] { kept.withLock { $0 } }

    /// Closes the watch: later messages go to the other open watches, or to stderr.
    func remove() { Self.open.withLock { $0.removeAll { $0 === self } } }

    /// Gives `message` to every open watch; false when none is open.
    private static func keep(_ message: String) -> Bool {
        let watches = open.withLock { $0 }
        for watch in watches { watch.kept.withLock { $0.append(message) } }
        return !watches.isEmpty
    }

    /// "DOMAIN-LEVEL: message", from the fields GLib passes its writer.
    private static func describe(_ level: GLogLevelFlags, _ fields: UnsafePointer<GLogField>, _ count: Int) -> String {
        var domain = "", message = ""
        for field in UnsafeBufferPointer(start: fields, count: count) {
            guard let key = field.key, let value = field.value else { continue }
            let text = field.length < 0
                ? String(cString: value.assumingMemoryBound(to: CChar.self))
                : String(decoding: UnsafeRawBufferPointer(start: value, count: field.length), as: UTF8.self)
            switch String(cString: key) {
            case "GLIB_DOMAIN": domain = text
            case "MESSAGE": message = text
            default: break
            }
        }
        let name = level.rawValue & G_LOG_LEVEL_CRITICAL.rawValue != 0 ? "CRITICAL" : "WARNING"
        return "\(domain.isEmpty ? "" : domain + "-")\(name): \(message)"
    }
}
