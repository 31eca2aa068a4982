import Glibc

/// What the demo shows: strip items and banners from a JSON file (the weekday names of the menu
/// come from the locale unless the file gives `menu`).
///
/// The file is read in one pass over its bytes into compact lists (one UTF-8 buffer per list, see `TextList`):
/// a million items load in a fraction of a second and cost their bytes, not a million objects.
struct DemoContent {
    /// The longest title or strip item, in characters (Unicode scalars).
    static let maximumTextLength = 1_000
    /// The longest banner image path, in bytes (the system's own path limit).
    static let maximumImagePathBytes = Int(PATH_MAX) - 1
    /// The largest content file, checked before reading.
    static let maximumFileBytes = 256 << 20

    /// One banner of the carousel: a title and an image file, relative to the content file's folder.
    struct Banner: Equatable {
        var title: String
        var image: String
    }

    /// The banners, stored compactly: titles in one buffer, and each banner's image as an index into the distinct
    /// image paths (a million banners cycling through five pictures keep five paths).
    struct BannerList: RandomAccessCollection, Equatable {
        var titles = TextList()
        var imageOf: [UInt32] = []
        var images = TextList()

        var startIndex: Int { 0 }
        var endIndex: Int { titles.count }
        subscript(index: Int) -> Banner { Banner(title: titles[index], image: images[Int(imageOf[index])]) }
    }

    /// Optional override of the menu's tab titles.
    var menu: TextList?
    var strip = TextList()
    var banners = BannerList()

    /// The folder image paths are relative to: the content file's, named by a path a `String` can hold ("." for a
    /// content file named without a folder, "" for one in the root folder; see `reachablePath(of:)`).
    private var baseDirectory = "."

    /// A content file that cannot be used: one line naming the file and the field or position.
    struct LoadError: Error, CustomStringConvertible {
        let description: String
    }

    /// The path of a banner's image: as given when absolute, else inside the content file's folder.
    func imagePath(_ banner: Banner) -> String {
        banner.image.hasPrefix("/") ? banner.image : baseDirectory + "/" + banner.image
    }

    /// Reads and validates the content file at `path` (its bytes as given: a name need not be UTF-8).
    static func load(path: [UInt8]) throws(LoadError) -> DemoContent {
        // Messages show the path as text (bytes that are not UTF-8 as U+FFFD), shortened when very long.
        let shown = path.count <= 240 ? String(decoding: path, as: UTF8.self)
            : String(decoding: path.prefix(120), as: UTF8.self) + "…" + String(decoding: path.suffix(80), as: UTF8.self)
        let name = String(decoding: path.split(separator: UInt8(ascii: "/")).last ?? [], as: UTF8.self)
        let data = try readFile(path, shown: shown, name: name)
        defer { data.deallocate() }
        var content = try parse(UnsafeBufferPointer(data), name: name)
        releaseFreedHeap()
        if let slash = path.lastIndex(of: UInt8(ascii: "/")) {
            content.baseDirectory = reachablePath(of: Array(path[..<slash]))
        }
        return content
    }

    /// A path to `folder` (bytes) that a `String` can hold. Image paths reach SnapGtk as Swift strings, which are
    /// UTF-8: a folder name that is not UTF-8 would be decoded with replacement characters and name no folder. Such a
    /// folder is opened here, from its bytes, and named through that descriptor (`/proc/self/fd/N`, which the kernel
    /// resolves to the folder opened, not to a name); the descriptor stays open for the process's life. Should the
    /// folder not open, its decoded name is used and its banners report their images as not found.
    private static func reachablePath(of folder: [UInt8]) -> String {
        if let text = String(validating: folder, as: UTF8.self) { return text }
        // O_PATH (Linux's value; Glibc's Swift module leaves it out): opens without needing read permission.
        let openPathOnly: Int32 = 0o10000000
        let fd = open(folder.map { CChar(bitPattern: $0) } + [0], openPathOnly | O_DIRECTORY | O_CLOEXEC)
        return fd >= 0 ? "/proc/self/fd/\(fd)" : String(decoding: folder, as: UTF8.self)
    }

    /// Parses and validates content from JSON bytes; `name` is the file's name for messages.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, name: String) throws(LoadError) -> DemoContent {
        guard !bytes.isEmpty else { throw LoadError(description: "content file \(name) is empty") }
        var reader = ContentReader(bytes: bytes)
        do {
            var content = try reader.read()
            content.strip.compact()
            content.menu?.compact()
            content.banners.titles.compact()
            content.banners.imageOf = Array(content.banners.imageOf)
            return content
        } catch {
            switch error {
            case .syntax(let failure):
                throw LoadError(description: "content file \(name): not valid JSON: \(describe(failure, in: bytes))")
            case .type(let field, let problem):
                // A syntax error anywhere in the file comes first, as a whole-file parser would report it.
                var scanner = JSONSyntaxScanner(bytes: bytes)
                if let failure = scanner.firstError() {
                    throw LoadError(description: "content file \(name): not valid JSON: \(describe(failure, in: bytes))")
                }
                throw LoadError(description: "content file \(name): \(field): \(problem)")
            case .field(let field, let problem):
                throw LoadError(description: "content file \(name): \(field): \(problem)")
            }
        }
    }

    /// "line L, column C: what", counting columns in characters (Unicode scalars); the position is always a byte
    /// of the file, so the line and column exist.
    static func describe(_ failure: JSONSyntaxScanner.Failure, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let position = min(failure.position, max(bytes.count - 1, 0))
        var line = 1, column = 1
        for byte in bytes[..<position] {
            if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
        }
        return "line \(line), column \(column): \(failure.what)"
    }

    /// The whole file at `path`, after checking it is a regular file within the size limit. Opening never blocks
    /// (a FIFO or device is refused first). The caller deallocates the buffer.
    private static func readFile(_ path: [UInt8], shown: String, name: String) throws(LoadError) -> UnsafeMutableBufferPointer<UInt8> {
        func problem(_ what: String) -> LoadError { LoadError(description: "cannot read content file \(shown): \(what)") }
        guard !path.isEmpty else { throw LoadError(description: "the content file's path is empty") }
        guard !path.contains(0) else { throw problem("the path holds a NUL byte") }
        func reason(_ code: Int32) -> String {
            switch code {
            case ENOENT: return "no such file"
            case ENOTDIR: return "a folder in the path is not a folder"
            case ELOOP: return "too many symbolic links (a symbolic link loop?)"
            case ENAMETOOLONG: return "the path is too long (over \(PATH_MAX) bytes, or a part of it over \(NAME_MAX))"
            case EACCES: return "permission denied"
            default: return String(cString: strerror(code))
            }
        }
        func refuse(_ mode: mode_t) throws(LoadError) {
            switch mode & S_IFMT {
            case S_IFREG: return
            case S_IFDIR: throw problem("it is a directory, not a file")
            case S_IFIFO: throw problem("it is a FIFO, not a regular file")
            case S_IFCHR, S_IFBLK: throw problem("it is a device, not a regular file")
            case S_IFSOCK: throw problem("it is a socket, not a regular file")
            default: throw problem("not a regular file")
            }
        }
        let cPath = path.map { CChar(bitPattern: $0) } + [0]
        // Look first, so a FIFO or a device is never opened; then check again what was opened.
        var info = stat()
        guard stat(cPath, &info) == 0 else { throw problem(reason(errno)) }
        try refuse(info.st_mode)
        let fd = open(cPath, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw problem(reason(errno)) }
        defer { close(fd) }
        guard fstat(fd, &info) == 0 else { throw problem(reason(errno)) }
        try refuse(info.st_mode)
        let size = Int(info.st_size)
        guard size <= maximumFileBytes else {
            throw LoadError(description: "content file \(name) is \(size >> 20) MB, over the limit of \(maximumFileBytes >> 20) MB")
        }
        guard size > 0 else { throw LoadError(description: "content file \(name) is empty") }
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: size)
        var filled = 0
        while filled < size {
            let got = read(fd, buffer.baseAddress! + filled, size - filled)
            if got > 0 { filled += got; continue }
            if got < 0, errno == EINTR { continue }
            if got < 0 {
                let code = errno
                buffer.deallocate()
                throw problem(reason(code))
            }
            break  // the file shrank while being read: parse what is there
        }
        return UnsafeMutableBufferPointer(rebasing: buffer[..<filled])
    }
}

/// Reads the content schema from a JSON scanner in one pass: `{"menu": [string], "strip": [string],
/// "banners": [{"title": string, "image": string}]}`; other keys are checked for grammar and skipped.
private struct ContentReader {
    enum Problem: Error {
        /// The text is not JSON.
        case syntax(JSONSyntaxScanner.Failure)
        /// A value of the wrong kind: (field, "expected …").
        case type(String, String)
        /// A value out of the contract's bounds: (field, problem).
        case field(String, String)
    }

    var scanner: JSONSyntaxScanner

    init(bytes: UnsafeBufferPointer<UInt8>) { scanner = JSONSyntaxScanner(bytes: bytes) }

    mutating func read() throws(Problem) -> DemoContent {
        var content = DemoContent()
        var sawStrip = false, sawBanners = false
        try expectValue(UInt8(ascii: "{"), field: "top level", kind: "an object")
        try object { (reader: inout ContentReader, key) throws(Problem) in
            if reader.scanner.token(key, is: "menu") {
                if reader.scanner.kindOfValue() == "null" { try reader.skip(); content.menu = nil; return }
                var menu = TextList()
                try reader.strings(field: "menu", into: &menu)
                content.menu = menu
            } else if reader.scanner.token(key, is: "strip") {
                content.strip = TextList()
                try reader.strings(field: "strip", into: &content.strip)
                sawStrip = true
            } else if reader.scanner.token(key, is: "banners") {
                content.banners = DemoContent.BannerList()
                try reader.banners(into: &content.banners)
                sawBanners = true
            } else {
                try reader.skip()
            }
        }
        scanner.skipWhitespace()
        if scanner.index < scanner.bytes.count { throw .syntax(scanner.unexpected("the end of the file after the JSON value")) }

        if let menu = content.menu {
            if menu.isEmpty { throw .field("menu", "must hold at least one title") }
            if let i = menu.indices.first(where: { menu.isEmpty(at: $0) }) { throw .field("menu[\(i)]", "must not be empty") }
        }
        guard sawStrip else { throw .type("strip", "missing") }
        if content.strip.isEmpty { throw .field("strip", "must hold at least one item") }
        if let i = content.strip.indices.first(where: { content.strip.isEmpty(at: $0) }) { throw .field("strip[\(i)]", "must not be empty") }
        guard sawBanners else { throw .type("banners", "missing") }
        let banners = content.banners
        if banners.isEmpty { throw .field("banners", "must hold at least one banner") }
        if let i = banners.indices.first(where: { banners.titles.isEmpty(at: $0) }) { throw .field("banners[\(i)].title", "must not be empty") }
        if let i = banners.indices.first(where: { banners.images.isEmpty(at: Int(banners.imageOf[$0])) }) {
            throw .field("banners[\(i)].image", "must not be empty")
        }
        return content
    }

    // MARK: Pieces

    private mutating func skip() throws(Problem) {
        do { try scanner.skipValue(depth: 1) } catch { throw .syntax(error) }
    }

    /// Checks that the next value opens with `open` (consumed); a value of another kind is a type problem.
    private mutating func expectValue(_ open: UInt8, field: @autoclosure () -> String, kind: String) throws(Problem) {
        guard let next = scanner.peek() else { throw .syntax(scanner.unexpected("a value")) }
        guard next == open else {
            guard let found = scanner.kindOfValue() else { throw .syntax(scanner.unexpected("a value")) }
            throw .type(field(), found == "null" ? "expected \(kind), found null" : "expected \(kind)")
        }
        scanner.index += 1
    }

    /// Walks an object whose `{` was consumed, calling `member` with each key; `member` consumes the value.
    private mutating func object(_ member: (inout ContentReader, JSONSyntaxScanner.StringToken) throws(Problem) -> Void) throws(Problem) {
        try walk { reader in
            if reader.scanner.peek() == UInt8(ascii: "}") { reader.scanner.index += 1; return }
            repeat {
                guard reader.scanner.peek() == UInt8(ascii: "\"") else { throw reader.scanner.unexpected("a key string") }
                let key = try reader.scanner.string()
                try reader.scanner.expect(UInt8(ascii: ":"), "':'")
                _ = reader.scanner.peek()
                try member(&reader, key)
            } while try reader.scanner.nextElement(close: UInt8(ascii: "}"))
        }
    }

    /// Walks an array whose `[` was consumed, calling `element` with each index; `element` consumes the value.
    private mutating func array(_ element: (inout ContentReader, Int) throws(Problem) -> Void) throws(Problem) {
        try walk { reader in
            if reader.scanner.peek() == UInt8(ascii: "]") { reader.scanner.index += 1; return }
            var i = 0
            repeat {
                _ = reader.scanner.peek()
                try element(&reader, i)
                i += 1
            } while try reader.scanner.nextElement(close: UInt8(ascii: "]"))
        }
    }

    /// Runs a container's `walk`: the scanner's syntax failures and the members' problems come out as problems.
    private mutating func walk(_ body: (inout ContentReader) throws -> Void) throws(Problem) {
        do {
            try body(&self)
        } catch let failure as JSONSyntaxScanner.Failure {
            throw .syntax(failure)
        } catch let problem as Problem {
            throw problem
        } catch {
            throw .syntax(scanner.unexpected("a value"))
        }
    }

    /// A string value for `field`, at most `limit` characters (or `byteLimit` bytes).
    private mutating func string(field: @autoclosure () -> String, limit: Int = DemoContent.maximumTextLength,
                                 byteLimit: Int = .max) throws(Problem) -> JSONSyntaxScanner.StringToken {
        guard scanner.peek() == UInt8(ascii: "\"") else {
            guard let found = scanner.kindOfValue() else { throw .syntax(scanner.unexpected("a value")) }
            throw .type(field(), found == "null" ? "expected a string, found null" : "expected a string")
        }
        let token: JSONSyntaxScanner.StringToken
        do { token = try scanner.string() } catch { throw .syntax(error) }
        if token.scalars > limit { throw .field(field(), "longer than \(limit) characters") }
        if byteLimit != .max, scanner.withBytes(of: token, { $0.count }) > byteLimit {
            throw .field(field(), "longer than \(byteLimit) bytes")
        }
        // GTK's labels and the C library's paths end at a NUL: "\u0000x" would pass as a title and show as an empty
        // one, and "a.png\u0000junk" would open a.png. Only an escape can make a NUL (raw control bytes are refused).
        if token.escaped, scanner.withBytes(of: token, { $0.contains(0) }) {
            throw .field(field(), "holds a NUL character (\\u0000)")
        }
        return token
    }

    /// An array of strings for `field` into `list`.
    private mutating func strings(field: String, into list: inout TextList) throws(Problem) {
        try expectValue(UInt8(ascii: "["), field: field, kind: "an array")
        try array { (reader: inout ContentReader, i) throws(Problem) in
            let token = try reader.string(field: "\(field)[\(i)]")
            reader.scanner.withBytes(of: token) { list.append($0) }
        }
    }

    /// The banners array into `list`.
    private mutating func banners(into list: inout DemoContent.BannerList) throws(Problem) {
        try expectValue(UInt8(ascii: "["), field: "banners", kind: "an array")
        var slots = ImageSlots()
        try array { (reader: inout ContentReader, i) throws(Problem) in
            try reader.expectValue(UInt8(ascii: "{"), field: "banners[\(i)]", kind: "an object")
            var hasTitle = false, hasImage = false
            try reader.object { (reader: inout ContentReader, key) throws(Problem) in
                if reader.scanner.token(key, is: "title") {
                    let token = try reader.string(field: "banners[\(i)].title")
                    if hasTitle { list.titles.removeLast() }
                    reader.scanner.withBytes(of: token) { list.titles.append($0) }
                    hasTitle = true
                } else if reader.scanner.token(key, is: "image") {
                    let token = try reader.string(field: "banners[\(i)].image", limit: .max,
                                                  byteLimit: DemoContent.maximumImagePathBytes)
                    let slot = reader.scanner.withBytes(of: token) { slots.slot(of: $0, in: &list.images) }
                    if hasImage { list.imageOf[list.imageOf.count - 1] = slot } else { list.imageOf.append(slot) }
                    hasImage = true
                } else {
                    try reader.skip()
                }
            }
            guard hasTitle else { throw .type("banners[\(i)].title", "missing") }
            guard hasImage else { throw .type("banners[\(i)].image", "missing") }
        }
    }

}

/// Distinct banner image paths by a hash of their bytes, so banners sharing a picture share one stored path.
private struct ImageSlots {
    private var slots: [UInt64: [UInt32]] = [:]

    /// The index of `path` among the distinct image paths in `images`, adding it when new.
    mutating func slot(of path: UnsafeBufferPointer<UInt8>, in images: inout TextList) -> UInt32 {
        // FNV-1a over 8-byte words (then the tail bytes): a quick hash; equal hashes are compared byte for byte.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ UInt64(path.count)
        let raw = UnsafeRawBufferPointer(path)
        var at = 0
        while at + 8 <= raw.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: at, as: UInt64.self)) &* 0x100_0000_01b3
            hash ^= hash >> 29
            at += 8
        }
        while at < raw.count {
            hash = (hash ^ UInt64(raw[at])) &* 0x100_0000_01b3
            at += 1
        }
        if let candidates = slots[hash] {
            for slot in candidates where images.withBytes(at: Int(slot), { sameBytes($0, path) }) { return slot }
        }
        let slot = UInt32(images.count)
        images.append(path)
        slots[hash, default: []].append(slot)
        return slot
    }
}

/// Whether two byte buffers hold the same bytes.
func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
}

/// Returns free heap pages to the system (glibc's `malloc_trim`, which Swift's Glibc module does not declare): the
/// lists of a large file grew by doubling, and glibc keeps the pages of their old copies otherwise.
private func releaseFreedHeap() {
    typealias Trim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
}
