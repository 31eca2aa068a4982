/// Finds where a JSON text first breaks the grammar, so a content-file error can name the line and
/// column (Foundation's decoder only says "not valid JSON"). It validates; it builds nothing.
struct JSONSyntaxScanner {
    /// Deeper nesting is reported rather than recursed into.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    private struct Failure: Error { let position: Int; let what: String }

    /// The byte offset and description of the first syntax error, or nil for valid JSON.
    mutating func firstError() -> (Int, String)? {
        index = 0
        do {
            try value(depth: 0)
            skipWhitespace()
            if index < bytes.count { throw Failure(position: index, what: "unexpected \(describe(bytes[index])) after the JSON value") }
            return nil
        } catch let failure as Failure {
            return (failure.position, failure.what)
        } catch {
            return (index, "cannot parse")
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private func fail(_ what: String) -> Failure { Failure(position: index, what: what) }

    private mutating func expect(_ byte: UInt8, _ what: String) throws {
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end of file, expected \(what)") }
        guard bytes[index] == byte else { throw fail("unexpected \(describe(bytes[index])), expected \(what)") }
        index += 1
    }

    private mutating func value(depth: Int) throws {
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end of file, expected a value") }
        guard depth < Self.maximumDepth else { throw fail("nested too deeply") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return }
            while true {
                skipWhitespace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw index < bytes.count ? fail("unexpected \(describe(bytes[index])), expected a key string") : fail("unexpected end of file, expected a key string")
                }
                try string()
                try expect(UInt8(ascii: ":"), "':'")
                try value(depth: depth + 1)
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "}"), "',' or '}'")
                return
            }
        case UInt8(ascii: "["):
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return }
            while true {
                try value(depth: depth + 1)
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                try expect(UInt8(ascii: "]"), "',' or ']'")
                return
            }
        case UInt8(ascii: "\""):
            try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try number()
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default:
            throw fail("unexpected \(describe(bytes[index])), expected a value")
        }
    }

    private mutating func literal(_ word: String) throws {
        for byte in word.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw fail("invalid literal, expected '\(word)'") }
            index += 1
        }
    }

    private mutating func string() throws {
        index += 1  // opening quote
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\""): index += 1; return
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { break }
                if bytes[index] == UInt8(ascii: "u") {
                    for _ in 0..<4 {
                        index += 1
                        guard index < bytes.count, Character(Unicode.Scalar(bytes[index])).isHexDigit else { throw fail("invalid \\u escape") }
                    }
                } else if !"\"\\/bfnrt".utf8.contains(bytes[index]) {
                    throw fail("invalid escape \\\(Character(Unicode.Scalar(bytes[index])))")
                }
                index += 1
            case 0..<0x20: throw fail("control character in a string")
            default: index += 1
            }
        }
        throw fail("unexpected end of file inside a string")
    }

    private mutating func number() throws {
        func digits() -> Int {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - start
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard digits() > 0 else { throw fail("invalid number") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw fail("invalid number") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw fail("invalid number") }
        }
    }
}
