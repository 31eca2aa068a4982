import CSnapGtk
import Glibc
@_spi(Testing) import SnapGtk

/// What a replay asks of the window: the window's own paths for pages, settings and size, and closing it.
@MainActor
protocol ReplayWindow: AnyObject {
    func showPage(_ id: String)
    func changeSetting(_ name: String, on: Bool)
    func resizeContent(width: Int, height: Int)
    func close()
}

/// `--replay FILE`: from the first frame, acts on each line of a `Recording` at its time (inputs through the
/// components' handlers with their recorded device times), compares the `settled` events that come with the
/// recorded ones, and after `end`, once nothing moves, prints the result line and closes the window.
@MainActor
final class SessionReplay {
    /// How often the end is checked for, after `end`, while a component still moves (ms).
    static let restCheckMs = 20
    /// After `end`, the longest a component may go on moving before the result is given anyway (ms).
    static let restPatienceMs = 60_000.0

    private let recording: Recording
    private let components: SessionComponents
    private let resultDescriptor: Int32
    private weak var window: ReplayWindow?
    private var origin = 0.0
    private var next = 0
    private var got: [Recording.Settle] = []
    private var timer: MainLoopTimer?
    /// The process's exit status once the result is in: 0 all matched, 1 a difference, 2 an unplayable line.
    private(set) var exitStatus: Int32?

    /// A replay of `recording`, on `components`; the result line goes to `resultDescriptor`.
    init(_ recording: Recording, components: SessionComponents, resultDescriptor: Int32) {
        self.recording = recording
        self.components = components
        self.resultDescriptor = resultDescriptor
    }

    private var now: Double { Double(g_get_monotonic_time()) / 1000 }

    /// A component came to rest (the QA log's `settled`).
    func settled(_ settle: Recording.Settle) {
        guard exitStatus == nil else { return }
        got.append(settle)
    }

    /// The first frame is drawn: time starts.
    func start(in window: ReplayWindow) {
        guard self.window == nil, exitStatus == nil else { return }
        self.window = window
        origin = now
        // The window opened at the recorded size; its content gets the recorded size (a display server's frame
        // around it may differ from the recording's).
        window.resizeContent(width: recording.contentWidth, height: recording.contentHeight)
        step()
    }

    private func step() {
        timer = nil
        let elapsed = now - origin
        while next < recording.entries.count, recording.entries[next].at <= elapsed {
            let entry = recording.entries[next]
            next += 1
            guard perform(entry) else { return }
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
            guard let scroller = components.scroller(component) else {
                finish("replay: line \(entry.line): no \(component) on screen (its page was never shown)", status: 2)
                return false
            }
            scroller.inject(input.shifted(by: origin))
        case .dot(let component, let page, let cause):
            guard let dots = components.dots(component) else {
                finish("replay: line \(entry.line): no \(component) dots on screen (its page was never shown)", status: 2)
                return false
            }
            dots.activate(page, cause: cause == "click" ? .click : .keyboard)
        case .page(let id):
            window?.showPage(id)
        case .setting(let name, let on):
            window?.changeSetting(name, on: on)
        case .resize(let width, let height):
            window?.resizeContent(width: width, height: height)
        case .settled:
            break   // the expected result, compared at the end
        case .end:
            let ended = now
            waitForRest(since: ended)
            return false
        }
        return true
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
        let expected = recording.settles
        let count = expected.count
        for k in 0..<max(count, got.count) {
            let ordinal = k + 1
            if k >= got.count {
                return finish("replay: settle \(ordinal) of \(count) missing: expected \(expected[k].description), got none", status: 1)
            }
            if k >= count {
                return finish("replay: settle \(ordinal) unexpected: expected none (\(count) recorded), got \(got[k].description)", status: 1)
            }
            if !expected[k].matches(got[k]) {
                return finish("replay: settle \(ordinal) of \(count) differs: expected \(expected[k].description), got \(got[k].description)", status: 1)
            }
        }
        finish("replay: \(count) settle\(count == 1 ? "" : "s"), all match", status: 0)
    }

    private func finish(_ line: String, status: Int32) {
        guard exitStatus == nil else { return }
        exitStatus = status
        timer?.cancel()
        timer = nil
        writeLine(line, to: resultDescriptor)
        window?.close()
    }
}
