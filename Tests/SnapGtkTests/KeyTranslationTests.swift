import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// GDK keyvals become symbolic keys once, for every component; each component then takes what it uses from the
/// one key map (arrows mirrored in right to left).
final class KeyTranslationTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    func testKeyvalsAndTheirKeypadTwinsMapToOneKey() {
        let expected: [(Int32, KeyPress)] = [
            (GDK_KEY_Left, .left), (GDK_KEY_KP_Left, .left), (GDK_KEY_Right, .right), (GDK_KEY_KP_Right, .right),
            (GDK_KEY_Up, .up), (GDK_KEY_KP_Up, .up), (GDK_KEY_Down, .down), (GDK_KEY_KP_Down, .down),
            (GDK_KEY_Home, .home), (GDK_KEY_KP_Home, .home), (GDK_KEY_End, .end), (GDK_KEY_KP_End, .end),
            (GDK_KEY_Page_Up, .pageUp), (GDK_KEY_KP_Page_Up, .pageUp),
            (GDK_KEY_Page_Down, .pageDown), (GDK_KEY_KP_Page_Down, .pageDown),
            (GDK_KEY_Return, .activate), (GDK_KEY_KP_Enter, .activate), (GDK_KEY_space, .activate),
            (GDK_KEY_KP_Space, .activate),
        ]
        for (keyval, key) in expected {
            XCTAssertEqual(KeyTranslation.press(for: UInt32(keyval)), key, "keyval \(keyval)")
        }
        for keyval in [GDK_KEY_a, GDK_KEY_Tab, GDK_KEY_Escape] {
            XCTAssertNil(KeyTranslation.press(for: UInt32(keyval)))
        }
        XCTAssertTrue(KeyTranslation.isPlain(GdkModifierType(rawValue: 0)))
        XCTAssertFalse(KeyTranslation.isPlain(GDK_CONTROL_MASK))
        XCTAssertFalse(KeyTranslation.isPlain(GDK_SHIFT_MASK))
    }

    /// The segmented control and the page dots read the same map: in right to left, Left moves forward.
    func testComponentsFollowTheMapInRightToLeft() {
        MainActor.assumeIsolated {
            let control = SegmentedControl(titles: ["A", "B", "C", "D"], label: "tabs")
            let dots = PageDots(count: 6)
            let fixture = WidgetFixture(stacking: [control.widget, dots.widget], width: 400, laidOut: false)
            let original = gtk_widget_get_default_direction()
            defer {
                gtk_widget_set_default_direction(original)
                fixture.close()
            }
            for rtl in [false, true] {
                // As the application sets it (locale, --rtl): the default direction of every widget.
                gtk_widget_set_default_direction(rtl ? GTK_TEXT_DIR_RTL : GTK_TEXT_DIR_LTR)
                control.select(1, cause: .programmatic)
                XCTAssertTrue(control.handleKey(UInt32(GDK_KEY_Left)))
                XCTAssertEqual(control.selectedIndex, rtl ? 2 : 0, "rtl \(rtl)")
                XCTAssertFalse(control.handleKey(UInt32(GDK_KEY_Page_Down)), "page keys are not the control's")
                XCTAssertFalse(control.handleKey(UInt32(GDK_KEY_Return)), "Enter belongs to the focused segment")
                // Home focuses the first dot; Left then moves the focus on in right to left, and stays put in left
                // to right (no dot before the first).
                XCTAssertTrue(dots.key(UInt32(GDK_KEY_Home)))
                XCTAssertTrue(dots.key(UInt32(GDK_KEY_Left)))
                let focused = (0..<6).first { page in dots.dot(forPage: page).map { gtk_widget_has_focus($0) != 0 } ?? false }
                XCTAssertEqual(focused, rtl ? 1 : 0, "rtl \(rtl)")
            }
        }
    }

    /// The components take their keys before the window's own handler, so they turn the focus ring on themselves
    /// for a key they use: the window shows focus and the focused widget gets the `:focus-visible` state.
    func testAUsedKeyShowsTheWindowsFocusRing() {
        MainActor.assumeIsolated {
            let scroller = SnapScroller(itemCount: 5, itemWidth: 100, spacing: 0, label: "Keys",
                                        makeItem: { Label() }, bindItem: { label, index in label.text = "\(index)" })
            let fixture = WidgetFixture(hosting: scroller.widget, width: 400, laidOut: false)
            defer { fixture.close() }
            let window = fixture.window
            gtk_widget_grab_focus(scroller.content)
            gtk_window_set_focus_visible(window.cast(), 0)
            drainMainLoop()
            XCTAssertEqual(gtk_window_get_focus_visible(window.cast()), 0)
            KeyTranslation.showFocus(in: scroller.content)
            drainMainLoop()
            XCTAssertNotEqual(gtk_window_get_focus_visible(window.cast()), 0)
            let flags = gtk_widget_get_state_flags(scroller.content).rawValue
            XCTAssertNotEqual(flags & GTK_STATE_FLAG_FOCUS_VISIBLE.rawValue, 0)
            // Outside a window (not yet added to one) it does nothing.
            let loose = Label()
            withExtendedLifetime(loose) { KeyTranslation.showFocus(in: loose.rootWidget.pointer) }
        }
    }
}
