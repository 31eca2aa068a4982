import Foundation
import SnapCore
@testable import SnapScrollDemo
import XCTest

/// One list of causes (`Cause`), for the QA log, the recorder, the replayer and the two documents: a cause added to
/// one and not the others fails here.
final class CauseListTests: XCTestCase {
    private let causes = Cause.allCases.map(\.rawValue)

    private var checkout: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The back-quoted words of `document` between `start` and the next `end`.
    private func quotedWords(in document: String, after start: String, upTo end: String) throws -> [String] {
        let text = try String(contentsOf: checkout.appendingPathComponent("docs/\(document)"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let from = try XCTUnwrap(text.range(of: start), "\(document) has no \"\(start)\"")
        let to = try XCTUnwrap(text.range(of: end, range: from.upperBound..<text.endIndex))
        return text[from.upperBound..<to.lowerBound].components(separatedBy: "`").enumerated()
            .filter { $0.offset % 2 == 1 }.map(\.element)
    }

    func testTheContractAndTheRecordingFormatNameEveryCauseAndNoOther() throws {
        XCTAssertEqual(try quotedWords(in: "component-contract.md", after: "`cause` is one of", upTo: " (one list"), causes)
        XCTAssertEqual(try quotedWords(in: "recording.md", after: "The causes are the QA log's", upTo: ". Every file"),
                       ["Cause"] + causes)
    }

    func testEveryCauseTheLogWritesTheRecorderWritesAndTheReplayerReads() throws {
        let causes = causes
        try MainActor.assumeIsolated {
            XCTAssertEqual(Recording.causes, causes)
            let log = QALog(writesToStandardOutput: false)
            var lines: [String] = []
            log.observe { lines.append($0) }
            var settles: [Recording.Settle] = []
            log.onSettled = { component, index, offset, cause in
                settles.append(.init(component: component, index: index, offset: offset, cause: cause.rawValue))
            }
            for cause in Cause.allCases { log.settled("strip", index: 1, offset: 170, cause: cause) }
            let logged = try lines.map { line in
                try (JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["cause"] as? String
            }
            XCTAssertEqual(logged, causes)
            var text = "snapscroll-recording 1\noption page strip\noption size 960x640\noption content-size 960x593\n"
            for settle in settles { text += Recording.line(at: 100, .settled(settle)) + "\n" }
            text += Recording.line(at: 200, .end) + "\n"
            let read = try Recording.parse(Array(text.utf8))
            XCTAssertEqual(read.settles.map(\.cause), causes)
        }
    }
}
