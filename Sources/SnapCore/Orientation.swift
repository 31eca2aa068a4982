/// The axis a snapping row runs along. Every rule of the core is along one axis, whichever it is: offsets, item
/// extents and velocities are measured along it (a vertical row's "width" in `SnapLayout` is a height). Only the
/// toolkit layer maps it to the screen, and only the input rules need it: which wheel and touchpad deltas belong
/// to the row, and which arrows move it (`GestureInterpreter`, `KeyMap`).
public enum Orientation: Sendable, Hashable, CaseIterable {
    /// Left to right (mirrored right to left): a strip, a tab menu, a carousel.
    case horizontal
    /// Top to bottom whatever the text direction: a list, a vertical pager.
    case vertical
}
