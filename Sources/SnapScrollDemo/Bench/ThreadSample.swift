import Glibc

/// What the kernel says about GTK's (the calling) thread at one moment: its CPU time, how long it has waited for a
/// CPU, the CPU time the hypervisor has taken from the machine and the major page faults it has taken. Two samples
/// tell a late frame the thread was busy with from one it waited through (``LateFrames``).
struct ThreadSample {
    /// Time this thread has spent runnable but waiting for a CPU (ms), from the kernel's schedstat
    /// ("<ns on a CPU> <ns waiting for one> <timeslices>"); nil without it.
    var wait: Double?
    /// CPU time the hypervisor has taken from this machine's CPUs so far (ms, all CPUs together; whole clock ticks),
    /// from the `steal` column of /proc/stat ("cpu  user nice system idle iowait irq softirq steal …", in clock
    /// ticks); nil without it. Time a virtual CPU was not running at all is invisible to the run-queue wait.
    var steal: Double?
    /// Major page faults so far: each one slept until the kernel read a page of code or data back from disk (a
    /// machine that reclaims memory proactively evicts pages that have not been used for a while, library code
    /// among them).
    var faults: Int
    /// CPU time used by this thread so far, in ms.
    var cpu: Double

    /// A sample now (read in the order of the fields).
    static func now() -> ThreadSample {
        let wait = procNumber("/proc/thread-self/schedstat", field: 1).map { Double($0) / 1_000_000 }
        let steal = procNumber("/proc/stat", field: 8).map { Double($0) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK))) }
        return ThreadSample(wait: wait, steal: steal, faults: majorFaults(), cpu: cpuMilliseconds())
    }

    /// CPU time used by this thread so far, in ms.
    static func cpuMilliseconds() -> Double {
        clockSeconds(CLOCK_THREAD_CPUTIME_ID) * 1000
    }

    private static func majorFaults() -> Int {
        var usage = rusage()
        // RUSAGE_THREAD (Linux's 1), which Glibc's module does not import without _GNU_SOURCE.
        guard getrusage(__rusage_who_t(1), &usage) == 0 else { return 0 }
        return usage.ru_majflt
    }

    /// The number in the space-separated `field` (from 0) of a /proc file's first line; nil when there is none.
    private static func procNumber(_ path: String, field: Int) -> Int? {
        guard let line = procFile(path, upTo: 256).split(separator: UInt8(ascii: "\n")).first else { return nil }
        let fields = line.split(separator: UInt8(ascii: " "))
        guard fields.count > field else { return nil }
        return Int(String(decoding: fields[field], as: UTF8.self))
    }
}

/// The late frame intervals of a run while moving: how late in all, how much of that GTK's thread spent runnable but
/// waiting for a CPU (the kernel's run-queue wait), how much CPU time the hypervisor took from this machine meanwhile
/// (steal, on any of its CPUs): when either matches the lateness, the machine was busy; how many major page faults
/// GTK's thread took (it sleeps while the kernel reads code or data back from disk, which neither the wait nor the
/// steal shows); and how much CPU time GTK's thread used from tick to tick (the frame's work and whatever ran between
/// the frames: near the interval, it was busy; far below it, it was asleep, waiting for something other than a CPU).
struct LateFrames {
    private var excess = 0.0, waiting = 0.0, stolen = 0.0, faults = 0, busy = 0.0, span = 0.0

    /// Counts one late interval, from the tick sampled `before` to the one sampled `after`.
    mutating func add(interval: Double, from before: ThreadSample, to after: ThreadSample) {
        excess += interval - FrameRun.framePeriodMs
        if let start = before.wait, let end = after.wait { waiting += end - start }
        if let start = before.steal, let end = after.steal { stolen += end - start }
        faults += after.faults - before.faults
        busy += after.cpu - before.cpu
        span += interval
    }

    /// The bench event's `late_…` fields.
    var fields: [String: String] {
        ["late_excess_ms": BenchLine.number(excess), "late_runqueue_wait_ms": BenchLine.number(waiting),
         "late_steal_ms": BenchLine.number(stolen), "late_major_faults": String(faults),
         "late_thread_cpu_ms": BenchLine.number(busy), "late_intervals_ms": BenchLine.number(span)]
    }
}

/// The first `limit` bytes of a /proc file, in one read (the kernel makes such a file whole on each read); empty
/// when it cannot be read.
func procFile(_ path: String, upTo limit: Int) -> ArraySlice<UInt8> {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return [] }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: limit)
    let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    return count > 0 ? bytes[..<count] : []
}

/// A POSIX clock's reading in seconds (monotonic time, or processor time of this thread or process).
func clockSeconds(_ clock: clockid_t) -> Double {
    var time = timespec()
    clock_gettime(clock, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
