import Foundation
@testable import SnapScrollDemo
import XCTest

/// The QA log's lines: never longer than a pipe takes whole, and never waited for by GTK's thread. XCTest runs on the
/// process main thread, the main actor's.
final class QALogTests: XCTestCase {
    private static func object(_ line: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], line)
    }

    func testALongMessageIsShortenedInItsMiddleSoTheLineFitsAPipe() throws {
        try MainActor.assumeIsolated {
            let log = QALog(writesToStandardOutput: false)
            var lines: [String] = []
            log.observe { lines.append($0) }
            // Escapes (6 bytes for a control character, 2 for a quote) and 4-byte characters, so a cut could split one.
            let message = "banner 1: cannot load image " + String(repeating: "a\u{1}\"🍎", count: 2_000) + ".png: file not found"
            log.error(message)
            log.error("short")
            XCTAssertEqual(lines.count, 2)
            XCTAssertLessThanOrEqual(lines[0].utf8.count, QALog.maximumLineBytes - LineWriter.reservedBytes)
            XCTAssertGreaterThan(lines[0].utf8.count, QALog.maximumLineBytes - LineWriter.reservedBytes - 10, "cut more than needed")
            let shortened = try XCTUnwrap(try Self.object(lines[0])["message"] as? String)
            XCTAssertTrue(shortened.hasPrefix("banner 1: cannot load image a\u{1}\"🍎"), shortened)
            XCTAssertTrue(shortened.hasSuffix(".png: file not found"), shortened)
            XCTAssertTrue(shortened.contains("…"))
            XCTAssertEqual(try Self.object(lines[1])["message"] as? String, "short")
        }
    }

    func testQuotedWithinKeepsWhatFitsAsItIs() {
        MainActor.assumeIsolated {
            XCTAssertEqual(QALog.quoted("tab\there", within: 11), "\"tab\\there\"")
            XCTAssertEqual(QALog.quoted("abcdefghij", within: 9), "\"ab…ij\"")
            XCTAssertEqual(QALog.quoted("abcdefghij", within: 0), "\"…\"")
        }
    }

    /// `text` is `line` as sent (0), or `line` with `"dropped": N` added (N); nil when it is neither.
    private static func droppedCount(_ text: String, of line: String) -> Int? {
        if text == line { return 0 }
        let prefix = String(line.dropLast()) + ",\"dropped\":"
        guard text.hasPrefix(prefix), text.hasSuffix("}") else { return nil }
        return Int(text.dropFirst(prefix.count).dropLast()).flatMap { $0 > 0 ? $0 : nil }
    }

    func testLinesThatAReaderDoesNotTakeAreDroppedAndCounted() throws {
        try MainActor.assumeIsolated {
            var ends: [Int32] = [0, 0]
            XCTAssertEqual(pipe(&ends), 0)
            defer { close(ends[0]) }
            // F_SETPIPE_SZ (Linux's 1031, not in Glibc's Swift module): one page, so few lines fill the pipe.
            XCTAssertEqual(fcntl(ends[1], 1031, 4096), 4096)
            let writer = LineWriter(descriptor: ends[1])
            let line = "{\"event\":\"tapped\",\"component\":\"strip\",\"index\":1234567}"
            let count = 2_000
            let started = Date()
            for _ in 0..<count { writer.send(line) }
            XCTAssertLessThan(Date().timeIntervalSince(started), 1, "sending waited for the reader")
            // Read what the pipe and the queue kept, until the writer has written it all and the pipe is empty (the
            // thread writes a line before it waits for the next, however late it runs).
            var received = Data()
            var buffer = [UInt8](repeating: 0, count: 65536)
            var polled = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                let writtenAll = writer.hasWrittenAll
                polled.revents = 0
                guard poll(&polled, 1, 50) > 0 else {
                    if writtenAll { break } else { continue }
                }
                let n = read(ends[0], &buffer, buffer.count)
                if n <= 0 { break }
                received.append(contentsOf: buffer[..<n])
            }
            XCTAssertTrue(writer.hasWrittenAll, "the writer still had lines after 10 s")
            // Whenever the writer thread takes a line off the queue while sending still goes on, room opens and the
            // next line let in carries the count dropped before it; where that happens depends on when the thread
            // runs. What never depends on it: every line sent is either received or counted dropped, exactly once.
            let kept = String(decoding: received, as: UTF8.self).split(separator: "\n").map(String.init)
            let droppedBefore = kept.map { Self.droppedCount($0, of: line) }
            XCTAssertFalse(droppedBefore.contains(nil), "a line neither as sent nor with its dropped count")
            XCTAssertGreaterThanOrEqual(kept.count, LineWriter.capacity)
            XCTAssertLessThan(kept.count, count)
            // The pipe was not read while sending, so only its 4 KiB and the queue's `capacity` lines could take lines:
            // the last ones sent were dropped, and the next line let in says how many.
            writer.send(line)
            polled.revents = 0
            XCTAssertGreaterThan(poll(&polled, 1, 5000), 0)
            let n = read(ends[0], &buffer, buffer.count)
            let next = String(decoding: buffer[..<max(n, 0)], as: UTF8.self)
            XCTAssertTrue(next.hasSuffix("}\n"), next)
            let droppedAtEnd = try XCTUnwrap(Self.droppedCount(String(next.dropLast()), of: line), next)
            XCTAssertGreaterThan(droppedAtEnd, 0)
            XCTAssertEqual(kept.count + droppedBefore.reduce(0) { $0 + ($1 ?? 0) } + droppedAtEnd, count)
            close(ends[1])  // the writer thread then finds the reader's end gone on its next line, and drops it
        }
    }
}
