import CSnapGtk
import Glibc
@_spi(Testing) import SnapGtk

/// `--record FILE`: writes the session as it happens, one line at a time (`Recording`'s format), so what was written
/// before an abrupt end is still there. Times are counted from the window's first frame (`start`); what comes
/// before it is written then, at time 0.
///
/// The lines are written by the QA log's `LineWriter`, on a thread of its own: a file on a slow disk or a FIFO whose
/// reader lags never holds up GTK's thread. A recording that loses a line (a write fails, or the reader is so far
/// behind that `LineWriter.capacity` lines wait) says so once, on standard error and as an `error` event, and is
/// `isIncomplete`: the process's exit status says so.
@MainActor
final class SessionRecorder {
    /// The process's exit status after a session whose recording is incomplete.
    static let incompleteStatus: Int32 = 3
    private let writer: LineWriter
    private let name: String
    private var header: Recording
    /// The first frame on the monotonic clock (ms), once drawn.
    private var origin: Double?
    private var early: [Recording.Event] = []
    private var ended = false
    /// Says a problem once: standard error and the QA log's `error`.
    private let report: (String) -> Void
    private var reported = false

    /// Opens the file at `path` without waiting: a regular file is created or emptied; a FIFO is taken when a reader
    /// has it open; anything else, or a FIFO nobody reads, is refused. The options are those of the session; `report`
    /// says a problem met while recording.
    init(path: [UInt8], options: DemoOptions, report: @escaping (String) -> Void) throws(Recording.Failure) {
        let descriptor = try Self.open(path)
        writer = LineWriter(descriptor: descriptor, name: "recorder")
        name = String(decoding: path, as: UTF8.self)
        self.report = report
        header = Recording(options: options)
        header.text = TextRendering.current()
        header.contentFile = options.contentFile.map(Self.absolute)
    }

    /// Whether a line was lost: a write failed, a line was dropped, or lines were still waiting at the end.
    private(set) var isIncomplete = false

    private static func open(_ path: [UInt8]) throws(Recording.Failure) -> Int32 {
        // O_NONBLOCK: opening a FIFO for writing would otherwise wait for a reader, before any window, deaf to SIGTERM.
        let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) {
                Glibc.open($0.baseAddress!, O_WRONLY | O_CREAT | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0o644)
            }
        }
        guard descriptor >= 0 else {
            if errno == ENXIO { throw Recording.Failure(message: "cannot write: a FIFO with no reader") }
            throw Recording.Failure(message: "cannot write: \(String(cString: strerror(errno)))")
        }
        var status = stat()
        let kind = fstat(descriptor, &status) == 0 ? status.st_mode & S_IFMT : 0
        if kind == S_IFREG && ftruncate(descriptor, 0) != 0 {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw Recording.Failure(message: "cannot write: \(reason)")
        }
        guard kind == S_IFREG || kind == S_IFIFO else {
            close(descriptor)
            throw Recording.Failure(message: "cannot write: not a regular file or a FIFO")
        }
        // The writer thread may wait; GTK's thread never writes.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
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

    /// Records every autoplay advance of `carousel`, the carousel of page `id`, from now on.
    func follow(_ id: String, carousel: Carousel) {
        carousel.autoplayTap = { [weak self] page in self?.record(.autoplay(component: id, page: page)) }
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
        for line in header.headerLines { send(line) }
        for event in early { send(Recording.line(at: 0, relative(event, origin))) }
        early = []
    }

    /// Records `event` now (device times of inputs on the monotonic clock).
    func record(_ event: Recording.Event) {
        guard !ended else { return }
        guard let origin else { return early.append(event) }
        send(Recording.line(at: max(now - origin, 0), relative(event, origin)))
    }

    /// Writes `end` and lets the writer finish (once; later events are not recorded). The descriptor stays open: the
    /// writer thread may still hold a line for a reader that stopped reading, until the process ends.
    func finish() {
        guard !ended else { return }
        if origin == nil { start(width: 0, height: 0, content: (0, 0)) }
        record(.end)
        ended = true
        writer.finish()
        if !writer.hasWrittenAll { lost("lines still waiting for its reader at the end") }
        checkWriter()
    }

    private func send(_ line: String) {
        checkWriter()
        writer.send(line)
        if writer.droppedInAll > 0 { lost("lines dropped, its reader not keeping up") }
    }

    /// Reports a write that failed, once.
    private func checkWriter() {
        if let code = writer.writeError { lost("cannot write: \(String(cString: strerror(code)))") }
    }

    private func lost(_ why: String) {
        isIncomplete = true
        guard !reported else { return }
        reported = true
        report("recording \(name): incomplete: \(why)")
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
