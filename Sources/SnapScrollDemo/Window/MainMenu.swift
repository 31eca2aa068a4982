import CSnapGtk
@_spi(GtkInterop) import SnapGtk

/// The window's GNOME conventions, made of GTK's own parts: the header's main menu (a menu model on a menu button,
/// so GTK's popover menu gives arrow-key navigation and check items), the actions behind it, their accelerators,
/// the About window and the Keyboard Shortcuts window.
///
/// The settings are stateful boolean actions (`win.reduce-motion`, `win.right-to-left`, `win.qa-panel`,
/// `win.snap-guides`). Their
/// state is the one truth: the menu's check items, the accelerators and changes made elsewhere all go through it, and
/// a change of state is what applies the setting.
@MainActor
final class MainMenu {
    /// The demo's version: the newest release in its AppStream metainfo (an end-to-end test compares the two).
    static let version = "0.3.0"

    /// The header's menu button.
    let button: UnsafeMutablePointer<GtkWidget>
    /// Sees every change of a setting's state (`reduce-motion`, `right-to-left`, `qa-panel`), however it was made.
    var onToggle: ((_ name: String, _ on: Bool) -> Void)?
    private let window: UnsafeMutablePointer<GtkWidget>
    private var about: UnsafeMutablePointer<GtkWidget>?
    private var shortcuts: UnsafeMutablePointer<GtkWidget>?
    /// Where the app's icon is when it is not installed in an icon theme (a checkout's `data/icons`), if anywhere.
    private let iconFolder: String?
    /// Hears each change of a setting (its QA log name, its new state).
    private let settingChanged: @MainActor (String, Bool) -> Void

    /// Adds the actions to `window` (and `app.quit` to `application`), sets their accelerators and makes the menu
    /// button. `qaShown` is the QA panel's state now; `showQAPanel` shows or hides it; `guides` is the snap guides'
    /// switch. `settingChanged` hears every change of a setting's state, with the setting's name in the QA log;
    /// `beforeQuit` runs when `app.quit` is activated, before the application quits.
    init(window: UnsafeMutablePointer<GtkWidget>, application: Application, qaShown: Bool, guides: SnapGuidesSwitch,
         iconFolder: String? = nil, settingChanged: @escaping @MainActor (_ name: String, _ on: Bool) -> Void = { _, _ in },
         beforeQuit: @escaping @MainActor () -> Void = {},
         showQAPanel: @escaping @MainActor (Bool) -> Void) {
        self.window = window
        self.iconFolder = iconFolder
        self.settingChanged = settingChanged
        button = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(button.opaque, "open-menu-symbolic")
        gtk_widget_set_tooltip_text(button, tr("Main menu"))
        snap_accessible_set_label(button, tr("Main menu"))

        // A setting is one line: its action, its name in the QA log, its state now, and what applies it.
        addToggle("reduce-motion", logName: "reduceMotion", initially: !Preferences.animationsEnabled) {
            DemoSettings.setAnimationsEnabled(!$0)
        }
        addToggle("right-to-left", logName: "rightToLeft", initially: Preferences.rightToLeft) { DemoSettings.setRightToLeft($0) }
        addToggle("qa-panel", logName: "qaPanel", initially: qaShown, apply: showQAPanel)
        addToggle("snap-guides", logName: "snapGuides", initially: guides.isOn) { [weak guides] in guides?.set($0) }
        addAction("about", to: OpaquePointer(window)) { [weak self] in self?.showAbout() }
        addAction("shortcuts", to: OpaquePointer(window)) { [weak self] in self?.showShortcuts() }
        addAction("close", to: OpaquePointer(window)) { gtk_window_close(window.cast()) }
        addAction("main-menu", to: OpaquePointer(window)) { [weak self] in self?.toggleMenu() }
        // Quitting is the application's (GNOME's `app.quit`); the main loop ends as when the last window closes.
        addAction("quit", to: OpaquePointer(application.pointer)) { [weak application] in
            beforeQuit()
            application?.quit()
        }

        Self.setAccels(application, "win.main-menu", ["F10"])
        Self.setAccels(application, "win.qa-panel", ["<Control>l"])
        Self.setAccels(application, "win.snap-guides", ["<Control>g"])
        Self.setAccels(application, "win.shortcuts", ["<Control>question", "<Control>slash"])
        Self.setAccels(application, "win.close", ["<Control>w"])
        Self.setAccels(application, "app.quit", ["<Control>q"])
        // GTK's window binds F10 itself (to focus the title bar) and that binding runs before the application's
        // accelerators, so F10, Ctrl+L and Ctrl+G are also in a controller of the window's capture phase: before any
        // widget, wherever the focus is (the accelerators still name them in the menu).
        Self.addShortcuts([("F10", "win.main-menu"), ("<Control>l", "win.qa-panel"), ("<Control>g", "win.snap-guides")],
                          to: window)

        // The settings' states follow changes made outside the menu: the desktop's animation setting, and the
        // default direction (which every widget without its own, the window too, reports).
        let observer = Preferences.observeAnimations { [weak self] in
            self?.setState("reduce-motion", !Preferences.animationsEnabled)
        }
        Signals.connectValue(window.raw, "direction-changed") { [weak self] _ in
            self?.setState("right-to-left", Preferences.rightToLeft)
        }
        Signals.connect(window.raw, "destroy") { Preferences.stopObserving(observer) }

        // The popover is built when the menu first opens: start-up makes no widgets nobody sees yet.
        LazyPopup.attach(to: button) { button in
            guard gtk_menu_button_get_menu_model(button) == nil else { return }
            let model = Self.makeModel()
            gtk_menu_button_set_menu_model(button, model)   // the button keeps its own reference
            g_object_unref(UnsafeMutableRawPointer(model))
            // In the open menu, keys go to its popover and stop there: F10 closes it from inside.
            if let popover = gtk_menu_button_get_popover(button) {
                Self.addShortcuts([("F10", "win.main-menu")], to: UnsafeMutablePointer<GtkWidget>(OpaquePointer(popover)))
            }
        }
    }

    /// Shows or hides the QA panel through its setting's state, so the check item follows.
    func setQAPanelShown(_ shown: Bool) { setState("qa-panel", shown) }

    /// Sets a setting's state to what it has become elsewhere; a state that changes applies itself (again: harmless).
    private func setState(_ name: String, _ on: Bool) {
        guard let action = g_action_map_lookup_action(OpaquePointer(window), name) else { return }
        g_action_change_state(action, g_variant_new_boolean(on ? 1 : 0))
    }

    /// The menu (a new reference): the settings as check items, then the two windows GNOME apps offer.
    private static func makeModel() -> UnsafeMutablePointer<GMenuModel> {
        let settings = g_menu_new()!
        g_menu_append(settings, tr("Reduce motion"), "win.reduce-motion")
        g_menu_append(settings, tr("Right to left"), "win.right-to-left")
        g_menu_append(settings, tr("QA event log"), "win.qa-panel")
        g_menu_append(settings, tr("Snap guides"), "win.snap-guides")
        let help = g_menu_new()!
        g_menu_append(help, tr("Keyboard Shortcuts"), "win.shortcuts")
        g_menu_append(help, tr("About SnapScroll"), "win.about")
        let menu = g_menu_new()!
        g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(settings))
        g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(help))
        g_object_unref(UnsafeMutableRawPointer(settings))
        g_object_unref(UnsafeMutableRawPointer(help))
        return UnsafeMutablePointer<GMenuModel>(menu)
    }

    /// A boolean action `win.NAME`. It has no handlers of its own, so GLib toggles it on activation (the check item,
    /// an accelerator) and sets it on a change request; `apply` runs on every change of its state, whoever makes it,
    /// and the change is logged as setting `logName` (GLib notifies only when the state differs).
    private func addToggle(_ name: String, logName: String, initially on: Bool, apply: @escaping @MainActor (Bool) -> Void) {
        let action = g_simple_action_new_stateful(name, nil, g_variant_new_boolean(on ? 1 : 0))!
        let changed = settingChanged
        Signals.connectNotify(UnsafeMutableRawPointer(action), property: "state") { [weak self] in
            guard let state = g_action_get_state(action) else { return }
            let value = g_variant_get_boolean(state) != 0
            g_variant_unref(state)
            self?.onToggle?(name, value)
            apply(value)
            changed(logName, value)
        }
        g_action_map_add_action(OpaquePointer(window), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// A plain action `NAME` in `map` (the window's or the application's) that runs `run`.
    private func addAction(_ name: String, to map: OpaquePointer, _ run: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        Signals.connectPointer(UnsafeMutableRawPointer(action), "activate") { _ in run() }
        g_action_map_add_action(map, action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// A capture-phase controller on `widget` activating each named action on its trigger.
    private static func addShortcuts(_ shortcuts: [(trigger: String, action: String)], to widget: UnsafeMutablePointer<GtkWidget>) {
        let keys = gtk_shortcut_controller_new()!
        gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE)
        for (trigger, action) in shortcuts {
            gtk_shortcut_controller_add_shortcut(keys, gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger),
                                                                        gtk_named_action_new(action)))
        }
        gtk_widget_add_controller(widget, keys)
    }

    private static func setAccels(_ application: Application, _ action: String, _ accels: [String]) {
        let copies: [UnsafePointer<gchar>?] = accels.map { UnsafePointer(g_strdup($0)) } + [nil]
        gtk_application_set_accels_for_action(application.pointer, action, copies)
        for copy in copies { g_free(UnsafeMutableRawPointer(mutating: copy)) }
    }

    /// F10 opens the menu, and closes it again when it is open (as GNOME apps do).
    private func toggleMenu() {
        if let popover = gtk_menu_button_get_popover(button.opaque),
           gtk_widget_get_visible(UnsafeMutablePointer<GtkWidget>(OpaquePointer(popover))) != 0 {
            gtk_menu_button_popdown(button.opaque)
        } else {
            gtk_menu_button_popup(button.opaque)
        }
    }

    /// The app's icon (named after its id, as installed in the hicolor theme).
    static let iconName = "io.github.snapscroll.Demo"

    /// The About window, over the demo's window (one at a time; closed with it).
    private func showAbout() {
        if let about {
            gtk_window_present(about.cast())
            return
        }
        let dialog = gtk_about_dialog_new()!
        gtk_about_dialog_set_program_name(dialog.opaque, "SnapScroll")   // titles the window "About SnapScroll"
        gtk_about_dialog_set_version(dialog.opaque, Self.version)
        gtk_about_dialog_set_comments(dialog.opaque,
                                      tr("Scrollers that snap, a segmented control and a carousel for GTK 4, in Swift."))
        gtk_about_dialog_set_copyright(dialog.opaque, "© 2026 The SnapScroll authors")   // names and a year: as they are
        gtk_about_dialog_set_license_type(dialog.opaque, GTK_LICENSE_MIT_X11)
        // Run from a checkout, the icon is in no theme yet: GTK finds it by name in a search-path folder of its own
        // (added only now, so start-up never rescans the theme).
        if let iconFolder, let display = gdk_display_get_default(),
           let theme = gtk_icon_theme_get_for_display(display), gtk_icon_theme_has_icon(theme, Self.iconName) == 0 {
            gtk_icon_theme_add_search_path(theme, iconFolder)
        }
        gtk_about_dialog_set_logo_icon_name(dialog.opaque, Self.iconName)
        about = dialog
        present(dialog) { [weak self] in self?.about = nil }
    }

    /// The Keyboard Shortcuts window, built from `shortcutsInterface` when asked for.
    private func showShortcuts() {
        if let shortcuts {
            gtk_window_present(shortcuts.cast())
            return
        }
        let builder = gtk_builder_new_from_string(Self.shortcutsInterface(), -1)!
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        // GTK keeps a toplevel window until it is destroyed, so it outlives the builder.
        guard let object = gtk_builder_get_object(builder, "shortcuts") else { return }
        let window = UnsafeMutablePointer<GtkWidget>(OpaquePointer(object))
        Self.nameKeysAsSpoken(in: window)
        shortcuts = window
        present(window) { [weak self] in self?.shortcuts = nil }
    }

    /// GtkShortcutLabel writes a key its catalogue does not name (every key, in English: GTK has no English
    /// catalogue) by its key symbol, "Page_Up": its keycaps' labels say the words instead ("Page Up").
    private static func nameKeysAsSpoken(in widget: UnsafeMutablePointer<GtkWidget>) {
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(current)), gtk_label_get_type()) != 0,
               let text = gtk_label_get_text(current.opaque).map({ String(cString: $0) }), text.contains("_"),
               gtk_label_get_use_underline(current.opaque) == 0 {
                gtk_label_set_text(current.opaque, text.replacingUnderscores())
            }
            nameKeysAsSpoken(in: current)
            child = gtk_widget_get_next_sibling(current)
        }
    }

    /// Shows `dialog` modal over the demo's window, destroyed with it; `gone` runs when it is destroyed.
    private func present(_ dialog: UnsafeMutablePointer<GtkWidget>, gone: @escaping @MainActor () -> Void) {
        gtk_window_set_transient_for(dialog.cast(), window.cast())
        gtk_window_set_modal(dialog.cast(), 1)
        gtk_window_set_destroy_with_parent(dialog.cast(), 1)
        Signals.connect(dialog.raw, "destroy", gone)
        gtk_window_present(dialog.cast())
    }

    /// Every shortcut the demo has: the window's, then the snapping components' keys (docs/component-contract.md).
    /// Made when the window is first asked for, so its titles are in the user's language.
    private static func shortcutsInterface() -> String {
        """
        <interface>
          <object class="GtkShortcutsWindow" id="shortcuts">
            <property name="title">\(escaped(tr("Keyboard Shortcuts")))</property>
            <child>
              <object class="GtkShortcutsSection">
                <property name="section-name">shortcuts</property>
                <property name="max-height">8</property>
                <child>
                  <object class="GtkShortcutsGroup">
                    <property name="title">\(escaped(tr("General")))</property>
                    \(MainMenu.shortcut(tr("Main menu"), "F10"))
                    \(MainMenu.shortcut(tr("Show or hide the QA event log"), "&lt;Control&gt;l"))
                    \(MainMenu.shortcut(tr("Show or hide the snap guides"), "&lt;Control&gt;g"))
                    \(MainMenu.shortcut(tr("Keyboard shortcuts"), "&lt;Control&gt;question"))
                    \(MainMenu.shortcut(tr("Close the window"), "&lt;Control&gt;w"))
                    \(MainMenu.shortcut(tr("Quit"), "&lt;Control&gt;q"))
                  </object>
                </child>
                <child>
                  <object class="GtkShortcutsGroup">
                    <property name="title">\(escaped(tr("Tab menu, strip and carousel")))</property>
                    \(MainMenu.shortcut(tr("Previous or next item"), "Left Right"))
                    \(MainMenu.shortcut(tr("First or last item"), "Home End"))
                    \(MainMenu.shortcut(tr("One view back or forward"), "Page_Up Page_Down"))
                    \(MainMenu.shortcut(tr("Activate the item"), "Return space"))
                  </object>
                </child>
              </object>
            </child>
          </object>
        </interface>
        """
    }

    private static func shortcut(_ title: String, _ accelerator: String) -> String {
        """
        <child><object class="GtkShortcutsShortcut">\
        <property name="title">\(escaped(title))</property><property name="accelerator">\(accelerator)</property>\
        </object></child>
        """
    }

    /// `text` as XML character data (a translation may hold `&` or `<`).
    private static func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}

private extension String {
    /// "Page_Up" → "Page Up".
    func replacingUnderscores() -> String { String(map { $0 == "_" ? " " : $0 }) }
}
