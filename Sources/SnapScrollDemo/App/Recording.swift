import CSnapGtk
import Glibc
import SnapCore
@_spi(Testing) import SnapGtk

/// A recorded session (`--record`, `--replay`): the options, then timed lines, in the text format
/// `docs/recording.md` defines (version 1). Reading it is `RecordingParser.swift`'s: all or nothing, one problem,
/// named by its line, refuses the whole file.
struct Recording: Equatable {
    static let magic = "snapscroll-recording"
    static let version = 1
    /// Files larger than this are refused before reading.
    static let maximumFileBytes = 16 << 20
    /// Lines longer than this (without the newline) are refused.
    static let maximumLineBytes = 1024
    /// Numbers larger than this in size are refused: offsets reach about 10¹¹ px in a looping row (2³⁰ virtual
    /// items), and a `Double` holds whole numbers exactly up to 9·10¹⁵.
    static let maximumMagnitude = 1e15
    /// The longest a session may last (ms): a day.
    static let maximumTime = 86_400_000.0
    /// The components whose input is recorded: the snapping ones, by page ID.
    static let components = ["menu", "strip", "carousel"]
    /// The settings a session may change: the window's stateful actions.
    static let settings = ["reduce-motion", "right-to-left", "qa-panel", "snap-guides"]
    /// How far a replayed settle's offset may be from the recorded one (px): a tenth of a pixel, and the rounding
    /// of the decimal numbers written (340 − 339.9 is 0.1000000000000227 in binary).
    static let offsetTolerance = 0.1 + 1e-9
    /// The causes a `settled` may carry: the QA log's, from the one list (`Cause`), so a cause added there is written
    /// and read here too.
    static let causes = Cause.allCases.map(\.rawValue)
    /// The longest control ID and control value: IDs are the demo's own (`carousel.insert-after`), values `on`,
    /// `off`, a choice's index or a spin field's number.
    static let maximumControlBytes = 64

    /// One `settled`: what a replay must reproduce.
    struct Settle: Equatable {
        var component: String
        var index: Int
        var offset: Double
        var cause: String

        /// As the result line names it: `strip 2 340 keyboard`.
        var description: String { "\(component) \(index) \(Recording.number(offset)) \(cause)" }

        /// Whether `other` is the same rest: component, index and cause equal, the offsets within 0.1 px.
        func matches(_ other: Settle) -> Bool {
            component == other.component && index == other.index && cause == other.cause
                && abs(offset - other.offset) <= Recording.offsetTolerance
        }
    }

    /// What happens at a line's time.
    enum Event: Equatable {
        /// An input for a component, with its device time as recorded (ms from the first frame).
        case input(component: String, ScrollerInput)
        /// A page dot of a component activated (a click or a key on it).
        case dot(component: String, page: Int, cause: String)
        /// A control of the demo acted on (`DemoControls`), by its stable ID: a button pressed (no value), a toggle
        /// set `on` or `off`, a spin field set to a number, a choice made by its index.
        case control(id: String, value: String?)
        /// A component's autoplay advanced to `page` (replayed at its time, on the recording's clock).
        case autoplay(component: String, page: Int)
        case page(String)
        case setting(String, on: Bool)
        case resize(width: Int, height: Int)
        case settled(Settle)
        case end
    }

    /// A timed line: `at` ms after the first frame, and its number in the file (1-based).
    struct Entry: Equatable {
        var at: Double
        var event: Event
        var line: Int
    }

    var page = "menu"
    /// The window's size at the first frame (it opens at this size).
    var width = 0
    var height = 0
    /// Its content's size then (below the header bar): the replay's window is sized to give its content this.
    var contentWidth = 0
    var contentHeight = 0
    var reduceMotion = false
    var rtl = false
    var loop = false
    var autoplaySeconds: Double?
    /// `--start-item`: the item the opening page's component started on (nil: its first).
    var startItem: Int?
    /// `--snap-guides`: drawn or not (they change no settle; the replay shows what the tester saw).
    var snapGuides = false
    /// The display's text settings when recorded (font, resolution, rendering), which the replay takes over: rows
    /// of text a pixel taller on one display server than on another move whatever fills the height left to it.
    var text: TextRendering?
    /// The content file (absolute, as bytes), or nil for the default one.
    var contentFile: [UInt8]?
    var entries: [Entry] = []

    /// The settles recorded, in order.
    var settles: [Settle] {
        entries.compactMap { if case .settled(let settle) = $0.event { settle } else { nil } }
    }

    /// A problem with a recording: one line for standard error, exit status 2.
    struct Failure: Error, Equatable, CustomStringConvertible {
        /// The line it is on (1-based), or nil for the file as a whole.
        var line: Int?
        var message: String
        var description: String { line.map { "line \($0): \(message)" } ?? message }
    }

    // MARK: - Writing

    /// The header: the format's line and the options.
    var headerLines: [String] {
        var lines = ["\(Self.magic) \(Self.version)", "option page \(page)", "option size \(width)x\(height)",
                     "option content-size \(contentWidth)x\(contentHeight)",
                     "option reduce-motion \(Self.flag(reduceMotion))", "option rtl \(Self.flag(rtl))",
                     "option loop \(Self.flag(loop))",
                     "option autoplay \(autoplaySeconds.map(Self.number) ?? "off")"]
        if let startItem { lines.append("option start-item \(startItem)") }
        if snapGuides { lines.append("option snap-guides on") }
        if let text {
            lines += ["option font \(Self.quoted(Array(text.font.utf8)))", "option font-dpi \(text.dpi)",
                      "option font-antialias \(text.antialias)", "option font-hinting \(text.hinting)",
                      "option font-hintstyle \(Self.quoted(Array(text.hintStyle.utf8)))"]
        }
        if let contentFile { lines.append("option content \(Self.quoted(contentFile))") }
        return lines
    }

    /// One timed line, as the file holds it.
    static func line(at: Double, _ event: Event) -> String {
        "\(number(microseconds(at))) " + fields(event).joined(separator: " ")
    }

    /// A time (ms) to the microsecond: the clocks count microseconds, so this drops only the noise of moving a time
    /// from one base to another.
    static func microseconds(_ ms: Double) -> Double { (ms * 1000).rounded() / 1000 }

    private static func fields(_ event: Event) -> [String] {
        switch event {
        case .input(let component, let input):
            let rest: [String]
            switch input {
            case .scroll(let dx, let dy, let wheel, let time):
                rest = ["scroll", number(dx), number(dy), wheel ? "wheel" : "surface", number(microseconds(time))]
            case .scrollEnd: rest = ["scroll-end"]
            case .decelerate(let vx, let vy, let time): rest = ["decelerate", number(vx), number(vy), number(microseconds(time))]
            case .press(let x, let time, let touch):
                rest = ["press", number(x), number(microseconds(time))] + (touch ? ["touch"] : [])
            case .motion(let ox, let time): rest = ["motion", number(ox), number(microseconds(time))]
            case .release(let ox, let time): rest = ["release", number(ox), number(microseconds(time))]
            case .key(let keyval, let time):
                let name = gdk_keyval_name(keyval).map { String(cString: $0) } ?? "0x" + String(keyval, radix: 16)
                rest = ["key", name, number(microseconds(time))]
            }
            return ["input", component] + rest
        case .dot(let component, let page, let cause): return ["dot", component, String(page), cause]
        case .control(let id, let value): return ["control", id] + (value.map { [$0] } ?? [])
        case .autoplay(let component, let page): return ["autoplay", component, String(page)]
        case .page(let id): return ["page", id]
        case .setting(let name, let on): return ["setting", name, flag(on)]
        case .resize(let width, let height): return ["resize", String(width), String(height)]
        case .settled(let settle):
            return ["settled", settle.component, String(settle.index), number(settle.offset), settle.cause]
        case .end: return ["end"]
        }
    }

    /// A number as the file holds it: whole values without a fraction, others in the shortest form that reads back
    /// as the same `Double` (so a replay gets exactly the recorded deltas and times).
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    private static func flag(_ on: Bool) -> String { on ? "on" : "off" }

    /// Bytes in C string escapes between double quotes (GLib's `g_strescape`: every byte beyond ASCII as `\ooo`, and
    /// spaces as `\040`).
    static func quoted(_ bytes: [UInt8]) -> String {
        let escaped = (bytes + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { g_strescape($0.baseAddress, nil) }
        }
        defer { g_free(escaped) }
        // Spaces separate fields: written in octal too, which `g_strcompress` reads back.
        return "\"" + String(cString: escaped!).replacingSpaces() + "\""
    }
}

private extension String {
    func replacingSpaces() -> String {
        var out = ""
        for character in self { out += character == " " ? "\\040" : String(character) }
        return out
    }
}

extension Recording {
    /// A recording's header for a session started with `options`: the options a replay needs to rebuild it (its
    /// content file is set by the recorder, as an absolute path).
    init(options: DemoOptions) {
        self.init()
        page = options.page
        reduceMotion = options.reduceMotion
        rtl = options.rtl
        loop = options.loop
        autoplaySeconds = options.autoplaySeconds
        startItem = options.startItem
        snapGuides = options.snapGuides
    }

    /// Puts the recorded session's options on `options`: a replay runs with them (its command line may add only
    /// `--qa-log`), at the recorded window size.
    func apply(to options: inout DemoOptions) {
        options.page = page
        (options.width, options.height) = (width, height)
        options.reduceMotion = reduceMotion
        options.rtl = rtl
        options.loop = loop
        options.autoplaySeconds = autoplaySeconds
        options.startItem = startItem
        options.snapGuides = snapGuides
        options.contentFile = contentFile
    }
}
