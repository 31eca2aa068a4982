import CSnapGtk
import Glibc
import SnapCore
@_spi(Testing) import SnapGtk

/// What a replay asks of the window: the window's own paths for pages, settings and size, and closing it.
@MainActor
protocol ReplayWindow: AnyObject {
    func showPage(_ id: String)
    func changeSetting(_ name: String, on: Bool)
    /// The window's default size (`--size`'s) and the size of its content (below the header bar) as last laid out.
    var sizes: (window: (width: Int, height: Int), content: (width: Int, height: Int)) { get }
    /// Sets the window's default size.
    func setWindowSize(width: Int, height: Int)
    func close()
}

/// `--replay FILE`: from the first frame, acts on each line of a `Recording` at its time (inputs through the
/// components' handlers with their recorded device times, controls through `DemoControls`, autoplay advances at
/// their recorded times), compares each `settled` that comes with the recorded one in turn, and stops at the first
/// difference (unless `keepsGoing`); after `end`, once nothing moves, prints the result line and closes the window.
@MainActor
final class SessionReplay {
    /// How often the end is checked for, after `end`, while a component still moves (ms).
    static let restCheckMs = 20
    /// After `end`, the longest a component may go on moving before the result is given anyway (ms).
    static let restPatienceMs = 60_000.0
    /// The longest GTK's thread acts on lines without returning to its main loop (ms): a recording that is late (a
    /// million lines due at once) still lets the loop take a signal, a key or a frame in between.
    static let batchMs = 8.0

    private let recording: Recording
    /// The recorded settles with their lines, in order.
    private let expected: [(settle: Recording.Settle, line: Int)]
    private let components: SessionComponents
    private let resultDescriptor: Int32
    /// `--keep-going`: a difference does not stop the replay; the first is named at the end.
    private let keepsGoing: Bool
    private weak var window: ReplayWindow?
    private var origin = 0.0
    /// What the display server and the header bar add around the content (the window's size less its content's),
    /// measured once at the first frame: sizes asked for later come before GTK lays the content out again.
    private var frame = (width: 0, height: 0)
    private var next = 0
    /// The line last acted on (before the first, the one before it: the header's last), which an unexpected settle
    /// followed.
    private var lastLine: Int
    private var got: [Recording.Settle] = []
    /// The first difference, once found: the result line.
    private var difference: String?
    private var timer: MainLoopTimer?
    /// The window went before the result (`windowClosed`).
    private var closed = false
    /// The process's exit status once the result is in: 0 all matched, 1 a difference, 2 an unplayable line.
    private(set) var exitStatus: Int32?

    /// A replay of `recording`, on `components`; the result line goes to `resultDescriptor`.
    init(_ recording: Recording, components: SessionComponents, resultDescriptor: Int32, keepsGoing: Bool = false) {
        self.recording = recording
        expected = recording.entries.compactMap { if case .settled(let settle) = $0.event { (settle, $0.line) } else { nil } }
        self.components = components
        self.resultDescriptor = resultDescriptor
        self.keepsGoing = keepsGoing
        lastLine = max((recording.entries.first?.line ?? 1) - 1, 1)
    }

    private var now: Double { Double(g_get_monotonic_time()) / 1000 }

    /// A component came to rest (the QA log's `settled`): compared with the recorded one in turn.
    func settled(_ settle: Recording.Settle) {
        guard exitStatus == nil, !closed else { return }
        got.append(settle)
        let k = got.count - 1
        guard difference == nil else { return }
        if k >= expected.count {
            difference = "replay: line \(lastLine): settle \(k + 1) unexpected: expected none (\(expected.count) recorded), "
                + "got \(settle.description)"
        } else if !expected[k].settle.matches(settle) {
            difference = "replay: line \(expected[k].line): settle \(k + 1) of \(expected.count) differs: expected "
                + "\(expected[k].settle.description), got \(settle.description)"
        }
        if let difference, !keepsGoing { finish(difference, status: 1) }
    }

    /// The first frame is drawn: time starts.
    func start(in window: ReplayWindow) {
        guard self.window == nil, exitStatus == nil, !closed else { return }
        self.window = window
        origin = now
        let sizes = window.sizes
        frame = (sizes.window.width - sizes.content.width, sizes.window.height - sizes.content.height)
        // The window opened at the recorded size; its content gets the recorded size (a display server's frame
        // around it may differ from the recording's).
        resize(width: recording.contentWidth, height: recording.contentHeight)
        step()
    }

    private func step() {
        timer = nil
        let began = now
        while next < recording.entries.count, recording.entries[next].at <= now - origin {
            let entry = recording.entries[next]
            next += 1
            lastLine = entry.line
            guard perform(entry), exitStatus == nil else { return }
            if now - began > Self.batchMs {
                // Late: the rest that is due after the main loop's turn.
                timer = MainLoopTimer.after(milliseconds: 0) { [weak self] in self?.step() }
                return
            }
        }
        if next < recording.entries.count {
            let wait = recording.entries[next].at - (now - origin)
            timer = MainLoopTimer.after(milliseconds: Int(max(wait, 0).rounded(.up))) { [weak self] in self?.step() }
        }
    }

    /// Acts on one line; false when the replay is over (its end, or a line that cannot be played).
    private func perform(_ entry: Recording.Entry) -> Bool {
        switch entry.event {
        case .input(let component, let input):
            guard let scroller = components.scroller(component) else { return unplayable(entry, notShown(component)) }
            scroller.inject(input.shifted(by: origin))
        case .dot(let component, let page, let cause):
            guard let dots = components.dots(component) else { return unplayable(entry, notShown("\(component) dots")) }
            dots.activate(page, cause: cause == "click" ? .click : .keyboard)
        case .control(let id, let value):
            switch DemoControls.perform(id, value: value) {
            case .done: break
            case .unknown: return unplayable(entry, notShown("control \"\(id)\""))
            case .badValue: return unplayable(entry, "control \"\(id)\" cannot take \"\(value ?? "")\"")
            }
        case .autoplay(let component, let page):
            guard let carousel = components.carousel(component) else { return unplayable(entry, notShown(component)) }
            carousel.scrollTo(page: page, cause: .autoplay)
        case .page(let id):
            window?.showPage(id)
        case .setting(let name, let on):
            window?.changeSetting(name, on: on)
        case .resize(let width, let height):
            resize(width: width, height: height)
        case .settled:
            break   // compared as the replay's own come
        case .end:
            waitForRest(since: now)
            return false
        }
        return true
    }

    /// Ends the replay at a line that cannot be played here (a hand-edited file): status 2.
    private func unplayable(_ entry: Recording.Entry, _ what: String) -> Bool {
        finish("replay: line \(entry.line): \(what)", status: 2)
        return false
    }

    private func notShown(_ what: String) -> String {
        "no \(what) on screen (its page, or its page's Options, never shown)"
    }

    /// Gives the window's content `width`×`height`: the window's size is that plus the frame measured at the start.
    private func resize(width: Int, height: Int) {
        window?.setWindowSize(width: max(width + frame.width, 1), height: max(height + frame.height, 1))
    }

    /// Once no component moves (checked every `restCheckMs`), or after `restPatienceMs`, gives the result.
    private func waitForRest(since ended: Double) {
        if !components.anyMoving || now - ended > Self.restPatienceMs {
            compare()
            return
        }
        timer = MainLoopTimer.after(milliseconds: Self.restCheckMs) { [weak self] in self?.waitForRest(since: ended) }
    }

    private func compare() {
        if let difference { return finish(difference, status: 1) }
        let count = expected.count
        if got.count < count {
            let missing = expected[got.count]
            return finish("replay: line \(missing.line): settle \(got.count + 1) of \(count) missing: expected "
                          + "\(missing.settle.description), got none", status: 1)
        }
        finish("replay: \(count) settle\(count == 1 ? "" : "s"), all match", status: 0)
    }

    /// The window is going (Ctrl+W, the app quitting): nothing more is acted on; without a result, the replay ended
    /// before its end.
    func windowClosed() {
        closed = true
        timer?.cancel()
        timer = nil
        window = nil
        next = recording.entries.count
    }

    private func finish(_ line: String, status: Int32) {
        guard exitStatus == nil else { return }
        exitStatus = status
        timer?.cancel()
        timer = nil
        writeLine(line, to: resultDescriptor)
        // On the main loop's next turn, not here: a difference is found inside a settle's dispatch, whose other
        // observers (the QA panel, the motion plot, the component itself) still run after this returns.
        MainLoopTimer.after(milliseconds: 0) { [weak window] in window?.close() }
    }
}
