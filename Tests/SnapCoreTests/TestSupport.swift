import Testing
@testable import SnapCore

/// One 60 Hz frame in milliseconds, the tick spacing used throughout.
let frame = 1000.0 / 60.0

/// Compares doubles with an absolute tolerance and reports at the caller's line.
func expectClose(
    _ actual: Double, _ expected: Double, tolerance: Double = 1e-9, _ comment: Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(abs(actual - expected) <= tolerance, "\(actual) vs \(expected) \(comment.map { "— \($0)" } ?? "")",
        sourceLocation: sourceLocation)
}

extension SplitMix64 {
    /// A random geometry: uniform or variable widths, spacing, viewport, sometimes items wider than the viewport.
    mutating func layout(maxCount: Int = 40) -> SnapLayout {
        let count = Int.random(in: 1...maxCount, using: &self)
        let spacing = Bool.random(using: &self) ? 0 : Double.random(in: 0...40, using: &self)
        let viewport = Double.random(in: 50...1200, using: &self)
        if Bool.random(using: &self) {
            let width = Double.random(in: 10...600, using: &self)
            return SnapLayout(uniformItemWidth: width, count: count, spacing: spacing, viewportWidth: viewport)
        }
        let widths = (0..<count).map { _ in Double.random(in: 1...700, using: &self) }
        return SnapLayout(itemWidths: widths, spacing: spacing, viewportWidth: viewport)
    }
}

/// Whether `offset` is exactly some item's resting place.
func isRestingPlace(_ offset: Double, in layout: SnapLayout) -> Bool {
    offset == layout.restingOffset(layout.index(nearestTo: offset))
}

/// Ticks at 60 Hz from `time` until the controller needs no frames (bounded), returning the time reached.
@discardableResult
func runUntilIdle(_ controller: inout SnapController, from time: Double, limit: Double = 10_000) -> Double {
    var now = time
    repeat {
        now += frame
        controller.tick(time: now)
    } while controller.needsFrames && now - time < limit
    return now
}

/// Only the settled events among `events`.
func settledEvents(_ events: [SnapEvent]) -> [(index: Int, offset: Double, cause: Cause)] {
    events.compactMap {
        if case .settled(let index, let offset, let cause) = $0 { return (index, offset, cause) }
        return nil
    }
}
