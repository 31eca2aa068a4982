import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// What every page builder gets: the content, the QA log and where resources live.
@MainActor
struct PageContext {
    let content: DemoContent
    let log: QALog
    let resources: Resources
    /// Where pages offer their snapping component to the frame benchmark (off unless its variable is set).
    let bench = DemoBench()
    /// `--loop`: the strip and the carousel wrap around.
    var loop = false
    /// `--autoplay`: seconds between the carousel's own advances (nil: off).
    var autoplaySeconds: Double?
}

/// One page of the demo: its ID (as `--page` names it), its title, and how to build it.
@MainActor
struct DemoPage {
    let id: String
    let title: String
    let build: @MainActor (PageContext) -> UnsafeMutablePointer<GtkWidget>
}

/// The demo window: a header bar with the page switcher and the global toggles, the pages in a
/// stack, and the QA panel showing the live event log.
@MainActor
final class DemoWindow {
    static let pages: [DemoPage] = [
        DemoPage(id: "menu", title: "Menu", build: makeMenuPage),
        DemoPage(id: "centering", title: "Centering", build: makeCenteringPage),
        DemoPage(id: "segmented", title: "Segmented", build: makeSegmentedPage),
        DemoPage(id: "strip", title: "Strip", build: makeStripPage),
        DemoPage(id: "carousel", title: "Carousel", build: makeCarouselPage),
    ]
    /// Lines kept in the QA panel; older ones scroll away.
    static let qaPanelLines = 200

    let window: UnsafeMutablePointer<GtkWidget>
    private let stack: UnsafeMutablePointer<GtkWidget>
    private let log: QALog
    private let bench: DemoBench
    private let context: PageContext
    private var builtPages: Set<String> = []
    private var readySent = false
    private var readyHandler: UInt = 0

    init(application: Application, options: DemoOptions, context: PageContext) {
        var context = context
        context.loop = options.loop
        context.autoplaySeconds = options.autoplaySeconds
        self.context = context
        log = context.log
        bench = context.bench
        window = gtk_application_window_new(application.pointer)
        gtk_window_set_title(window.cast(), "SnapScroll")
        gtk_window_set_default_size(window.cast(), Int32(options.width), Int32(options.height))

        stack = gtk_stack_new()
        gtk_stack_set_transition_type(stack.opaque, GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_widget_set_vexpand(stack, 1)
        // Pages are built when first shown: start-up pays only for the page on screen (no banner images
        // decoded, no emoji font loaded, until a page needs them). Each page scrolls as a whole when the
        // window is smaller than the page's minimum size.
        for page in Self.pages {
            gtk_stack_add_titled(stack.opaque, gtk_scrolled_window_new(), page.id, page.title)
        }
        gtk_stack_set_visible_child_name(stack.opaque, options.page)
        buildVisiblePage()
        Signals.connectNotify(stack.raw, property: "visible-child") { [weak self] in self?.buildVisiblePage() }

        let header = gtk_header_bar_new()!
        let switcher = gtk_stack_switcher_new()!
        gtk_stack_switcher_set_stack(switcher.opaque, stack.opaque)
        // In a scroller of its own, so a narrow window (down to phone size) can still hold it.
        let switcherScroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(switcherScroller.opaque, GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_width(switcherScroller.opaque, 1)
        gtk_scrolled_window_set_child(switcherScroller.opaque, switcher)
        snap_accessible_set_label(switcherScroller, "Demo pages")
        gtk_header_bar_set_title_widget(header.opaque, switcherScroller)
        gtk_header_bar_pack_end(header.opaque, Self.makeSettingsMenu())
        gtk_header_bar_set_decoration_layout(header.opaque, ":close")
        gtk_window_set_titlebar(window.cast(), header)

        // Page above, QA panel below; both may shrink below their minimum, so any window size works.
        let paned = gtk_paned_new(GTK_ORIENTATION_VERTICAL)!
        gtk_paned_set_start_child(paned.opaque, stack)
        gtk_paned_set_end_child(paned.opaque, makeQAPanel())
        gtk_paned_set_resize_end_child(paned.opaque, 0)
        gtk_paned_set_shrink_start_child(paned.opaque, 1)
        gtk_paned_set_shrink_end_child(paned.opaque, 1)
        gtk_window_set_child(window.cast(), paned)

        Ownership.tie(self, to: window)
        Signals.connect(window.raw, "realize", after: true) { [weak self] in self?.watchFirstFrame() }
    }

    func present() { gtk_window_present(window.cast()) }

    /// Builds the visible page into its stack slot the first time it is shown.
    private func buildVisiblePage() {
        guard let name = gtk_stack_get_visible_child_name(stack.opaque).map({ String(cString: $0) }),
              !builtPages.contains(name), let page = Self.pages.first(where: { $0.id == name }),
              let slot = gtk_stack_get_visible_child(stack.opaque) else { return }
        builtPages.insert(name)
        let child = page.build(context)
        gtk_widget_add_css_class(child, "demo-page")
        gtk_scrolled_window_set_child(slot.opaque, child)
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
            StartupPhases.mark("frame")
            self.log.ready(page: page, width: Int(gdk_surface_get_width(surface)), height: Int(gdk_surface_get_height(surface)),
                           phases: StartupPhases.json())
            self.bench.begin(page: page, window: self.window, log: self.log)
        }
    }

    /// The header bar's menu: the global reduced-motion and right-to-left toggles.
    private static func makeSettingsMenu() -> UnsafeMutablePointer<GtkWidget> {
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_widget_add_css_class(box, "settings-menu")
        let reduce = gtk_check_button_new_with_label("Reduce motion")!
        gtk_check_button_set_active(reduce.cast(), Preferences.animationsEnabled ? 0 : 1)
        Signals.connect(reduce.raw, "toggled") {
            DemoSettings.setAnimationsEnabled(gtk_check_button_get_active(reduce.cast()) == 0)
        }
        let rtl = gtk_check_button_new_with_label("Right to left")!
        gtk_check_button_set_active(rtl.cast(), Preferences.rightToLeft ? 1 : 0)
        Signals.connect(rtl.raw, "toggled") {
            DemoSettings.setRightToLeft(gtk_check_button_get_active(rtl.cast()) != 0)
        }
        gtk_box_append(box.cast(), reduce)
        gtk_box_append(box.cast(), rtl)
        let popover = gtk_popover_new()!
        gtk_popover_set_child(popover.cast(), box)
        let button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(button.opaque, "open-menu-symbolic")
        gtk_menu_button_set_popover(button.opaque, popover)
        gtk_widget_set_tooltip_text(button, "Motion and direction")
        snap_accessible_set_label(button, "Motion and direction")
        return button
    }

    /// The QA panel: the event log as it happens, newest at the bottom.
    ///
    /// Lines reach the text view from an idle callback, batched, never as they come: a component may report from
    /// inside GTK's layout pass (a resize settles it, a page changes mid-animation), and changing the text view then
    /// makes GTK 4.8 draw its scrollbar before allocating it (a warning on standard error). The text view takes
    /// lines incrementally, so a busy log costs little per frame.
    private func makeQAPanel() -> UnsafeMutablePointer<GtkWidget> {
        let view = gtk_text_view_new()!
        gtk_text_view_set_editable(view.cast(), 0)
        gtk_text_view_set_cursor_visible(view.cast(), 0)
        gtk_text_view_set_monospace(view.cast(), 1)
        // Wrapped, so a long line never widens the panel (and with it the whole window's layout).
        gtk_text_view_set_wrap_mode(view.cast(), GTK_WRAP_WORD_CHAR)
        gtk_widget_add_css_class(view, "qa-log")
        snap_accessible_set_label(view, "QA event log")
        let buffer = gtk_text_view_get_buffer(view.cast())!
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        let endMark = gtk_text_buffer_create_mark(buffer, "end", &end, 0)
        var lines = 0
        var pending: [String] = []
        let show = IdleBatch {
            var iter = GtkTextIter()
            gtk_text_buffer_get_end_iter(buffer, &iter)
            gtk_text_buffer_insert(buffer, &iter, pending.joined(separator: "\n") + "\n", -1)
            lines += pending.count
            pending.removeAll()
            if lines > Self.qaPanelLines {
                var start = GtkTextIter(), cut = GtkTextIter()
                gtk_text_buffer_get_start_iter(buffer, &start)
                gtk_text_buffer_get_iter_at_line(buffer, &cut, Int32(lines - Self.qaPanelLines))
                gtk_text_buffer_delete(buffer, &start, &cut)
                lines = Self.qaPanelLines
            }
            gtk_text_view_scroll_mark_onscreen(view.cast(), endMark)
        }
        log.observe { line in
            pending.append(line)
            show.schedule()
        }
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(scroller.opaque, view)
        gtk_scrolled_window_set_policy(scroller.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_size_request(scroller, -1, 110)
        let title = gtk_label_new("QA event log")!
        gtk_widget_add_css_class(title, "qa-title")
        gtk_label_set_xalign(title.opaque, 0)
        let panel = gtk_box_new(GTK_ORIENTATION_VERTICAL, 4)!
        gtk_widget_add_css_class(panel, "qa-panel")
        gtk_box_append(panel.cast(), title)
        gtk_box_append(panel.cast(), scroller)
        return panel
    }
}
