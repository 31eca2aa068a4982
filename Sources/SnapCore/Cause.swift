/// What set a component in motion; carried by every `settled`, `selected` and `page` event.
public enum Cause: String, Sendable, CaseIterable {
    case wheel, touchpad, drag, keyboard, click, programmatic, resize
}
