import Glibc

/// When start-up reached each phase, on the system's monotonic clock (the clock `scripts/bench` reads when it
/// launches the demo, so it can subtract its own launch time). Reported in the `ready` event as `phases` only when
/// `SNAPSCROLL_BENCH_PHASES` is set: the QA log's contract is unchanged otherwise.
enum StartupPhases {
    static let variable = "SNAPSCROLL_BENCH_PHASES"
    nonisolated(unsafe) private static var marks: [(String, Double)] = []

    /// Notes that start-up reached `phase` now.
    static func mark(_ phase: String) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        marks.append((phase, Double(now.tv_sec) + Double(now.tv_nsec) / 1e9))
    }

    /// `{"main": seconds, …}` in the order reached, or nil when not asked for.
    static func json() -> String? {
        guard getenv(variable) != nil else { return nil }
        return "{" + marks.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }
}
