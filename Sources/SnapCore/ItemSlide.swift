/// Items sliding from where they were drawn to their new places after the items changed (an insert opens a gap, a
/// remove closes one): each item is drawn `shift(ofItem:at:)` px from its place, a distance eased out to zero.
/// The current item never slides: it is already at rest in its place.
public struct ItemSlide: Sendable, Equatable {
    /// How far each item (by its new index) starts from its place, px; items that move less than half a pixel are
    /// left out.
    public let shifts: [Int: Double]
    /// When the slide starts (ms, the caller's clock).
    public let startTime: Double
    /// How long it takes (ms).
    public let duration: Double

    /// A slide from `before` (where each item was drawn, by its new index, px from the viewport's start edge) to
    /// `after` (where each is placed now); items missing from either do not slide.
    public init(from before: [Int: Double], to after: [Int: Double], startTime: Double, duration: Double) {
        var shifts: [Int: Double] = [:]
        for (index, start) in before {
            guard let place = after[index], start.isFinite, place.isFinite else { continue }
            let shift = start - place
            if abs(shift) >= 0.5 { shifts[index] = shift }
        }
        self.shifts = shifts
        self.startTime = startTime
        self.duration = max(0, duration)
    }

    /// Whether every item is in its place at `time`.
    public func isDone(at time: Double) -> Bool {
        shifts.isEmpty || time - startTime >= duration
    }

    /// How far from its place item `index` is drawn at `time`: its whole shift at the start, easing out (cubic) to
    /// exactly zero at the end.
    public func shift(ofItem index: Int, at time: Double) -> Double {
        guard let shift = shifts[index], !isDone(at: time) else { return 0 }
        let remaining = TimedMotion(from: 1, to: 0, duration: duration).value(at: time - startTime)
        return shift * remaining
    }
}
