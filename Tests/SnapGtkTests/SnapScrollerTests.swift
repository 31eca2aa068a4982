import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// The snapping engine on the GTK thread along both axes, driven through the same entry points its event controllers
/// call (touchpad sequences replayed in real time: Xvfb sends no smooth scrolling). Each behaviour is one body taking
/// the axis (`ScrollerAxisInputs`, `ScrollerAxisLayout`), run once per axis by the two tests named after it.
final class SnapScrollerTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    private func along(_ axis: Orientation, _ body: @MainActor (Orientation) -> Void) {
        MainActor.assumeIsolated { body(axis) }
    }

    func testSlowTouchpadSwipeLandsOnTheNearestItemHorizontally() { along(.horizontal, ScrollerAxisInputs.slowSwipeLandsOnTheNearestItem) }
    func testSlowTouchpadSwipeLandsOnTheNearestItemVertically() { along(.vertical, ScrollerAxisInputs.slowSwipeLandsOnTheNearestItem) }
    func testTouchpadFlingTravelsSeveralItemsAndBackHorizontally() { along(.horizontal, ScrollerAxisInputs.flingTravelsSeveralItemsAndBack) }
    func testTouchpadFlingTravelsSeveralItemsAndBackVertically() { along(.vertical, ScrollerAxisInputs.flingTravelsSeveralItemsAndBack) }
    func testGtksDecelerateEndsTheGestureAndASwipeAcrossIsNotTakenHorizontally() { along(.horizontal, ScrollerAxisInputs.gtksDecelerateEndsTheGesture) }
    func testGtksDecelerateEndsTheGestureAndASwipeAcrossIsNotTakenVertically() { along(.vertical, ScrollerAxisInputs.gtksDecelerateEndsTheGesture) }
    func testWheelNotchesMoveOneItemEachHorizontally() { along(.horizontal, ScrollerAxisInputs.wheelNotchesMoveOneItemEach) }
    func testWheelNotchesMoveOneItemEachVertically() { along(.vertical, ScrollerAxisInputs.wheelNotchesMoveOneItemEach) }
    func testKeysMoveByItemPageAndToTheEndsHorizontally() { along(.horizontal, ScrollerAxisInputs.keysMoveByItemPageAndToTheEnds) }
    func testKeysMoveByItemPageAndToTheEndsVertically() { along(.vertical, ScrollerAxisInputs.keysMoveByItemPageAndToTheEnds) }
    func testDragFollowsAndSnapsAndAClickIsATapHorizontally() { along(.horizontal, ScrollerAxisInputs.dragFollowsAndSnapsAndAClickIsATap) }
    func testDragFollowsAndSnapsAndAClickIsATapVertically() { along(.vertical, ScrollerAxisInputs.dragFollowsAndSnapsAndAClickIsATap) }
    func testAFlingWhoseMotionsGtkMergedStillMovesHorizontally() { along(.horizontal, ScrollerAxisInputs.aFlingWhoseMotionsGtkMergedStillMoves) }
    func testAFlingWhoseMotionsGtkMergedStillMovesVertically() { along(.vertical, ScrollerAxisInputs.aFlingWhoseMotionsGtkMergedStillMoves) }
    func testTheAdjustmentCarriesTheOffsetAndItemsFollowOneAnotherHorizontally() { along(.horizontal, ScrollerAxisLayout.theAdjustmentCarriesTheOffsetAndItemsFollowOneAnother) }
    func testTheAdjustmentCarriesTheOffsetAndItemsFollowOneAnotherVertically() { along(.vertical, ScrollerAxisLayout.theAdjustmentCarriesTheOffsetAndItemsFollowOneAnother) }
    func testAResizeKeepsTheCurrentItemCentredHorizontally() { along(.horizontal, ScrollerAxisLayout.aResizeKeepsTheCurrentItemCentred) }
    func testAResizeKeepsTheCurrentItemCentredVertically() { along(.vertical, ScrollerAxisLayout.aResizeKeepsTheCurrentItemCentred) }
    func testReducedMotionMovesAtOnceHorizontally() { along(.horizontal, ScrollerAxisLayout.reducedMotionMovesAtOnce) }
    func testReducedMotionMovesAtOnceVertically() { along(.vertical, ScrollerAxisLayout.reducedMotionMovesAtOnce) }
    func testRightToLeftMirrorsARowAndChangesNothingVerticallyHorizontally() { along(.horizontal, ScrollerAxisLayout.rightToLeft) }
    func testRightToLeftMirrorsARowAndChangesNothingVerticallyVertically() { along(.vertical, ScrollerAxisLayout.rightToLeft) }
    func testOneHundredThousandItemsCreateABoundedNumberOfWidgetsHorizontally() { along(.horizontal, ScrollerAxisLayout.oneHundredThousandItemsCreateABoundedNumberOfWidgets) }
    func testOneHundredThousandItemsCreateABoundedNumberOfWidgetsVertically() { along(.vertical, ScrollerAxisLayout.oneHundredThousandItemsCreateABoundedNumberOfWidgets) }
    func testOutsideAdjustmentChangesAreFollowedAndSnappedHorizontally() { along(.horizontal, ScrollerAxisLayout.outsideAdjustmentChangesAreFollowedAndSnapped) }
    func testOutsideAdjustmentChangesAreFollowedAndSnappedVertically() { along(.vertical, ScrollerAxisLayout.outsideAdjustmentChangesAreFollowedAndSnapped) }
    func testALoopingRowWrapsBackFromItsFirstItemHorizontally() { along(.horizontal, ScrollerAxisLayout.aLoopingRowWrapsBackFromItsFirstItem) }
    func testALoopingRowWrapsBackFromItsFirstItemVertically() { along(.vertical, ScrollerAxisLayout.aLoopingRowWrapsBackFromItsFirstItem) }
}

/// Programmatic snaps in a row on a long row, on the frame clock: each lands exactly and settles once. (The frame
/// timing figures of many snaps are the benchmark's: `scripts/bench`, bench/frames.py.)
final class SnapScrollerConsecutiveSnapsTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    func testConsecutiveSnapsOnALongRowEachLandExactlyOnce() {
        MainActor.assumeIsolated {
            let f = ScrollerFixture(count: 100_000, windowWidth: 960)
            defer { f.close() }
            var target = 0
            for snap in 1...6 {
                target += snap % 2 == 0 ? 3 : 1
                f.scroller.scrollTo(index: target)
                f.waitSettled(snap)
                XCTAssertEqual(f.settled.count, snap, "one settle per snap")
                XCTAssertEqual(f.settled.last?.index, target)
                XCTAssertEqual(gtk_adjustment_get_value(f.scroller.adjustment), f.scroller.layout.restingOffset(target))
            }
            XCTAssertLessThan(f.scroller.createdItemCount, 40, "item widgets are bounded by the viewport")
        }
    }
}
