@testable import SnapScrollDemo
import SnapCore
import SnapGtk
import XCTest

/// The QA panel's filters, counts and last-gesture summary, fed real log lines (`QALog` with an observer).
final class QALogSummaryTests: XCTestCase {
    /// A log without standard output, and every entry it emits.
    @MainActor
    private static func entries(_ write: (QALog) -> Void) -> [QALog.Entry] {
        let log = QALog(writesToStandardOutput: false)
        var entries: [QALog.Entry] = []
        log.observeEntries { entries.append($0) }
        write(log)
        return entries
    }

    func testEveryLineCarriesSeqAndTimeInOrder() {
        MainActor.assumeIsolated {
            let entries = Self.entries { log in
                log.ready(page: "strip", width: 960, height: 640)
                log.setting("reduceMotion", value: true)
                log.resized(width: 800, height: 600)
                log.switched(page: "carousel", cause: .click)
            }
            XCTAssertEqual(entries.map(\.seq), [1, 2, 3, 4])
            XCTAssertEqual(entries.map(\.time), entries.map(\.time).sorted())
            for entry in entries {
                XCTAssertTrue(entry.text.hasPrefix("{\"event\":\"\(entry.event)\",\"seq\":\(entry.seq),\"t\":\(entry.time),"), entry.text)
            }
            XCTAssertTrue(entries[1].text.hasSuffix("\"name\":\"reduceMotion\",\"value\":true}"), entries[1].text)
            XCTAssertEqual(entries[3].string("cause"), "click")
        }
    }

    func testFiltersMatchByEventAndComponent() {
        MainActor.assumeIsolated {
            let entries = Self.entries { log in
                log.ready(page: "menu", width: 1, height: 1)
                log.settled("menu", index: 1, offset: 100, cause: .wheel)
                log.settled("strip", index: 2, offset: 340, cause: .drag)
                log.tapped("strip", index: 2)
            }
            func shown(_ filter: QALogFilter) -> [Int] { entries.filter(filter.matches).map(\.seq) }
            XCTAssertEqual(shown(QALogFilter()), [1, 2, 3, 4])
            XCTAssertEqual(shown(QALogFilter(event: "settled")), [2, 3])
            XCTAssertEqual(shown(QALogFilter(component: "strip")), [3, 4])
            XCTAssertEqual(shown(QALogFilter(event: "settled", component: "strip")), [3])
            XCTAssertEqual(shown(QALogFilter(event: "layout")), [])
        }
    }

    func testCountsAndTheLastGestureFromItsStartToItsSettle() {
        MainActor.assumeIsolated {
            let entries = Self.entries { log in
                log.gesture("strip", GestureEvent(phase: .start, input: .drag, startIndex: 0, projectedOffset: 0, targetIndex: 0))
                log.gesture("strip", GestureEvent(phase: .end, input: .drag, startIndex: 0, velocity: 1800, peakSpeed: 2350.4,
                                                  projectedOffset: 612.34, targetIndex: 3))
                log.settled("strip", index: 3, offset: 510, cause: .drag)
                log.settled("menu", index: 1, offset: 100, cause: .click)
            }
            var stats = QALogStats()
            for entry in entries { stats.add(entry) }
            XCTAssertEqual(stats.counts, ["gesture": 2, "settled": 2])
            XCTAssertEqual(stats.countsText, "gesture 2 · settled 2")
            let summary = try! XCTUnwrap(stats.lastGesture)
            XCTAssertEqual(summary.component, "strip")
            XCTAssertEqual([summary.from, summary.to, summary.peakSpeed], [0, 3, 2350])
            XCTAssertEqual(summary.duration, entries[2].time - entries[0].time)
            XCTAssertTrue(summary.text.hasPrefix("drag on strip: 0 → 3, "), summary.text)
            XCTAssertTrue(entries[1].text.contains("\"projected\":612.3"), entries[1].text)
            stats.clear()
            XCTAssertTrue(stats.counts.isEmpty)
            XCTAssertNil(stats.lastGesture)
        }
    }
}
