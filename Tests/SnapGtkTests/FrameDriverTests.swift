import CSnapGtk
@_spi(Testing) @_spi(GtkInterop) @testable import SnapGtk
import XCTest

final class FrameDriverTests: XCTestCase {
    override func setUpWithError() throws { try MainActor.assumeIsolated { try requireGtk() } }

    func testDriverTicksOnTheFrameClockUntilTheHandlerSaysStop() {
        MainActor.assumeIsolated {
            let area = gtk_drawing_area_new()!
            let fixture = WidgetFixture(hosting: area, width: 400, laidOut: false)
            defer { fixture.close() }
            var times: [Double] = []
            let driver = FrameDriver(widget: area) { time in
                times.append(time)
                return times.count < 6
            }
            driver.recordsIntervals = true
            driver.start()
            XCTAssertTrue(driver.isRunning)
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { !driver.isRunning }, "driver never finished")
            XCTAssertEqual(times.count, 6)
            XCTAssertEqual(times, times.sorted(), "frame times only go forward")
            XCTAssertEqual(driver.intervals.count, 5)
            // Xvfb paces frames at 60 Hz: each interval is a frame or a few, never zero or seconds.
            for interval in driver.intervals { XCTAssert(interval > 1 && interval < 500, "interval \(interval) ms") }
            // Nothing more after it said stop, over frames that did come.
            fixture.settle(6)
            XCTAssertEqual(times.count, 6)
        }
    }

    func testCostsMeasureTimeSpentInTheHandler() {
        MainActor.assumeIsolated {
            let area = gtk_drawing_area_new()!
            let fixture = WidgetFixture(hosting: area, width: 400, laidOut: false)
            defer { fixture.close() }
            var frames = 0
            let driver = FrameDriver(widget: area) { _ in
                frames += 1
                // Busy for at least 2 ms of monotonic time: the recorded cost must include it.
                let until = g_get_monotonic_time() + 2_000
                while g_get_monotonic_time() < until {}
                return frames < 4
            }
            driver.start()
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { !driver.isRunning })
            XCTAssertEqual(driver.costs, [], "nothing recorded unless asked")
            driver.recordsCosts = true
            frames = 0
            driver.start()
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { !driver.isRunning })
            XCTAssertEqual(driver.costs.count, 4)
            for cost in driver.costs { XCTAssert(cost >= 2 && cost < 500, "cost \(cost) ms") }
            driver.clearCosts()
            XCTAssertEqual(driver.costs, [])
        }
    }

    func testStopEndsTicking() {
        MainActor.assumeIsolated {
            let area = gtk_drawing_area_new()!
            let fixture = WidgetFixture(hosting: area, width: 400, laidOut: false)
            defer { fixture.close() }
            var frames = 0
            let driver = FrameDriver(widget: area) { _ in frames += 1; return true }
            driver.start()
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { frames >= 2 })
            driver.stop()
            let seen = frames
            fixture.settle(8)
            XCTAssertEqual(frames, seen)
            XCTAssertFalse(driver.isRunning)
        }
    }

    /// The Swift-native forms applications use: a driver paced by a widget handle, and an idle batch cancelled with
    /// it. Both ride the widget's frame clock and `destroy` like the pointer forms, without the application
    /// touching a GTK pointer. (GTK 4 destroys a widget when its last reference goes: here the window's, once the
    /// handle is dropped.)
    func testSwiftNativeFormsFollowAWidgetHandle() {
        MainActor.assumeIsolated {
            let watch = LogWatch()
            defer { watch.remove() }
            var frames = 0
            var runs = 0
            let fixture: WidgetFixture
            let driver: FrameDriver
            let batch = IdleBatch { runs += 1 }
            do {
                let label = Label("ticking")
                fixture = WidgetFixture(hosting: label.pointer, width: 400, laidOut: false)
                driver = FrameDriver(pacedBy: label) { _ in
                    frames += 1
                    return frames < 3
                }
                batch.cancel(onDestroyOf: label)
            }
            driver.start()
            XCTAssertTrue(GtkThread.iterate(timeout: testPatience) { !driver.isRunning }, "driver never finished")
            XCTAssertEqual(frames, 3)
            batch.schedule()
            driver.start()
            XCTAssertTrue(driver.isRunning)
            fixture.close()
            XCTAssertTrue(batch.isCancelled, "the batch was cancelled on the label's destroy")
            XCTAssertFalse(batch.isScheduled, "its pending run was dropped")
            XCTAssertFalse(driver.isRunning, "the driver stopped on the label's destroy")
            driver.start()
            XCTAssertFalse(driver.isRunning, "a driver whose widget is gone never starts again")
            drainMainLoop()
            XCTAssertEqual(runs, 0)
            XCTAssertEqual(frames, 3)
            XCTAssertEqual(watch.messages, [])
        }
    }
}
