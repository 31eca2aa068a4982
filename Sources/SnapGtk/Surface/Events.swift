import SnapCore

// What the components report: small values, so a handler names what it uses and new fields break nothing.
// On capturing the component in a callback, see SelectionEvent.

/// The selection moved: a carousel's current page, a segmented control's selected segment, or the page a dot asks
/// for.
///
/// A component keeps its callbacks for as long as it lives (as long as its widget). Capture the component itself,
/// or an object of yours that holds it, `weak` or `unowned`: a strong capture makes a cycle that outlives the
/// window. Widget handles such as ``Label`` may be captured strongly.
///
/// ```swift
/// let label = Label()
/// sections.onSelected = { [weak sections] event in
///     label.text = sections?.titles[event.index] ?? ""
/// }
/// ```
public struct SelectionEvent: Sendable, Equatable {
    /// The new index (page or segment), from 0.
    public let index: Int
    /// What moved it: the user's wheel, drag, key or click, or the application's code.
    public let cause: Cause

    /// An event for `index` moved by `cause`.
    public init(index: Int, cause: Cause) {
        self.index = index
        self.cause = cause
    }
}

/// A component came to rest exactly in place, once per gesture.
public struct SettleEvent: Sendable, Equatable {
    /// The item or page at rest, from 0.
    public let index: Int
    /// What moved it there.
    public let cause: Cause
    /// The scroll adjustment's value at rest (px): how far the row is scrolled from its left edge (in a row too
    /// long for GTK's precision, from the left edge of the stretch of it the scroller shows).
    public let offset: Double

    /// An event for `index` reached by `cause`, scrolled `offset` px.
    public init(index: Int, cause: Cause, offset: Double = 0) {
        self.index = index
        self.cause = cause
        self.offset = offset
    }
}

/// The current item was tapped: clicked without a drag, or activated with Enter or Space.
public struct TapEvent: Sendable, Equatable {
    /// The tapped item or page, from 0.
    public let index: Int

    /// An event for `index`.
    public init(index: Int) { self.index = index }
}

/// A banner's image could not be loaded; reported once per banner (a missing image loader once for the whole app).
public struct ImageErrorEvent: Sendable, Equatable {
    /// The banner's page, from 0.
    public let index: Int
    /// One line naming the file and the reason, e.g. "banner 3: cannot load image sea.png: file not found".
    public let message: String

    /// An event for `index` with `message`.
    public init(index: Int, message: String) {
        self.index = index
        self.message = message
    }
}

/// A user's gesture on a snapping component began or let go (see ``SnapScroller/onGesture``): a drag from press to
/// release, a touchpad swipe up to its end, a burst of wheel notches up to 200 ms without one, or one key press.
/// Every `.start` is followed by exactly one `.end`, before the gesture's settle.
public struct GestureEvent: Sendable, Equatable {
    /// Whether the gesture began (`.start`) or let go (`.end`).
    public typealias Phase = SnapGesture.Phase

    /// The core's report of the gesture, its fields in the caller's terms (px/s, adjustment values).
    let report: SnapGesture

    /// Whether the gesture began or let go.
    public var phase: Phase { report.phase }
    /// The input: `.wheel`, `.touchpad`, `.drag` (a mouse, or the scrollbar) or `.keyboard`.
    public var input: Cause { report.input }
    /// The item current when the gesture began, from 0.
    public var startIndex: Int { report.startIndex }
    /// At `.end`: the release velocity in px/s, positive toward later items (leftward right to left); 0 for wheel
    /// notches and keys, and at `.start`.
    public var velocity: Double { report.velocity }
    /// At `.end`: the highest speed (px/s) the content reached under the input; 0 at `.start`.
    public var peakSpeed: Double { report.peakSpeed }
    /// At `.end`: where the release velocity would coast the content, as a value of the scroll adjustment (like
    /// ``SettleEvent/offset``); for wheel notches and keys, the target's resting offset.
    public var projectedOffset: Double { report.projectedOffset }
    /// At `.end`: the item chosen to rest on; at `.start`, ``startIndex``.
    public var targetIndex: Int { report.targetIndex }

    /// An event with every field given (velocities in px/s, offsets as adjustment values).
    public init(phase: Phase, input: Cause, startIndex: Int, velocity: Double = 0, peakSpeed: Double = 0,
                projectedOffset: Double, targetIndex: Int) {
        report = SnapGesture(phase: phase, input: input, startIndex: startIndex, velocity: velocity, peakSpeed: peakSpeed,
                             projectedOffset: projectedOffset, targetIndex: targetIndex)
    }
}
