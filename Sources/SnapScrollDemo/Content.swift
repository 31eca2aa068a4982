import FoundationEssentials

/// What the demo shows: strip items and banners from a JSON file (the weekday names of the menu
/// come from the locale unless the file gives `menu`).
struct DemoContent: Decodable, Equatable {
    /// One banner of the carousel: a title and an image file, relative to the content file's folder.
    struct Banner: Decodable, Equatable {
        var title: String
        var image: String
    }

    /// Optional override of the menu's tab titles.
    var menu: [String]?
    var strip: [String]
    var banners: [Banner]

    /// The folder image paths are relative to.
    var baseDirectory = URL(fileURLWithPath: ".")

    private enum CodingKeys: String, CodingKey { case menu, strip, banners }

    /// A content file that cannot be used: one line naming the file and the field or position.
    struct LoadError: Error, CustomStringConvertible {
        let description: String
    }

    /// Reads and validates a content file.
    static func load(from url: URL) throws(LoadError) -> DemoContent {
        let name = url.lastPathComponent
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw LoadError(description: "cannot read content file \(url.path): no such file")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw LoadError(description: "cannot read content file \(url.path): permission denied or not a file")
        }
        guard !data.isEmpty else { throw LoadError(description: "content file \(name) is empty") }
        var content: DemoContent
        do { content = try JSONDecoder().decode(DemoContent.self, from: data) } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty {
                throw LoadError(description: "content file \(name): not valid JSON: \(Self.syntaxProblem(in: data))")
            }
            throw LoadError(description: "content file \(name): \(Self.describe(error))")
        } catch {
            throw LoadError(description: "content file \(name): \(error)")
        }
        content.baseDirectory = url.deletingLastPathComponent()
        try content.validate(name)
        return content
    }

    private func validate(_ name: String) throws(LoadError) {
        func fail(_ field: String, _ problem: String) -> LoadError {
            LoadError(description: "content file \(name): \(field): \(problem)")
        }
        if let menu {
            if menu.isEmpty { throw fail("menu", "must hold at least one title") }
            if let i = menu.firstIndex(where: { $0.isEmpty }) { throw fail("menu[\(i)]", "must not be empty") }
        }
        if strip.isEmpty { throw fail("strip", "must hold at least one item") }
        if let i = strip.firstIndex(where: { $0.isEmpty }) { throw fail("strip[\(i)]", "must not be empty") }
        if banners.isEmpty { throw fail("banners", "must hold at least one banner") }
        if let i = banners.firstIndex(where: { $0.title.isEmpty }) { throw fail("banners[\(i)].title", "must not be empty") }
        if let i = banners.firstIndex(where: { $0.image.isEmpty }) { throw fail("banners[\(i)].image", "must not be empty") }
    }

    /// The URL of a banner's image.
    func imageURL(_ banner: Banner) -> URL {
        banner.image.hasPrefix("/") ? URL(fileURLWithPath: banner.image) : baseDirectory.appendingPathComponent(banner.image)
    }

    /// Where JSON parsing failed, as "line L, column C: what" (the decoder does not say where).
    static func syntaxProblem(in data: Data) -> String {
        let bytes = [UInt8](data)
        var scanner = JSONSyntaxScanner(bytes: bytes)
        let (position, what) = scanner.firstError() ?? (bytes.count, "cannot parse")
        let before = bytes[..<position]
        let line = before.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let column = position - (before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0) + 1
        return "line \(line), column \(column): \(what)"
    }

    /// "banners[2].title: expected a string" from a decoding error's coding path.
    static func describe(_ error: DecodingError) -> String {
        func path(_ keys: [CodingKey]) -> String {
            var text = ""
            for key in keys {
                if let i = key.intValue { text += "[\(i)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
            }
            return text.isEmpty ? "top level" : text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return "\(path(context.codingPath)): expected \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): expected \(typeName(type)), found null"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath + [key])): missing"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is [String].Type, is [Banner].Type: return "an array"
        case is Banner.Type, is DemoContent.Type: return "an object"
        default: return "\(type)".hasPrefix("Dictionary") ? "an object" : "\(type)"
        }
    }
}
