import CSnapGtk
import SnapCore
@_spi(GtkInterop) import SnapGtk

/// What every page builder gets: the content, the QA log and where resources live.
@MainActor
struct PageContext {
    let content: DemoContent
    let log: QALog
    let resources: Resources
    /// The benchmarks' hooks, when a `SNAPSCROLL_BENCH_*` variable asks for one (nil otherwise).
    var bench: BenchHooks?
    /// `--loop`: the strip and the carousel wrap around.
    var loop = false
    /// `--autoplay`: seconds between the carousel's own advances (nil: off).
    var autoplaySeconds: Double?
    /// Snap guides over the snapping components (`--snap-guides`, Ctrl+G): each page's components follow it.
    let guides = SnapGuidesSwitch()
    /// `--start-item`: the item the opening page's component starts on (nil: its first).
    var startItem: StartItem?
    /// The snapping components built so far, for `--record` and `--replay`.
    var components = SessionComponents()
    /// `--record`: the session's recorder.
    var recorder: SessionRecorder?
    /// `--replay`: the session being played back.
    var replay: SessionReplay?
    /// The snapping components' motion, for the QA panel's motion plot.
    let motion = MotionRecorder()

    /// A page offers its snapping component (not retained) to the session recorder and replay, the benchmarks and
    /// the motion plot.
    func register(page: String, _ scroller: SnapScroller) {
        components.register(page, scroller)
        motion.watch(page, scroller)
    }

    /// A page offers its carousel's page dots and the carousel (not retained) to the session recorder and replay.
    func register(page: String, dots: PageDots, carousel: Carousel) {
        components.register(page, dots: dots)
        components.register(page, carousel: carousel)
    }
}

/// One page of the demo: its ID (as `--page` names it), its title (in the user's language), and how to build it.
@MainActor
struct DemoPage {
    let id: String
    let title: String
    let build: @MainActor (PageContext) -> Widget
}

/// The demo window: a header bar with the page switcher and the main menu (`MainMenu`), the pages in a
/// stack, and the QA panel showing the live event log.
@MainActor
final class DemoWindow {
    static let pages: [DemoPage] = [
        // Translators: the pages' titles, in the header's tabs and drop-down.
        DemoPage(id: "menu", title: tr("Tab menu"), build: makeMenuPage),
        DemoPage(id: "centering", title: tr("Centring"), build: makeCenteringPage),
        DemoPage(id: "segmented", title: tr("Segmented"), build: makeSegmentedPage),
        DemoPage(id: "strip", title: tr("Strip"), build: makeStripPage),
        DemoPage(id: "carousel", title: tr("Carousel"), build: makeCarouselPage),
    ]
    /// The smallest window the pages are laid out for (a phone held upright).
    nonisolated static let minimumWidth: Int32 = 360
    nonisolated static let minimumHeight: Int32 = 480
    /// Windows shorter than this hide the QA panel, leaving the height to the page: when they open, and when they are
    /// resized below it (it comes back above it, unless the user hid it).
    static let qaPanelMinimumWindowHeight = 500
    /// Windows opening at least this wide paint their first frame with the header's page tabs (they need about 670 px).
    static let tabsSurelyFitWidth = 800
    /// How long (ms) a new window size must hold before `resized` reports it: one event per resize, not per frame.
    static let resizeQuietPeriod = 150

    let window: UnsafeMutablePointer<GtkWidget>
    let stack: UnsafeMutablePointer<GtkWidget>
    private let paned: UnsafeMutablePointer<GtkWidget>
    private let switcher: UnsafeMutablePointer<GtkWidget>
    private let log: QALog
    private let context: PageContext
    private let qaPanel: QAPanel
    /// The header's main menu and the window's actions and accelerators.
    private var mainMenu: MainMenu?
    private var qaShown = false
    /// The user hid the QA panel (its menu item or Ctrl+L): growing the window does not bring it back.
    private var qaHiddenByUser = false
    /// The window was at least `qaPanelMinimumWindowHeight` tall when last seen; the panel follows crossings only.
    private var windowTall = true
    /// The panel is being shown or hidden for the window's height, not by the user.
    private var qaFollowingHeight = false
    /// The pages built so far, by ID.
    private var builtPages: [String: UnsafeMutablePointer<GtkWidget>] = [:]
    private var readySent = false
    private var readyHandler: UInt = 0
    /// The window size last reported (`ready`, then `resized`), and the pending report of a new one.
    private var reportedSize = (width: 0, height: 0)
    private var resizeReport: MainLoopTimer?
    /// The input that last reached the header's page switcher, for the `switched` event's cause.
    private var switcherInput: Cause?

    init(application: Application, options: DemoOptions, context: PageContext) {
        var context = context
        context.loop = options.loop
        context.autoplaySeconds = options.autoplaySeconds
        context.guides.set(options.snapGuides)
        context.startItem = options.startItem.map(StartItem.init(index:))
        self.context = context
        log = context.log
        qaPanel = QAPanel(log: context.log, motion: context.motion)
        window = gtk_application_window_new(application.pointer)
        gtk_window_set_title(window.cast(), "SnapScroll")
        gtk_window_set_default_size(window.cast(), Int32(options.width), Int32(options.height))
        gtk_widget_set_size_request(window, Self.minimumWidth, Self.minimumHeight)

        stack = gtk_stack_new()
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        // Sized by the page on screen only: a hidden page's measure never moves the window's layout.
        gtk_stack_set_hhomogeneous(stack.opaque, 0)
        gtk_stack_set_vhomogeneous(stack.opaque, 0)
        gtk_widget_set_vexpand(stack, 1)
        // Pages are built when first shown: start-up pays only for the page on screen (no banner images
        // decoded, no emoji font loaded, until a page needs them). A page is never wider than the window (each
        // lays itself out down to the minimum width); it scrolls vertically when the window is shorter than it.
        // A slot is a plain box until its page is built (a scrolled window each would be styled at start-up).
        for page in Self.pages {
            gtk_stack_add_titled(stack.opaque, gtk_box_new(GTK_ORIENTATION_VERTICAL, 0), page.id, page.title)
        }
        gtk_stack_set_visible_child_name(stack.opaque, options.page)

        let header = gtk_header_bar_new()!
        // A window that opens wide shows the page tabs; the drop-down that replaces them in narrow windows is
        // added after the first frame.
        switcher = PageSwitcher.make(stack: stack, pages: Self.pages, withDropDown: options.width < Self.tabsSurelyFitWidth)
        gtk_header_bar_set_title_widget(header.opaque, switcher)
        gtk_header_bar_set_decoration_layout(header.opaque, ":close")
        gtk_window_set_titlebar(window.cast(), header)

        // Page above, QA panel below (added when first shown); both may shrink below their minimum.
        paned = gtk_paned_new(GTK_ORIENTATION_VERTICAL)!
        buildVisiblePage()
        gtk_paned_set_start_child(paned.opaque, stack)
        gtk_paned_set_resize_end_child(paned.opaque, 0)
        gtk_paned_set_shrink_start_child(paned.opaque, 1)
        gtk_paned_set_shrink_end_child(paned.opaque, 1)
        gtk_window_set_child(window.cast(), paned)
        // The QA panel, the motion and direction settings, About and the shortcuts: the header's main menu and the
        // application's accelerators (Ctrl+L, F10, Ctrl+W, Ctrl+Q, Ctrl+?), which GTK runs before the focused widget
        // sees the key, wherever the focus is.
        windowTall = options.height >= Self.qaPanelMinimumWindowHeight
        showQAPanel(windowTall)
        let log = log
        let menu = MainMenu(window: window, application: application, qaShown: qaShown, guides: context.guides,
                            iconFolder: context.resources.checkoutIconFolder,
                            settingChanged: { log.setting($0, value: $1) },
                            beforeQuit: { [weak self] in self?.reportCaches() }) { [weak self] show in
            guard let self else { return }
            if !self.qaFollowingHeight { self.qaHiddenByUser = !show }
            self.showQAPanel(show)
        }
        if let recorder = context.recorder {
            menu.onToggle = { [weak recorder] name, on in recorder?.record(.setting(name, on: on)) }
        }
        mainMenu = menu
        gtk_header_bar_pack_end(header.opaque, menu.button)

        WidgetLifetime.tie(self, to: window)
        connectWindowSignals()
    }

    /// The window's and the stack's signals: page switches, the height the QA panel follows, the first frame, the
    /// focus, and closing.
    private func connectWindowSignals() {
        // The focus moves once the switch is over (the drop-down's popover closed, the page laid out), from an idle.
        let focusLater = IdleBatch { [weak self] in self?.focusVisiblePage() }
        focusLater.cancel(onDestroyOf: window)
        Signals.connectNotify(stack.raw, property: "visible-child") { [weak self] in
            if let self, let recorder = self.context.recorder, let name = self.visiblePageID { recorder.record(.page(name)) }
            self?.buildVisiblePage()
            self?.reportSwitch()
            focusLater.schedule()
        }
        watchSwitcherInput()
        // GTK keeps a window's default size as its size when it is resized; the panel follows from an idle, outside
        // the layout pass that reports the new size.
        let heightLater = IdleBatch { [weak self] in self?.followWindowHeight() }
        heightLater.cancel(onDestroyOf: window)
        Signals.connectNotify(window.raw, property: "default-height") { heightLater.schedule() }
        Signals.connect(window.raw, "realize", after: true) { [weak self] in self?.watchFirstFrame() }
        Signals.connect(window.raw, "map", after: true) { [weak self] in self?.focusVisiblePage() }
        // The caches' sizes while every page is still as it was (closing unmaps the carousel, which drops its images).
        Signals.connectBoolean(window.raw, "close-request") { [weak self] in
            self?.reportCaches()
            return false
        }
        // The QA panel's queued lines must not reach a view that is going away.
        Signals.connect(window.raw, "destroy") { [weak self] in
            self?.qaPanel.close()
            self?.context.recorder?.finish()
            self?.context.replay?.windowClosed()
        }
    }

    /// The ID of the page on screen.
    private var visiblePageID: String? {
        gtk_stack_get_visible_child_name(stack.opaque).map { String(cString: $0) }
    }

    /// The size of the window's content (the pages and the QA panel, below the header bar): what the pages are laid
    /// out in, whatever the display server adds around it (a client-side shadow on Wayland, a frame on X without a
    /// compositor).
    var contentSize: (width: Int, height: Int) {
        (Int(gtk_widget_get_width(paned)), Int(gtk_widget_get_height(paned)))
    }

    func present() { gtk_window_present(window.cast()) }

    private var cachesReported = false

    /// The `caches` QA event, once, as the window closes or the app quits (Ctrl+Q, a termination signal).
    func reportCaches() {
        guard !cachesReported else { return }
        cachesReported = true
        context.components.reportCaches(log)
    }

    /// Builds the visible page into its stack slot the first time it is shown.
    private func buildVisiblePage() {
        guard let name = gtk_stack_get_visible_child_name(stack.opaque).map({ String(cString: $0) }),
              builtPages[name] == nil, let page = Self.pages.first(where: { $0.id == name }),
              let slot = gtk_stack_get_visible_child(stack.opaque) else { return }
        let child = page.build(context)
        child.addStyleClass("demo-page")
        // The window keeps the page as GTK keeps any child; the handle goes when this returns.
        builtPages[name] = child.unsafePointer.assumingMemoryBound(to: GtkWidget.self)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scroller, 1)
        child.embed(in: scroller.raw)
        gtk_box_append(slot.cast(), scroller)
    }

    /// Gives the keyboard focus to the visible page's component (not to the first spin button), so arrow keys move
    /// it at once.
    private func focusVisiblePage() {
        guard gtk_widget_get_mapped(window) != 0,
              let name = gtk_stack_get_visible_child_name(stack.opaque).map({ String(cString: $0) }),
              let page = builtPages[name], let component = PageFocus.component(of: page) else { return }
        component.grabFocus()
    }

    /// Shows or hides the QA panel, building it the first time.
    private func showQAPanel(_ show: Bool) {
        qaShown = show
        if show && gtk_paned_get_end_child(paned.opaque) == nil {
            // Shown from the start: the log's text view follows the first frame (which has no line to show).
            gtk_paned_set_end_child(paned.opaque, qaPanel.build(deferringLog: !readySent))
        }
        if let panel = qaPanel.widget { gtk_widget_set_visible(panel, show ? 1 : 0) }
    }

    /// Hides the QA panel when the window becomes shorter than `qaPanelMinimumWindowHeight` and shows it again when
    /// it becomes taller, unless the user hid it. Only a crossing changes it: the user's Ctrl+L in a short window
    /// holds until the next one. The main menu's check item follows (its state applies the change).
    private func followWindowHeight() {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(window.cast(), &width, &height)
        let tall = height >= Self.qaPanelMinimumWindowHeight
        guard height > 0, tall != windowTall else { return }
        windowTall = tall
        let show = tall && !qaHiddenByUser
        guard show != qaShown else { return }
        qaFollowingHeight = true
        mainMenu?.setQAPanelShown(show)
        qaFollowingHeight = false
    }

    /// Emits `ready` once, after the first frame of the window has been painted.
    private func watchFirstFrame() {
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        let clockObject = UnsafeMutableRawPointer(clock)
        readyHandler = Signals.connect(clockObject, "after-paint") { [weak self] in
            guard let self, !self.readySent else { return }
            self.readySent = true
            Signals.disconnect(clockObject, self.readyHandler)
            let page = gtk_stack_get_visible_child_name(self.stack.opaque).map { String(cString: $0) } ?? ""
            // The surface's size is the window's size as the display has it (the widget's excludes
            // client-side decorations).
            let surface = gtk_native_get_surface(OpaquePointer(self.window))
            self.context.bench?.mark("frame")
            self.log.ready(page: page, width: Int(gdk_surface_get_width(surface)), height: Int(gdk_surface_get_height(surface)),
                           phases: self.context.bench?.phasesJSON, cpu: self.context.bench?.cpuJSON)
            self.reportedSize = (Int(gdk_surface_get_width(surface)), Int(gdk_surface_get_height(surface)))
            self.watchSize(of: surface!)
            self.context.startItem?.firstFrameDrawn()
            if let recorder = self.context.recorder { self.recordSizes(to: recorder, clock: clockObject) }
            self.context.replay?.start(in: self)
            PageSwitcher.completeSoon(self.switcher)
            self.qaPanel.completeLog()
            StripGlyphs.warmAll(self.context.content)
            self.context.bench?.windowReady(page: page, window: self.window, components: self.context.components,
                                            content: self.context.content, log: self.log)
        }
    }
}

extension DemoWindow {
    /// Notes whether a pointer or a key last reached the page switcher (its tabs or its drop-down), in the capture
    /// phase, before the switcher acts on it: a switch that follows is that input's.
    private func watchSwitcherInput() {
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 0)
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        Signals.connectPress(UnsafeMutableRawPointer(click), "pressed") { [weak self] _, _, _ in self?.switcherInput = .click }
        gtk_widget_add_controller(switcher, click)
        let keys = gtk_event_controller_key_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        Signals.connectKey(UnsafeMutableRawPointer(keys)) { [weak self] _, _ in
            self?.switcherInput = .keyboard
            return false
        }
        gtk_widget_add_controller(switcher, keys)
    }

    /// Logs `switched` for the page now shown, with the switcher's last input as its cause (else `programmatic`).
    private func reportSwitch() {
        guard let name = gtk_stack_get_visible_child_name(stack.opaque).map({ String(cString: $0) }) else { return }
        log.switched(page: name, cause: switcherInput ?? .programmatic)
        switcherInput = nil
    }

    /// Reports each new window size once it has held for `resizeQuietPeriod` (the surface notifies every step of a
    /// resize; only the size it ends at is reported, and only when it differs from the last reported).
    private func watchSize(of surface: OpaquePointer) {
        for property in ["width", "height"] {
            Signals.connectNotify(UnsafeMutableRawPointer(surface), property: property) { [weak self] in
                guard let self else { return }
                self.resizeReport?.cancel()
                self.resizeReport = MainLoopTimer.after(milliseconds: Self.resizeQuietPeriod) { [weak self] in
                    self?.resizeReport = nil
                    self?.reportSize(of: surface)
                }
            }
        }
        Signals.connect(window.raw, "destroy") { [weak self] in
            self?.resizeReport?.cancel()
            self?.resizeReport = nil
        }
    }

    private func reportSize(of surface: OpaquePointer) {
        let size = (width: Int(gdk_surface_get_width(surface)), height: Int(gdk_surface_get_height(surface)))
        guard size != reportedSize else { return }
        reportedSize = size
        log.resized(width: size.width, height: size.height)
    }
}
