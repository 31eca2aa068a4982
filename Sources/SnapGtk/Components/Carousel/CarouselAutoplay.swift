import CSnapGtk

/// A carousel's autoplay: every `interval` seconds of calm it moves on to the next page (from the last page to the
/// first: onward through the seam when the carousel loops, back to the start otherwise).
///
/// It holds still under the pointer, while the user's keyboard focus is inside (the window shows focus, or a key was
/// pressed there: the focus a window hands out at start alone would stop it for good), during any gesture or
/// animation, under reduced motion and off screen. The countdown restarts whenever it may run again and whenever the
/// content moves, so a page always shows a full interval at rest. Its GLib timeout holds this object weakly.
@MainActor
final class CarouselAutoplay {
    /// Seconds between advances.
    let interval: Double
    /// Whether a countdown is running (for tests).
    var isCounting: Bool { countdown?.isScheduled ?? false }
    /// Whether something holds autoplay still now (a hold, or the carousel is moving).
    var isPaused: Bool { isHeld || (carousel?.scroller.isMoving ?? true) }
    /// Whether something stops the countdown itself: the pointer, focus in use, not on screen, reduced motion, fewer
    /// than two pages. (Movement does not: it restarts the countdown, and a countdown ending mid-gesture starts anew.)
    private var isHeld: Bool {
        guard let carousel else { return true }
        return hovered || (focused && (focusVisible || keyPressedInside)) || !mapped || !Preferences.animationsEnabled
            || carousel.pageCount < 2
    }

    private weak var carousel: Carousel?
    private let advance: @MainActor () -> Void
    private var countdown: MainLoopTimer?
    private var hovered = false
    private var focused = false
    private var mapped = false
    /// The pointer, focus and key controllers added to the carousel's widget.
    private var controllers: [OpaquePointer] = []
    private var keyPressedInside = false
    private var handlers: [UInt] = []
    private var animationsObserver: UInt = 0
    private var adjustmentHandler: UInt = 0
    /// The window while mapped, and the handler following its `focus-visible`.
    private var window: UnsafeMutableRawPointer?
    private var windowHandler: UInt = 0
    private var focusVisible: Bool {
        window.map { gtk_window_get_focus_visible($0.assumingMemoryBound(to: GtkWindow.self)) != 0 } ?? false
    }

    /// Watches `carousel`'s widget and calls `advance` when a countdown completes without anything holding it still.
    init(carousel: Carousel, interval: Double, advance: @escaping @MainActor () -> Void) {
        self.carousel = carousel
        self.interval = interval
        self.advance = advance
        let widget = carousel.widget

        let motion = gtk_event_controller_motion_new()!
        let focus = gtk_event_controller_focus_new()!
        // Controllers belong to the widget; their handlers hold this object weakly and go with the controllers.
        Signals.connectNotify(UnsafeMutableRawPointer(motion), property: "contains-pointer") { [weak self] in
            self?.hovered = snap_object_get_boolean(UnsafeMutableRawPointer(motion), "contains-pointer") != 0
            self?.update()
        }
        Signals.connectNotify(UnsafeMutableRawPointer(focus), property: "contains-focus") { [weak self] in
            let focused = snap_object_get_boolean(UnsafeMutableRawPointer(focus), "contains-focus") != 0
            self?.focused = focused
            if !focused { self?.keyPressedInside = false }
            self?.update()
        }
        // Capture phase and never claimed: the carousel's own key handling still gets every key.
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connectKey(UnsafeMutableRawPointer(keys)) { [weak self] _, _ in
            self?.keyPressedInside = true
            self?.update()
            return false
        }
        controllers = [keys, motion, focus]
        for controller in controllers { gtk_widget_add_controller(widget, controller) }
        for (signal, shown) in [("map", true), ("unmap", false)] {
            handlers.append(Signals.connect(widget.raw, signal) { [weak self] in self?.setMapped(shown) })
        }
        // Any movement starts the countdown again (after the movement, when nothing holds autoplay still).
        adjustmentHandler = Signals.connect(UnsafeMutableRawPointer(carousel.scroller.adjustment), "value-changed") {
            [weak self] in self?.restart()
        }
        animationsObserver = Preferences.observeAnimations { [weak self] in self?.update() }
        setMapped(gtk_widget_get_mapped(widget) != 0)
    }

    /// Starts the countdown if nothing holds autoplay still and none runs; stops it if something does.
    func update() {
        if isHeld {
            cancelCountdown()
        } else if !isCounting {
            startCountdown()
        }
    }

    /// The content moved: a full interval from now (once nothing holds autoplay still).
    func restart() {
        cancelCountdown()
        update()
    }

    /// Ends autoplay: the countdown, the controllers and the handlers go (the carousel lives on without it).
    func stop() {
        cancelCountdown()
        unwatchWindow()
        Preferences.stopObserving(animationsObserver)
        animationsObserver = 0
        guard let carousel else { return }
        if adjustmentHandler != 0 { Signals.disconnect(UnsafeMutableRawPointer(carousel.scroller.adjustment), adjustmentHandler) }
        adjustmentHandler = 0
        for id in handlers { Signals.disconnect(carousel.widget.raw, id) }
        handlers = []
        for controller in controllers { gtk_widget_remove_controller(carousel.widget, controller) }
        controllers = []
    }

    /// Ends the countdown now, as its timer does (tests call it too).
    func fire() {
        cancelCountdown()
        guard !isHeld else { return }
        // Mid-gesture (a held drag, a wheel burst's quiet period): not now; another full interval.
        if carousel?.scroller.isMoving ?? true {
            startCountdown()
            return
        }
        advance()
        // The advance moves the carousel, and its movement restarts the countdown; if it did not move, go on.
        update()
    }

    /// Shown or hidden: while shown, the window's `focus-visible` is followed.
    private func setMapped(_ shown: Bool) {
        mapped = shown
        unwatchWindow()
        if shown, let carousel, let root = gtk_widget_get_root(carousel.widget) {
            let window = UnsafeMutableRawPointer(root)
            self.window = window
            windowHandler = Signals.connectNotify(window, property: "focus-visible") { [weak self] in self?.update() }
        }
        update()
    }

    private func unwatchWindow() {
        if let window, windowHandler != 0 { Signals.disconnect(window, windowHandler) }
        window = nil
        windowHandler = 0
    }

    private func startCountdown() {
        let milliseconds = Int(min(max(interval * 1000, 1), Double(UInt32.max)).rounded())
        // One shot, holding this object weakly: the next countdown is a new timer.
        countdown = MainLoopTimer.after(milliseconds: milliseconds) { [weak self] in self?.fire() }
    }

    private func cancelCountdown() {
        countdown?.cancel()
        countdown = nil
    }
}

extension Carousel {
    /// Starts, replaces or ends autoplay after `autoplayInterval` changed.
    func configureAutoplay() {
        autoplay?.stop()
        autoplay = nil
        guard let interval = autoplayInterval, interval.isFinite, interval > 0 else { return }
        // Each advance: the next page, wrapping to the first (the short way, onward, when looping).
        autoplay = CarouselAutoplay(carousel: self, interval: interval) { [weak self] in
            guard let self, self.pageCount > 1 else { return }
            let next = (self.currentPage + 1) % self.pageCount
            self.autoplayTap?(next)
            self.scrollTo(page: next, cause: .autoplay)
        }
    }
}
