import Glibc

/// A single-pass JSON scanner over a byte buffer: the content reader pulls tokens from it (strings come back as
/// byte ranges, unescaped only when they hold escapes), and `firstError()` checks a whole text's grammar. Every
/// failure carries a byte position inside the buffer, so an error names a line and column that exist.
struct JSONSyntaxScanner {
    /// Deeper nesting is reported rather than recursed into.
    static let maximumDepth = 512

    /// A grammar or encoding error at a byte offset (always less than the buffer's size when it is not empty).
    struct Failure: Error {
        let position: Int
        let what: String
    }

    /// A scanned string: its bytes lie in the buffer (`start..<end`) unless it held escapes, in which case the
    /// decoded bytes are the scanner's `unescaped`. `scalars` counts its Unicode scalars.
    struct StringToken {
        var start: Int
        var end: Int
        var escaped: Bool
        var scalars: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// The decoded bytes of the last string that held escapes.
    private(set) var unescaped: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The first grammar or encoding error in the whole buffer, or nil for valid JSON.
    mutating func firstError() -> Failure? {
        index = 0
        do throws(Failure) {
            try skipValue(depth: 0)
            skipWhitespace()
            if index < bytes.count { throw failure("unexpected \(describe(bytes[index])) after the JSON value") }
            return nil
        } catch {
            return error
        }
    }

    // MARK: Reading

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    /// The next byte after whitespace, not consumed; nil at the end.
    mutating func peek() -> UInt8? {
        skipWhitespace()
        return index < bytes.count ? bytes[index] : nil
    }

    /// Consumes `byte` after whitespace, or fails naming what was expected.
    mutating func expect(_ byte: UInt8, _ what: String) throws(Failure) {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of file, expected \(what)") }
        guard bytes[index] == byte else { throw failure("unexpected \(describe(bytes[index])), expected \(what)") }
        index += 1
    }

    /// After an element of an array or object: true if a `,` follows (consumed), false if `close` does
    /// (consumed); fails on anything else.
    mutating func nextElement(close: UInt8) throws(Failure) -> Bool {
        skipWhitespace()
        if index < bytes.count {
            if bytes[index] == UInt8(ascii: ",") { index += 1; return true }
            if bytes[index] == close { index += 1; return false }
        }
        throw unexpected(close == UInt8(ascii: "}") ? "',' or '}'" : "',' or ']'")
    }

    /// The failure for an unexpected byte (or the end) where a value or `what` should be.
    func unexpected(_ what: String) -> Failure {
        index < bytes.count ? failure("unexpected \(describe(bytes[index])), expected \(what)")
                            : failure("unexpected end of file, expected \(what)")
    }

    /// A name for the kind of value starting at the current byte ("a string", "null", …); nil if no value starts here.
    func kindOfValue() -> String? {
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        default: return nil
        }
    }

    /// Scans the string at the current position (which must be its opening quote), checking its UTF-8 and escapes.
    mutating func string() throws(Failure) -> StringToken {
        index += 1  // opening quote
        let start = index
        var scalars = 0
        var escaped = false
        guard let base = bytes.baseAddress else { throw failure("unexpected end of file inside a string") }
        let count = bytes.count
        while true {
            // A run of plain ASCII: the common case, scanned without looking back.
            let run = index
            while index < count {
                let byte = base[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
                index += 1
            }
            scalars += index - run
            if escaped, index > run { unescaped.append(contentsOf: UnsafeBufferPointer(start: base + run, count: index - run)) }
            guard index < count else { throw failure("unexpected end of file inside a string") }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                let token = StringToken(start: start, end: index, escaped: escaped, scalars: scalars)
                index += 1
                return token
            } else if byte == UInt8(ascii: "\\") {
                if !escaped {
                    escaped = true
                    unescaped.removeAll(keepingCapacity: true)
                    unescaped.append(contentsOf: UnsafeBufferPointer(start: base + start, count: index - start))
                }
                try escape()
                scalars += 1
            } else if byte < 0x20 {
                throw failure("control character (byte 0x\(String(byte, radix: 16))) in a string")
            } else {
                let length = try utf8Sequence()
                if escaped { unescaped.append(contentsOf: UnsafeBufferPointer(start: base + index, count: length)) }
                index += length
                scalars += 1
            }
        }
    }

    /// Calls `body` with the bytes of a string `string()` just returned.
    func withBytes<R>(of token: StringToken, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if token.escaped { return unescaped.withUnsafeBufferPointer(body) }
        return body(UnsafeBufferPointer(rebasing: bytes[token.start..<token.end]))
    }

    /// Whether a string `string()` just returned is `word`.
    func token(_ token: StringToken, is word: StaticString) -> Bool {
        withBytes(of: token) { sameBytes($0, UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)) }
    }

    /// Skips one value of any kind, checking its grammar.
    mutating func skipValue(depth: Int) throws(Failure) {
        skipWhitespace()
        guard index < bytes.count else { throw failure("unexpected end of file, expected a value") }
        guard depth < Self.maximumDepth else { throw failure("nested too deeply") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            if peek() == UInt8(ascii: "}") { index += 1; return }
            repeat {
                guard peek() == UInt8(ascii: "\"") else { throw unexpected("a key string") }
                _ = try string()
                try expect(UInt8(ascii: ":"), "':'")
                try skipValue(depth: depth + 1)
            } while try nextElement(close: UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            index += 1
            if peek() == UInt8(ascii: "]") { index += 1; return }
            repeat {
                try skipValue(depth: depth + 1)
            } while try nextElement(close: UInt8(ascii: "]"))
        case UInt8(ascii: "\""):
            _ = try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default:
            throw unexpected("a value")
        }
    }

    // MARK: Pieces

    private func failure(_ what: String) -> Failure {
        // The end of the buffer is reported at its last byte: a position that exists in the file.
        Failure(position: max(0, min(index, bytes.count - 1)), what: what)
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func literal(_ word: StaticString) throws(Failure) {
        let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in letters {
            guard index < bytes.count, bytes[index] == byte else { throw failure("invalid literal, expected '\(word)'") }
            index += 1
        }
    }

    private mutating func number() throws(Failure) {
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { throw failure("invalid number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw failure("invalid number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw failure("invalid number") }
        }
    }

    /// The length of the well-formed UTF-8 sequence at `index` (whose first byte is ≥ 0x80), or a failure at
    /// the sequence's first byte naming the bytes that break it.
    private mutating func utf8Sequence() throws(Failure) -> Int {
        let lead = bytes[index]
        let length: Int
        var low: UInt8 = 0x80, high: UInt8 = 0xBF  // the allowed range of the second byte
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F  // no UTF-16 surrogates
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F  // nothing past U+10FFFF
        default: throw failure("invalid UTF-8 (byte \(hex(lead)))")
        }
        for offset in 1..<length {
            let at = index + offset
            guard at < bytes.count else { throw failure("invalid UTF-8 (a character cut short by the end of file)") }
            let byte = bytes[at]
            let range = offset == 1 ? low...high : 0x80...0xBF
            guard range.contains(byte) else {
                let sequence = bytes[index...at].map(hex).joined(separator: " ")
                throw failure("invalid UTF-8 (bytes \(sequence))")
            }
        }
        return length
    }

    private func hex(_ byte: UInt8) -> String { "0x" + String(byte, radix: 16) }

    /// Decodes the escape at `index` (a backslash) into `unescaped`.
    private mutating func escape() throws(Failure) {
        let start = index
        index += 1
        guard index < bytes.count else { throw failure("unexpected end of file inside a string") }
        let simple: UInt8?
        switch bytes[index] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default:
            throw failure("invalid escape \\\(describe(bytes[index]))")
        }
        if let simple {
            unescaped.append(simple)
            index += 1
            return
        }
        var value = try hex4()
        if (0xDC00...0xDFFF).contains(value) {
            index = start
            throw failure("lone surrogate \\u\(String(value, radix: 16)) (a low surrogate without a high one)")
        }
        if (0xD800...0xDBFF).contains(value) {
            guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                index = start
                throw failure("lone surrogate \\u\(String(value, radix: 16)) (a high surrogate without a low one)")
            }
            index += 1
            let low = try hex4()
            guard (0xDC00...0xDFFF).contains(low) else {
                index = start
                throw failure("lone surrogate \\u\(String(value, radix: 16)) (not followed by a low surrogate)")
            }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        }
        // `value` is a valid scalar now.
        for unit in String(Character(Unicode.Scalar(value)!)).utf8 { unescaped.append(unit) }
    }

    /// Reads `uXXXX` at `index` (pointing at the `u`) and returns its value.
    private mutating func hex4() throws(Failure) -> UInt32 {
        index += 1
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw failure("unexpected end of file inside a \\u escape") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("invalid \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}
