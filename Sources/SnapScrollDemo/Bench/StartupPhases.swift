import Glibc

/// When start-up reached each phase, on the system's monotonic clock (the clock `scripts/bench` reads when it
/// launches the demo, so it can subtract its own launch time). Reported in the `ready` event as `phases` only when
/// `SNAPSCROLL_BENCH_PHASES` is set: the QA log's contract is unchanged otherwise.
struct StartupPhases {
    static let variable = "SNAPSCROLL_BENCH_PHASES"
    private var marks: [(phase: String, time: Double, cpu: Double)] = []

    /// Notes that start-up reached `phase` now, and how much processor time the calling (GTK's) thread had spent.
    mutating func mark(_ phase: String) {
        marks.append((phase, clockSeconds(CLOCK_MONOTONIC), clockSeconds(CLOCK_THREAD_CPUTIME_ID)))
    }

    /// `{"main": seconds, …}` in the order reached, or nil when not asked for.
    var json: String? {
        guard getenv(Self.variable) != nil else { return nil }
        return "{" + marks.map { "\"\($0.phase)\":\($0.time)" }.joined(separator: ",") + "}"
    }

    /// The processor time spent so far, in seconds: `main` by the calling (GTK's) thread, `process` by all threads,
    /// and `phases`, GTK's thread's time at each phase (which phase spent it); nil when not asked for. Unlike the
    /// phases' clock times, these hardly change when other processes load the machine, so a side-by-side comparison
    /// stays meaningful on a busy one.
    var cpuJSON: String? {
        guard getenv(Self.variable) != nil else { return nil }
        let phases = marks.map { "\"\($0.phase)\":\($0.cpu)" }.joined(separator: ",")
        return "{\"main\":\(clockSeconds(CLOCK_THREAD_CPUTIME_ID)),\"process\":\(clockSeconds(CLOCK_PROCESS_CPUTIME_ID)),"
            + "\"phases\":{\(phases)}}"
    }
}
