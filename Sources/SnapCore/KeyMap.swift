/// A key a SnapScroll component understands, named by its place on the keyboard. Toolkit key codes are translated
/// into these once (in SnapGtk); what they mean is decided here, for every component alike.
public enum KeyPress: Sendable, Hashable, CaseIterable {
    /// The arrows, Home, End, Page Up and Page Down (keypad keys alike).
    case left, right, up, down, home, end, pageUp, pageDown
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

/// The one key map of every component: arrows follow what the user sees, so in right to left Left means next; a
/// vertical component takes Up and Down instead (and leaves Left and Right to move the focus).
public enum KeyMap {
    /// What `key` asks of a horizontal component laid out right to left or not; nil for Up and Down.
    public static func command(for key: KeyPress, rightToLeft: Bool) -> KeyCommand? {
        command(for: key, orientation: .horizontal, rightToLeft: rightToLeft)
    }

    /// What `key` asks of a component along `orientation`: nil for the arrows across it. Right to left mirrors the
    /// horizontal arrows only; down is next whatever the direction.
    public static func command(for key: KeyPress, orientation: Orientation, rightToLeft: Bool) -> KeyCommand? {
        switch (key, orientation) {
        case (.left, .horizontal): .move(rightToLeft ? .next : .previous)
        case (.right, .horizontal): .move(rightToLeft ? .previous : .next)
        case (.up, .vertical): .move(.previous)
        case (.down, .vertical): .move(.next)
        case (.left, .vertical), (.right, .vertical), (.up, .horizontal), (.down, .horizontal): nil
        case (.home, _): .move(.first)
        case (.end, _): .move(.last)
        case (.pageUp, _): .move(.pageBackward)
        case (.pageDown, _): .move(.pageForward)
        case (.activate, _): .activate
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
