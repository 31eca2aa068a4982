import CSnapGtk
import SnapCore

/// Exact offsets at any size, and looping.
///
/// - The controller keeps offsets in `Double` over the whole row; the adjustment shows a `ContentWindow` of it,
///   re-based (range, value and item positions together, within the frame being prepared) when the viewport nears a
///   window edge, so GTK's single-precision positions stay exact however long the row is.
/// - A looping row is a long virtual row of copies of the items (`LoopSpace`): the controller and the recycler work in
///   virtual indexes, everything the caller sees (current index, events, `bind`, taps) is the real item.
extension SnapScroller {
    // MARK: - Loop

    /// Whether the row wraps around: the first item follows the last, endlessly, for every input. Home and End go to
    /// the first and the last item of the current round (the same items they reach without a loop, the short way);
    /// a move to an item by index takes the shortest way round. No scrollbar is shown while looping. Items keep their
    /// ``itemWidths`` when they have them: the first item follows the last at the usual ``spacing``.
    public var loops: Bool {
        get { loopSpace != nil }
        set {
            guard newValue != loops else { return }
            let real = currentIndex
            loopSpace = newValue ? LoopSpace(count: itemCount) : nil
            restart(onVirtualIndex: loopSpace?.virtualIndex(middleOf: real) ?? real)
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
        guard let loopSpace else { return index }
        let from = indexBeforeLayout ?? controller.targetIndex ?? controller.currentIndex
        return loopSpace.virtualIndex(nearestCopyOf: index, to: from)
    }

    /// Home and End in a loop: the first and the last item of the current round. False when not handled here.
    func loopKey(_ key: SnapKey, time: Double) -> Bool {
        guard let loopSpace, key == .first || key == .last else { return false }
        let base = controller.targetIndex ?? controller.currentIndex
        let target = key == .first ? loopSpace.firstOfCycle(containing: base) : loopSpace.lastOfCycle(containing: base)
        controller.scrollTo(index: target, cause: .keyboard, time: time)
        return true
    }

    /// At rest far from the middle of the virtual row, moves to the same item in the middle copy. Nothing visible
    /// changes (the items and their positions in the viewport are the same) and nothing is reported.
    func recentreLoopIfFar() {
        guard let loopSpace, !controller.needsFrames, !gestures.isDragging, !gestures.isPressed,
              let middle = loopSpace.recentred(controller.currentIndex),
              controller.offset == layout.restingOffset(controller.currentIndex) else { return }
        restart(onVirtualIndex: middle, inPlace: true)
    }

    /// A fresh controller resting on virtual `index` of a row rebuilt for the current item count and loop, silently
    /// (used when the index space changes: loop on or off, re-centring, a new count while looping).
    /// - Parameter inPlace: the jump is by whole rounds of the loop and must not show: the new content window's
    ///   base keeps the old one's position relative to the items (the fraction of a pixel a round of fractional
    ///   length moves is carried in its phase), so every item rounds to the same pixel as before.
    func restart(onVirtualIndex index: Int, inPlace: Bool = false) {
        let viewport = layout.viewportWidth
        let oldPhysical = layout.physicalOffset(fromLogical: controller.offset, rtl: isRightToLeft)
        let newLayout = makeLayout(viewportWidth: viewport)
        controller = SnapController(layout: newLayout, configuration: controller.configuration, initialIndex: index)
        if !hasViewport { indexBeforeLayout = index }
        var phase = 0.0
        if inPlace {
            let shift = newLayout.physicalOffset(fromLogical: controller.offset, rtl: isRightToLeft) - oldPhysical
            phase = contentWindow.phase + (shift - shift.rounded(.down))
        }
        placeContent(viewportWidth: viewport, phase: phase)
        // Virtual indexes kept by the recycler may now stand for other items.
        items.rebindAll(current: controller.currentIndex)
        onPositionChanged?(position)
    }

    // MARK: - Content window

    /// The stretch of the row the adjustment shows now: adjustment value = physical offset − `base`.
    @_spi(Testing) public var adjustmentWindow: ContentWindow { contentWindow }

    /// Shows the controller's offset on the adjustment, re-basing the window first when the offset left its middle
    /// band. Returns whether the adjustment changed.
    func showOffset() -> Bool {
        let physical = layout.physicalOffset(fromLogical: controller.offset, rtl: isRightToLeft)
        let window = contentWindow.rebased(toHold: physical)
        if window != contentWindow {
            contentWindow = window
            configureAdjustment(physical: physical)
            // The content's width and every item's local position changed: all in this frame's layout pass.
            gtk_widget_queue_resize(content)
            return true
        }
        let value = window.local(fromContent: physical)
        guard value != appliedPhysical || gtk_adjustment_get_value(adjustment) != value else { return false }
        appliedPhysical = value
        settingValue = true
        gtk_adjustment_set_value(adjustment, value)
        settingValue = false
        wholeRangeScrollbar?.show(physical: physical, contentWidth: layout.contentWidth, viewport: layout.viewportWidth)
        return true
    }

    /// Range and value of the adjustment for the current window, at once (GTK's clamping never moves the content).
    func configureAdjustment(physical: Double) {
        let viewport = layout.viewportWidth
        let value = contentWindow.local(fromContent: physical)
        appliedPhysical = value
        settingValue = true
        gtk_adjustment_configure(
            adjustment, value, 0, max(contentWindow.length, viewport), viewport * 0.1, viewport * 0.9, viewport)
        settingValue = false
        wholeRangeScrollbar?.show(physical: physical, contentWidth: layout.contentWidth, viewport: viewport)
    }

    // MARK: - Scrollbar

    /// GTK's own scrollbar while the whole row fits in the adjustment; past that, one of ours whose adjustment spans
    /// the whole row (GTK's would show only the window). None while looping or when not asked for.
    func updateScrollbar() {
        let shown = storedScrollbarVisible && loopSpace == nil
        let ours = shown && contentWindow.isWindowed
        gtk_scrolled_window_set_policy(
            scrolledWindow.opaque, shown && !ours ? GTK_POLICY_AUTOMATIC : GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        if ours && wholeRangeScrollbar == nil {
            let bar = WholeRangeScrollbar { [weak self] physical in self?.wholeRangeScrollbarMoved(to: physical) }
            addOverlay(bar.widget)
            wholeRangeScrollbar = bar
        }
        guard let bar = wholeRangeScrollbar else { return }
        gtk_widget_set_visible(bar.widget, ours ? 1 : 0)
        let physical = layout.physicalOffset(fromLogical: controller.offset, rtl: isRightToLeft)
        bar.show(physical: physical, contentWidth: layout.contentWidth, viewport: layout.viewportWidth)
    }

    /// The user dragged our whole-range scrollbar: like any outside change of the adjustment.
    private func wholeRangeScrollbarMoved(to physical: Double) {
        inputCause = .drag
        controller.externalOffsetChanged(layout.logicalOffset(fromPhysical: physical, rtl: isRightToLeft), time: now)
        afterInput()
    }
}

/// The recycler binds by virtual index; the caller's `bind` wants the real item.
@MainActor
final class LoopIndexMap {
    var loop: LoopSpace?

    func real(_ index: Int) -> Int { loop?.realIndex(index) ?? index }
}

/// A horizontal scrollbar over the whole row (physical px), for content the scrolled window's adjustment shows only a
/// window of. Lives in the scroller's overlay, along the bottom edge.
@MainActor
final class WholeRangeScrollbar {
    let widget: UnsafeMutablePointer<GtkWidget>
    /// Spans the whole row in physical px.
    let adjustment: UnsafeMutablePointer<GtkAdjustment>
    private var setting = false

    init(moved: @escaping @MainActor (Double) -> Void) {
        // The scrollbar sinks the floating adjustment and owns it; it lives as long as the scrollbar.
        adjustment = gtk_adjustment_new(0, 0, 0, 0, 0, 0)
        widget = gtk_scrollbar_new(GTK_ORIENTATION_HORIZONTAL, adjustment)
        gtk_widget_add_css_class(widget, "whole-range")
        gtk_widget_set_valign(widget, GTK_ALIGN_END)
        gtk_widget_set_hexpand(widget, 1)
        gtk_widget_set_direction(widget, GTK_TEXT_DIR_LTR)
        Signals.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak self] in
            guard let self, !self.setting else { return }
            moved(gtk_adjustment_get_value(self.adjustment))
        }
    }

    func show(physical: Double, contentWidth: Double, viewport: Double) {
        setting = true
        gtk_adjustment_configure(
            adjustment, physical, 0, max(contentWidth, viewport), viewport * 0.1, viewport * 0.9, viewport)
        setting = false
    }
}
