// SnapGtk benchmark: a one-item update of a 100,000-item row, measured as the application calls it. Needs a display
// (`scripts/bench` runs it in its headless session); `swift run -c release snapgtk-bench` on a desktop.
// Prints a table, the target with PASS/MISS, then the same figures as one JSON line.
import CSnapGtk
@_spi(Testing) @_spi(GtkInterop) import SnapGtk

/// Items in the row.
let count = 100_000
/// Updates timed per kind of edit (each applied, then undone, so the row keeps its size).
let rounds = 25
/// The target: a one-item update of 100,000 items within half a 60 Hz frame (ms).
let targetMilliseconds = 8.0

/// Milliseconds since an arbitrary start, from the monotonic clock.
@MainActor func milliseconds() -> Double { Double(g_get_monotonic_time()) / 1000 }

/// The value at `fraction` (0...1) of the sorted `values`.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

/// One kind of edit: its name and what it does to the identifiers (applied to a copy).
struct Edit {
    var name: String
    var apply: ([String]) -> [String]
}

let middle = count / 2
let edits = [
    Edit(name: "insert at front") { ["new"] + $0 },
    Edit(name: "insert in middle") { var ids = $0; ids.insert("new", at: middle); return ids },
    Edit(name: "insert at end") { $0 + ["new"] },
    Edit(name: "remove at front") { Array($0.dropFirst()) },
    Edit(name: "remove in middle") { var ids = $0; ids.remove(at: middle); return ids },
]

struct Row {
    var edit: String
    var widths: Bool
    var median: Double
    var worst: Double
}

@MainActor
func run() -> [Row] {
    guard GtkThread.initialize() else {
        print("snapgtk-bench: no display")
        exit(1)
    }
    var rows: [Row] = []
    for withWidths in [false, true] {
        var ids = (0..<count).map { "item-\($0)" }
        let widthOf: (String) -> Double = { Double(60 + $0.utf8.count * 3 % 90) }
        let strip = SnapScroller(itemCount: count, itemWidth: 96, spacing: 8, label: "Items",
                                 makeItem: { Label() }, bindItem: { label, index in label.text = ids[index] })
        strip.update(ids: ids, widths: withWidths ? ids.map(widthOf) : nil)
        let window = UnsafeMutablePointer<GtkWindow>(OpaquePointer(gtk_window_new()!))
        gtk_window_set_default_size(window, 800, 120)
        gtk_window_set_child(window, strip.widget)
        gtk_window_present(window)
        _ = GtkThread.iterate(timeout: 30) { strip.layout.viewportWidth > 0 }
        strip.scrollTo(index: count / 2 + 3, animated: false)
        for _ in 0..<20 { g_main_context_iteration(nil, 0) }
        for edit in edits {
            var times: [Double] = []
            for _ in 0..<rounds {
                for (next, timed) in [(edit.apply(ids), true), (ids, false)] {
                    ids = next
                    let widths = withWidths ? ids.map(widthOf) : nil
                    let start = milliseconds()
                    strip.update(ids: ids, widths: widths)
                    if timed { times.append(milliseconds() - start) }
                    // The binding and the events the update left for the main loop, as a frame would see them.
                    _ = GtkThread.iterate(timeout: 5) { !strip.isMoving && g_main_context_pending(nil) == 0 }
                }
            }
            rows.append(Row(edit: edit.name, widths: withWidths, median: percentile(times, 0.5), worst: times.max() ?? 0))
        }
        gtk_window_destroy(window)
        _ = GtkThread.iterate(timeout: 1) { g_main_context_pending(nil) == 0 }
    }
    return rows
}

func fixed(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

let rows = MainActor.assumeIsolated { run() }
print("SnapGtk benchmark: update(ids:) of a one-item edit on \(count) items (ms for the call, \(rounds) rounds)")
print("")
print(pad("edit", 18) + pad("widths", 10) + pad("median", 10) + pad("worst", 10))
for row in rows {
    print(pad(row.edit, 18) + pad(row.widths ? "own" : "uniform", 10) + pad(fixed(row.median), 10) + pad(fixed(row.worst), 10))
}
let slowestMedian = rows.map(\.median).max() ?? 0
print("target: one-item update of \(count) items ≤ \(Int(targetMilliseconds)) ms (slowest median \(fixed(slowestMedian)) ms): "
      + (slowestMedian <= targetMilliseconds ? "PASS" : "MISS"))
var json = "{\"bench\":\"snapgtk\",\"items\":\(count),\"rounds\":\(rounds)"
for row in rows {
    let key = row.edit.split(separator: " ").joined(separator: "_") + (row.widths ? "_widths" : "_uniform")
    json += ",\"update_ms_median_\(key)\":\(fixed(row.median)),\"update_ms_worst_\(key)\":\(fixed(row.worst))"
}
json += ",\"update_ms_slowest_median\":\(fixed(slowestMedian)),\"target_met\":\(slowestMedian <= targetMilliseconds)}"
print(json)
