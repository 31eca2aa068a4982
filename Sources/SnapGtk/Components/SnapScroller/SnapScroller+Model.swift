import CSnapGtk
import SnapCore

/// The items as the application's data: identity through batch updates, and the rule that a change the application
/// makes (a setter, an update) calls nothing back while it runs. Its geometry changes at once (``currentIndex`` and
/// ``layout`` are right as soon as the call returns); binding items and the events it causes follow from an idle
/// callback before the next frame, once: at most one ``onCurrentIndexChanged`` and one ``onSettled``, cause
/// `.dataChange`.
extension SnapScroller {
    /// Replaces the items in one step: their identities in their new order, their widths and which of them changed
    /// content. The current item stays the same item and stays exactly in place, whatever moved around it; when it
    /// was removed, the item that followed it becomes current (the one before it when it was the last), see
    /// `ItemChange.current(after:)`. Only the items shown at a position where they were not before, or named in
    /// `reloaded`, are bound again. The neighbours slide to their new places (at once under reduced motion or when
    /// `animated` is false).
    ///
    /// A move under way (a ``scrollTo(index:cause:animated:)``, a key, a wheel notch, a released fling) keeps going
    /// to the item it was heading for, at that item's new index (the one that followed it when it was removed), and
    /// settles there with its own cause: a data refresh does not drop a move someone asked for.
    ///
    /// A row built with a count (``itemCount``) identifies its items by their index, the `Int`s `0..<itemCount`:
    /// `Int` identifiers are compared with those (a model numbering its items from 0 keeps them through its first
    /// update). Identifiers of another type name the items in order, item `i` being `ids[i]` (the current index
    /// stays, clamped, as a new count would keep it), and every item near the view is bound again, since the row
    /// cannot tell what changed behind the indexes.
    ///
    /// Update your own data first, then call this: `bindItem` is called (after this returns) with the new indexes.
    ///
    /// ```swift
    /// photos.insert(photo, at: strip.currentIndex)
    /// strip.update(ids: photos.map(\.id), widths: photos.map(\.thumbnailWidth))
    /// ```
    /// - Parameters:
    ///   - ids: one identifier per item, in order, unique within the list.
    ///   - widths: each item's width in px (``itemWidths``); nil: every item ``itemWidth`` wide.
    ///   - reloaded: items whose content changed though their identifier did not.
    ///   - animated: whether the neighbours slide into their new places.
    @inlinable
    public func update<ID: Hashable>(ids: [ID], widths: [Double]? = nil, reloaded: Set<ID> = [], animated: Bool = true) {
        // Inlined into the caller, so the diff of the identities is compiled for its identifier type.
        apply(identityChange(from: itemIDs, count: itemCount, to: ids), ids: ids, widths: widths, reloaded: reloaded,
              animated: animated)
    }

    /// The rest of an update, once the identities are compared: its cost is that of the items near the view.
    @usableFromInline
    func apply<ID: Hashable>(_ change: ItemChange<ID>, ids: [ID], widths: [Double]?, reloaded: Set<ID>, animated: Bool) {
        let firstIdentities = namesItemsInPlace(itemIDs, ID.self)
        applicationChange {
            let oldCount = itemCount
            let oldCurrent = oldCount > 0 ? currentIndex : nil
            let newCurrent = change.current(after: oldCurrent)
            let newTarget = movingTarget().flatMap { change.current(after: $0) }
            let before = animated ? screenStarts(of: change) : [:]
            itemIDs = ids
            storedItemCount = ids.count
            storedItemWidths = widths
            let all = loops || firstIdentities || (bindingShowsCount && ids.count != oldCount)
            items.release { index in
                all || index >= ids.count || change.needsBinding(at: index, isReloaded: { reloaded.contains($0) })
            }
            replaceItems(current: newCurrent, target: newTarget)
            if animated { slideNeighbours(from: before) }
        }
    }

    /// The real item a motion in progress is heading for (nil: the row is not moving to an item, or a drag or the
    /// fingers hold it): an application's change keeps it heading there.
    func movingTarget() -> Int? {
        guard controller.isAnimating, let target = controller.targetIndex, itemCount > 0 else { return nil }
        return realIndex(target)
    }

    /// The items changed (count, identities, widths): the controller rests at once on `newCurrent` (real) of the new
    /// geometry, or keeps moving from there to `newTarget` (real) when a motion was heading for an item; the
    /// adjustment follows, and the binding waits for the end of the change.
    func replaceItems(current newCurrent: Int?, target newTarget: Int? = nil) {
        var (current, target) = (newCurrent, newTarget)
        if loops {
            let loop = LoopSpace(count: storedItemCount)
            items.loop = loop
            current = newCurrent.map { loop.virtualIndex(middleOf: $0) }
            target = current.flatMap { from in newTarget.map { loop.virtualIndex(nearestCopyOf: $0, to: from) } }
        }
        let newLayout = makeLayout(viewportWidth: layout.viewportWidth)
        controller.itemsChanged(to: newLayout, current: current, target: target, time: now)
        if controller.isAnimating { startFramesIfNeeded() }
        if !hasViewport { indexBeforeLayout = target }
        // A change during a slide starts a new one (from where the items are drawn); its settle is the one to come.
        gapMotion = nil
        pendingGapSettle = nil
        configureAdjustment()
        updateScrollbar()
        updateVisibleItems()
        apply()
        gtk_widget_queue_resize(content)
    }

    /// Runs an application's change: nothing is bound and no handler is called until it has returned; then, from an
    /// idle callback (before the next frame), the items near the view are bound and the events are delivered once.
    /// Once the row's widget is destroyed, a change does nothing (its widgets and adjustment may be freed already).
    func applicationChange(_ body: () -> Void) {
        guard !isTornDown else { return }
        changeDepth += 1
        body()
        changeDepth -= 1
        if changeDepth == 0 {
            deliveryPending = true
            afterChange.schedule()
        }
    }

    /// Whether an application's change is running (events wait, binding waits).
    var isInApplicationChange: Bool { changeDepth > 0 }

    /// Binds what the change left unbound, then reports it: the current index when it differs from the last one
    /// reported, the position, and one settle (offset: the adjustment's value now). A row without items reports
    /// nothing.
    func deliverAfterChange() {
        guard !isInApplicationChange, deliveryPending else { return }
        deliveryPending = false
        // The items are bound in the row's next allocation, where the geometry of this width is known (a banner
        // bound now would decode at a size it is not drawn at).
        if bindingPending { gtk_widget_queue_allocate(content) }
        let settle = pendingSettle
        pendingSettle = nil
        guard itemCount > 0 else {
            lastReportedIndex = nil
            reportedDestination = nil
            return
        }
        let index = currentIndex
        if index != lastReportedIndex {
            lastReportedIndex = index
            onCurrentIndexChanged?(SelectionEvent(index: index, cause: .dataChange))
        }
        reportDestination(cause: .dataChange)
        onPositionChanged?(position)
        if let settle, gapMotion != nil {
            pendingGapSettle = settle   // the neighbours are still sliding: the row settles when they are in place
        } else if let settle, !isMoving {
            onSettled?(SettleEvent(index: settle.index, cause: settle.cause, offset: gtk_adjustment_get_value(adjustment)))
        }
    }

    // MARK: - The neighbours' slide

    /// Where each surviving item was drawn before the change, from the viewport's start edge (logical px), by its
    /// new index: the items near the viewport only.
    private func screenStarts<ID>(of change: ItemChange<ID>) -> [Int: Double] {
        guard !loops, hasViewport, !controller.configuration.reduceMotion, gtk_widget_get_mapped(widget) != 0 else { return [:] }
        var starts: [Int: Double] = [:]
        let offset = controller.offset
        for old in layout.range(visibleAt: offset, overscan: Self.overscan) {
            if let new = change.newIndex(ofOld: old) { starts[new] = layout.itemStart(old) - offset + gapShift(ofItem: old) }
        }
        return starts
    }

    /// Starts the slide: each surviving item is drawn where it was and moves to its new place (the current item is
    /// already there).
    private func slideNeighbours(from before: [Int: Double]) {
        guard !before.isEmpty else { return }
        let after = before.keys.filter { $0 < layout.count }.map { ($0, layout.itemStart($0) - controller.offset) }
        let slide = ItemSlide(from: before, to: Dictionary(uniqueKeysWithValues: after), startTime: now,
                              duration: controller.configuration.glideOneItemDuration)
        guard !slide.isDone(at: now) else { return }
        gapMotion = slide
        gapTime = now
        startFramesIfNeeded(force: true)
    }

    /// Advances the slide to `time`; true while it runs. Its end delivers the settle the change was waiting for.
    func tickGap(at time: Double) -> Bool {
        guard let motion = gapMotion else { return false }
        gtk_widget_queue_allocate(content)
        if motion.isDone(at: time) {
            gapMotion = nil
            let settle = pendingGapSettle
            pendingGapSettle = nil
            if let settle, itemCount > 0 {
                onSettled?(SettleEvent(index: settle.index, cause: settle.cause, offset: gtk_adjustment_get_value(adjustment)))
            }
            return false
        }
        gapTime = time
        return true
    }

    /// How far from its place item `index` is drawn now (0 when nothing slides).
    func gapShift(ofItem index: Int) -> Double {
        gapMotion?.shift(ofItem: index, at: gapTime) ?? 0
    }
}
