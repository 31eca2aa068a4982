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
        return controller.needsFrames
    }

    /// After any input: show the new offset, report, and keep frames coming while something moves.
    func afterInput() {
        apply()
        startFramesIfNeeded()
    }

    /// Puts the controller's offset on the adjustment (as physical px, local to the content window, re-based when
    /// needed), updates the bound items and reports events (with real item indexes in a loop).
    func apply() {
        if showOffset() {
            updateVisibleItems()
            onPositionChanged?(position)
        }
        var settled = false
        // Drained into an array first: handlers may call back into the scroller (and so the controller).
        for event in controller.drainEvents() {
            switch event {
            case .currentIndexChanged(let index):
                items.markCurrent(index)
                onCurrentIndexChanged?(SelectionEvent(index: realIndex(index), cause: inputCause))
            case .settled(let index, _, let cause):
                // The adjustment holds exactly the controller's resting offset now, mirrored and windowed.
                onSettled?(SettleEvent(index: realIndex(index), cause: cause, offset: gtk_adjustment_get_value(adjustment)))
                settled = true
            }
        }
        if settled { recentreLoopIfFar() }
    }

    /// `index` is the recycler's (virtual) index of the item under the pointer, or the current one.
    func tap(_ index: Int) {
        onTap?(TapEvent(index: realIndex(index)))
        if scrollsToTappedItem {
            inputCause = .click
            controller.scrollTo(index: index, cause: .click, time: now)
            afterInput()
        }
    }

    /// The item under x (scrolled-window coordinates), if any.
    func itemIndex(atX x: Double) -> Int? {
        let physical = contentWindow.content(fromLocal: x + gtk_adjustment_get_value(adjustment))
        for index in items.bound.keys {
            let start = layout.itemStartPhysical(index, rtl: isRightToLeft)
            if physical >= start && physical < start + layout.itemWidth(index) { return index }
        }
        return nil
    }

    // MARK: - Geometry

    func currentItemWidth(viewport: Double) -> Double {
        itemWidthForViewport?(viewport) ?? itemWidth
    }

    /// The geometry for a viewport width: uniform (constant memory) unless `itemWidths` is set. A loop is a virtual
    /// row of copies of the items: of one shared width, or of the items' own widths repeated round after round.
    func makeLayout(viewportWidth: Double) -> SnapLayout {
        let gap = spacingForViewport?(viewportWidth) ?? spacing
        let uniform = currentItemWidth(viewport: viewportWidth)
        guard let itemWidths else {
            let count = loopSpace?.virtualCount ?? itemCount
            return SnapLayout(uniformItemWidth: uniform, count: count, spacing: gap, viewportWidth: viewportWidth)
        }
        let widths = (0..<itemCount).map { $0 < itemWidths.count ? itemWidths[$0] : uniform }
        if let loopSpace {
            return SnapLayout(repeating: widths, rounds: loopSpace.cycles, spacing: gap, viewportWidth: viewportWidth)
        }
        return SnapLayout(itemWidths: widths, spacing: gap, viewportWidth: viewportWidth)
    }

    func rebuildLayout() {
        relayout(viewportWidth: layout.viewportWidth, force: true)
    }

    /// New geometry for `viewportWidth`: the controller keeps its item, the adjustment is configured with the new
    /// range and value at once (so GTK's clamping never moves it), and the items are re-placed.
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
            if realIndex(controller.currentIndex) != reported {
                // Asked for before there was a width to place it (see `indexBeforeLayout`): now it is current.
                onCurrentIndexChanged?(SelectionEvent(index: realIndex(controller.currentIndex), cause: inputCause))
            }
        }
        placeContent(viewportWidth: viewportWidth)
        apply()
        startFramesIfNeeded()
    }

    /// Shows the controller's layout from scratch: a content window around its offset, the adjustment's range and
    /// value set together, the scrollbar, and the items near the viewport. `phase`: the window's fraction of a pixel
    /// (see `restart(onVirtualIndex:inPlace:)`).
    func placeContent(viewportWidth: Double, phase: Double = 0) {
        let physical = layout.physicalOffset(fromLogical: controller.offset, rtl: isRightToLeft)
        contentWindow = ContentWindow(
            contentWidth: layout.contentWidth, viewportWidth: viewportWidth, around: physical, phase: phase)
        configureAdjustment(physical: physical)
        updateScrollbar()
        gtk_widget_queue_resize(content)
        updateVisibleItems()
    }

    func directionChanged() {
        let rtl = gtk_widget_get_direction(widget) == GTK_TEXT_DIR_RTL
        guard rtl != isRightToLeft else { return }
        isRightToLeft = rtl
        gtk_widget_set_direction(content, rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
        gtk_widget_queue_allocate(content)
        apply()
    }

    /// Binds widgets for the items near the viewport and returns the rest to the pool.
    func updateVisibleItems() {
        items.show(layout.range(visibleAt: controller.offset, overscan: Self.overscan), current: controller.currentIndex)
    }

    // MARK: - Layout callbacks

    func measureFrame(_ orientation: GtkOrientation, _ forSize: Int32) -> (minimum: Int32, natural: Int32) {
        var min: Int32 = 0, nat: Int32 = 0
        gtk_widget_measure(scrolledWindow, orientation, forSize, &min, &nat, nil, nil)
        return (min, nat)
    }

    func allocateFrame(width: Int32, height: Int32) {
        relayout(viewportWidth: Double(width))
        var min: Int32 = 0
        gtk_widget_measure(scrolledWindow, GTK_ORIENTATION_HORIZONTAL, height, &min, nil, nil, nil)
        var allocation = GtkAllocation(x: 0, y: 0, width: width, height: height)
        gtk_widget_size_allocate(scrolledWindow, &allocation, -1)
    }

    func measureContent(_ orientation: GtkOrientation, _ forSize: Int32) -> (minimum: Int32, natural: Int32) {
        if orientation == GTK_ORIENTATION_HORIZONTAL {
            // The content window, not the whole row: GTK cannot place far offsets exactly (see `ContentWindow`).
            let width = Int32(pixels: contentWindow.length.rounded(.up))
            return (width, width)
        }
        var tallestMin: Int32 = 0, tallestNat: Int32 = 0
        for (index, item) in items.bound {
            var min: Int32 = 0, nat: Int32 = 0
            gtk_widget_measure(item, GTK_ORIENTATION_VERTICAL, Int32(pixels: layout.itemWidth(index)), &min, &nat, nil, nil)
            tallestMin = max(tallestMin, min)
            tallestNat = max(tallestNat, nat)
        }
        return (tallestMin, tallestNat)
    }

    func allocateContent(width: Int32, height: Int32) {
        for (index, item) in items.bound {
            let itemWidth = layout.itemWidth(index)
            var min: Int32 = 0
            gtk_widget_measure(item, GTK_ORIENTATION_HORIZONTAL, height, &min, nil, nil, nil)
            // Whole pixels: the viewport positions the content by whole pixels too, so at rest the item's centre is
            // within half a pixel of the viewport's centre.
            // An item that cannot shrink to its slot (a long title) is given its minimum, centred on the slot, so
            // its centre still rests at the viewport's centre; it overlaps its spacing rather than shifting.
            let width = max(Double(min), itemWidth.rounded())
            let start = contentWindow.local(fromContent: layout.itemStartPhysical(index, rtl: isRightToLeft))
                - (width - itemWidth) / 2
            var allocation = GtkAllocation(x: Int32(pixels: start.rounded(.down)), y: 0, width: Int32(pixels: width), height: height)
            gtk_widget_size_allocate(item, &allocation, -1)
        }
    }
}

extension Int32 {
    /// A size or position in whole GTK pixels: clamped to what GTK can hold (NaN counts as 0), never a trap.
    init(pixels value: Double) {
        if value.isNaN { self = 0 } else { self = Int32(Swift.min(Swift.max(value, Double(Int32.min)), Double(Int32.max))) }
    }
}
