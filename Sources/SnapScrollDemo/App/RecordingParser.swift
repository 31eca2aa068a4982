import CSnapGtk
import Glibc
@_spi(Testing) import SnapGtk

/// Reading a recording: the file's bytes, then its lines, each checked as `docs/recording.md` says. Parsing is all
/// or nothing: one problem, named by its line, refuses the whole file.
extension Recording {
    /// The largest index, page or item a line may name (a component's items are far fewer).
    static let maximumIndex = 1 << 40

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
        func index(_ text: String, _ what: String) throws(Failure) -> Int {
            guard text.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(text), value <= maximumIndex else {
                throw fail("bad \(what) \"\(text)\"")
            }
            return value
        }
        switch fields[0] {
        case "input":
            guard fields.count >= 3 else { throw fail("\"input\" takes a component and an input") }
            return .input(component: try component(fields[1]), try parseInput(Array(fields.dropFirst(2)), fail: fail))
        case "dot":
            try expect(4, "COMPONENT PAGE CAUSE")
            guard fields[1] == "carousel" else { throw fail("unknown component with dots \"\(fields[1])\" (carousel)") }
            let page = try index(fields[2], "page")
            guard fields[3] == "click" || fields[3] == "keyboard" else { throw fail("bad cause \"\(fields[3])\" (click or keyboard)") }
            return .dot(component: fields[1], page: page, cause: fields[3])
        case "control":
            guard fields.count == 2 || fields.count == 3 else { throw fail("\"control\" takes an ID and at most one value") }
            guard fields.dropFirst().allSatisfy({ $0.utf8.count <= maximumControlBytes && $0.utf8.allSatisfy(isControlByte) }) else {
                throw fail("bad control \"\(fields.dropFirst().joined(separator: " "))\" (letters, digits, \".\", \"-\", \"+\"; at most \(maximumControlBytes) bytes each)")
            }
            return .control(id: fields[1], value: fields.count == 3 ? fields[2] : nil)
        case "autoplay":
            try expect(3, "COMPONENT PAGE")
            guard fields[1] == "carousel" else { throw fail("unknown component with autoplay \"\(fields[1])\" (carousel)") }
            return .autoplay(component: fields[1], page: try index(fields[2], "page"))
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
            let at = try index(fields[2], "index")
            guard causes.contains(fields[4]) else {
                throw fail("unknown cause \"\(fields[4])\" (expected one of: \(causes.joined(separator: ", ")))")
            }
            return .settled(Settle(component: target, index: at, offset: try number(fields[3], "OFFSET"), cause: fields[4]))
        case "end":
            try expect(1, "nothing more")
            return .end
        default:
            throw fail("unknown event \"\(fields[0])\" (input, dot, control, autoplay, page, setting, resize, settled, end)")
        }
    }

    /// An `input` line's input: `rest` is what follows its component.
    private static func parseInput(_ rest: [String], fail: (String) -> Failure) throws(Failure) -> ScrollerInput {
        func number(_ text: String, _ what: String) throws(Failure) -> Double {
            try parseNumber(text, what, fail: fail)
        }
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
        return input
    }

    /// Whether `byte` may be in a control's ID or value.
    private static func isControlByte(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (97...122).contains(byte) || (65...90).contains(byte) || byte == 46 || byte == 45 || byte == 43
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
