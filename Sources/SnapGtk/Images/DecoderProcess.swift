import CSnapGtk
import Glibc

/// Decoding in a child process with a budget: the only way a decoder that runs over can be abandoned.
///
/// A decoder is C (or Rust) code working on hostile bytes; some formats cost far more than their pixel count says (an
/// SVG filter chain, a progressive JPEG of many scans), and a thread stuck in one cannot be stopped without leaving
/// its locks and memory behind. So every image is decoded by the helper executable `snapscroll-decode`: the parent
/// checks and opens the file as before (regular files only, without blocking, size before reading) and hands the
/// open descriptor over as the child's standard input; the child limits itself (`RLIMIT_CPU`, `RLIMIT_AS`, no core
/// file) before it reads a byte, decodes through `ImageFile.decode` exactly as in-process decoding did, and writes its
/// answer (the pixels in cairo's layout, or why there are none) to a pipe. The parent waits for that answer until a
/// wall-clock deadline and kills the child when it passes, or at once when the decode is cancelled.
enum DecoderProcess {
    /// The helper's file name.
    static let helperName = "snapscroll-decode"

    /// Where the helper is: for an executable in a folder named `bin` (installed), `PREFIX/libexec/snapscroll/`, and
    /// nowhere else; otherwise (a build folder) beside the executable. Nil when it is not there.
    static let helperPath: String? = {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
        guard n > 0 else { return nil }
        let exe = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = exe.lastIndex(of: "/") else { return nil }
        let folder = String(exe[..<slash])
        let candidate = folder.hasSuffix("/bin")
            ? String(folder.dropLast(4)) + "/libexec/snapscroll/" + helperName
            : folder + "/" + helperName
        return access(candidate, X_OK) == 0 ? candidate : nil
    }()

    /// The answer's fixed part: a magic word, the kind, five numbers.
    private static let magic: Int32 = 0x3144_5353  // "SSD1"
    private static let headerCount = 7
    private enum Kind: Int32 { case image = 1, failure = 2 }

    // MARK: - The parent's side

    /// Decodes the open regular file `fd` of `size` bytes in a child within `limits` (pixels, CPU seconds, address
    /// space, wall-clock time). Blocks the calling thread (a worker, or the caller of `Texture(contentsOfFile:)`)
    /// until the answer is in, the deadline passes or `cancellable` is cancelled.
    static func decode(fd: Int32, size: Int, fitting: (width: Int, height: Int)?, limits: ImageFile.Limits,
                       cancellable: UnsafeMutablePointer<GCancellable>? = nil) -> Result<DecodedImage, ImageFile.Failure> {
        guard let helper = helperPath else {
            return .failure(ImageFile.Failure("image decoder not found (\(helperName))"))
        }
        var pipeEnds: [Int32] = [-1, -1]
        // Both ends closed on exec: only the child's standard output (a copy made in the child) stays open there, so
        // the pipe ends when the child does, and no other decode's child holds it open.
        guard g_unix_open_pipe(&pipeEnds, FD_CLOEXEC, nil) != 0 else {
            return .failure(systemFailure("cannot make a pipe"))
        }
        defer { if pipeEnds[0] >= 0 { close(pipeEnds[0]) } }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, fd, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        // Whatever a decoder prints is no concern of the application's standard error.
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // Every signal at its default action and none blocked: the application ignores SIGPIPE, which a child would
        // inherit, and a blocked or ignored SIGXCPU would not end a decoder that runs over.
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let arguments = [helper, "decode", "\(size)", "\(limits.maxFileBytes)", "\(limits.maxPixels)",
                         "\(limits.decodeCPUSeconds)", "\(limits.decodeMemoryBytes)",
                         "\(fitting?.width ?? 0)", "\(fitting?.height ?? 0)"]
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, helper, &actions, &attributes, &argv, environ)
        close(pipeEnds[1])
        guard spawned == 0 else {
            return .failure(ImageFile.Failure("cannot start the image decoder: \(String(cString: strerror(spawned)).lowercased())"))
        }

        let reader = AnswerReader(fd: pipeEnds[0], limits: limits)
        let ended = reader.run(deadline: monotonicSeconds() + limits.decodeWallSeconds, cancellable: cancellable)
        var status: Int32 = 0
        var killed = false
        var exited = false
        if ended == .closed {
            // The pipe ended: the child is ending (a crash closes it too). Waited for until the deadline.
            let deadline = monotonicSeconds() + limits.decodeWallSeconds
            while !exited, monotonicSeconds() < deadline {
                let reaped = waitpid(pid, &status, WNOHANG)
                if reaped == pid || (reaped < 0 && errno != EINTR) { exited = true } else { usleep(1000) }
            }
        }
        if !exited, ended != .answered {
            // Stopped here: at the deadline, when cancelled, or when its answer was malformed or found no room (a
            // child left writing to a pipe nobody reads would wait for ever, using no processor time).
            kill(pid, SIGKILL)
            killed = true
        }
        if !exited {
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
        let signal = status & 0x7f
        switch ended {
        case .cancelled:
            return .failure(ImageFile.Failure("cancelled"))
        case .deadline:
            return .failure(.abandoned("decoding took longer than its \(seconds(limits.decodeWallSeconds)) s time budget"))
        case .answered, .closed, .malformed:
            break
        }
        if signal == SIGXCPU || (signal == SIGKILL && !killed) {
            // The soft CPU limit raises SIGXCPU; a decoder that ignored it meets the hard limit's SIGKILL.
            return .failure(.abandoned("decoding took longer than its \(seconds(limits.decodeCPUSeconds)) s CPU budget"))
        }
        if let answer = reader.answer, ended == .answered || killed { return answer }
        if killed {
            return .failure(.abandoned(ended == .closed
                ? "decoding took longer than its \(seconds(limits.decodeWallSeconds)) s time budget"
                : "not a readable image: the decoder gave a malformed answer"))
        }
        if signal != 0 {
            // A decoder's bug, and the reason it runs in a process of its own (librsvg 2.54 aborts on some filters).
            return .failure(.abandoned("not a readable image: the decoder crashed (signal \(signal))"))
        }
        return .failure(ImageFile.Failure("not a readable image: the decoder gave no answer"))
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))" : "\(value)"
    }

    private static func systemFailure(_ what: String) -> ImageFile.Failure {
        ImageFile.Failure("\(what): \(String(cString: strerror(errno)).lowercased())")
    }

    static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Reads the child's answer from the pipe as it comes, the pixels straight into the surface they end up in.
    private final class AnswerReader {
        /// `closed`: the pipe ended before an answer; `malformed`: what came was not an answer (or found no room).
        enum End { case answered, closed, malformed, deadline, cancelled }
        let fd: Int32
        let limits: ImageFile.Limits
        private(set) var answer: Result<DecodedImage, ImageFile.Failure>?
        private var header = [Int32](repeating: 0, count: DecoderProcess.headerCount)
        private var headerBytes = 0
        private var surface: OpaquePointer?
        private var text: [UInt8] = []
        private var body = 0
        private var bodyDone = 0
        /// Whether the pipe ended (rather than what came being malformed).
        private(set) var sawEnd = false

        init(fd: Int32, limits: ImageFile.Limits) {
            self.fd = fd
            self.limits = limits
        }

        deinit { if let surface { cairo_surface_destroy(surface) } }

        func run(deadline: Double, cancellable: UnsafeMutablePointer<GCancellable>?) -> End {
            var polls = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            let cancelFd = cancellable.map { g_cancellable_get_fd($0) } ?? -1
            if cancelFd >= 0 { polls.append(pollfd(fd: cancelFd, events: Int16(POLLIN), revents: 0)) }
            defer { if cancelFd >= 0 { g_cancellable_release_fd(cancellable) } }
            while answer == nil {
                if let cancellable, g_cancellable_is_cancelled(cancellable) != 0 { return .cancelled }
                let left = deadline - DecoderProcess.monotonicSeconds()
                if left <= 0 { return .deadline }
                let ready = poll(&polls, nfds_t(polls.count), Int32(min(left * 1000 + 1, 60_000)))
                if ready < 0 {
                    if errno == EINTR { continue }
                    return .closed
                }
                if ready == 0 { continue }
                if polls.count > 1, polls[1].revents != 0 { return .cancelled }
                if polls[0].revents != 0 {
                    guard readSome() else { return sawEnd ? .closed : .malformed }
                }
            }
            return .answered
        }

        /// Reads what the pipe holds now; false at its end or on a malformed answer.
        private func readSome() -> Bool {
            if headerBytes < header.count * 4 {
                let n = header.withUnsafeMutableBytes { raw in
                    Glibc.read(fd, raw.baseAddress! + headerBytes, raw.count - headerBytes)
                }
                if n <= 0 { return ended(n) }
                headerBytes += n
                if headerBytes == header.count * 4 { return begin() }
                return true
            }
            if let surface {
                let data = cairo_image_surface_get_data(surface)!
                let n = Glibc.read(fd, data + bodyDone, body - bodyDone)
                if n <= 0 { return ended(n) }
                bodyDone += n
                if bodyDone == body {
                    cairo_surface_mark_dirty(surface)
                    self.surface = nil
                    answer = .success(DecodedImage(adopting: surface, width: Int(header[2]), height: Int(header[3]),
                                                   naturalWidth: Int(header[4]), naturalHeight: Int(header[5])))
                }
                return true
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = Glibc.read(fd, &chunk, min(chunk.count, body - text.count))
            if n <= 0 { return ended(n) }
            text += chunk[0..<n]
            if text.count == body { finishFailure() }
            return true
        }

        /// After a read of `n` ≤ 0 bytes: true to read again (interrupted), false at the pipe's end or an error.
        private func ended(_ n: Int) -> Bool {
            if n < 0, errno == EINTR { return true }
            sawEnd = true
            return false
        }

        /// The fixed part is in: checks it and makes room for the rest.
        private func begin() -> Bool {
            guard header[0] == DecoderProcess.magic else { return false }
            switch Kind(rawValue: header[1]) {
            case .image:
                let width = Int(header[2]), height = Int(header[3])
                guard width > 0, height > 0, ImageFile.refusal(width: width, height: height, limits: limits) == nil,
                      header[6] == cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)) else { return false }
                let made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
                guard cairo_surface_status(made) == CAIRO_STATUS_SUCCESS,
                      cairo_image_surface_get_stride(made) == header[6] else {
                    cairo_surface_destroy(made)
                    answer = .failure(ImageFile.Failure("cannot make a surface of \(width)×\(height) px"))
                    return false
                }
                surface = made
                body = Int(header[6]) * height
            case .failure:
                guard header[2] >= 0, header[3] >= 0, header[2] + header[3] <= 16 << 10 else { return false }
                body = Int(header[2]) + Int(header[3])
                if body == 0 { finishFailure() }
            case nil:
                return false
            }
            return true
        }

        private func finishFailure() {
            let brief = String(decoding: text[0..<Int(header[2])], as: UTF8.self)
            let message = String(decoding: text[Int(header[2])...], as: UTF8.self)
            answer = .failure(ImageFile.Failure(message: message, brief: brief, abandoned: header[4] != 0))
        }
    }

    // MARK: - The child's side

    /// The helper's body: `snapscroll-decode decode SIZE MAX-FILE-BYTES MAX-PIXELS CPU-SECONDS MEMORY-BYTES FIT-W
    /// FIT-H`, the file open on standard input, the answer to standard output. Returns the exit status.
    static func serve(_ arguments: [String]) -> Int32 {
        guard arguments.count == 9, arguments[1] == "decode",
              let size = Int(arguments[2]), let maxFileBytes = Int(arguments[3]), let maxPixels = Int(arguments[4]),
              let cpu = Double(arguments[5]), let memory = Int(arguments[6]),
              let fitWidth = Int(arguments[7]), let fitHeight = Int(arguments[8]) else {
            let usage = "\(helperName) is SnapScroll's image decoder, started by the library; it is not run by hand.\n"
            _ = usage.withCString { write(2, $0, strlen($0)) }
            return 2
        }
        // Killed with the application should it end first (the thread that started this waits for it throughout,
        // so that thread ends only after the decode does).
        snap_die_with_parent()
        // Descriptors the application opened without close-on-exec are none of the decoder's business.
        snap_close_from(3)
        // Limits first, before a byte of the file is read.
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        let cpuSeconds = rlim_t(max(1, cpu.rounded(.up)))
        var cpuLimit = rlimit(rlim_cur: cpuSeconds, rlim_max: cpuSeconds + 1)
        setrlimit(__rlimit_resource_t(RLIMIT_CPU.rawValue), &cpuLimit)
        var memoryLimit = rlimit(rlim_cur: rlim_t(memory), rlim_max: rlim_t(memory))
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memoryLimit)

        let limits = ImageFile.Limits(maxFileBytes: maxFileBytes, maxPixels: maxPixels,
                                      decodeCPUSeconds: cpu, decodeMemoryBytes: memory)
        let fitting = fitWidth > 0 && fitHeight > 0 ? (width: fitWidth, height: fitHeight) : nil
        let result: Result<DecodedImage, ImageFile.Failure>
        switch ImageFile.readAll(0, size: size, limits: limits) {
        case .failure(let failure): result = .failure(failure)
        case .success(let bytes): result = ImageFile.decode(bytes, fitting: fitting, limits: limits)
        }
        return send(result) ? 0 : 1
    }

    /// Writes an answer to standard output.
    private static func send(_ result: Result<DecodedImage, ImageFile.Failure>) -> Bool {
        switch result {
        case .success(let image):
            let stride = cairo_image_surface_get_stride(image.surface)
            cairo_surface_flush(image.surface)
            let header: [Int32] = [magic, Kind.image.rawValue, Int32(image.width), Int32(image.height),
                                   Int32(image.naturalWidth), Int32(image.naturalHeight), stride]
            let data = UnsafeRawPointer(cairo_image_surface_get_data(image.surface)!)
            return header.withUnsafeBytes { writeAll($0.baseAddress!, $0.count) }
                && writeAll(data, Int(stride) * image.height)
        case .failure(let failure):
            let brief = Array(failure.brief.utf8.prefix(4096)), message = Array(failure.message.utf8.prefix(8192))
            let header: [Int32] = [magic, Kind.failure.rawValue, Int32(brief.count), Int32(message.count),
                                   failure.abandoned ? 1 : 0, 0, 0]
            return header.withUnsafeBytes { writeAll($0.baseAddress!, $0.count) }
                && brief.withUnsafeBytes { writeAll($0.baseAddress!, $0.count) }
                && message.withUnsafeBytes { $0.isEmpty || writeAll($0.baseAddress!, $0.count) }
        }
    }

    private static func writeAll(_ start: UnsafeRawPointer, _ count: Int) -> Bool {
        var done = 0
        while done < count {
            let n = write(1, start + done, count - done)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return false }
            done += n
        }
        return true
    }
}

/// The entry point of the `snapscroll-decode` helper executable, which the library starts for every image it decodes
/// (`ImageFile`): not for applications to call.
@_spi(DecoderHelper)
public enum ImageDecoderHelper {
    /// Runs the helper with its command line; returns its exit status.
    public static func main(_ arguments: [String]) -> Int32 { DecoderProcess.serve(arguments) }
}
