import CSnapGtk
import Glibc
@_spi(Testing) @_spi(GtkInterop) import SnapGtk

/// The benchmarks' one seam into the app. `main` makes it only when a `SNAPSCROLL_BENCH_*` variable asks for a
/// benchmark (``fromEnvironment()``), and the app consults it at three named points: the start-up phases
/// (``mark(_:)``, and `ready`'s ``phasesJSON`` and ``cpuJSON``), before any window (``runWithoutWindow()``, the decode
/// benchmark) and after the first frame (``windowReady(page:window:components:content:log:)``, which starts the run
/// asked for). Without a variable nothing of the benchmarks runs, is allocated or is connected.
///
/// The runs after `ready`: the frame watch (``FrameWatch``, `SNAPSCROLL_BENCH_WATCH`), and with
/// `SNAPSCROLL_BENCH_SNAPS=N` one of the `SNAPSCROLL_BENCH_INPUT` kinds on the visible page's snapping component:
/// `snaps` (the default) or `flings` (``FrameRun``), `latency` (``LatencyRun``) or `latency-stock` (a
/// ``StockLatencyRow`` in the component's place, then its ``LatencyRun``).
@MainActor
final class BenchHooks {
    static let snapsVariable = "SNAPSCROLL_BENCH_SNAPS"
    static let inputVariable = "SNAPSCROLL_BENCH_INPUT"
    static let decodeVariable = "SNAPSCROLL_BENCH_DECODE"

    /// The run under way after `ready`.
    private enum Run {
        case frames(FrameRun)
        /// The stock row being put in place before its latency run.
        case placingStock(StockLatencyRow)
        case latency(LatencyRun)
    }

    private var phases = StartupPhases()
    private var watch: FrameWatch?
    private var run: Run?

    /// The hooks when a benchmark variable is set, else nil (four look-ups, nothing allocated).
    static func fromEnvironment() -> BenchHooks? {
        let asked = getenv(StartupPhases.variable) != nil || getenv(decodeVariable) != nil
            || getenv(snapsVariable) != nil || getenv(FrameWatch.variable) != nil
        return asked ? BenchHooks() : nil
    }

    private init() {}

    /// Notes that start-up reached `phase` now.
    func mark(_ phase: String) { phases.mark(phase) }

    /// The `ready` event's `phases` (JSON), when `SNAPSCROLL_BENCH_PHASES` asks for them.
    var phasesJSON: String? { phases.json }

    /// The `ready` event's `cpu` (JSON), when `SNAPSCROLL_BENCH_PHASES` asks for it.
    var cpuJSON: String? { phases.cpuJSON }

    /// Runs the decode benchmark (`SNAPSCROLL_BENCH_DECODE`) when asked for, returning the exit status; nil otherwise.
    func runWithoutWindow() -> Int32? {
        getenv(Self.decodeVariable).map { DecodeBench.run(String(cString: $0)) }
    }

    /// Called once after `ready`: starts the runs asked for on `page`; a run closes `window` when it has written its
    /// line.
    func windowReady(page: String, window: UnsafeMutablePointer<GtkWidget>, components: SessionComponents,
                     content: DemoContent, log: QALog) {
        watch = FrameWatch.start(page: page, window: window, log: log)
        guard let motions = getenv(Self.snapsVariable).flatMap({ Int(String(cString: $0)) }).map({ max($0, 1) })
        else { return }
        guard let scroller = components.scroller(page) else {
            return fail("no snapping component on this page", page: page, window: window, log: log)
        }
        let input = getenv(Self.inputVariable).map { String(cString: $0) } ?? "snaps"
        switch input {
        case "snaps", "flings":
            run = .frames(FrameRun(page: page, scroller: scroller, flings: input == "flings", motions: motions,
                                   window: window, log: log))
        case "latency":
            run = .latency(LatencyRun(target: ScrollerLatencyTarget(page: page, scroller: scroller,
                                                                   carousel: components.carousel(page)),
                                      window: window, rounds: motions, log: log))
        case "latency-stock":
            placeStockRow(page: page, scroller: scroller, carousel: components.carousel(page), content: content,
                          window: window, rounds: motions, log: log)
        default:
            fail("\(Self.inputVariable) is snaps, flings, latency or latency-stock", page: page, window: window, log: log)
        }
    }

    /// Puts the stock row in place of the page's component (the carousel's whole widget, its row and what it
    /// overlays, on the carousel's page), then runs the latency benchmark on it.
    private func placeStockRow(page: String, scroller: SnapScroller, carousel: Carousel?, content: DemoContent,
                               window: UnsafeMutablePointer<GtkWidget>, rounds: Int, log: QALog) {
        let component = carousel?.rootWidget.unsafePointer.assumingMemoryBound(to: GtkWidget.self) ?? scroller.widget
        let banners = carousel.map { carousel in
            let images = (0..<min(content.banners.count, StockLatencyRow.itemCount)).map {
                content.imagePath(content.banners[$0])
            }
            return (geometry: StockLatencyRow.bannerGeometry(of: carousel), images: images)
        }
        do {
            let row = try StockLatencyRow(page: page, replacing: component, banners: banners, window: window) {
                [weak self] row in
                self?.run = .latency(LatencyRun(target: row, window: window, rounds: rounds, log: log))
            }
            run = .placingStock(row)
        } catch {
            fail("stock row: \(error.message)", page: page, window: window, log: log)
        }
    }

    /// Writes a bench line that says what went wrong, and closes the window.
    private func fail(_ message: String, page: String, window: UnsafeMutablePointer<GtkWidget>, log: QALog) {
        BenchLine.emit(log, ["page": QALog.quoted(page), "error": QALog.quoted(message)])
        gtk_window_destroy(window.cast())
    }
}
