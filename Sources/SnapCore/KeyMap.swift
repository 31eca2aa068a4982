/// A key a SnapScroll component understands, named by its place on the keyboard. Toolkit key codes are translated
/// into these once (in SnapGtk); what they mean is decided here, for every component alike.
public enum KeyPress: Sendable, Hashable, CaseIterable {
    /// The arrows, Home, End, Page Up and Page Down (keypad keys alike).
    case left, right, home, end, pageUp, pageDown
    /// Enter or Space.
    case activate
}

/// What a key asks of a component.
public enum KeyCommand: Sendable, Equatable {
    /// Move in reading order (mirrored arrows in right to left).
    case move(SnapKey)
    /// Activate the current (or focused) item.
    case activate
}

/// The one key map of every component: arrows follow what the user sees, so in right to left Left means next.
public enum KeyMap {
    /// What `key` asks of a component laid out right to left or not.
    public static func command(for key: KeyPress, rightToLeft: Bool) -> KeyCommand {
        switch key {
        case .left: .move(rightToLeft ? .next : .previous)
        case .right: .move(rightToLeft ? .previous : .next)
        case .home: .move(.first)
        case .end: .move(.last)
        case .pageUp: .move(.pageBackward)
        case .pageDown: .move(.pageForward)
        case .activate: .activate
        }
    }
}

extension SnapKey {
    /// The index this key leads to from `current` among `count` items, for components that move one item at a
    /// time (a page key moves `page` items); clamped to the items, nil when there are none.
    public func target(from current: Int, count: Int, page: Int = 1) -> Int? {
        guard count > 0 else { return nil }
        let target: Int
        switch self {
        case .previous: target = current - 1
        case .next: target = current + 1
        case .first: target = 0
        case .last: target = count - 1
        case .pageBackward: target = current - max(1, page)
        case .pageForward: target = current + max(1, page)
        }
        return min(max(target, 0), count - 1)
    }
}
