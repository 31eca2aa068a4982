import Glibc
import SnapCore

/// The QA event log: one JSON object per line on standard output (with `--qa-log`), flushed at
/// each line, and the same lines shown live in the window's QA panel.
@MainActor
final class QALog {
    /// Whether lines go to standard output.
    let writesToStandardOutput: Bool
    private var observers: [@MainActor (String) -> Void] = []

    init(writesToStandardOutput: Bool) {
        self.writesToStandardOutput = writesToStandardOutput
    }

    /// Calls `observer` with every line from now on.
    func observe(_ observer: @escaping @MainActor (String) -> Void) { observers.append(observer) }

    /// `phases` and `cpu` (already JSON) are added as they are, for the start-up benchmark.
    func ready(page: String, width: Int, height: Int, phases: String? = nil, cpu: String? = nil) {
        var fields: [String: Any] = ["page": page, "width": width, "height": height]
        if let phases { fields["phases"] = RawJSON(text: phases) }
        if let cpu { fields["cpu"] = RawJSON(text: cpu) }
        emit("ready", fields)
    }

    func settled(_ component: String, index: Int, offset: Double, cause: Cause) {
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

    /// Writes `{"event": name, …fields}` with `event` first and the rest in a stable order.
    private func emit(_ name: String, _ fields: [String: Any]) {
        var line = "{\"event\":" + Self.json(name)
        for key in fields.keys.sorted() { line += ",\(Self.json(key)):\(Self.json(fields[key]!))" }
        line += "}"
        if writesToStandardOutput {
            writeLine(line, to: STDOUT_FILENO)
        }
        for observer in observers { observer(line) }
    }

    private static func json(_ value: Any) -> String {
        switch value {
        case let int as Int: return String(int)
        case let double as Double:
            guard double.isFinite else { return "null" }
            // Whole offsets print as integers; others with the shortest exact representation.
            return double == double.rounded() && abs(double) < 1e15 ? String(Int(double)) : String(double)
        case let string as String: return quoted(string)
        case let raw as RawJSON: return raw.text
        default: return quoted(String(describing: value))
        }
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
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
        return out + "\""
    }
}

/// A value already in JSON form.
private struct RawJSON { let text: String }

/// Writes one whole line to a file descriptor, unbuffered, so each line reaches a reader at once.
func writeLine(_ text: String, to descriptor: Int32) {
    var bytes = Array((text + "\n").utf8)
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + done, $0.count - done) }
        if n <= 0 { if errno == EINTR { continue } else { return } }
        done += n
    }
}
