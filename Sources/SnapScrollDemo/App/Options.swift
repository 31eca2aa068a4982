import CSnapGtk
import Glibc

/// The demo's command line, as `component-contract.md` defines it, parsed with GLib's option handling.
struct DemoOptions: Equatable {
    static let pageIDs = ["menu", "centering", "segmented", "strip", "carousel"]
    static let defaultSize = (width: 960, height: 640)
    /// Bounds of `--size`, in logical pixels: small enough for a phone-sized check, large enough for 4K.
    static let sizeRange = 1...16384

    var page = "menu"
    var qaLog = false
    /// `--loop`: the strip and the carousel wrap around.
    var loop = false
    /// `--autoplay SECONDS`: the carousel advances by itself every SECONDS.
    var autoplaySeconds: Double?
    /// `--snap-guides`: snap guides drawn over the menu, the strip and the carousel from the start.
    var snapGuides = false
    /// Bounds of `--autoplay`, in seconds.
    static let autoplayRange = 0.5...3600.0
    /// `--start-item N`: the opening page's snapping component starts on item N (nil: on its first item).
    var startItem: Int?
    /// Bounds of `--start-item` (a component clamps it to its last item).
    static let startItemRange = 0...999_999_999
    var width = defaultSize.width
    var height = defaultSize.height
    var reduceMotion = false
    var rtl = false
    /// The `--content` path as the bytes given (a file name need not be valid UTF-8).
    var contentFile: [UInt8]?
    /// `--record FILE`: the session is written there (bytes, as given).
    var recordFile: [UInt8]?
    /// `--replay FILE`: the session to play back (bytes, as given); the other options then come from it.
    var replayFile: [UInt8]?
    /// `--keep-going`, with `--replay`: a difference does not stop the replay; it plays to the end.
    var keepGoing = false

    /// A problem with the command line: one line for standard error, exit status 2.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses the process's own command line as the bytes given (a file name need not be UTF-8).
    static func parseCommandLine() throws(UsageError) -> DemoOptions {
        try parse((0..<Int(CommandLine.argc)).map { i in
            CommandLine.unsafeArgv[i].map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) } ?? []
        })
    }

    /// Parses `arguments` (including the program name). `--help` is answered by GLib, which prints
    /// the usage and exits 0.
    static func parse(_ arguments: [String]) throws(UsageError) -> DemoOptions {
        try parse(arguments.map { Array($0.utf8) })
    }

    /// The switches, which take no value.
    private static let flags = ["qa-log", "reduce-motion", "rtl", "loop", "snap-guides", "keep-going"]

    /// Parses `arguments` given as bytes (including the program name).
    static func parse(_ arguments: [[UInt8]]) throws(UsageError) -> DemoOptions {
        // GLib quietly ignores a value given to a switch (`--rtl=no` would turn right-to-left on): refuse it.
        for argument in arguments.dropFirst().lazy.map({ String(decoding: $0, as: UTF8.self) }).prefix(while: { $0 != "--" }) {
            for flag in flags + ["help"] where argument.hasPrefix("--\(flag)=") {
                throw UsageError(description: "--\(flag) takes no value (got \"\(argument)\")")
            }
        }
        let slots = OptionSlots(strings: ["page", "size", "content", "autoplay", "start-item", "record", "replay"], flags: flags)
        try parseWithGLib(arguments, into: slots)
        var options = DemoOptions()
        options.qaLog = slots.flag("qa-log")
        options.reduceMotion = slots.flag("reduce-motion")
        options.rtl = slots.flag("rtl")
        options.loop = slots.flag("loop")
        options.snapGuides = slots.flag("snap-guides")
        options.keepGoing = slots.flag("keep-going")
        options.contentFile = slots.bytes("content")
        options.recordFile = slots.bytes("record")
        options.replayFile = slots.bytes("replay")
        try options.takeValues(slots)
        return options
    }

    /// GLib's option parser over `arguments`, writing into `slots`.
    private static func parseWithGLib(_ arguments: [[UInt8]], into slots: OptionSlots) throws(UsageError) {
        var keep: [UnsafeMutablePointer<CChar>] = []
        defer { keep.forEach { free($0) } }
        func c(_ s: String) -> UnsafeMutablePointer<CChar> { let p = strdup(s)!; keep.append(p); return p }
        func entry(_ name: String, _ help: String, _ argHelp: String? = nil) -> GOptionEntry {
            // Filename arguments reach us as the bytes given, so a value in another script is named by our own
            // message below rather than GLib's charset-conversion error, which says nothing of the option.
            let data = slots.strings[name].map { UnsafeMutableRawPointer($0) } ?? UnsafeMutableRawPointer(slots.flags[name]!)
            return GOptionEntry(long_name: c(name), short_name: 0, flags: 0, arg: argHelp == nil ? G_OPTION_ARG_NONE : G_OPTION_ARG_FILENAME,
                                arg_data: data, description: c(help), arg_description: argHelp.map { UnsafePointer(c($0)) })
        }
        var entries = [
            entry("page", "Open on one demo page: \(pageIDs.joined(separator: ", ")) (default menu)", "ID"),
            entry("qa-log", "Write the QA event log (JSON lines) to standard output"),
            entry("size", "Initial window size in logical pixels, \(sizeRange.lowerBound) to \(sizeRange.upperBound) each (default \(defaultSize.width)x\(defaultSize.height); never below \(DemoWindow.minimumWidth)x\(DemoWindow.minimumHeight))", "WxH"),
            entry("reduce-motion", "No animations; snapping still happens"),
            entry("rtl", "Right-to-left layout"),
            entry("content", "The demo's content (JSON; default: content.json among the resources)", "FILE"),
            entry("loop", "Strip and carousel wrap around: the first item follows the last"),
            entry("snap-guides", "Draw snap guides over the menu, strip and carousel (Ctrl+G toggles them)"),
            entry("autoplay", "The carousel advances by itself every SECONDS, \(autoplayRange.lowerBound) to \(Int(autoplayRange.upperBound)) (default: off)", "SECONDS"),
            entry("start-item", "The opening page's menu, strip or carousel starts on item N, \(startItemRange.lowerBound) to \(startItemRange.upperBound), clamped to its last item (default 0)", "N"),
            entry("record", "Record the session (input, controls, pages, settings, sizes, settles) to FILE (exit 3 if incomplete)", "FILE"),
            entry("replay", "Replay a recorded session and check its settles (exit 0 all match, 1 a difference, 2 a bad file)", "FILE"),
            entry("keep-going", "With --replay: play to the end after a difference (default: stop at the first)"),
            GOptionEntry(),
        ]
        let context = g_option_context_new(nil)
        defer { g_option_context_free(context) }
        g_option_context_set_summary(context, "SnapScroll: horizontal snapping components for GTK, one demo page each.")
        g_option_context_add_main_entries(context, &entries, nil)

        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = g_new0_strv(arguments)
        defer { g_strfreev(argv) }
        var error: UnsafeMutablePointer<GError>?
        guard g_option_context_parse_strv(context, &argv, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "invalid arguments"
            g_error_free(error)
            throw UsageError(description: message)
        }
        if let argv, let extra = argv[1] {
            throw UsageError(description: "unexpected argument \"\(String(cString: extra))\"")
        }
    }

    /// Checks and takes the options with values, then what `--replay` allows.
    private mutating func takeValues(_ slots: OptionSlots) throws(UsageError) {
        if let value = slots.string("autoplay") {
            guard let seconds = Double(value), Self.autoplayRange.contains(seconds) else {
                throw UsageError(description: "bad interval \"\(value)\" for --autoplay (expected seconds, \(Self.autoplayRange.lowerBound)...\(Int(Self.autoplayRange.upperBound)), e.g. 3)")
            }
            autoplaySeconds = seconds
        }
        if let value = slots.string("start-item") {
            guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(value), Self.startItemRange.contains(index) else {
                throw UsageError(description: "bad item \"\(value)\" for --start-item (expected a whole number, \(Self.startItemRange.lowerBound)...\(Self.startItemRange.upperBound), e.g. 500000)")
            }
            startItem = index
        }
        if let value = slots.string("page") {
            guard Self.pageIDs.contains(value) else {
                throw UsageError(description: "unknown page \"\(value)\" for --page (expected one of: \(Self.pageIDs.joined(separator: ", ")))")
            }
            page = value
        }
        if let value = slots.string("size") {
            guard let (w, h) = Self.parseSize(value) else {
                throw UsageError(description: "bad size \"\(value)\" for --size (expected WxH, each \(Self.sizeRange.lowerBound)...\(Self.sizeRange.upperBound), e.g. 960x640)")
            }
            (width, height) = (w, h)
        }
        if replayFile != nil {
            // The session's options are the recorded ones.
            let given = [("--page", slots.string("page") != nil), ("--size", slots.string("size") != nil), ("--reduce-motion", reduceMotion),
                         ("--rtl", rtl), ("--content", contentFile != nil), ("--loop", loop),
                         ("--autoplay", autoplaySeconds != nil), ("--record", recordFile != nil),
                         ("--start-item", startItem != nil), ("--snap-guides", snapGuides)]
            if let other = given.first(where: { $0.1 }) {
                throw UsageError(description: "\(other.0) cannot be given with --replay (the recording holds the options; only --qa-log and --keep-going may be added)")
            }
        } else if keepGoing {
            throw UsageError(description: "--keep-going is for --replay only")
        }
    }

    /// "960x640" → (960, 640); nil for anything else.
    static func parseSize(_ text: String) -> (Int, Int)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let w = Int(parts[0]), let h = Int(parts[1]),
              sizeRange.contains(w), sizeRange.contains(h) else { return nil }
        return (w, h)
    }
}

/// What GLib's option parser writes into, by option name: a string (bytes) or a switch each; freed with it.
private final class OptionSlots {
    let strings: [String: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>]
    let flags: [String: UnsafeMutablePointer<gboolean>]

    init(strings names: [String], flags switches: [String]) {
        strings = Dictionary(uniqueKeysWithValues: names.map { name in
            let slot = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
            slot.initialize(to: nil)
            return (name, slot)
        })
        flags = Dictionary(uniqueKeysWithValues: switches.map { name in
            let slot = UnsafeMutablePointer<gboolean>.allocate(capacity: 1)
            slot.initialize(to: 0)
            return (name, slot)
        })
    }

    deinit {
        for slot in strings.values { g_free(slot.pointee); slot.deallocate() }
        for slot in flags.values { slot.deallocate() }
    }

    func flag(_ name: String) -> Bool { flags[name]!.pointee != 0 }

    func string(_ name: String) -> String? { strings[name]!.pointee.map { String(cString: $0) } }

    func bytes(_ name: String) -> [UInt8]? {
        strings[name]!.pointee.map { Array(UnsafeBufferPointer(start: UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), count: strlen($0))) }
    }
}

/// A NULL-terminated copy of `strings` (bytes, without NULs) that GLib owns (free with `g_strfreev`).
private func g_new0_strv(_ strings: [[UInt8]]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
    let vector = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>(OpaquePointer(g_malloc0(gsize((strings.count + 1) * MemoryLayout<UnsafeMutablePointer<CChar>?>.stride))!))
    for (i, s) in strings.enumerated() {
        let copy = UnsafeMutablePointer<CChar>(OpaquePointer(g_malloc0(gsize(s.count + 1))!))
        s.withUnsafeBytes { if let base = $0.baseAddress { memcpy(copy, base, s.count) } }
        vector[i] = copy
    }
    return vector
}
