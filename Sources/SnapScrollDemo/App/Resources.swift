import Glibc

/// Finds the files in `resources/`: from an environment override, next to an installed binary
/// (`<prefix>/share/snapscroll`), or from a checkout where the binary sits under `.build/`. It also names where the
/// translations are: an installed binary's in its prefix (`<prefix>/share/locale`), a checkout's in `.build/locale`,
/// where `scripts/translations` compiles `po/` (the scripts that build and run the demo call it).
///
/// Plain C library calls on path strings: no Foundation in the demo, whose static runtime would otherwise carry
/// FoundationEssentials' code pages (about 8 MB of binary and 2 MB of resident memory at start).
struct Resources: Sendable {
    /// The environment variable that names the resources folder outright.
    static let environmentVariable = "SNAPSCROLL_RESOURCES"

    /// The resources folder's path.
    let directory: String

    /// The folder holding `<lang>/LC_MESSAGES/snapscroll.mo` and `snapscroll-demo.mo`: an installed binary's
    /// `<prefix>/share/locale`, a checkout's `.build/locale`; nil for an override, where gettext's default (the
    /// system's) applies.
    let localeDirectory: String?

    /// Whether the binary runs from a checkout (not installed, no override).
    let inCheckout: Bool

    /// Resources in `directory`, taken as it is.
    init(directory: String, localeDirectory: String? = nil, inCheckout: Bool = false) {
        self.directory = directory
        self.localeDirectory = localeDirectory
        self.inCheckout = inCheckout
    }

    /// Why no resources folder was found.
    enum Problem: Error, Equatable, CustomStringConvertible {
        /// The environment variable names a folder that does not exist (or is not a folder).
        case overrideMissing(String)
        /// The environment variable names a folder without the stylesheet in it.
        case overrideIncomplete(String)
        /// An installed binary's prefix has no resources folder (the folder it looked for).
        case installIncomplete(String)
        /// None of the usual places holds one.
        case notFound

        /// One line for the user, naming the variable when it is to blame.
        var description: String {
            switch self {
            case .overrideMissing(let path):
                return "\(Resources.environmentVariable)=\(path): no such folder"
            case .overrideIncomplete(let path):
                return "\(Resources.environmentVariable)=\(path): not a resources folder (no \(Resources.marker) in it)"
            case .installIncomplete(let path):
                return "cannot find the resources folder: \(path) has no \(Resources.marker) (reinstall, or set \(Resources.environmentVariable))"
            case .notFound:
                return "cannot find the resources folder (set \(Resources.environmentVariable))"
            }
        }
    }

    /// Why a resource file could not be read.
    struct ReadError: Error, CustomStringConvertible {
        /// The file's path.
        let path: String
        /// What went wrong.
        let reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// The file every resources folder holds.
    static let marker = "snapscroll.css"

    /// Locates the resources folder; nil when none of the places holds one (`find` says why).
    static func locate(executable: String = currentExecutable(),
                       environment: [String: String] = currentEnvironment()) -> Resources? {
        try? find(executable: executable, environment: environment)
    }

    /// Locates the resources folder: the environment variable's folder when it is set (which must exist and hold
    /// the stylesheet), else for an installed binary (one in a folder named `bin`) its prefix's `share/snapscroll`
    /// only, else in the checkout the binary was built in.
    static func find(executable: String = currentExecutable(),
                     environment: [String: String] = currentEnvironment()) throws(Problem) -> Resources {
        if let override = environment[environmentVariable], !override.isEmpty {
            guard isFolder(override) else { throw .overrideMissing(override) }
            guard exists(join(override, marker)) else { throw .overrideIncomplete(override) }
            return Resources(directory: override)
        }
        let binDir = normalized(parent(absolute(executable)))
        // Installed: the prefix's own folder or nothing. Walking up from a prefix inside a checkout (or any folder
        // holding a resources/) would otherwise pick up the source tree's files, which change under the install.
        // SwiftPM's build folders (…/.build/<triple>/debug) are never named `bin`.
        if lastComponent(binDir) == "bin" {
            let prefix = parent(binDir)
            let installed = join(prefix, "share/snapscroll")
            guard exists(join(installed, marker)) else { throw .installIncomplete(installed) }
            return Resources(directory: installed, localeDirectory: join(prefix, "share/locale"))
        }
        // A checkout: walk up from the binary (…/.build/<triple>/debug/) to the folder holding resources/.
        var dir = binDir
        for _ in 0..<6 {
            let candidate = join(dir, "resources")
            if exists(join(candidate, marker)) {
                return Resources(directory: candidate, localeDirectory: join(dir, ".build/locale"), inCheckout: true)
            }
            dir = parent(dir)
        }
        throw .notFound
    }

    /// The path of a file inside the resources folder.
    func path(_ name: String) -> String { Resources.join(directory, name) }

    /// The app's icons beside the resources in a checkout (`data/icons`), when the binary runs from one; nil for an
    /// installed binary, whose icons are in its prefix's icon theme.
    var checkoutIconFolder: String? {
        guard inCheckout else { return nil }
        let folder = Resources.join(directory, "../data/icons")
        return Resources.exists(folder) ? folder : nil
    }

    /// The text of a file inside the resources folder (which must be UTF-8).
    func text(_ name: String) throws(ReadError) -> String {
        let file = path(name)
        let fd = open(file, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(path: file, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ReadError(path: file, reason: String(cString: strerror(errno)))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { throw ReadError(path: file, reason: "not UTF-8") }
        return text
    }

    // MARK: Paths

    /// The running binary's path with symbolic links resolved (the kernel's link, else the first argument).
    static func currentExecutable() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        if count > 0 {
            return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
        let argument = CommandLine.arguments.first ?? ""
        if let resolved = realpath(argument, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        return argument
    }

    /// The process environment as a dictionary.
    static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                let key = String(pair[..<equals])
                if result[key] == nil { result[key] = String(pair[pair.index(after: equals)...]) }
            }
            entry += 1
        }
        return result
    }

    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The folder holding `path` ("/" for the root and its direct children).
    static func parent(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        if slash == trimmed.startIndex { return "/" }
        return String(trimmed[..<slash])
    }

    /// The last component of a normalized path ("" for the root).
    static func lastComponent(_ path: String) -> Substring {
        path.split(separator: "/").last ?? ""
    }

    /// `path` made absolute against the working folder.
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        guard let cwd = getcwd(nil, 0) else { return path }
        defer { free(cwd) }
        return join(String(cString: cwd), path)
    }

    /// `path` with `.`, `..` and repeated slashes removed, without resolving links.
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in absolute(path).split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
