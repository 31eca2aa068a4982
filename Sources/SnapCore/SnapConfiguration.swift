/// Tunables of a `SnapController`: target choice per input kind, gesture-end debounce, motion.
public struct SnapConfiguration: Sendable, Equatable {
    /// Target choice for drags and flings.
    public var targetParameters: SnapTargetParameters
    /// Target choice when touchpad smooth scrolling ends.
    public var touchpadParameters: SnapTargetParameters
    /// Milliseconds without input after which a smooth scroll without scroll-end counts as finished.
    public var quietPeriod: Double = GestureEndDetector.defaultQuietPeriod
    /// Moves are instant (no animation) when true; may be toggled while running.
    public var reduceMotion: Bool = false
    /// Spring damping ratio ζ (1 = critically damped, no overshoot), within `springDampingRatioRange`.
    public var springDampingRatio = SpringMotion.defaultDampingRatio {
        didSet { springDampingRatio = Self.valid(springDampingRatio, in: Self.springDampingRatioRange, or: SpringMotion.defaultDampingRatio) }
    }
    /// Spring mass, within `springMassRange`.
    public var springMass = SpringMotion.defaultMass {
        didSet { springMass = Self.valid(springMass, in: Self.springMassRange, or: SpringMotion.defaultMass) }
    }
    /// Spring stiffness, within `springStiffnessRange`.
    public var springStiffness = SpringMotion.defaultStiffness {
        didSet { springStiffness = Self.valid(springStiffness, in: Self.springStiffnessRange, or: SpringMotion.defaultStiffness) }
    }
    /// Milliseconds a requested one-item move (wheel notch, key, click, page dot) takes, within `glideDurationRange`;
    /// longer moves take longer, growing with the cube root of the distance (see `GlideMotion.duration`).
    public var glideOneItemDuration = GlideMotion.defaultOneItemDuration {
        didSet { glideOneItemDuration = Self.valid(glideOneItemDuration, in: Self.glideDurationRange, or: GlideMotion.defaultOneItemDuration) }
    }
    /// Longest requested move (ms), however far it goes, within `glideDurationRange`.
    public var glideLongestDuration = GlideMotion.defaultLongestDuration {
        didSet { glideLongestDuration = Self.valid(glideLongestDuration, in: Self.glideDurationRange, or: GlideMotion.defaultLongestDuration) }
    }

    // Every spring parameter is checked where it is set, so no configuration can make a spring fail: a value outside
    // its range is clamped into it, and NaN becomes the default.

    /// Accepted damping ratios: from very bouncy to very sluggish.
    public static let springDampingRatioRange = 0.05...20.0
    /// Accepted masses.
    public static let springMassRange = 0.001...1_000.0
    /// Accepted stiffnesses.
    public static let springStiffnessRange = 0.1...1_000_000.0
    /// Accepted glide durations (ms): from none (instant) to ten seconds.
    public static let glideDurationRange = 0.0...10_000.0

    /// `value` clamped into `range`; NaN is `fallback`.
    static func valid(_ value: Double, in range: ClosedRange<Double>, or fallback: Double) -> Double {
        value.isNaN ? fallback : min(max(value, range.lowerBound), range.upperBound)
    }

    /// Creates a configuration; every parameter defaults to the strip/menu behaviour. Spring parameters outside their
    /// ranges are clamped into them (NaN: the default).
    public init(
        targetParameters: SnapTargetParameters = .standard,
        touchpadParameters: SnapTargetParameters = .touchpad,
        quietPeriod: Double = GestureEndDetector.defaultQuietPeriod,
        reduceMotion: Bool = false,
        springDampingRatio: Double = SpringMotion.defaultDampingRatio,
        springMass: Double = SpringMotion.defaultMass,
        springStiffness: Double = SpringMotion.defaultStiffness
    ) {
        self.targetParameters = targetParameters
        self.touchpadParameters = touchpadParameters
        self.quietPeriod = quietPeriod
        self.reduceMotion = reduceMotion
        self.springDampingRatio = Self.valid(springDampingRatio, in: Self.springDampingRatioRange,
                                             or: SpringMotion.defaultDampingRatio)
        self.springMass = Self.valid(springMass, in: Self.springMassRange, or: SpringMotion.defaultMass)
        self.springStiffness = Self.valid(springStiffness, in: Self.springStiffnessRange, or: SpringMotion.defaultStiffness)
    }

    /// Strips and menus: flings travel freely.
    public static let standard = SnapConfiguration()

    /// Carousels: drags and touchpad swipes move at most one page per gesture.
    public static let pager = SnapConfiguration(
        targetParameters: .pager,
        touchpadParameters: SnapTargetParameters(
            minimumFlingVelocity: SnapTargetParameters.touchpad.minimumFlingVelocity,
            decelerationRate: SnapTargetParameters.touchpad.decelerationRate,
            maximumItemsPerFling: SnapTargetParameters.pager.maximumItemsPerFling))
}
