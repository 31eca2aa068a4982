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

    /// Parses `arguments` given as bytes (including the program name).
    static func parse(_ arguments: [[UInt8]]) throws(UsageError) -> DemoOptions {
        // GLib quietly ignores a value given to a switch (`--rtl=no` would turn right-to-left on): refuse it.
        for argument in arguments.dropFirst().lazy.map({ String(decoding: $0, as: UTF8.self) }).prefix(while: { $0 != "--" }) {
            for flag in ["qa-log", "reduce-motion", "rtl", "loop", "snap-guides", "help"] where argument.hasPrefix("--\(flag)=") {
                throw UsageError(description: "--\(flag) takes no value (got \"\(argument)\")")
            }
        }
        // GLib writes through these; they live until parsing is done.
        let page = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
        let size = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
        let content = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
        let flags = UnsafeMutablePointer<gboolean>.allocate(capacity: 3)
        page.initialize(to: nil); size.initialize(to: nil); content.initialize(to: nil)
        flags.initialize(repeating: 0, count: 3)
        let loopFlag = UnsafeMutablePointer<gboolean>.allocate(capacity: 1)
        loopFlag.initialize(to: 0)
        let guidesFlag = UnsafeMutablePointer<gboolean>.allocate(capacity: 1)
        guidesFlag.initialize(to: 0)
        defer { guidesFlag.deallocate() }
        let autoplay = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
        autoplay.initialize(to: nil)
        let startItem = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
        startItem.initialize(to: nil)
        defer {
            loopFlag.deallocate(); g_free(autoplay.pointee); autoplay.deallocate()
            g_free(startItem.pointee); startItem.deallocate()
        }
        let record = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
        let replay = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: 1)
        record.initialize(to: nil); replay.initialize(to: nil)
        defer { for p in [record, replay] { g_free(p.pointee); p.deallocate() } }
        var keep: [UnsafeMutablePointer<CChar>] = []
        defer {
            for p in [page, size, content] { g_free(p.pointee); p.deallocate() }
            flags.deallocate()
            keep.forEach { free($0) }
        }
        func c(_ s: String) -> UnsafeMutablePointer<CChar> { let p = strdup(s)!; keep.append(p); return p }
        func entry(_ name: String, _ arg: GOptionArg, _ data: UnsafeMutableRawPointer, _ help: String, _ argHelp: String? = nil) -> GOptionEntry {
            GOptionEntry(long_name: c(name), short_name: 0, flags: 0, arg: arg, arg_data: data,
                         description: c(help), arg_description: argHelp.map { UnsafePointer(c($0)) })
        }
        var entries = [
            // Filename arguments reach us as the bytes given, so a value in another script is named by our own
            // message below rather than GLib's charset-conversion error, which says nothing of the option.
            entry("page", G_OPTION_ARG_FILENAME, UnsafeMutableRawPointer(page), "Open on one demo page: \(pageIDs.joined(separator: ", ")) (default menu)", "ID"),
            entry("qa-log", G_OPTION_ARG_NONE, UnsafeMutableRawPointer(flags), "Write the QA event log (JSON lines) to standard output"),
            entry("size", G_OPTION_ARG_FILENAME, UnsafeMutableRawPointer(size), "Initial window size in logical pixels, \(sizeRange.lowerBound) to \(sizeRange.upperBound) each (default \(defaultSize.width)x\(defaultSize.height); never below \(DemoWindow.minimumWidth)x\(DemoWindow.minimumHeight))", "WxH"),
            entry("reduce-motion", G_OPTION_ARG_NONE, UnsafeMutableRawPointer(flags + 1), "No animations; snapping still happens"),
            entry("rtl", G_OPTION_ARG_NONE, UnsafeMutableRawPointer(flags + 2), "Right-to-left layout"),
            entry("content", G_OPTION_ARG_FILENAME, UnsafeMutableRawPointer(content), "The demo's content (JSON; default: content.json among the resources)", "FILE"),
            entry("loop", G_OPTION_ARG_NONE, UnsafeMutableRawPointer(loopFlag), "Strip and carousel wrap around: the first item follows the last"),
            entry("snap-guides", G_OPTION_ARG_NONE, UnsafeMutableRawPointer(guidesFlag), "Draw snap guides over the menu, strip and carousel (Ctrl+G toggles them)"),
            entry("autoplay", G_OPTION_ARG_FILENAME, UnsafeMutableRawPointer(autoplay), "The carousel advances by itself every SECONDS, \(autoplayRange.lowerBound) to \(Int(autoplayRange.upperBound)) (default: off)", "SECONDS"),
            entry("start-item", G_OPTION_ARG_FILENAME, UnsafeMutableRawPointer(startItem), "The opening page's menu, strip or carousel starts on item N, \(startItemRange.lowerBound) to \(startItemRange.upperBound), clamped to its last item (default 0)", "N"),
            entry("record", G_OPTION_ARG_FILENAME, UnsafeMutableRawPointer(record), "Record the session (input, pages, settings, sizes, settles) to FILE", "FILE"),
            entry("replay", G_OPTION_ARG_FILENAME, UnsafeMutableRawPointer(replay), "Replay a recorded session and check its settles (exit 0 all match, 1 a difference, 2 a bad file)", "FILE"),
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

        var options = DemoOptions()
        options.qaLog = flags[0] != 0
        options.reduceMotion = flags[1] != 0
        options.rtl = flags[2] != 0
        options.loop = loopFlag.pointee != 0
        options.snapGuides = guidesFlag.pointee != 0
        if let value = autoplay.pointee.map({ String(cString: $0) }) {
            guard let seconds = Double(value), autoplayRange.contains(seconds) else {
                throw UsageError(description: "bad interval \"\(value)\" for --autoplay (expected seconds, \(autoplayRange.lowerBound)...\(Int(autoplayRange.upperBound)), e.g. 3)")
            }
            options.autoplaySeconds = seconds
        }
        if let value = startItem.pointee.map({ String(cString: $0) }) {
            guard value.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(value), startItemRange.contains(index) else {
                throw UsageError(description: "bad item \"\(value)\" for --start-item (expected a whole number, \(startItemRange.lowerBound)...\(startItemRange.upperBound), e.g. 500000)")
            }
            options.startItem = index
        }
        if let value = page.pointee.map({ String(cString: $0) }) {
            guard pageIDs.contains(value) else {
                throw UsageError(description: "unknown page \"\(value)\" for --page (expected one of: \(pageIDs.joined(separator: ", ")))")
            }
            options.page = value
        }
        if let value = size.pointee.map({ String(cString: $0) }) {
            guard let (w, h) = parseSize(value) else {
                throw UsageError(description: "bad size \"\(value)\" for --size (expected WxH, each \(sizeRange.lowerBound)...\(sizeRange.upperBound), e.g. 960x640)")
            }
            (options.width, options.height) = (w, h)
        }
        func bytes(_ pointer: UnsafeMutablePointer<CChar>) -> [UInt8] {
            Array(UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer)))
        }
        options.contentFile = content.pointee.map(bytes)
        options.recordFile = record.pointee.map(bytes)
        options.replayFile = replay.pointee.map(bytes)
        if options.replayFile != nil {
            // The session's options are the recorded ones.
            let given = [("--page", page.pointee != nil), ("--size", size.pointee != nil), ("--reduce-motion", options.reduceMotion),
                         ("--rtl", options.rtl), ("--content", options.contentFile != nil), ("--loop", options.loop),
                         ("--autoplay", options.autoplaySeconds != nil), ("--record", options.recordFile != nil),
                         ("--start-item", options.startItem != nil), ("--snap-guides", options.snapGuides)]
            if let other = given.first(where: { $0.1 }) {
                throw UsageError(description: "\(other.0) cannot be given with --replay (the recording holds the options; only --qa-log may be added)")
            }
        }
        return options
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
