import CSnapGtk
import Glibc
@_spi(Testing) import SnapGtk

/// A recorded session (`--record`, `--replay`): the options, then timed lines, in the text format
/// `docs/recording.md` defines (version 1). Parsing is all or nothing: one problem, named by its line, refuses the
/// whole file.
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
    static let settings = ["reduce-motion", "right-to-left", "qa-panel"]
    /// How far a replayed settle's offset may be from the recorded one (px): a tenth of a pixel, and the rounding
    /// of the decimal numbers written (340 − 339.9 is 0.1000000000000227 in binary).
    static let offsetTolerance = 0.1 + 1e-9
    static let causes = ["wheel", "touchpad", "drag", "keyboard", "click", "programmatic", "resize"]

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

    // MARK: - Reading

    /// Reads and parses the file at `path` (bytes), refusing anything but a regular file of at most
    /// `maximumFileBytes`.
    static func load(path: [UInt8]) throws(Failure) -> Recording {
        let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
        }
        guard descriptor >= 0 else { throw Failure(message: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(message: "not a regular file")
        }
        guard status.st_size <= maximumFileBytes else {
            throw Failure(message: "file too large (\(status.st_size) bytes, limit \(maximumFileBytes >> 20) MB)")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + done, $0.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(message: "cannot read: \(n < 0 ? String(cString: strerror(errno)) : "file cut short")") }
            done += n
        }
        return try parse(bytes)
    }

    /// Parses a whole file's bytes.
    static func parse(_ bytes: [UInt8]) throws(Failure) -> Recording {
        guard bytes.count <= maximumFileBytes else {
            throw Failure(message: "file too large (\(bytes.count) bytes, limit \(maximumFileBytes >> 20) MB)")
        }
        guard !bytes.isEmpty else { throw Failure(line: 1, message: "empty file (the first line must be \"\(magic) \(version)\")") }
        var recording = Recording()
        var seenHeader = false, seenPage = false, seenSize = false, seenContentSize = false, ended = false
        var lastAt = 0.0
        var lineNumber = 0
        for rawLine in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let number = lineNumber
            func fail(_ message: String) -> Failure { Failure(line: number, message: message) }
            if rawLine.isEmpty && lineNumber > 1 { continue }
            guard rawLine.count <= maximumLineBytes else {
                throw fail("longer than \(maximumLineBytes) bytes")
            }
            guard let text = String(validating: rawLine, as: UTF8.self) else { throw fail("not UTF-8 text") }
            guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7f }) else {
                throw fail("holds a control character")
            }
            if !seenHeader {
                let parts = text.split(separator: " ", omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0] == magic else {
                    throw fail("not a SnapScroll recording (the first line must be \"\(magic) \(version)\")")
                }
                guard parts[1] == String(version) else {
                    throw fail("unsupported version \"\(parts[1])\" (this app reads version \(version))")
                }
                seenHeader = true
                continue
            }
            if text.hasPrefix("#") { continue }
            if ended { throw fail("nothing may follow \"end\"") }
            let fields = text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            guard !fields.contains("") else { throw fail("fields must be separated by one space") }
            if fields[0] == "option" {
                guard recording.entries.isEmpty else { throw fail("options come before the timed lines") }
                try parseOption(fields, into: &recording, seenPage: &seenPage, seenSize: &seenSize,
                                seenContentSize: &seenContentSize, fail: fail)
                continue
            }
            guard seenPage && seenSize && seenContentSize else {
                throw fail("\"option page\", \"option size\" and \"option content-size\" come first")
            }
            let at = try parseNumber(fields[0], "the time", fail: fail)
            guard at >= 0 && at <= maximumTime else { throw fail("time \(fields[0]) out of range (0 to \(Int(maximumTime)) ms)") }
            guard at >= lastAt else { throw fail("time \(fields[0]) goes back (the line before is at \(Recording.number(lastAt)))") }
            lastAt = at
            guard fields.count >= 2 else { throw fail("no event after the time") }
            let event = try parseEvent(Array(fields.dropFirst()), fail: fail)
            if event == .end { ended = true }
            recording.entries.append(Entry(at: at, event: event, line: number))
        }
        guard seenHeader else { throw Failure(line: 1, message: "empty file (the first line must be \"\(magic) \(version)\")") }
        guard ended else {
            throw Failure(line: lineNumber, message: "no \"end\" line: the recording was cut short")
        }
        return recording
    }

    private static func parseOption(_ fields: [String], into recording: inout Recording, seenPage: inout Bool,
                                    seenSize: inout Bool, seenContentSize: inout Bool,
                                    fail: (String) -> Failure) throws(Failure) {
        guard fields.count == 3 else { throw fail("\"option\" takes a name and one value") }
        let value = fields[2]
        func flag() throws(Failure) -> Bool {
            guard value == "on" || value == "off" else { throw fail("bad value \"\(value)\" for \(fields[1]) (on or off)") }
            return value == "on"
        }
        switch fields[1] {
        case "page":
            guard DemoOptions.pageIDs.contains(value) else { throw fail("unknown page \"\(value)\"") }
            recording.page = value
            seenPage = true
        case "size":
            guard let (w, h) = DemoOptions.parseSize(value) else { throw fail("bad size \"\(value)\" (WxH)") }
            (recording.width, recording.height) = (w, h)
            seenSize = true
        case "content-size":
            guard let (w, h) = DemoOptions.parseSize(value) else { throw fail("bad size \"\(value)\" (WxH)") }
            (recording.contentWidth, recording.contentHeight) = (w, h)
            seenContentSize = true
        case "reduce-motion": recording.reduceMotion = try flag()
        case "rtl": recording.rtl = try flag()
        case "loop": recording.loop = try flag()
        case "autoplay":
            if value == "off" {
                recording.autoplaySeconds = nil
            } else {
                guard let seconds = Double(value), DemoOptions.autoplayRange.contains(seconds) else {
                    throw fail("bad value \"\(value)\" for autoplay (off, or seconds \(DemoOptions.autoplayRange.lowerBound)...\(Int(DemoOptions.autoplayRange.upperBound)))")
                }
                recording.autoplaySeconds = seconds
            }
        case "start-item":
            guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(value),
                  DemoOptions.startItemRange.contains(index) else {
                throw fail("bad value \"\(value)\" for start-item (\(DemoOptions.startItemRange.lowerBound)...\(DemoOptions.startItemRange.upperBound))")
            }
            recording.startItem = index
        case "snap-guides": recording.snapGuides = try flag()
        case "font", "font-hintstyle":
            let name = String(decoding: try unquoted(value, fail: fail), as: UTF8.self)
            var text = recording.text ?? TextRendering.unset
            if fields[1] == "font" { text.font = name } else { text.hintStyle = name }
            recording.text = text
        case "font-dpi", "font-antialias", "font-hinting":
            guard let number = Int32(value), number >= -1 else { throw fail("bad value \"\(value)\" for \(fields[1]) (-1 or more)") }
            var text = recording.text ?? TextRendering.unset
            switch fields[1] {
            case "font-dpi": text.dpi = number
            case "font-antialias": text.antialias = number
            default: text.hinting = number
            }
            recording.text = text
        case "content":
            recording.contentFile = try unquoted(value, fail: fail)
        default:
            throw fail("unknown option \"\(fields[1])\"")
        }
    }

    /// The bytes of a `"…"` value in C string escapes (`g_strcompress`).
    private static func unquoted(_ value: String, fail: (String) -> Failure) throws(Failure) -> [UInt8] {
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else {
            throw fail("the content path must be in double quotes")
        }
        let inner = String(value.dropFirst().dropLast())
        guard !inner.isEmpty else { throw fail("empty content path") }
        let compressed = g_strcompress(inner)!
        defer { g_free(compressed) }
        // g_strcompress ends the text at an escaped NUL (\000), which no path holds.
        guard !inner.contains("\\000") && !inner.hasSuffix("\\") else { throw fail("bad escape in the content path") }
        return Array(UnsafeBufferPointer(start: UnsafeRawPointer(compressed).assumingMemoryBound(to: UInt8.self),
                                         count: strlen(compressed)))
    }

    private static func parseEvent(_ fields: [String], fail: (String) -> Failure) throws(Failure) -> Event {
        func expect(_ count: Int, _ form: String) throws(Failure) {
            guard fields.count == count else { throw fail("\"\(fields[0])\" takes \(form)") }
        }
        func component(_ name: String) throws(Failure) -> String {
            guard components.contains(name) else {
                throw fail("unknown component \"\(name)\" (expected one of: \(components.joined(separator: ", ")))")
            }
            return name
        }
        func number(_ text: String, _ what: String) throws(Failure) -> Double {
            try parseNumber(text, what, fail: fail)
        }
        switch fields[0] {
        case "input":
            guard fields.count >= 3 else { throw fail("\"input\" takes a component and an input") }
            let target = try component(fields[1])
            let rest = Array(fields.dropFirst(2))
            func take(_ count: Int, _ form: String) throws(Failure) {
                guard rest.count == count else { throw fail("\"\(rest[0])\" takes \(form)") }
            }
            let input: ScrollerInput
            switch rest[0] {
            case "scroll":
                try take(5, "DX DY wheel|surface TIME")
                guard rest[3] == "wheel" || rest[3] == "surface" else {
                    throw fail("bad unit \"\(rest[3])\" (wheel or surface)")
                }
                input = .scroll(dx: try number(rest[1], "DX"), dy: try number(rest[2], "DY"), wheel: rest[3] == "wheel",
                                time: try number(rest[4], "TIME"))
            case "scroll-end":
                try take(1, "nothing more")
                input = .scrollEnd
            case "decelerate":
                try take(4, "VX VY TIME")
                input = .decelerate(vx: try number(rest[1], "VX"), vy: try number(rest[2], "VY"), time: try number(rest[3], "TIME"))
            case "press":
                let touch = rest.count == 4 && rest[3] == "touch"
                if !touch { try take(3, "X TIME [touch]") }
                input = .press(x: try number(rest[1], "X"), time: try number(rest[2], "TIME"), touch: touch)
            case "motion":
                try take(3, "OX TIME")
                input = .motion(offsetX: try number(rest[1], "OX"), time: try number(rest[2], "TIME"))
            case "release":
                try take(3, "OX TIME")
                input = .release(offsetX: try number(rest[1], "OX"), time: try number(rest[2], "TIME"))
            case "key":
                try take(3, "NAME TIME")
                let keyval = gdk_keyval_from_name(rest[1])
                guard keyval != 0 && keyval != UInt32(GDK_KEY_VoidSymbol) else { throw fail("unknown key \"\(rest[1])\"") }
                input = .key(keyval: keyval, time: try number(rest[2], "TIME"))
            default:
                throw fail("unknown input \"\(rest[0])\" (scroll, scroll-end, decelerate, press, motion, release, key)")
            }
            return .input(component: target, input)
        case "dot":
            try expect(4, "COMPONENT PAGE CAUSE")
            guard fields[1] == "carousel" else { throw fail("unknown component with dots \"\(fields[1])\" (carousel)") }
            guard let page = Int(fields[2]), page >= 0, fields[2].allSatisfy(\.isASCII) else {
                throw fail("bad page \"\(fields[2])\"")
            }
            guard fields[3] == "click" || fields[3] == "keyboard" else { throw fail("bad cause \"\(fields[3])\" (click or keyboard)") }
            return .dot(component: fields[1], page: page, cause: fields[3])
        case "page":
            try expect(2, "a page ID")
            guard DemoOptions.pageIDs.contains(fields[1]) else { throw fail("unknown page \"\(fields[1])\"") }
            return .page(fields[1])
        case "setting":
            try expect(3, "a name and on or off")
            guard settings.contains(fields[1]) else {
                throw fail("unknown setting \"\(fields[1])\" (expected one of: \(settings.joined(separator: ", ")))")
            }
            guard fields[2] == "on" || fields[2] == "off" else { throw fail("bad value \"\(fields[2])\" (on or off)") }
            return .setting(fields[1], on: fields[2] == "on")
        case "resize":
            try expect(3, "W H")
            guard let (w, h) = DemoOptions.parseSize("\(fields[1])x\(fields[2])") else {
                throw fail("bad size \"\(fields[1]) \(fields[2])\"")
            }
            return .resize(width: w, height: h)
        case "settled":
            try expect(5, "COMPONENT INDEX OFFSET CAUSE")
            let target = try component(fields[1])
            guard let index = Int(fields[2]), index >= 0, fields[2].allSatisfy(\.isASCII) else {
                throw fail("bad index \"\(fields[2])\"")
            }
            guard causes.contains(fields[4]) else { throw fail("unknown cause \"\(fields[4])\"") }
            return .settled(Settle(component: target, index: index, offset: try number(fields[3], "OFFSET"), cause: fields[4]))
        case "end":
            try expect(1, "nothing more")
            return .end
        default:
            throw fail("unknown event \"\(fields[0])\" (input, dot, page, setting, resize, settled, end)")
        }
    }

    /// A decimal number: digits with an optional sign, point and exponent; finite and at most `maximumMagnitude`.
    private static func parseNumber(_ text: String, _ what: String, fail: (String) -> Failure) throws(Failure) -> Double {
        let allowed = text.unicodeScalars.allSatisfy { "0123456789+-.eE".unicodeScalars.contains($0) }
        guard allowed, text.unicodeScalars.contains(where: { ("0"..."9").contains($0) }), let value = Double(text),
              value.isFinite, abs(value) <= maximumMagnitude else {
            throw fail("bad number \"\(text)\" for \(what)")
        }
        return value
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
