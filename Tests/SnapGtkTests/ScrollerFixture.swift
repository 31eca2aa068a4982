import CSnapGtk
import SnapCore
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

/// A scroller of `count` items along `axis` in a window (the viewport `viewport` px along the axis), recording what
/// it reports. Along either axis the same geometry: items 100 px long, 70 px apart (a pitch of 170 px).
@MainActor
final class ScrollerFixture: WidgetFixture {
    let scroller: SnapScroller
    let axis: Orientation
    var settled: [(index: Int, offset: Double, cause: Cause)] = []
    var taps: [Int] = []
    /// Whether `waitSettled(n)` also checks that exactly `n` settles came (one per gesture).
    var settlesExactly = false
    /// Whether `assertRests` also checks the item's length along the axis is `itemWidth` (a row of one width).
    var checksItemLength = false

    init(axis: Orientation = .horizontal, count: Int = 20, width: Double = 100, spacing: Double = 70,
         windowWidth: Int32 = 500, file: StaticString = #filePath, line: UInt = #line) {
        scroller = SnapScroller(
            itemCount: count, itemWidth: width, spacing: spacing, label: "Test strip",
            factory: {
                let label = gtk_label_new(nil)!
                if axis == .horizontal { gtk_widget_set_size_request(label, -1, 40) }
                return label
            },
            bind: { label, index in gtk_label_set_text(label.opaque, "\(index)") })
        self.axis = axis
        if axis == .vertical { scroller.orientation = .vertical }
        // `windowWidth` is the window's extent along the axis.
        super.init(hosting: scroller.widget, width: axis == .horizontal ? windowWidth : 240,
                   height: axis == .horizontal ? 120 : windowWidth, file: file, line: line)
        scroller.onSettled = { [unowned self] event in
            // The adjustment holds the exact resting offset when the settle is reported.
            self.settled.append((event.index, gtk_adjustment_get_value(self.scroller.adjustment), event.cause))
        }
        scroller.onTap = { [unowned self] in self.taps.append($0.index) }
        wait("never laid out", file: file, line: line) { self.scroller.layout.viewportWidth > 0 }
    }

    /// The viewport's extent along the axis as GTK allocated it.
    var viewport: Double {
        Double(axis == .horizontal ? gtk_widget_get_width(scroller.scrolledWindow) : gtk_widget_get_height(scroller.scrolledWindow))
    }

    /// Runs the loop until `count` settled events arrived and nothing moves, then a little more so a duplicate settle
    /// would show (and, with `settlesExactly`, checks none did).
    func waitSettled(_ count: Int = 1, file: StaticString = #filePath, line: UInt = #line) {
        wait("\(axis): did not settle (\(settled.count) settled)", file: file, line: line) {
            self.settled.count >= count && !self.scroller.isMoving
        }
        waitFrames(18, of: scroller.widget, file: file, line: line)
        if settlesExactly { XCTAssertEqual(settled.count, count, "\(axis): one settle per gesture", file: file, line: line) }
    }

    /// The item's bounds in the scrolled window, as GTK draws it now.
    func bounds(of index: Int) -> graphene_rect_t? {
        guard let item = scroller.itemWidget(at: index) else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(item, scroller.scrolledWindow, &bounds) != 0 else { return nil }
        return bounds
    }

    /// Where the item starts along the axis, in px from the viewport's start.
    func start(of index: Int) -> Double? {
        bounds(of: index).map { Double(axis == .horizontal ? $0.origin.x : $0.origin.y) }
    }

    /// The item's centre minus the viewport's centre along the axis, in px, as GTK draws it now.
    func centreError(of index: Int) -> Double? {
        guard let b = bounds(of: index) else { return nil }
        let centre = axis == .horizontal ? b.origin.x + b.size.width / 2 : b.origin.y + b.size.height / 2
        return Double(centre) - viewport / 2
    }

    /// At rest on `index`: the adjustment holds its exact resting offset, the last settled event says so (with
    /// `cause`), and GTK draws the item centred within 0.5 px (with `checksItemLength`: its full length along the
    /// axis, and across a vertical list its full width).
    func assertRests(on index: Int, cause: Cause? = nil, file: StaticString = #filePath, line: UInt = #line) {
        let layout = scroller.layout
        // The adjustment spans the whole row, from its start (flipped right to left); a looping row rests on a copy
        // of the item (a virtual index).
        let resting = layout.restingOffset(scroller.loops ? scroller.controller.currentIndex : index)
        let expected = layout.physicalOffset(fromLogical: resting, rtl: scroller.isRightToLeft && axis == .horizontal)
        XCTAssertEqual(scroller.currentIndex, index, "\(axis): current index", file: file, line: line)
        XCTAssertEqual(gtk_adjustment_get_value(scroller.adjustment), expected, "\(axis): adjustment value", file: file, line: line)
        XCTAssertEqual(settled.last?.index, index, "\(axis): settled index", file: file, line: line)
        XCTAssertEqual(settled.last?.offset, expected, "\(axis): settled offset", file: file, line: line)
        if let cause { XCTAssertEqual(settled.last?.cause, cause, "\(axis): cause", file: file, line: line) }
        waitFrames(2, of: scroller.widget, file: file, line: line)
        guard let error = centreError(of: index), let b = bounds(of: index) else {
            return XCTFail("\(axis): item \(index) has no widget", file: file, line: line)
        }
        XCTAssertLessThanOrEqual(abs(error), 0.5, "\(axis): item \(index) off centre by \(error) px", file: file, line: line)
        if checksItemLength {
            XCTAssertEqual(Double(axis == .horizontal ? b.size.width : b.size.height), scroller.itemWidth,
                           "\(axis): the item's length", file: file, line: line)
            if axis == .vertical {
                XCTAssertEqual(Double(b.size.width), Double(gtk_widget_get_width(scroller.content)),
                               "\(axis): as wide as the list", file: file, line: line)
            }
        }
    }

    /// A wheel turned `notches` along the axis (towards the end when positive).
    @discardableResult
    func wheel(_ notches: Double) -> Bool {
        scroller.handleScroll(dx: axis == .horizontal ? notches : 0, dy: axis == .vertical ? notches : 0,
                              unit: GDK_SCROLL_UNIT_WHEEL)
    }

    /// The keys that move to the next and previous item along the axis.
    var nextKey: UInt32 { UInt32(axis == .horizontal ? GDK_KEY_Right : GDK_KEY_Down) }
    var previousKey: UInt32 { UInt32(axis == .horizontal ? GDK_KEY_Left : GDK_KEY_Up) }

    /// Replays touchpad samples (ms from start, delta along the axis in px) at their real times, optionally ending
    /// with scroll-end (the replay the benchmark's flings use too: `TouchpadReplay`).
    func replayTouchpad(_ samples: [(Double, Double)], scrollEnd: Bool) {
        replayTouchpad(TouchpadGesture(samples: samples.map {
            axis == .horizontal ? .init(time: $0.0, dx: $0.1) : .init(time: $0.0, dx: 0, dy: $0.1)
        }, ending: scrollEnd ? .scrollEnd : .none))
    }

    func replayTouchpad(_ gesture: TouchpadGesture) {
        var replay = TouchpadReplay(gesture, startingAt: scroller.now)
        wait("the replay never finished") { replay.deliver(to: self.scroller, through: self.scroller.now) }
    }
}
