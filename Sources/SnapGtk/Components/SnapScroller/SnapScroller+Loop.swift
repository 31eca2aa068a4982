import CSnapGtk
import SnapCore

/// Looping: a long virtual row of copies of the items (`LoopSpace`); the controller and the recycler work in virtual
/// indexes, everything the caller sees (current index, events, `bind`, taps) is the real item.
extension SnapScroller {
    /// Whether the row wraps around: the first item follows the last, endlessly, for every input. Home and End go to
    /// the first and last item of the current round; a move to an index takes the shortest way round; no scrollbar
    /// shows. ``itemWidths`` and ``spacing`` hold round after round.
    public var loops: Bool {
        get { loopSpace != nil }
        set {
            guard newValue != loops else { return }
            applicationChange {
                let real = currentIndex
                items.loop = newValue ? LoopSpace(count: itemCount) : nil
                restart(onVirtualIndex: loopSpace?.virtualIndex(middleOf: real) ?? real)
            }
        }
    }

    /// Continuous position between items (2.5 = halfway from item 2 to 3). In a loop it runs from −0.5 to
    /// itemCount − 0.5: halfway from the last item to the first it turns from itemCount − 0.5 to −0.5, as the
    /// current item turns from the last to the first.
    public var position: Double {
        let fractional = layout.fractionalIndex(at: controller.offset)
        guard let loopSpace else { return fractional }
        let real = loopSpace.realPosition(fractional)
        return real > Double(loopSpace.count) - 0.5 ? real - Double(loopSpace.count) : real
    }

    /// The caller's item shown by virtual index `index`.
    func realIndex(_ index: Int) -> Int {
        loopSpace?.realIndex(index) ?? index
    }

    /// The virtual index a move to the caller's item `index` heads for: in a loop, its nearest copy.
    func virtualTarget(forItem index: Int) -> Int {
        loopSpace?.virtualIndex(nearestCopyOf: index, to: indexBeforeLayout ?? controller.targetIndex ?? controller.currentIndex) ?? index
    }

    /// Home and End in a loop: the first and the last item of the current round. False when not handled here.
    func loopKey(_ key: SnapKey, time: Double) -> Bool {
        guard let loopSpace, key == .first || key == .last else { return false }
        let base = controller.targetIndex ?? controller.currentIndex
        let target = key == .first ? loopSpace.firstOfCycle(containing: base) : loopSpace.lastOfCycle(containing: base)
        controller.key(toIndex: target, time: time)
        return true
    }

    /// At rest far from the middle of the virtual row, moves to the same item in the middle copy. Nothing visible
    /// changes (the items and their positions in the viewport are the same) and nothing is reported.
    func recentreLoopIfFar() {
        guard let loopSpace, !controller.needsFrames, !gestures.isDragging, !gestures.isPressed,
              let middle = loopSpace.recentred(controller.currentIndex),
              controller.offset == layout.restingOffset(controller.currentIndex) else { return }
        restart(onVirtualIndex: middle)
    }

    /// A fresh controller resting on virtual `index` of a row rebuilt for the current count and loop, silently (the
    /// index space changed). A re-centre jumps whole rounds, moving items and adjustment alike: no pixel changes.
    func restart(onVirtualIndex index: Int) {
        controller = SnapController(
            layout: makeLayout(viewportWidth: layout.viewportWidth), configuration: controller.configuration, initialIndex: index)
        if !hasViewport { indexBeforeLayout = index }
        configureAdjustment()
        updateScrollbar()
        // Virtual indexes kept by the recycler may now stand for other items.
        items.release { _ in true }
        updateVisibleItems()
        gtk_widget_queue_resize(content)
        if !isInApplicationChange { onPositionChanged?(position) }
    }
}
