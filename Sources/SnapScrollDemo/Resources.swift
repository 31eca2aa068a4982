import FoundationEssentials

/// Finds the files in `resources/`: from an environment override, next to an installed binary
/// (`<prefix>/share/snapscroll`), or from a checkout where the binary sits under `.build/`.
struct Resources: Sendable {
    /// The environment variable that names the resources folder outright.
    static let environmentVariable = "SNAPSCROLL_RESOURCES"

    /// The resources folder.
    let directory: URL

    /// Resources in `directory`, taken as it is.
    init(directory: URL) { self.directory = directory }

    /// Why no resources folder was found.
    enum Problem: Error, Equatable, CustomStringConvertible {
        /// The environment variable names a folder that does not exist (or is not a folder).
        case overrideMissing(String)
        /// The environment variable names a folder without the stylesheet in it.
        case overrideIncomplete(String)
        /// None of the usual places holds one.
        case notFound

        /// One line for the user, naming the variable when it is to blame.
        var description: String {
            switch self {
            case .overrideMissing(let path):
                return "\(Resources.environmentVariable)=\(path): no such folder"
            case .overrideIncomplete(let path):
                return "\(Resources.environmentVariable)=\(path): not a resources folder (no \(Resources.marker) in it)"
            case .notFound:
                return "cannot find the resources folder (set \(Resources.environmentVariable))"
            }
        }
    }

    /// The file every resources folder holds.
    static let marker = "snapscroll.css"

    /// Locates the resources folder; nil when none of the places holds one (`find` says why).
    static func locate(executable: URL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> Resources? {
        try? find(executable: executable, environment: environment)
    }

    /// Locates the resources folder: the environment variable's folder when it is set (which must exist and hold
    /// the stylesheet), else next to an installed binary, else in the checkout the binary was built in.
    static func find(executable: URL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
                            environment: [String: String] = ProcessInfo.processInfo.environment) throws(Problem) -> Resources {
        if let override = environment[environmentVariable], !override.isEmpty {
            var isFolder: Bool = false
            guard FileManager.default.fileExists(atPath: override, isDirectory: &isFolder), isFolder else {
                throw .overrideMissing(override)
            }
            let directory = URL(fileURLWithPath: override, isDirectory: true)
            guard FileManager.default.fileExists(atPath: directory.appendingPathComponent(marker).path) else {
                throw .overrideIncomplete(override)
            }
            return Resources(directory: directory)
        }
        var candidates: [URL] = []
        let binDir = executable.deletingLastPathComponent()
        candidates.append(binDir.deletingLastPathComponent().appendingPathComponent("share/snapscroll", isDirectory: true))
        // A checkout: walk up from the binary (…/.build/<triple>/debug/) to the folder holding resources/.
        var dir = binDir
        for _ in 0..<6 {
            candidates.append(dir.appendingPathComponent("resources", isDirectory: true))
            dir = dir.deletingLastPathComponent()
        }
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate.appendingPathComponent(marker).path) {
            return Resources(directory: candidate.standardizedFileURL)
        }
        throw .notFound
    }

    /// The URL of a file inside the resources folder.
    func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// The text of a file inside the resources folder.
    func text(_ name: String) throws -> String { try String(contentsOf: url(name), encoding: .utf8) }
}
