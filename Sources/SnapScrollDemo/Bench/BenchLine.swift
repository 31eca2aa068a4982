/// The benchmarks' result lines: `{"event":"bench",…}` written where the QA log goes, their numbers and percentiles.
@MainActor
enum BenchLine {
    /// Writes `{"event":"bench",…}` (or another `event`; values already JSON) where the QA log goes.
    static func emit(_ log: QALog, _ fields: [String: String], event: String = "bench") {
        guard log.writesToStandardOutput else { return }
        var line = "{\"event\":\(QALog.quoted(event))"
        for key in fields.keys.sorted() { line += ",\(QALog.quoted(key)):\(fields[key]!)" }
        log.writeRaw(line + "}")
    }

    /// Nearest-rank percentile of sorted values.
    nonisolated static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    /// Milliseconds to the microsecond, as a JSON number.
    nonisolated static func number(_ value: Double) -> String {
        String((value * 1000).rounded() / 1000)
    }

    /// `<name>_median_ms`, `<name>_p99_ms` (or the percentile `high`) and `<name>_max_ms` of sorted values.
    nonisolated static func spread(_ name: String, _ sorted: [Double], high: Int = 99) -> [String: String] {
        ["\(name)_median_ms": number(percentile(sorted, 50)),
         "\(name)_p\(high)_ms": number(percentile(sorted, Double(high))),
         "\(name)_max_ms": number(sorted.last ?? 0)]
    }
}
