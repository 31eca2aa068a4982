import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

final class PageDotsTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    func testDotsInterpolateRadiusAndOpacityFromTheFractionalPosition() {
        MainActor.assumeIsolated {
            let dots = PageDots(count: 5)
            dots.position = 0
            XCTAssertEqual(dots.radius(ofPage: 0), PageDots.selectedRadius)
            XCTAssertEqual(dots.opacity(ofPage: 0), PageDots.selectedOpacity, accuracy: 1e-12)
            XCTAssertEqual(dots.radius(ofPage: 1), PageDots.radius)
            XCTAssertEqual(dots.opacity(ofPage: 1), PageDots.opacity, accuracy: 1e-12)

            dots.position = 1.25
            XCTAssertEqual(dots.radius(ofPage: 1), 3.75, accuracy: 1e-12)
            XCTAssertEqual(dots.radius(ofPage: 2), 3.25, accuracy: 1e-12)
            XCTAssertEqual(dots.opacity(ofPage: 1), PageDots.opacity + (PageDots.selectedOpacity - PageDots.opacity) * 0.75, accuracy: 1e-12)
            XCTAssertEqual(dots.radius(ofPage: 0), PageDots.radius, "more than a page away: not emphasised")
            XCTAssertEqual(dots.currentPage, 1)
            // Halfway the two neighbours look the same.
            dots.update(position: 2.5, currentPage: 2)
            XCTAssertEqual(dots.radius(ofPage: 2), dots.radius(ofPage: 3), accuracy: 1e-12)
            XCTAssertEqual(dots.currentPage, 2, "the pager's own current page wins over rounding")
        }
    }

    func testDotsAreRenderNodesNotCairoDrawings() {
        // Dots are redrawn in every frame of a scroll; under gl a cairo drawing is drawn into a texture and
        // uploaded each time, where a colour in a rounded clip is drawn by a shader.
        MainActor.assumeIsolated {
            let dots = PageDots(count: 5)
            let fixture = WidgetFixture(hosting: dots.widget, width: 300, height: 80, laidOut: false)
            defer { fixture.close() }
            fixture.settle(2)
            XCTAssertEqual(nodeBounds(drawnBy: dots.widget, type: GSK_CAIRO_NODE).count, 0, "cairo drawings")
            XCTAssertEqual(nodeBounds(drawnBy: dots.widget, type: GSK_ROUNDED_CLIP_NODE).count, 5, "one disc a dot")
        }
    }

    func testCurrentDotIsSelectedAndTheOnlyTabStop() {
        MainActor.assumeIsolated {
            let dots = PageDots(count: 5)
            dots.position = 3
            for page in 0..<5 {
                let dot = dots.dot(forPage: page)!
                XCTAssertEqual(gtk_widget_has_css_class(dot, "selected") != 0, page == 3, "page \(page)")
                XCTAssertEqual(gtk_widget_get_focusable(dot) != 0, page == 3, "page \(page)")
                XCTAssertEqual(gtk_accessible_get_accessible_role(OpaquePointer(dot)), GTK_ACCESSIBLE_ROLE_TAB)
            }
            XCTAssertFalse(dots.isCompact)
        }
    }

    func testClicksAndKeysActivateWithTheirCause() {
        MainActor.assumeIsolated {
            let dots = PageDots(count: 5)
            let fixture = WidgetFixture(hosting: dots.widget, width: 400, laidOut: false)
            defer { fixture.close() }
            var activations: [(Int, Cause)] = []
            dots.onActivate = { activations.append(($0.index, $0.cause)) }
            // The recorder's tap sees the keys' (and clicks') activations, not those made by code.
            var tapped: [(Int, Cause)] = []
            dots.activationTap = { tapped.append(($0, $1)) }
            dots.activate(2, cause: .click)
            dots.activate(7, cause: .click)   // no such page: ignored
            XCTAssertEqual(activations.map(\.0), [2])
            XCTAssertEqual(activations.map(\.1), [.click])

            // Keyboard: focus the current dot, Right twice moves the focus (not the page), Enter activates.
            dots.position = 1
            gtk_widget_grab_focus(dots.dot(forPage: 1)!)
            XCTAssertTrue(dots.key(UInt32(GDK_KEY_Right)))
            XCTAssertTrue(dots.key(UInt32(GDK_KEY_Right)))
            XCTAssertTrue(gtk_widget_has_focus(dots.dot(forPage: 3)!) != 0, "focus moved to page 4's dot")
            XCTAssertEqual(activations.count, 1, "moving the focus does not activate")
            XCTAssertTrue(dots.key(UInt32(GDK_KEY_space)))
            XCTAssertEqual(activations.last?.0, 3)
            XCTAssertEqual(activations.last?.1, .keyboard)
            XCTAssertTrue(dots.key(UInt32(GDK_KEY_Home)))
            XCTAssertTrue(dots.key(UInt32(GDK_KEY_Return)))
            XCTAssertEqual(activations.last?.0, 0)
            XCTAssertFalse(dots.key(UInt32(GDK_KEY_a)), "other keys pass through")
            XCTAssertEqual(tapped.map(\.0), [3, 0])
            XCTAssertEqual(tapped.map(\.1), [.keyboard, .keyboard])
        }
    }

    func testRightToLeftKeysFollowWhatTheUserSees() {
        MainActor.assumeIsolated {
            let dots = PageDots(count: 5)
            gtk_widget_set_direction(dots.widget, GTK_TEXT_DIR_RTL)
            gtk_widget_set_direction(gtk_widget_get_first_child(dots.widget), GTK_TEXT_DIR_RTL)
            let fixture = WidgetFixture(hosting: dots.widget, width: 400, laidOut: false)
            defer { fixture.close() }
            dots.position = 2
            gtk_widget_grab_focus(dots.dot(forPage: 2)!)
            dots.key(UInt32(GDK_KEY_Left))   // the first page is at the right: Left goes to a later page
            XCTAssertTrue(gtk_widget_has_focus(dots.dot(forPage: 3)!) != 0)
        }
    }

    func testManyPagesShowAWindowOfDotsAndACounter() {
        MainActor.assumeIsolated {
            let dots = PageDots(count: 100_000)
            XCTAssertTrue(dots.isCompact)
            XCTAssertEqual(dots.visiblePages, 0..<PageDots.defaultMaximumDots)
            dots.position = 50_000.4
            XCTAssertEqual(dots.currentPage, 50_000)
            XCTAssertEqual(dots.visiblePages.count, PageDots.defaultMaximumDots)
            XCTAssertTrue(dots.visiblePages.contains(50_000))
            XCTAssertEqual(dots.visiblePages.lowerBound, 50_000 - PageDots.defaultMaximumDots / 2, "centred on the current page")
            dots.position = 99_999
            XCTAssertEqual(dots.visiblePages.upperBound, 100_000, "clamped at the end")
            XCTAssertNotNil(dots.dot(forPage: 99_999))
            XCTAssertNil(dots.dot(forPage: 50_000))
            let counter = gtk_widget_get_last_child(dots.widget)!
            XCTAssertEqual(String(cString: gtk_label_get_text(counter.opaque)), "100000 / 100000")
            dots.count = 4
            XCTAssertFalse(dots.isCompact)
            XCTAssertEqual(dots.visiblePages, 0..<4)
            XCTAssertEqual(dots.currentPage, 3)
        }
    }

    func testAScrollWithinOnePageSetsNoLabelsOrStatesAgain() {
        MainActor.assumeIsolated {
            let dots = PageDots(count: 5)
            dots.position = 1
            let updates = dots.stateUpdates
            for step in 1...40 { dots.update(position: 1 + Double(step) / 100, currentPage: 1) }
            XCTAssertEqual(dots.stateUpdates, updates, "only the drawing follows the position")
            XCTAssertEqual(dots.radius(ofPage: 2), 3.4, accuracy: 1e-12)
            dots.update(position: 1.6, currentPage: 2)
            XCTAssertEqual(dots.stateUpdates, updates + 1, "a new current page updates once")
            XCTAssertTrue(gtk_widget_has_css_class(dots.dot(forPage: 2)!, "selected") != 0)
        }
    }

    func testLabelsAreSettableAndPluralAware() {
        MainActor.assumeIsolated {
            XCTAssertEqual(Localization.pageOfCount(page: 2, count: 5), "Page 2 of 5")
            let dots = PageDots(count: 3)
            XCTAssertTrue(accessibleLabel(dots.dot(forPage: 0), is: "Page 1 of 3"))
            dots.pageLabel = { "Seite \($0) von \($1)" }
            dots.accessibleLabel = "Seiten"
            // What assistive technologies read: every dot relabelled at once, and the row of dots.
            for page in 0..<3 {
                XCTAssertTrue(accessibleLabel(dots.dot(forPage: page), is: "Seite \(page + 1) von 3"),
                              "page \(page)")
            }
            XCTAssertTrue(accessibleLabel(gtk_widget_get_parent(dots.dot(forPage: 0)!), is: "Seiten"))
            XCTAssertGreaterThan(dots.stateUpdates, 1, "a new label function relabels the dots")
        }
    }
}
