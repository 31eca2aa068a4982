// SnapCore benchmark: `swift run -c release snapcore-bench`.
// Times the snap-target choice against a plain linear scan, spring sampling and controller frames, and checks that
// the per-frame path does not allocate. Prints a table, then the same figures as one JSON line.
import SnapCore

/// Keeps a value alive so the optimiser cannot drop the work that produced it.
@inline(never)
func blackhole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// Shortest measuring time per figure; long enough to average out timer and cache noise.
let minimumMeasuringTime = Duration.milliseconds(120)
/// Queries cycled through in each timing loop (a power of two, so the cycle is a mask).
let queryCount = 1024
/// Item counts the target choice is timed at.
let sizes = [10, 1_000, 100_000, 1_000_000]
/// Geometry of the benchmark strips.
let itemWidth = 120.0, itemSpacing = 8.0, viewport = 800.0
/// Variable widths are drawn from this range.
let variableWidths = 40.0...300.0
/// Frames timed for the controller and the allocation check.
let frameCount = 200_000
/// One 60 Hz frame in ms.
let frameInterval = 1000.0 / 60.0

/// Nanoseconds per call of `body(i)`, doubling the iteration count until the run lasts `minimumMeasuringTime`.
func nanosecondsPerCall(_ body: (Int) -> Int) -> Double {
    let clock = ContinuousClock()
    var iterations = 1
    var checksum = 0
    while true {
        let start = clock.now
        for i in 0..<iterations { checksum &+= body(i) }
        let elapsed = clock.now - start
        if elapsed >= minimumMeasuringTime || iterations >= 1 << 30 {
            blackhole(checksum)
            let (seconds, attoseconds) = elapsed.components
            let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
            return nanoseconds / Double(iterations)
        }
        iterations *= 2
    }
}

/// The naive alternative: the nearest resting place by looking at every item.
func linearScanNearest(_ layout: SnapLayout, _ offset: Double) -> Int {
    var best = 0
    var bestDistance = Double.infinity
    for i in 0..<layout.count {
        let distance = abs(layout.restingOffset(i) - offset)
        if distance < bestDistance {
            best = i
            bestDistance = distance
        }
    }
    return best
}

struct TargetRow {
    var kind: String
    var count: Int
    var chooseNs: Double
    var scanNs: Double
    var ratio: Double { scanNs / chooseNs }
}

var rng = SplitMix64(seed: 42)   // seeded, so runs are comparable
var rows: [TargetRow] = []
for count in sizes {
    let uniform = SnapLayout(uniformItemWidth: itemWidth, count: count, spacing: itemSpacing, viewportWidth: viewport)
    let widths = (0..<count).map { _ in Double.random(in: variableWidths, using: &rng) }
    let variable = SnapLayout(itemWidths: widths, spacing: itemSpacing, viewportWidth: viewport)
    for (kind, layout) in [("uniform", uniform), ("variable", variable)] {
        let offsets = (0..<queryCount).map { _ in Double.random(in: 0...layout.maxOffset, using: &rng) }
        let velocities = (0..<queryCount).map { _ in Double.random(in: -3...3, using: &rng) }
        let choose = nanosecondsPerCall { i in
            let q = i & (queryCount - 1)
            return chooseSnapTarget(in: layout, offset: offsets[q], velocity: velocities[q], startIndex: nil).index
        }
        // The scan does strictly less than the real choice (one nearest search, no fling rules), to be generous.
        let projection = SnapTargetParameters.standard.decelerationRate / (1 - SnapTargetParameters.standard.decelerationRate)
        let scan = nanosecondsPerCall { i in
            let q = i & (queryCount - 1)
            return linearScanNearest(layout, offsets[q] + velocities[q] * projection)
        }
        rows.append(TargetRow(kind: kind, count: count, chooseNs: choose, scanNs: scan))
    }
}

// Spring sampling across one page's animation.
let spring = SpringMotion(from: 0, to: 500, initialVelocity: 0.5)
let springSamples = 256
let springNs = nanosecondsPerCall { i in
    let t = Double(i & (springSamples - 1)) * spring.estimatedDuration / Double(springSamples)
    return Int(spring.value(at: t))
}

// Controller frames during an animation over a million items; a new jump is requested whenever one finishes.
let million = SnapLayout(uniformItemWidth: itemWidth, count: 1_000_000, spacing: itemSpacing, viewportWidth: viewport)
/// Drives one controller frame by frame, starting a new jump whenever the last one has settled.
struct FrameDriver {
    var controller: SnapController
    var now = 0.0
    var destination = 0

    /// One frame: tick, then drain events the allocation-free way. Returns the number of events seen.
    mutating func runFrame() -> Int {
        if !controller.needsFrames {
            destination = (destination + 7) % controller.layout.count
            controller.scrollTo(index: destination, cause: .programmatic, time: now)
        }
        now += frameInterval
        controller.tick(time: now)
        var seen = 0
        controller.drainEvents { _ in seen += 1 }
        return seen
    }
}
var driver = FrameDriver(controller: SnapController(layout: million))
let tickNs = nanosecondsPerCall { _ in driver.runFrame() }

/// A class instance the optimiser cannot stack-promote once stored in a global: the positive control's allocation.
final class HeapBox {
    let value: Int
    init(_ value: Int) { self.value = value }
}
nonisolated(unsafe) var keepAlive: HeapBox?

// Allocation check (method: AllocationCounter.swift), run in a forked child. Positive control first: the counter
// must see array allocations, or its silence would mean nothing.
var frameEvents = 0
var targetChecksum = 0
let counts = measureAllocations([
    { for i in 0..<100 { keepAlive = HeapBox(i) } },
    { for _ in 0..<frameCount { frameEvents &+= driver.runFrame() } },
    {
        for i in 0..<frameCount {
            targetChecksum &+= chooseSnapTarget(
                in: million, offset: Double(i) * 37, velocity: Double(i % 7) - 3, startIndex: nil).index
        }
        blackhole(targetChecksum)
    },
])
let itemChangeRows = measureItemChanges()
let counterWorks = (counts?[0] ?? 0) >= 100
let frameAllocations = counts?[1] ?? -1
let targetAllocations = counts?[2] ?? -1

// MARK: - Report

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}
func fixed(_ value: Double, _ decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let rounded = (value * scale).rounded() / scale
    let text = "\(rounded)"
    guard let dot = text.firstIndex(of: ".") else { return text }
    let fraction = text[text.index(after: dot)...]
    return String(text[...dot]) + fraction + String(repeating: "0", count: max(0, decimals - fraction.count))
}

print("SnapCore benchmark (release build; ns per call, \(minimumMeasuringTime) minimum per figure)")
print("")
print(pad("layout", 9) + pad("items", 10) + pad("chooseSnapTarget", 18) + pad("linear scan", 16) + pad("scan / choose", 16))
for row in rows {
    print(pad(row.kind, 9) + pad("\(row.count)", 10) + pad(fixed(row.chooseNs, 1), 18) + pad(fixed(row.scanNs, 1), 16)
        + pad(fixed(row.ratio, 1) + "×", 16))
}
print("")
print("spring sample (value(at:))               \(fixed(springNs, 1)) ns")
print("controller frame (tick + drain), 1M items \(fixed(tickNs, 1)) ns")
print("allocation counter positive control       \(counterWorks ? "ok" : "FAILED (counter blind; results below unverified)")")
print("allocations in \(frameCount) animation frames   \(frameAllocations) (events drained every frame)")
print("allocations in \(frameCount) target choices    \(targetAllocations)")

let millionUniform = rows.first { $0.kind == "uniform" && $0.count == 1_000_000 }!
let millionVariable = rows.first { $0.kind == "variable" && $0.count == 1_000_000 }!
let goalsMet = millionUniform.chooseNs < 1000 && millionVariable.chooseNs < 1000 && millionUniform.ratio >= 1000
    && millionVariable.ratio >= 1000 && counterWorks && frameAllocations == 0
print("")
print("ItemChange, one-item edit of \(itemChangeCount) ids (ms per change, with the current item after it)")
for row in itemChangeRows {
    print(pad(row.change, 20) + pad(row.idType, 13) + pad(fixed(row.milliseconds, 3), 10) + " ms")
}
print("goals (<1 µs and ≥1000× at 1M items, no per-frame allocation): \(goalsMet ? "met" : "NOT met")")

var json = "{\"bench\":\"snapcore\""
for row in rows {
    let key = "\(row.kind)_\(row.count)"
    json += ",\"choose_ns_\(key)\":\(fixed(row.chooseNs, 2)),\"scan_ns_\(key)\":\(fixed(row.scanNs, 2))"
    json += ",\"ratio_\(key)\":\(fixed(row.ratio, 1))"
}
json += ",\"spring_sample_ns\":\(fixed(springNs, 2)),\"controller_frame_ns\":\(fixed(tickNs, 2))"
json += ",\"allocation_counter_ok\":\(counterWorks),\"frame_allocations\":\(frameAllocations)"
json += ",\"target_allocations\":\(targetAllocations),\"frames\":\(frameCount),\"goals_met\":\(goalsMet)}"
let slowestTypedChange = itemChangeRows.filter { $0.idType == "String" }.map(\.milliseconds).max() ?? 0
json.removeLast()
json += ",\"item_change_ms_max_100k\":\(fixed(slowestTypedChange, 3))"
for row in itemChangeRows {
    let key = (row.change + "_" + row.idType).lowercased().split(separator: " ").joined(separator: "_")
    json += ",\"item_change_ms_\(key)\":\(fixed(row.milliseconds, 3))"
}
json += "}"
print(json)
