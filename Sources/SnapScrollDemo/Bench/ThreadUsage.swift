import CSnapGtk
import Glibc

/// What every thread of this process has used so far, from /proc/self/task: CPU time (utime + stime, in clock ticks)
/// and context switches (voluntary + nonvoluntary), by thread id with the thread's name (comm). Two readings give
/// the energy row's figures (bench/evidence.py): ``since(_:)`` is what each thread used in between, by
/// name; a thread that ended in between is missing from it.
struct ThreadUsage {
    struct Thread {
        var name: String
        var ticks: Int
        var switches: Int
    }

    var threads: [Int: Thread] = [:]

    /// A reading now.
    static func reading() -> ThreadUsage {
        var usage = ThreadUsage()
        guard let dir = opendir("/proc/self/task") else { return usage }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let tid = Int(name) else { continue }
            let stat = procFile("/proc/self/task/\(tid)/stat", upTo: 4096)
            // "tid (comm) state ppid … utime stime …": utime and stime are the 12th and 13th fields after the comm's ')'.
            guard let open = stat.firstIndex(of: UInt8(ascii: "(")), let close = stat.lastIndex(of: UInt8(ascii: ")"))
            else { continue }
            let fields = stat[(close + 1)...].split(separator: UInt8(ascii: " "))
            guard fields.count > 12 else { continue }
            let ticks = (Int(String(decoding: fields[11], as: UTF8.self)) ?? 0)
                + (Int(String(decoding: fields[12], as: UTF8.self)) ?? 0)
            var switches = 0
            for line in procFile("/proc/self/task/\(tid)/status", upTo: 4096).split(separator: UInt8(ascii: "\n")) {
                let text = String(decoding: line, as: UTF8.self)
                if text.hasPrefix("voluntary_ctxt_switches:") || text.hasPrefix("nonvoluntary_ctxt_switches:") {
                    switches += Int(text.split(separator: ":").last.map { $0.trimmingPrefix(while: { $0 == " " || $0 == "\t" }) }.map(String.init) ?? "") ?? 0
                }
            }
            usage.threads[tid] = Thread(name: String(decoding: stat[(open + 1)..<close], as: UTF8.self), ticks: ticks,
                                        switches: switches)
        }
        return usage
    }

    /// What each thread used since `earlier`, summed by thread name: (CPU ms, context switches).
    func since(_ earlier: ThreadUsage) -> [String: (cpuMs: Double, switches: Int)] {
        let tick = 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
        var byName: [String: (cpuMs: Double, switches: Int)] = [:]
        for (tid, now) in threads {
            let before = earlier.threads[tid]
            let cpu = Double(now.ticks - (before?.ticks ?? 0)) * tick
            let switches = now.switches - (before?.switches ?? 0)
            let sum = byName[now.name] ?? (0, 0)
            byName[now.name] = (sum.cpuMs + cpu, sum.switches + switches)
        }
        return byName
    }
}
