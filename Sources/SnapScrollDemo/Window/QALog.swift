import CSnapGtk
import Glibc
import SnapCore
import SnapGtk

/// The QA event log: one JSON object per line on standard output (with `--qa-log`), written as it comes by a thread
/// of its own (`LineWriter`), and the same lines shown live in the window's QA panel.
///
/// Every line starts with `event`, `seq` (1, 2, 3, …: every line counts, a dropped one too, so a gap shows loss) and
/// `t` (whole ms since the process started, on GLib's monotonic clock). Events are methods named after them; a new
/// event is one more method calling `emit`.
@MainActor
final class QALog {
    /// When the process started, on GLib's monotonic clock (µs): read by `main.swift` before anything else.
    static let processStart = g_get_monotonic_time()
    /// The last line's sequence number.
    private(set) var sequence = 0
    /// Whether lines go to standard output.
    let writesToStandardOutput: Bool
    private var observers: [@MainActor (String) -> Void] = []
    private var entryObservers: [@MainActor (Entry) -> Void] = []

    /// One line as the QA panel sees it: the text written, and what it says, for filters and counts.
    struct Entry {
        /// The whole line (JSON, without its newline).
        let text: String
        let event: String
        let seq: Int
        /// Ms since the process started.
        let time: Int
        /// Every other field, each as its JSON text (a string's with its quotes: use `string(_:)`).
        let fields: [String: String]

        /// The `component` field, if the line has one.
        var component: String? { string("component") }

        /// A string field's value; nil when absent or not a string.
        func string(_ key: String) -> String? {
            guard let json = fields[key], json.hasPrefix("\""), json.hasSuffix("\""), json.count >= 2 else { return nil }
            return String(json.dropFirst().dropLast())
        }

        /// A number field's value; nil when absent or not a number.
        func number(_ key: String) -> Double? { fields[key].flatMap(Double.init) }
    }
    private let output: LineWriter?

    /// The longest line, newline included: a pipe takes a write of up to PIPE_BUF (4,096) bytes whole or not at all,
    /// so a line within it is never left cut in half, even by an app that ends while its reader lags.
    static let maximumLineBytes = 4096

    init(writesToStandardOutput: Bool) {
        self.writesToStandardOutput = writesToStandardOutput
        output = writesToStandardOutput ? LineWriter(descriptor: STDOUT_FILENO) : nil
    }

    /// Writes `line`, already JSON, to standard output only (the benchmark's results), in order with the events.
    func writeRaw(_ line: String) {
        output?.send(line)
    }

    /// Before the process exits: lets the writer finish what waits while the reader takes it (see `LineWriter`).
    func finish() {
        output?.finish()
    }

    /// Calls `observer` with every line from now on.
    func observe(_ observer: @escaping @MainActor (String) -> Void) { observers.append(observer) }

    /// Calls `observer` with every line from now on, with what it says (the QA panel's filters and counts).
    func observeEntries(_ observer: @escaping @MainActor (Entry) -> Void) { entryObservers.append(observer) }

    /// `phases` and `cpu` (already JSON) are added as they are, for the start-up benchmark.
    func ready(page: String, width: Int, height: Int, phases: String? = nil, cpu: String? = nil) {
        var fields: [String: Any] = ["page": page, "width": width, "height": height]
        if let phases { fields["phases"] = RawJSON(text: phases) }
        if let cpu { fields["cpu"] = RawJSON(text: cpu) }
        emit("ready", fields)
    }

    /// Sees every `settled` as it is logged (the session recorder and replay).
    var onSettled: ((_ component: String, _ index: Int, _ offset: Double, _ cause: Cause) -> Void)?

    func settled(_ component: String, index: Int, offset: Double, cause: Cause) {
        onSettled?(component, index, offset, cause)
        emit("settled", ["component": component, "index": index, "offset": offset, "cause": cause.rawValue])
    }

    func selected(_ component: String, index: Int, cause: Cause) {
        emit("selected", ["component": component, "index": index, "cause": cause.rawValue])
    }

    func page(_ component: String, index: Int, cause: Cause) {
        emit("page", ["component": component, "index": index, "cause": cause.rawValue])
    }

    func tapped(_ component: String, index: Int) {
        emit("tapped", ["component": component, "index": index])
    }

    func layout(_ component: String, mode: String) {
        emit("layout", ["component": component, "mode": mode])
    }

    func error(_ message: String) {
        emit("error", ["message": message])
    }

    /// A user's gesture on `component` began or let go (velocities rounded to whole px/s, the projection to 0.1 px).
    func gesture(_ component: String, _ event: GestureEvent) {
        var fields: [String: Any] = ["component": component, "phase": event.phase.rawValue, "input": event.input.rawValue,
                                     "index": event.startIndex]
        if event.phase == .end {
            fields["velocity"] = event.velocity.rounded()
            fields["peak"] = event.peakSpeed.rounded()
            fields["projected"] = (event.projectedOffset * 10).rounded() / 10
            fields["target"] = event.targetIndex
        }
        emit("gesture", fields)
    }

    /// The window shows page `page`.
    func switched(page: String, cause: Cause) {
        emit("switched", ["page": page, "cause": cause.rawValue])
    }

    /// A setting of the main menu changed: `name` as its toggle names it for the log (`reduceMotion`, …).
    func setting(_ name: String, value: Bool) {
        emit("setting", ["name": name, "value": value])
    }

    /// The window's size changed (coalesced by the window).
    func resized(width: Int, height: Int) {
        emit("resized", ["width": width, "height": height])
    }

    /// The caches' sizes as the app ends (`SessionComponents.reportCaches`).
    func caches(_ fields: [String: Any]) {
        emit("caches", fields)
    }

    /// Ms since the process started: the clock of every line's `t`.
    var elapsed: Int { Int((g_get_monotonic_time() - Self.processStart) / 1000) }

    /// Writes `{"event": name, "seq": N, "t": ms, …fields}` with those three first and the rest in a stable order.
    private func emit(_ name: String, _ fields: [String: Any]) {
        sequence += 1
        let time = elapsed
        let head = "{\"event\":" + Self.json(name) + ",\"seq\":\(sequence),\"t\":\(time)"
        let keys = fields.keys.sorted()
        var values = keys.map { Self.json(fields[$0]!) }
        func line() -> String {
            var line = head
            for (key, value) in zip(keys, values) { line += ",\(Self.json(key)):\(value)" }
            return line + "}"
        }
        var text = line()
        // Room is kept for the newline and the writer's `"dropped"` field. Only a string can be long (an error's
        // message naming a file): the longest gives way, in its middle.
        let excess = text.utf8.count - (Self.maximumLineBytes - LineWriter.reservedBytes)
        if excess > 0, let longest = values.indices.filter({ fields[keys[$0]] is String })
            .max(by: { values[$0].utf8.count < values[$1].utf8.count }) {
            values[longest] = Self.quoted(fields[keys[longest]] as! String, within: values[longest].utf8.count - excess)
            text = line()
        }
        output?.send(text)
        for observer in observers { observer(text) }
        guard !entryObservers.isEmpty else { return }
        let entry = Entry(text: text, event: name, seq: sequence, time: time, fields: Dictionary(uniqueKeysWithValues: zip(keys, values)))
        for observer in entryObservers { observer(entry) }
    }

    private static func json(_ value: Any) -> String {
        switch value {
        case let bool as Bool: return bool ? "true" : "false"
        case let int as Int: return String(int)
        case let double as Double:
            guard double.isFinite else { return "null" }
            // Whole offsets print as integers; others with the shortest exact representation.
            return double == double.rounded() && abs(double) < 1e15 ? String(Int(double)) : String(double)
        case let string as String: return quoted(string)
        case let raw as RawJSON: return raw.text
        case let counts as [String: Int]:
            return "{" + counts.keys.sorted().map { "\(quoted($0)):\(counts[$0]!)" }.joined(separator: ",") + "}"
        default: return quoted(String(describing: value))
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars { escape(scalar, into: &out) }
        return out + "\""
    }

    /// A JSON string literal of at most `bytes` bytes (but never less than the quotes and "…"): `text`, or its start
    /// and end around "…" when it is longer. Escapes are never split.
    static func quoted(_ text: String, within bytes: Int) -> String {
        let whole = quoted(text)
        if whole.utf8.count <= bytes { return whole }
        let pieces = text.unicodeScalars.map { scalar in
            var piece = ""
            escape(scalar, into: &piece)
            return piece
        }
        let room = max(bytes - 2 - "…".utf8.count, 0)
        var head = 0, headBytes = 0
        while head < pieces.count, headBytes + pieces[head].utf8.count <= room / 2 {
            headBytes += pieces[head].utf8.count
            head += 1
        }
        var tail = pieces.count, tailBytes = 0
        while tail > head, headBytes + tailBytes + pieces[tail - 1].utf8.count <= room {
            tailBytes += pieces[tail - 1].utf8.count
            tail -= 1
        }
        return "\"" + pieces[..<head].joined() + "…" + pieces[tail...].joined() + "\""
    }

    private static func escape(_ scalar: Unicode.Scalar, into out: inout String) {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(scalar)
        }
    }
}

/// A value already in JSON form.
private struct RawJSON { let text: String }
