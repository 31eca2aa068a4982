import FoundationEssentials

/// Finds the files in `resources/`: from an environment override, next to an installed binary
/// (`<prefix>/share/snapscroll`), or from a checkout where the binary sits under `.build/`.
struct Resources: Sendable {
    /// The environment variable that names the resources folder outright.
    static let environmentVariable = "SNAPSCROLL_RESOURCES"

    let directory: URL

    init(directory: URL) { self.directory = directory }

    /// Locates the resources folder; nil when none of the places holds one.
    static func locate(executable: URL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath(),
                              environment: [String: String] = ProcessInfo.processInfo.environment) -> Resources? {
        if let override = environment[environmentVariable], !override.isEmpty {
            return Resources(directory: URL(fileURLWithPath: override, isDirectory: true))
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
        let marker = "snapscroll.css"
        for candidate in candidates where FileManager.default.fileExists(atPath: candidate.appendingPathComponent(marker).path) {
            return Resources(directory: candidate.standardizedFileURL)
        }
        return nil
    }

    /// The URL of a file inside the resources folder.
    func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    /// The text of a file inside the resources folder.
    func text(_ name: String) throws -> String { try String(contentsOf: url(name), encoding: .utf8) }
}
