import CSnapGtk
import SnapCore

/// Input translation: what GTK's controllers report, turned into the controller's calls.
extension SnapScroller {

    /// When the event a controller is handling happened, on the monotonic clock (ms).
    ///
    /// GTK 4 delivers input in batches at the start of a frame, so the time of handling bunches several events
    /// into one instant and a fast fling would measure as infinitely fast or not at all. Each event carries the
    /// display server's time; the least-delayed event seen fixes the offset between the two clocks (events are
    /// never handled before they happen), re-anchored at each press so slow drift between the clocks never builds up.
    func eventTime(_ controller: OpaquePointer, anchor: Bool = false) -> Double {
        let current = now
        let stamp = Double(gtk_event_controller_get_current_event_time(controller))
        guard stamp > 0 else { return current }
        let offset = current - stamp
        if anchor || eventClockOffset == nil { eventClockOffset = offset } else { eventClockOffset = min(eventClockOffset!, offset) }
        return stamp + eventClockOffset!
    }

    // MARK: - Input entry points (also used by tests to replay recorded sequences)

    /// One scroll event as GtkEventControllerScroll reports it: deltas, unit, and time (ms, monotonic base; nil =
    /// now). Wheel units move whole items (fractions accumulate); surface units steer the content like a touchpad.
    @discardableResult
    public func handleScroll(dx: Double, dy: Double, unit: GdkScrollUnit, time: Double? = nil) -> Bool {
        let time = time ?? now
        inputCause = unit == GDK_SCROLL_UNIT_WHEEL ? .wheel : .touchpad
        if unit == GDK_SCROLL_UNIT_WHEEL {
            // Horizontal wheels follow what the user sees (mirrored in RTL); a vertical wheel moves forward in
            // reading order, down = next.
            let notches = (isRightToLeft ? -dx : dx) + dy
            if notches != 0 { controller.wheel(notches: notches, time: time) }
        } else {
            if scrollAxis == nil, dx != 0 || dy != 0 {
                scrollAxis = abs(dx) * Self.axisLockRatio >= abs(dy) ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
            }
            let delta = scrollAxis == GTK_ORIENTATION_VERTICAL ? dy : (isRightToLeft ? -dx : dx)
            if delta != 0 { controller.smoothScroll(delta: delta, time: time) }
        }
        afterInput()
        return true
    }

    /// The fingers left the touchpad (scroll-end). The end is decided on the next frame unless GTK's
    /// `decelerate` (which carries its own velocity) arrives first.
    public func handleScrollEnd(time: Double? = nil) {
        scrollEndPending = true
        scrollAxis = nil
        startFramesIfNeeded(force: true)
    }

    /// Kinetic deceleration would begin with velocity (vx, vy) in px/s: the gesture ends with that velocity.
    public func handleDecelerate(vx: Double, vy: Double, time: Double? = nil) {
        let time = time ?? now
        let axisIsVertical = scrollAxis == GTK_ORIENTATION_VERTICAL || (scrollAxis == nil && abs(vy) > abs(vx))
        let velocity = (axisIsVertical ? vy : (isRightToLeft ? -vx : vx)) / 1000
        scrollEndPending = false
        scrollAxis = nil
        controller.scrollEnded(time: time, velocity: velocity)
        afterInput()
    }

    /// A mouse drag: `began` at x (scrolled-window coordinates), `changed` by offset (ox) since, `ended`.
    /// Below `dragThreshold` the press is a tap on the item under the pointer.
    public func handleDragBegin(x: Double, time: Double? = nil) {
        pressed = true
        dragging = false
        dragStartX = x
        pressTime = time ?? now
        gtk_widget_grab_focus(scrolledWindow)
    }

    /// The pointer moved by `ox` px since the press; returns true once it counts as a drag (claim the sequence).
    @discardableResult
    public func handleDragUpdate(offsetX ox: Double, time: Double? = nil) -> Bool {
        guard pressed else { return false }
        let time = time ?? now
        if !dragging {
            guard abs(ox) >= Self.dragThreshold else { return false }
            dragging = true
            // Count from the point where the threshold was crossed, so the content does not jump by the threshold;
            // that point, not this event's, because GTK may have merged several motions into this first update.
            dragOriginX = ox < 0 ? -Self.dragThreshold : Self.dragThreshold
            inputCause = .drag
            // The content was still at the press: that sample gives a fling's velocity even when GTK merged
            // every motion into this one update.
            controller.dragBegan(time: min(pressTime, time))
        }
        let translation = ox - dragOriginX
        controller.dragChanged(translation: isRightToLeft ? -translation : translation, time: time)
        afterInput()
        return true
    }

    /// The button was released (or the gesture cancelled) at `ox` from the press.
    public func handleDragEnd(offsetX ox: Double, time: Double? = nil) {
        guard pressed else { return }
        pressed = false
        let time = time ?? now
        if dragging {
            dragging = false
            controller.dragEnded(time: time)
            afterInput()
        } else if let index = itemIndex(atX: dragStartX + ox) {
            tap(index)
        }
    }

    /// A key press on the focused scroller; returns whether it was handled.
    @discardableResult
    public func handleKey(_ keyval: UInt32, time: Double? = nil) -> Bool {
        let key: SnapKey
        switch Int32(keyval) {
        case GDK_KEY_Left, GDK_KEY_KP_Left: key = isRightToLeft ? .next : .previous
        case GDK_KEY_Right, GDK_KEY_KP_Right: key = isRightToLeft ? .previous : .next
        case GDK_KEY_Home, GDK_KEY_KP_Home: key = .first
        case GDK_KEY_End, GDK_KEY_KP_End: key = .last
        case GDK_KEY_Page_Up, GDK_KEY_KP_Page_Up: key = .pageBackward
        case GDK_KEY_Page_Down, GDK_KEY_KP_Page_Down: key = .pageForward
        case GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_space, GDK_KEY_KP_Space:
            guard itemCount > 0 else { return false }
            tap(controller.currentIndex)
            return true
        default: return false
        }
        inputCause = .keyboard
        if !loopKey(key, time: time ?? now) { controller.key(key, time: time ?? now) }
        afterInput()
        return true
    }

    // MARK: - Wiring

    func connectInput() {
        // Capture phase on the scrolled window: we see every scroll first and stop it, so GtkScrolledWindow's own
        // scrolling never moves the content behind the controller.
        let flags = GtkEventControllerScrollFlags(rawValue:
            GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue)
        let scroll = gtk_event_controller_scroll_new(flags)!
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        let scrollObject = UnsafeMutableRawPointer(scroll)
        Signals.connectDoubles(scrollObject, "scroll") { [weak self] dx, dy in
            guard let self else { return false }
            return self.handleScroll(dx: dx, dy: dy, unit: gtk_event_controller_scroll_get_unit(scroll),
                                     time: self.eventTime(scroll))
        }
        Signals.connect(scrollObject, "scroll-end") { [weak self] in self?.handleScrollEnd(time: self?.eventTime(scroll)) }
        Signals.connectPoint(scrollObject, "decelerate") { [weak self] vx, vy in
            self?.handleDecelerate(vx: vx, vy: vy, time: self?.eventTime(scroll))
        }
        gtk_widget_add_controller(scrolledWindow, scroll)

        let drag = gtk_gesture_drag_new()!
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        gtk_gesture_single_set_button(drag, UInt32(GDK_BUTTON_PRIMARY))
        let dragObject = UnsafeMutableRawPointer(drag)
        Signals.connectPoint(dragObject, "drag-begin") { [weak self] x, _ in
            guard let self else { return }
            self.handleDragBegin(x: x, time: self.eventTime(drag, anchor: true))
        }
        Signals.connectPoint(dragObject, "drag-update") { [weak self] ox, _ in
            guard let self else { return }
            if self.handleDragUpdate(offsetX: ox, time: self.eventTime(drag)) {
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
            }
        }
        Signals.connectPoint(dragObject, "drag-end") { [weak self] ox, _ in
            guard let self else { return }
            self.handleDragEnd(offsetX: ox, time: self.eventTime(drag))
        }
        gtk_widget_add_controller(scrolledWindow, drag)

        // Capture phase too: GtkScrolledWindow binds Page Up/Down and friends to its own scrolling.
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connectKey(UnsafeMutableRawPointer(keys)) { [weak self] keyval, state in
            let modifiers = state.rawValue & (GDK_CONTROL_MASK.rawValue | GDK_ALT_MASK.rawValue | GDK_SHIFT_MASK.rawValue)
            guard let self, modifiers == 0 else { return false }
            return self.handleKey(keyval)
        }
        gtk_widget_add_controller(scrolledWindow, keys)
    }

    func connectAdjustment() {
        Signals.connect(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak self] in
            guard let self, !self.settingValue else { return }
            // Not ours: the scrollbar, accessibility, or GTK clamping. Follow it like a smooth scroll.
            let value = gtk_adjustment_get_value(self.adjustment)
            guard value != self.appliedPhysical else { return }
            let physical = self.contentWindow.content(fromLocal: value)
            self.inputCause = .drag
            self.controller.externalOffsetChanged(
                self.layout.logicalOffset(fromPhysical: physical, rtl: self.isRightToLeft), time: self.now)
            self.afterInput()
        }
        // Fallback for a viewport narrower than the frame (borders, a classic scrollbar): the page size is the truth.
        Signals.connectNotify(UnsafeMutableRawPointer(adjustment), property: "page-size") { [weak self] in
            guard let self else { return }
            let page = gtk_adjustment_get_page_size(self.adjustment)
            if page > 0, page != self.layout.viewportWidth { self.relayout(viewportWidth: page) }
        }
    }

}
