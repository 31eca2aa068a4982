/// A segmented control's underline: the underline beneath a (possibly fractional) selection in a row of tabs.
public struct UnderlineGeometry: Sendable, Equatable {
    /// A horizontal span: a tab's extent or the underline itself.
    public struct Segment: Sendable, Equatable {
        /// Left edge (px).
        public var x: Double
        /// Width (px).
        public var width: Double

        /// Creates a span.
        public init(x: Double, width: Double) {
            self.x = x
            self.width = width
        }
    }

    /// The tabs, left to right.
    public var segments: [Segment]

    /// Underline geometry over these tabs (left to right, not overlapping).
    public init(segments: [Segment]) {
        self.segments = segments
    }

    /// `count` equal tabs filling `totalWidth`.
    public static func equalSegments(count: Int, totalWidth: Double) -> [Segment] {
        guard count > 0 else { return [] }
        let width = totalWidth / Double(count)
        return (0..<count).map { Segment(x: Double($0) * width, width: width) }
    }

    /// Tabs as wide as their content plus `padding` on each side, packed from x = 0.
    public static func fittedSegments(contentWidths: [Double], padding: Double) -> [Segment] {
        var x = 0.0
        return contentWidths.map { content in
            let segment = Segment(x: x, width: content + 2 * padding)
            x += segment.width
            return segment
        }
    }

    /// The underline at `selection`; 1.25 lies a quarter of the way from tab 1 to tab 2 in both x and width.
    /// Clamped to the first and last tab; zero-sized when there are no tabs.
    public func underline(at selection: Double) -> Segment {
        guard let last = segments.indices.last else { return Segment(x: 0, width: 0) }
        let position = selection.isFinite ? min(max(selection, 0), Double(last)) : 0
        let lower = Int(position.rounded(.down))
        guard lower < last else { return segments[last] }
        let fraction = position - Double(lower)
        let from = segments[lower]
        let to = segments[lower + 1]
        return Segment(x: from.x + (to.x - from.x) * fraction, width: from.width + (to.width - from.width) * fraction)
    }

    /// The tab under `x` (half-open spans), or nil between or outside tabs.
    public func segment(atX x: Double) -> Int? {
        segments.firstIndex { x >= $0.x && x < $0.x + $0.width }
    }
}
