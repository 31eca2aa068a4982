/// A key request, already in LOGICAL direction (the GTK layer swaps previous/next for right-to-left).
public enum SnapKey: Sendable {
    /// ±1 item; first/last item; about a viewport's worth of items back or forward.
    case previous, next, first, last, pageBackward, pageForward
}

/// What a `SnapController` reports to its widget, drained with `drainEvents()`.
public enum SnapEvent: Sendable, Equatable {
    /// The content came to rest at a resting place: exactly once per gesture, after motion fully stopped.
    case settled(index: Int, offset: Double, cause: Cause)
    /// The live nearest item changed (for labels, dots, selection).
    case currentIndexChanged(index: Int)
}
