import Glibc
@testable import SnapScrollDemo
import XCTest

/// The bench's one reader of the kernel's /proc files, as its two users read them: a thread's run-queue wait and the
/// machine's steal (``ThreadSample``), and every thread's CPU time and context switches (``ThreadUsage``).
final class ProcFileTests: XCTestCase {
    /// This thread's id, from the kernel's link /proc/thread-self ("<pid>/task/<tid>").
    private static func threadID() -> Int {
        var link = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &link, link.count - 1)
        guard count > 0 else { return -1 }
        return Int(String(decoding: link[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: "/").last ?? "") ?? -1
    }

    func testTheBenchReadsItsThreadsAndTheMachineFromProc() {
        XCTAssertTrue(procFile("/proc/self/stat", upTo: 4096).starts(with: Array("\(getpid()) (".utf8)))
        XCTAssertTrue(procFile("/proc/self/stat", upTo: 8).count == 8, "at most the bytes asked for")
        XCTAssertTrue(procFile("/proc/self/no-such-file", upTo: 256).isEmpty)

        let sample = ThreadSample.now()
        XCTAssertNotNil(sample.wait, "the run-queue wait, from schedstat")
        XCTAssertNotNil(sample.steal, "the steal column of /proc/stat")

        let before = ThreadUsage.reading()
        // Busy for 30 ms of this thread's CPU time, so its clock ticks (10 ms each) move on.
        let until = ThreadSample.cpuMilliseconds() + 30
        while ThreadSample.cpuMilliseconds() < until {}
        let after = ThreadUsage.reading()
        let tid = Self.threadID()
        let mine = after.threads[tid]
        XCTAssertNotNil(mine, "this thread, by its id")
        XCTAssertFalse(mine?.name.isEmpty ?? true, "with its name")
        XCTAssertGreaterThan(mine?.switches ?? 0, 0)
        XCTAssertGreaterThan(mine?.ticks ?? 0, before.threads[tid]?.ticks ?? .max, "its CPU time went on")
    }
}
