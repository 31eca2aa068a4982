internal import CSnapDecode
import Glibc

/// The image loader's body (`snapscroll-decode`): a long-lived process the application's pool starts with its end of
/// a socket as standard input. It loads its decoders, sandboxes itself (``Sandbox``) and then serves one request at
/// a time: the open image file's descriptor (never a path) and the decode's budget in, the pixels in a sealed memfd
/// (or why there are none) out. Each decode has its own budget of processor time (`ITIMER_PROF`: SIGPROF ends the
/// loader), memory (`RLIMIT_AS`) and pixels (refused from the header); a decode that runs over ends the loader,
/// and the pool starts another. At the socket's end (the application closed it, or ended) the loader ends.
public enum Loader {
    /// Runs the loader with its command line; returns its exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        switch arguments.dropFirst().first {
        case "serve":
            snap_decode_close_from(3)
            prepare()
            guard Sandbox.enter() else { return 3 }
            return serve(socket: 0)
        case "probe-sandbox":
            // The sandbox's own test: tries what it forbids and prints each errno.
            prepare()
            guard Sandbox.enter() else { return 3 }
            print(Sandbox.probe(), terminator: "")
            return 0
        case "check":
            // Decodes each file named after sandboxing (opened before): the sandbox's other test.
            let files = arguments.dropFirst(2).map { open($0, O_RDONLY | O_CLOEXEC) }
            prepare()
            guard Sandbox.enter() else { return 3 }
            for fd in files { print(check(fd)) }
            return 0
        default:
            let usage = "snapscroll-decode is SnapScroll's image loader, started by the library; it is not run by hand.\n"
            _ = usage.withCString { write(2, $0, strlen($0)) }
            return 2
        }
    }

    /// Before the sandbox: no core files, and every decoder loaded and used once (GdkPixbuf opens its modules with
    /// dlopen on first use, librsvg reads fontconfig's files when it first lays out text).
    private static func prepare() {
        Budget.prepare()
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        WarmUp.run()
    }

    private static func serve(socket: Int32) -> Int32 {
        while let request = LoaderWire.receive(socket, count: LoaderWire.requestCount) {
            let numbers = request.numbers.map { Int(truncatingIfNeeded: $0) }
            guard request.fd >= 0, numbers[1] >= 0, numbers[1] < ImageFormats.offered.count else { return 1 }
            let limits = DecodeLimits(maxFileBytes: numbers[3], maxPixels: numbers[4], memoryBytes: numbers[6])
            let fitting = numbers[7] > 0 && numbers[8] > 0 ? (width: numbers[7], height: numbers[8]) : nil
            Budget.start(cpuMilliseconds: numbers[5], memoryBytes: limits.memoryBytes)
            let result = decode(fd: request.fd, size: numbers[2], format: ImageFormats.offered[numbers[1]],
                                fitting: fitting, limits: limits)
            Budget.stop()
            close(request.fd)
            guard answer(socket, result) else { return 1 }
            // Over a budget, the process's memory may be left in pieces: the pool starts a fresh loader.
            if case .failure(let failure) = result, failure.abandoned { return 0 }
        }
        return 0
    }

    private static func decode(fd: Int32, size: Int, format: String, fitting: (width: Int, height: Int)?,
                               limits: DecodeLimits) -> Result<DecodedPixels, DecodeFailure> {
        switch readAll(fd, size: size, limit: limits.maxFileBytes) {
        case .failure(let failure): return .failure(failure)
        case .success(let bytes): return PixbufDecode.decode(bytes, format: format, fitting: fitting, limits: limits)
        }
    }

    private static func answer(_ socket: Int32, _ result: Result<DecodedPixels, DecodeFailure>) -> Bool {
        switch result {
        case .success(let pixels):
            defer { close(pixels.fd) }
            return LoaderWire.send(socket, [LoaderWire.magic, LoaderWire.imageKind, Int64(pixels.width),
                                            Int64(pixels.height), Int64(pixels.naturalWidth),
                                            Int64(pixels.naturalHeight), Int64(pixels.stride), 0, 0, 0], fd: pixels.fd)
        case .failure(let failure):
            let brief = Array(failure.brief.utf8.prefix(4096)), message = Array(failure.message.utf8.prefix(8192))
            return LoaderWire.send(socket, [LoaderWire.magic, LoaderWire.failureKind, 0, 0, 0, 0, 0,
                                            failure.abandoned ? 1 : 0, Int64(brief.count), Int64(message.count)],
                                   text: brief + message)
        }
    }

    /// One file (opened before the sandbox) decoded at its own size: "FORMAT W×H" or "FORMAT failed: BRIEF".
    private static func check(_ fd: Int32) -> String {
        guard fd >= 0 else { return "cannot open" }
        var info = stat()
        fstat(fd, &info)
        var opening = [UInt8](repeating: 0, count: 4096)
        let n = pread(fd, &opening, opening.count, 0)
        guard let format = ImageFormats.sniff(Array(opening.prefix(max(0, n)))) else { return "not offered" }
        let limits = DecodeLimits(maxFileBytes: 32 << 20, maxPixels: 16_000_000, memoryBytes: 512 << 20)
        switch decode(fd: fd, size: Int(info.st_size), format: format, fitting: nil, limits: limits) {
        case .success(let pixels):
            close(pixels.fd)
            return "\(format) \(pixels.width)×\(pixels.height)"
        case .failure(let failure):
            return "\(format) failed: \(failure.brief)"
        }
    }

    /// The whole file from its start (the descriptor's offset is shared with the application, so never moved), but
    /// never past the limit: a file may grow, or report a size it does not have. One byte of room past the size
    /// reported, so a file that grew is noticed; only then is there a larger round.
    static func readAll(_ fd: Int32, size: Int, limit: Int) -> Result<[UInt8], DecodeFailure> {
        var bytes: [UInt8] = []
        var capacity = min(size, limit) + 1
        while true {
            var failure: DecodeFailure?
            let start = bytes.count
            bytes.append(contentsOf: repeatElement(0, count: capacity - start))
            var count = start
            bytes.withUnsafeMutableBytes { buffer in
                while count < capacity {
                    let n = pread(fd, buffer.baseAddress! + count, capacity - count, off_t(count))
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = DecodeFailure(String(cString: strerror(errno)).lowercased())
                        return
                    }
                    if n == 0 { return }
                    count += n
                }
            }
            if let failure { return .failure(failure) }
            bytes.removeLast(bytes.count - count)
            if count < capacity { return .success(bytes) }
            guard count <= limit else {
                return .failure(DecodeFailure("file too large (\((count + (1 << 20) - 1) >> 20) MB, limit \((limit + (1 << 20) - 1) >> 20) MB)"))
            }
            capacity = min(capacity + (1 << 20), limit + 1)
        }
    }
}

/// The budget of one decode inside the long-lived loader: processor time from now (`ITIMER_PROF`, whose SIGPROF
/// ends the process) and address space beyond what the loader maps before it (`RLIMIT_AS`, raised again after).
enum Budget {
    /// /proc/self/statm, opened before the sandbox (which opens nothing) and read again for each decode.
    nonisolated(unsafe) private static var statm: Int32 = -1

    /// Opens what the budget reads; called before the sandbox.
    static func prepare() {
        statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
    }

    /// Bytes of address space mapped now (0 when unknown).
    static func mappedBytes() -> Int {
        var text = [UInt8](repeating: 0, count: 128)
        let n = pread(statm, &text, text.count, 0)
        guard n > 0 else { return 0 }
        let pages = text[0..<n].prefix { $0 >= 0x30 && $0 <= 0x39 }.reduce(0) { $0 * 10 + Int($1 - 0x30) }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    static func start(cpuMilliseconds: Int, memoryBytes: Int) {
        let (room, overflow) = mappedBytes().addingReportingOverflow(max(memoryBytes, 1 << 20))
        var memory = rlimit(rlim_cur: overflow ? rlim_t.max : rlim_t(room), rlim_max: rlim_t.max)
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memory)
        let ms = max(1, cpuMilliseconds)
        var timer = itimerval(it_interval: timeval(), it_value: timeval(tv_sec: ms / 1000, tv_usec: (ms % 1000) * 1000))
        setitimer(__itimer_which_t(ITIMER_PROF.rawValue), &timer, nil)
    }

    static func stop() {
        var timer = itimerval()
        setitimer(__itimer_which_t(ITIMER_PROF.rawValue), &timer, nil)
        var memory = rlimit(rlim_cur: rlim_t.max, rlim_max: rlim_t.max)
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &memory)
    }
}

/// Decoding in the calling process with the loader's own code (no loader process, no sandbox): the benchmark's
/// control, so the cost of the process boundary shows on its own.
public enum InProcessDecode {
    /// Decodes the open file `fd` of `size` bytes to cover `fitWidth × fitHeight` with the standard limits; true when
    /// it gave pixels (dropped at once).
    public static func decode(fd: Int32, size: Int, fitWidth: Int, fitHeight: Int) -> Bool {
        var opening = [UInt8](repeating: 0, count: 4096)
        let n = pread(fd, &opening, opening.count, 0)
        guard n > 0, let format = ImageFormats.sniff(Array(opening[0..<n])) else { return false }
        let limits = DecodeLimits(maxFileBytes: 32 << 20, maxPixels: 16_000_000, memoryBytes: 512 << 20)
        guard case .success(let pixels) = readAll(fd, size: size, limit: limits.maxFileBytes).flatMap({
            PixbufDecode.decode($0, format: format, fitting: (fitWidth, fitHeight), limits: limits)
        }) else { return false }
        close(pixels.fd)
        return true
    }

    private static func readAll(_ fd: Int32, size: Int, limit: Int) -> Result<[UInt8], DecodeFailure> {
        Loader.readAll(fd, size: size, limit: limit)
    }
}
