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
    /// Spring damping ratio ζ (1 = critically damped, no overshoot).
    public var springDampingRatio = SpringMotion.defaultDampingRatio
    /// Spring mass.
    public var springMass = SpringMotion.defaultMass
    /// Spring stiffness.
    public var springStiffness = SpringMotion.defaultStiffness
    /// Milliseconds a requested one-item move (wheel notch, key, click, page dot) takes; longer moves take
    /// longer, growing with the square root of the distance (see `GlideMotion.duration`).
    public var glideOneItemDuration = GlideMotion.defaultOneItemDuration
    /// Longest requested move (ms), however far it goes.
    public var glideLongestDuration = GlideMotion.defaultLongestDuration

    /// Creates a configuration; every parameter defaults to the strip/menu behaviour.
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
        self.springDampingRatio = springDampingRatio
        self.springMass = springMass
        self.springStiffness = springStiffness
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
