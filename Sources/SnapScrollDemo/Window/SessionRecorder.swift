import CSnapGtk
import Glibc
@_spi(Testing) import SnapGtk

/// `--record FILE`: writes the session as it happens, one line at a time (`Recording`'s format), so what was written
/// before an abrupt end is still there. Times are counted from the window's first frame (`start`); what comes
/// before it is written then, at time 0.
@MainActor
final class SessionRecorder {
    private let descriptor: Int32
    private var header: Recording
    /// The first frame on the monotonic clock (ms), once drawn.
    private var origin: Double?
    private var early: [Recording.Event] = []
    private var ended = false

    /// Creates (or empties) the file at `path`; the options are those of the session.
    init(path: [UInt8], options: DemoOptions) throws(Recording.Failure) {
        descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOCTTY, 0o644)
            }
        }
        guard descriptor >= 0 else { throw Recording.Failure(message: "cannot write: \(String(cString: strerror(errno)))") }
        header = Recording(options: options)
        header.text = TextRendering.current()
        header.contentFile = options.contentFile.map(Self.absolute)
    }

    private var now: Double { Double(g_get_monotonic_time()) / 1000 }

    /// Records every input `scroller`, the component of page `id`, receives from now on.
    func follow(_ id: String, _ scroller: SnapScroller) {
        scroller.inputTap = { [weak self] input in self?.record(.input(component: id, input)) }
    }

    /// Records every activation of `dots`, the page dots of page `id`, from now on.
    func follow(_ id: String, dots: PageDots) {
        dots.activationTap = { [weak self] page, cause in self?.record(.dot(component: id, page: page, cause: cause.rawValue)) }
    }

    /// The first frame is drawn, the window `width`×`height` and its content `content`: the header goes out, then
    /// what came before, at time 0.
    func start(width: Int, height: Int, content: (width: Int, height: Int)) {
        guard origin == nil, !ended else { return }
        let origin = now
        self.origin = origin
        header.width = width
        header.height = height
        (header.contentWidth, header.contentHeight) = content
        for line in header.headerLines { writeLine(line, to: descriptor) }
        for event in early { writeLine(Recording.line(at: 0, relative(event, origin)), to: descriptor) }
        early = []
    }

    /// Records `event` now (device times of inputs on the monotonic clock).
    func record(_ event: Recording.Event) {
        guard !ended else { return }
        guard let origin else { return early.append(event) }
        writeLine(Recording.line(at: max(now - origin, 0), relative(event, origin)), to: descriptor)
    }

    /// Writes `end` and closes the file (once; later events are not recorded).
    func finish() {
        guard !ended else { return }
        if origin == nil { start(width: 0, height: 0, content: (0, 0)) }
        record(.end)
        ended = true
        close(descriptor)
    }

    private func relative(_ event: Recording.Event, _ origin: Double) -> Recording.Event {
        guard case .input(let component, let input) = event else { return event }
        return .input(component: component, input.shifted(by: -origin))
    }

    /// `path` made absolute against the working folder (a replay may run elsewhere).
    private static func absolute(_ path: [UInt8]) -> [UInt8] {
        guard path.first != UInt8(ascii: "/"), let folder = g_get_current_dir() else { return path }
        defer { g_free(folder) }
        let base = Array(UnsafeBufferPointer(start: UnsafeRawPointer(folder).assumingMemoryBound(to: UInt8.self),
                                             count: strlen(folder)))
        return base + (base.last == UInt8(ascii: "/") ? [] : [UInt8(ascii: "/")]) + path
    }
}
