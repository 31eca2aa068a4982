import CSnapGtk
import SnapGtk

/// The demo's switches for GTK's process-wide settings that the components follow (`Preferences` reads them):
/// `--reduce-motion`, `--rtl` and the header bar's toggles.
@MainActor
enum DemoSettings {
    /// Turns GTK's `gtk-enable-animations` on or off for the whole process.
    static func setAnimationsEnabled(_ enabled: Bool) {
        guard let settings = gtk_settings_get_default() else { return }
        snap_object_set_boolean(UnsafeMutableRawPointer(settings), "gtk-enable-animations", enabled ? 1 : 0)
    }

    /// Sets GTK's default text direction for every widget.
    static func setRightToLeft(_ rtl: Bool) {
        gtk_widget_set_default_direction(rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
    }
}

/// The demo's snap-guides switch (`--snap-guides`, the main menu's "Snap guides", Ctrl+G): every snapping component
/// the pages build follows it, whenever it is built. The pages hand over their scrollers (a carousel's is
/// `Carousel.scroller`), which the switch holds weakly: they go with their page.
@MainActor
final class SnapGuidesSwitch {
    /// Whether the guides are on.
    private(set) var isOn = false
    private var scrollers: [WeakScroller] = []

    /// Shows guides on `scroller` while the switch is on, from now on.
    func follow(_ scroller: SnapScroller) {
        scrollers.removeAll { $0.scroller == nil }
        scrollers.append(WeakScroller(scroller: scroller))
        scroller.showsSnapGuides = isOn
    }

    /// Turns the guides on or off on every component built so far, and on those built later.
    func set(_ on: Bool) {
        isOn = on
        for entry in scrollers { entry.scroller?.showsSnapGuides = on }
    }

    private struct WeakScroller {
        weak var scroller: SnapScroller?
    }
}
