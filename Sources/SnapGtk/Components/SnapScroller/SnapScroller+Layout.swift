import CSnapGtk
import SnapCore

/// Output, geometry and layout: the controller's offset shown on the adjustment, the items placed.
extension SnapScroller {
    // MARK: - Frames and output

    func startFramesIfNeeded(force: Bool = false) {
        if (force || controller.needsFrames) && !driver.isRunning { driver.start() }
    }

    func frame(at time: Double) -> Bool {
        if scrollEndPending {
            scrollEndPending = false
            controller.scrollEnded(time: time, velocity: nil)
        }
        controller.tick(time: time)
        apply()
        let sliding = tickGap(at: time)
        return controller.needsFrames || guidesNeedFrames || sliding
    }

    /// After any input: show the new offset, report, and keep frames coming while something moves (and, with snap
    /// guides, while a drag holds the row).
    func afterInput() {
        // A motion from rest shows its first frame at once, as a stock scrolled window shows a new value: the frame
        // GTK paints next already has it. Sampled a frame period on, when that frame will be on screen: at the
        // input's own time it would not have moved yet. Left to the first tick, it came a frame late whenever GTK's
        // smoothed frame time fell before the input, and GTK started that frame later than one for a new value.
        if !driver.isRunning && controller.needsFrames { controller.tick(time: now + driver.framePeriod) }
        apply()
        startFramesIfNeeded(force: guidesNeedFrames)
    }

    /// Puts the controller's offset on the adjustment, updates the bound items and reports events (with real item
    /// indexes in a loop).
    func apply() {
        if showOffset() {
            updateVisibleItems()
            followPointer()
            if !isInApplicationChange { onPositionChanged?(position) }
            if let motionTap { motionTap(motionSample()) }
        }
        var settled = false
        // What an earlier change caused comes first, in order (its idle callback then finds nothing to do).
        if !isInApplicationChange && deliveryPending { deliverAfterChange() }
        // Drained into arrays first: handlers may call back into the scroller (and so the controller). Gestures
        // before events: a gesture's end comes before its settle.
        for report in controller.drainGestures() { onGesture?(gestureEvent(report)) }
        for event in controller.drainEvents() {
            if isInApplicationChange {
                // Kept for `deliverAfterChange`: the last settle (a resize it caused is reported as the data change it
                // is); the current index is compared with the last one reported then.
                if case .settled(let index, _, let cause) = event {
                    pendingSettle = SettleEvent(index: realIndex(index), cause: cause == .resize ? .dataChange : cause, offset: 0)
                }
                continue
            }
            switch event {
            case .currentIndexChanged(let index):
                items.markCurrent(index)
                lastReportedIndex = realIndex(index)
                onCurrentIndexChanged?(SelectionEvent(index: realIndex(index), cause: inputCause))
            case .settled(let index, _, let cause):
                // The adjustment holds exactly the controller's resting offset now (flipped right to left).
                onSettled?(SettleEvent(index: realIndex(index), cause: cause, offset: gtk_adjustment_get_value(adjustment)))
                settled = true
            }
        }
        reportDestination()
        if settled { recentreLoopIfFar() }
        redrawGuides()
    }

    /// The (real) item the content is on or heading to.
    var destinationIndex: Int {
        realIndex(indexBeforeLayout ?? controller.targetIndex ?? controller.currentIndex)
    }

    /// Calls `onDestinationChanged` when the destination changed since the last call, with `cause` (the input's,
    /// unless given). Never inside an application's change (``deliverAfterChange()`` reports it afterwards, as a
    /// data change) and never for a row without items.
    func reportDestination(cause: Cause? = nil) {
        guard let onDestinationChanged, !isInApplicationChange else { return }
        guard itemCount > 0 else {
            reportedDestination = nil
            return
        }
        let destination = destinationIndex
        guard destination != reportedDestination else { return }
        reportedDestination = destination
        onDestinationChanged(SelectionEvent(index: destination, cause: cause ?? inputCause))
    }

    /// A core gesture report in the caller's terms: real items, px/s, adjustment values.
    func gestureEvent(_ report: SnapGesture) -> GestureEvent {
        GestureEvent(
            phase: report.phase, input: report.input, startIndex: realIndex(report.startIndex),
            velocity: report.velocity * 1000, peakSpeed: report.peakSpeed * 1000,
            projectedOffset: layout.physicalOffset(fromLogical: report.projectedOffset, rtl: isRightToLeft),
            targetIndex: realIndex(report.targetIndex))
    }

    /// The adjustment's value for the controller's offset: from the row's left end, so flipped right to left (a
    /// vertical row's, from its top).
    var adjustmentValue: Double { layout.physicalOffset(fromLogical: controller.offset, rtl: isMirrored) }

    /// Writes the controller's offset to the adjustment, as our own write (the row is placed again by the allocation
    /// that queues, and the change does not come back as someone else's). Returns whether it changed.
    func showOffset() -> Bool {
        let value = adjustmentValue
        guard gtk_adjustment_get_value(adjustment) != value else { return false }
        ScrollableWidget.write(to: content) { gtk_adjustment_set_value($0, value) }
        return true
    }

    /// The adjustment's range, page and value at once, for the current geometry (GTK's clamping never moves it): in
    /// the allocation (once), or as our own write when the geometry changes outside one.
    func configureAdjustment() {
        if isAllocating { configure(adjustment) } else { ScrollableWidget.write(to: content) { configure($0) } }
    }

    private func configure(_ adjustment: UnsafeMutablePointer<GtkAdjustment>) {
        let viewport = layout.viewportWidth
        gtk_adjustment_configure(adjustment, adjustmentValue, 0, max(layout.contentWidth, viewport),
                                 viewport * 0.1, viewport * 0.9, viewport)
    }

    /// `index` is the recycler's (virtual) index of the item under the pointer, or the current one; `cause` is
    /// `.click` for a pointer, `.keyboard` for Enter/Space. An item already resting in its place is only tapped.
    func tap(_ index: Int, cause: Cause = .click) {
        onTap?(TapEvent(index: realIndex(index)))
        guard scrollsToTappedItem && isInteractive else { return }
        let resting = !controller.needsFrames && controller.targetIndex == nil && index == controller.currentIndex
            && controller.offset == layout.restingOffset(index)
        guard !resting else { return }
        inputCause = cause
        controller.scrollTo(index: index, cause: cause, time: now)
        afterInput()
    }

    /// Hover for items that moved under a still pointer: GTK sets it only on crossing events, which a moving row does
    /// not cause, so the item under the pointer's last position gets GTK's hover state and every other one loses it.
    func followPointer() {
        guard let x = pointerX else { return }
        let hovered = itemIndex(atX: x)
        for (index, item) in items.bound {
            let isHovered = gtk_widget_get_state_flags(item).rawValue & GTK_STATE_FLAG_PRELIGHT.rawValue != 0
            if index == hovered && !isHovered {
                gtk_widget_set_state_flags(item, GTK_STATE_FLAG_PRELIGHT, 0)
            } else if index != hovered && isHovered {
                gtk_widget_unset_state_flags(item, GTK_STATE_FLAG_PRELIGHT)
            }
        }
    }

    /// The item under x (the row's own coordinates, along its axis: y for a vertical row), if any.
    func itemIndex(atX x: Double) -> Int? {
        // How far into the row from its start edge (mirrored right to left).
        let logical = controller.offset + (isMirrored ? layout.viewportWidth - x : x)
        for index in items.bound.keys {
            let start = layout.itemStart(index)
            if logical >= start && logical < start + layout.itemWidth(index) { return index }
        }
        return nil
    }

    // MARK: - Geometry

    /// The geometry for a viewport width: uniform (constant memory) unless `itemWidths` is set. A loop is a virtual
    /// row of copies of the items: of one shared width, or of the items' own widths repeated round after round.
    func makeLayout(viewportWidth: Double) -> SnapLayout {
        let gap = spacingForViewport?(viewportWidth) ?? spacing
        let uniform = itemWidthForViewport?(viewportWidth) ?? itemWidth
        guard let itemWidths else {
            let count = loopSpace?.virtualCount ?? itemCount
            return SnapLayout(uniformItemWidth: uniform, count: count, spacing: gap, viewportWidth: viewportWidth)
        }
        // No closure per item: one written here would be main-actor isolated, and Swift checks the executor on
        // every call of it (100,000 checks cost about 15 ms).
        let widths = itemWidths.count == itemCount ? itemWidths
            : Array(itemWidths.prefix(itemCount)) + Array(repeating: uniform, count: max(0, itemCount - itemWidths.count))
        if let loopSpace {
            return SnapLayout(repeating: widths, rounds: loopSpace.cycles, spacing: gap, viewportWidth: viewportWidth)
        }
        return SnapLayout(itemWidths: widths, spacing: gap, viewportWidth: viewportWidth)
    }

    /// New geometry at the same width (an item count, width or spacing changed): measured and placed again.
    func rebuildLayout() {
        relayout(viewportWidth: layout.viewportWidth, force: true)
        gtk_widget_queue_resize(content)
    }

    /// New geometry for `viewportWidth`: the controller keeps its item, and the adjustment gets the new range and
    /// value at once (so GTK's clamping never moves it).
    func relayout(viewportWidth: Double, force: Bool = false) {
        guard force || viewportWidth != layout.viewportWidth else { return }
        let newLayout = makeLayout(viewportWidth: viewportWidth)
        if hasViewport {
            controller.resize(to: newLayout, time: now)
        } else {
            // The first real width is not a resize: start over on the same item, silently.
            hasViewport = viewportWidth > 0
            let reported = realIndex(controller.currentIndex)
            controller = SnapController(
                layout: newLayout, configuration: controller.configuration,
                initialIndex: indexBeforeLayout ?? controller.currentIndex)
            if hasViewport { indexBeforeLayout = nil }
            // Asked for before there was a width to place it (see `indexBeforeLayout`): now it is current (inside an
            // application's change, `deliverAfterChange` reports it).
            let current = realIndex(controller.currentIndex)
            if current != reported && !isInApplicationChange && itemCount > 0 {
                lastReportedIndex = current
                onCurrentIndexChanged?(SelectionEvent(index: current, cause: inputCause))
            }
        }
        if !isAllocating { configureAdjustment() }   // the allocation configures it once, after this
        updateScrollbar()
        updateVisibleItems()
        apply()
        startFramesIfNeeded()
    }

    /// GTK's scrollbar, over the whole row, when asked for; none while looping (the row has no ends to show).
    /// Nothing scrolls across the row.
    func updateScrollbar() {
        let shown = isScrollbarVisible && loopSpace == nil
        let along = shown ? GTK_POLICY_AUTOMATIC : GTK_POLICY_EXTERNAL
        let vertical = orientation == .vertical
        gtk_scrolled_window_set_policy(scrolledWindow.opaque, vertical ? GTK_POLICY_NEVER : along, vertical ? along : GTK_POLICY_NEVER)
    }

    func directionChanged() {
        let rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        guard rtl != isRightToLeft else { return }
        gestures.isRightToLeft = rtl
        apply()
    }

    /// Binds widgets for the items near the viewport and returns the rest to the pool.
    func updateVisibleItems() {
        guard !isInApplicationChange else {
            bindingPending = true
            return
        }
        bindingPending = false
        items.show(layout.range(visibleAt: controller.offset, overscan: Self.overscan), current: controller.currentIndex)
    }
}

extension SnapScroller: ScrollableOwner {
    func measureScrollable(_ orientation: GtkOrientation, forSize: Int32) -> (minimum: Int32, natural: Int32) {
        if orientation == mainAxis {
            // The whole row: it only decides whether GTK's scrollbar shows (the visible length is the parent's).
            // Capped at 2^30 px, which leaves GTK room to add CSS edges to a looping row's length within its int sizes.
            let length = Int32(pixels: min(layout.contentWidth, Double(1 << 30)).rounded(.up))
            return (length, length)
        }
        // Across the row: as thick as its thickest bound item at the item's length.
        var thickestMin: Int32 = 0, thickestNat: Int32 = 0
        for (index, item) in items.bound {
            var min: Int32 = 0, nat: Int32 = 0
            gtk_widget_measure(item, crossAxis, Int32(pixels: layout.itemWidth(index)), &min, &nat, nil, nil)
            thickestMin = max(thickestMin, min)
            thickestNat = max(thickestNat, nat)
        }
        return (thickestMin, thickestNat)
    }

    /// The visible width is known here first: a resize rebuilds the geometry, sets the adjustment and places the
    /// items in this one allocation, so no frame shows the old geometry.
    func allocateScrollable(width: Int32, height: Int32, adjustment: UnsafeMutablePointer<GtkAdjustment>) {
        let vertical = orientation == .vertical
        // Along the row (its length) and across it (its thickness): a vertical row's length is its height.
        let (length, thickness) = vertical ? (height, width) : (width, height)
        isAllocating = true
        defer { isAllocating = false }
        relayout(viewportWidth: Double(length), force: needsRelayout)
        needsRelayout = false
        itemClips.removeAll(keepingCapacity: true)
        if bindingPending { updateVisibleItems() }
        configureAdjustment()
        let viewport = layout.viewportWidth
        let offset = controller.offset
        let mirrored = isMirrored
        for (index, item) in items.bound {
            let itemWidth = layout.itemWidth(index)
            var min: Int32 = 0
            gtk_widget_measure(item, mainAxis, thickness, &min, nil, nil, nil)
            // An item that cannot shrink to its slot (a long title) is given its minimum, centred on the slot, so
            // its centre still rests at the viewport's centre, and drawn clipped to the slot (see `clip(ofChild:)`).
            let width = max(Double(min), itemWidth.rounded())
            // From the viewport's start edge, in doubles (exact however far along the row), mirrored right to left;
            // rounded to a whole pixel only here, so a resting item's centre is within half a pixel of its place.
            let start = layout.itemStart(index) - offset - (width - itemWidth) / 2 + gapShift(ofItem: index)
            let along = Int32(pixels: (mirrored ? viewport - start - width : start).rounded())
            var allocation = vertical
                ? GtkAllocation(x: 0, y: along, width: thickness, height: Int32(pixels: width))
                : GtkAllocation(x: along, y: 0, width: Int32(pixels: width), height: thickness)
            gtk_widget_size_allocate(item, &allocation, -1)
            // An item wider than its slot is drawn within the slot only, never over its neighbours.
            if width > itemWidth.rounded() {
                let slotStart = layout.itemStart(index) - offset + gapShift(ofItem: index)
                let slotAlong = Float((mirrored ? viewport - slotStart - itemWidth : slotStart).rounded())
                let slotLength = Float(itemWidth.rounded())
                itemClips[item.raw] = vertical
                    ? graphene_rect_t(origin: graphene_point_t(x: 0, y: slotAlong),
                                      size: graphene_size_t(width: Float(thickness), height: slotLength))
                    : graphene_rect_t(origin: graphene_point_t(x: slotAlong, y: 0),
                                      size: graphene_size_t(width: slotLength, height: Float(thickness)))
            } else {
                itemClips[item.raw] = nil
            }
        }
    }

    func clip(ofChild child: UnsafeMutablePointer<GtkWidget>) -> graphene_rect_t? {
        itemClips[child.raw]
    }

    /// A value we did not write (the scrollbar, accessibility) is followed like a smooth scroll. Ours never come
    /// here: they are written with this handler blocked (`ScrollableWidget.write(to:_:)`, and in the allocation).
    func scrollableValueChanged(_ adjustment: UnsafeMutablePointer<GtkAdjustment>) {
        let value = gtk_adjustment_get_value(adjustment)
        inputCause = .drag
        controller.externalOffsetChanged(layout.logicalOffset(fromPhysical: value, rtl: isMirrored), time: now)
        afterInput()
    }
}

extension Int32 {
    /// A size or position in whole GTK pixels: clamped to what GTK can hold (NaN counts as 0), never a trap.
    init(pixels value: Double) {
        if value.isNaN { self = 0 } else { self = Int32(Swift.min(Swift.max(value, Double(Int32.min)), Double(Int32.max))) }
    }
}
