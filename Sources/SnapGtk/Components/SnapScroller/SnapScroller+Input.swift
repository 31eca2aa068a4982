import CSnapGtk
import SnapCore

/// Input wiring: what GTK's controllers report goes through the pure `GestureInterpreter` (threshold, tap, axis
/// lock, wheel units, mirroring) and `EventClock` (event times), and what comes out drives the controller.
extension SnapScroller {
    // MARK: - Input entry points (also used by tests to replay recorded sequences)

    /// One scroll event as GtkEventControllerScroll reports it: deltas, unit, and time (ms, monotonic base; nil =
    /// now). Wheel units move whole items (fractions accumulate); surface units steer the content like a touchpad.
    /// Returns whether the scroll was taken (not when a switch turns its kind of input off).
    @_spi(Testing) @discardableResult
    public func handleScroll(dx: Double, dy: Double, unit: GdkScrollUnit, time: Double? = nil) -> Bool {
        guard isInteractive && (unit != GDK_SCROLL_UNIT_WHEEL || allowsScrollWheel) else { return false }   // the switches
        let time = time ?? now
        if unit == GDK_SCROLL_UNIT_WHEEL {
            guard gestures.takesWheel(dx: dx, dy: dy) else { return false }
            inputCause = .wheel
            let notches = gestures.wheelNotches(dx: dx, dy: dy)
            if notches != 0 { controller.wheel(notches: notches, time: time) }
        } else {
            guard let delta = gestures.touchpadStep(dx: dx, dy: dy) else { return false }
            inputCause = .touchpad
            if delta != 0 { controller.smoothScroll(delta: delta, time: time) }
        }
        afterInput()
        return true
    }

    /// The fingers left the touchpad (scroll-end). The end is decided on the next frame (its time is the frame's)
    /// unless GTK's `decelerate`, which carries its own velocity, arrives first.
    @_spi(Testing)
    public func handleScrollEnd() {
        scrollEndPending = true
        gestures.touchpadEnded()
        startFramesIfNeeded(force: true)
    }

    /// Kinetic deceleration would begin with velocity (vx, vy) in px/s: the gesture ends with that velocity.
    @_spi(Testing)
    public func handleDecelerate(vx: Double, vy: Double, time: Double? = nil) {
        let velocity = gestures.touchpadFlingVelocity(vx: vx, vy: vy)
        scrollEndPending = false
        controller.scrollEnded(time: time ?? now, velocity: velocity)
        afterInput()
    }

    /// A mouse drag: `began` at x (the row's own coordinates; y for a vertical row), `changed` by offset (ox, or
    /// oy) since, `ended`.
    /// Below `GestureInterpreter.dragThreshold` the press is a tap on the item under the pointer. `isTouch`: the
    /// press came from a touchscreen (which ``allowsMouseDrag`` does not turn off).
    @_spi(Testing)
    public func handleDragBegin(x: Double, time: Double? = nil, isTouch: Bool = false) {
        gestures.press(x: x, time: time ?? now, mayDrag: isInteractive && (isTouch || allowsMouseDrag))
        gtk_widget_grab_focus(content)
    }

    /// The pointer moved by `ox` px since the press; returns true once it counts as a drag (claim the sequence).
    @_spi(Testing) @discardableResult
    public func handleDragUpdate(offsetX ox: Double, time: Double? = nil) -> Bool {
        let time = time ?? now
        switch gestures.pointerMoved(offsetX: ox, time: time) {
        case nil, .pending?:
            return false
        case .began(let start, let translation)?:
            inputCause = .drag
            controller.dragBegan(time: start)
            controller.dragChanged(translation: translation, time: time)
        case .moved(let translation)?:
            controller.dragChanged(translation: translation, time: time)
        }
        afterInput()
        return true
    }

    /// The button was released (or the gesture cancelled) at `ox` from the press.
    @_spi(Testing)
    public func handleDragEnd(offsetX ox: Double, time: Double? = nil) {
        switch gestures.release(offsetX: ox) {
        case .none:
            return
        case .dragEnded:
            controller.dragEnded(time: time ?? now)
            afterInput()
        case .tap(let x):
            if let index = itemIndex(atX: x) { tap(index) }   // the recycler's (virtual) index
        }
    }

    /// A key press on the focused scroller; returns whether it was handled.
    @_spi(Testing) @discardableResult
    public func handleKey(_ keyval: UInt32, time: Double? = nil) -> Bool {
        guard let press = KeyTranslation.press(for: keyval) else { return false }
        switch KeyMap.command(for: press, orientation: orientation, rightToLeft: isRightToLeft) {
        case nil:
            return false
        case .activate:
            guard itemCount > 0 else { return false }
            tap(controller.currentIndex, cause: .keyboard)
        case .move(let key):
            guard isInteractive else { return false }
            inputCause = .keyboard
            if !loopKey(key, time: time ?? now) { controller.key(key, time: time ?? now) }
            afterInput()
        }
        return true
    }

    /// When the event a controller is handling happened, on the monotonic clock (ms): see `EventClock`.
    func eventTime(_ controller: OpaquePointer, anchor: Bool = false) -> Double {
        eventClock.time(ofEvent: Double(gtk_event_controller_get_current_event_time(controller)), handledAt: now,
                        anchor: anchor)
    }

    // MARK: - Wiring

    /// GTK's controllers: drags and keys on the row itself, in the ordinary bubble phase (the row is the deepest
    /// scrolling widget, so it sees them before the scrolled window, and what it handles goes no further); scrolls on
    /// the root, before the scrolled window sees them (see below).
    func connectInput() {
        let flags = GtkEventControllerScrollFlags(rawValue:
            GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES.rawValue | GTK_EVENT_CONTROLLER_SCROLL_KINETIC.rawValue)
        let scroll = gtk_event_controller_scroll_new(flags)!
        // GtkScrolledWindow takes a touchpad gesture's scrolls in a capture-phase controller of its own once it began.
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        let scrollObject = UnsafeMutableRawPointer(scroll)
        Signals.connectDoubles(scrollObject, "scroll") { [weak self] dx, dy in
            guard let self else { return false }
            return self.receive(.scroll(dx: dx, dy: dy, wheel: gtk_event_controller_scroll_get_unit(scroll) == GDK_SCROLL_UNIT_WHEEL,
                                        time: self.eventTime(scroll)))
        }
        Signals.connect(scrollObject, "scroll-end") { [weak self] in self?.receive(.scrollEnd) }
        Signals.connectPoint(scrollObject, "decelerate") { [weak self] vx, vy in
            guard let self else { return }
            self.receive(.decelerate(vx: vx, vy: vy, time: self.eventTime(scroll)))
        }
        gtk_widget_add_controller(widget, scroll)
        silenceScrolledWindowScrolling()

        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_button(drag, UInt32(GDK_BUTTON_PRIMARY))
        let dragObject = UnsafeMutableRawPointer(drag)
        Signals.connectPoint(dragObject, "drag-begin") { [weak self] x, y in
            guard let self else { return }
            let device = gtk_gesture_get_device(drag)
            let isTouch = device.map { gdk_device_get_source($0) == GDK_SOURCE_TOUCHSCREEN } ?? false
            self.receive(.press(x: self.along(x, y), time: self.eventTime(drag, anchor: true), touch: isTouch))
        }
        Signals.connectPoint(dragObject, "drag-update") { [weak self] ox, oy in
            guard let self else { return }
            if self.receive(.motion(offsetX: self.along(ox, oy), time: self.eventTime(drag))) {
                gtk_gesture_set_state(drag, GTK_EVENT_SEQUENCE_CLAIMED)
            }
        }
        Signals.connectPoint(dragObject, "drag-end") { [weak self] ox, oy in
            guard let self else { return }
            self.receive(.release(offsetX: self.along(ox, oy), time: self.eventTime(drag)))
        }
        gtk_widget_add_controller(content, drag)

        KeyTranslation.addController(to: content) { [weak self] keyval, state in
            // Only keys a component uses are inputs (others go on to the window, and are not recorded).
            guard let self, KeyTranslation.isPlain(state), KeyTranslation.press(for: keyval) != nil else { return false }
            return self.receive(.key(keyval: keyval, time: self.now))
        }

        // Where the pointer is over the row, so hover can follow items that move under it (`followPointer`).
        let motion = gtk_event_controller_motion_new()!
        let motionObject = UnsafeMutableRawPointer(motion)
        for name in ["enter", "motion"] {
            Signals.connectPoint(motionObject, name) { [weak self] x, y in self?.pointerX = self?.along(x, y) }
        }
        Signals.connect(motionObject, "leave") { [weak self] in self?.pointerX = nil }
        gtk_widget_add_controller(content, motion)
    }

    /// Every scroll is the row's: the scrolled window's own scroll controllers are turned off, so a scroll the row
    /// refuses (a switch is off, or it runs across a vertical row) goes on to the widgets around it instead of the
    /// scrolled window moving the row behind the controller's back.
    private func silenceScrolledWindowScrolling() {
        guard let controllers = gtk_widget_observe_controllers(scrolledWindow) else { return }
        for position in 0..<g_list_model_get_n_items(controllers) {
            guard let item = g_list_model_get_item(controllers, position) else { continue }
            let instance = item.assumingMemoryBound(to: GTypeInstance.self)
            if g_type_check_instance_is_a(instance, gtk_event_controller_scroll_get_type()) != 0 {
                gtk_event_controller_set_propagation_phase(OpaquePointer(item), GTK_PHASE_NONE)
            }
            g_object_unref(item)
        }
        g_object_unref(UnsafeMutableRawPointer(controllers))
    }
}
