/// What set a component in motion; carried by every `settled`, `selected` and `page` event.
public enum Cause: String, Sendable, CaseIterable {
    /// A mouse wheel's notches.
    case wheel
    /// A touchpad's smooth scrolling (and its kinetic fling).
    case touchpad
    /// A pointer dragging the content.
    case drag
    /// Arrow keys, Home/End, Page Up/Down, or Enter/Space on a dot, a segment or an item.
    case keyboard
    /// A click on an item, a peeking neighbour, a dot or a segment.
    case click
    /// The application's code (`scrollTo`, `select`, a reset button).
    case programmatic
    /// A component moving by itself on a timer (a carousel's autoplay).
    case autoplay
    /// A change of the view's size, which keeps the current item in place.
    case resize
    /// A change the application made to the items themselves (count, widths, spacing, order or content: an insert,
    /// a remove, a move, a filter); reported once the change is complete.
    case dataChange
}
