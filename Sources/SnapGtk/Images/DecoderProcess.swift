import CSnapGtk
import Glibc
import SnapDecode

/// Decoding in a sandboxed loader process with a budget: the only way a decoder that runs over can be abandoned.
///
/// Some formats cost far more than their pixel count says (an SVG filter chain, a JPEG of many scans), and a thread
/// stuck in a decoder cannot be stopped cleanly. So a `LoaderPool` process gets the open file and the budget and
/// answers with the pixels in a sealed memfd, mapped here as the surface (no copy). This side waits on its socket,
/// pidfd and the job's `GCancellable` until the deadline, then kills it; a cancelled decode gets `cancelGrace`.
enum DecoderProcess {
    /// How long a cancelled decode may still finish before its loader is killed, in seconds.
    static let cancelGrace = 0.5

    /// Decodes the open regular file `fd` of `size` bytes in the offered format `format` in a loader within `limits`.
    /// Blocks the calling thread (a worker, or the caller of `Texture(contentsOfFile:)`) until the answer is in, the
    /// deadline passes or `cancellable` is cancelled.
    static func decode(fd: Int32, size: Int, format: Int, fitting: (width: Int, height: Int)?, limits: ImageFile.Limits,
                       cancellable: UnsafeMutablePointer<GCancellable>? = nil) -> Result<DecodedImage, ImageFile.Failure> {
        let loader: LoaderPool.Loader
        switch LoaderPool.shared.take() {
        case .success(let taken): loader = taken
        case .failure(let failure): return .failure(failure)
        }
        let request: [Int64] = [LoaderWire.magic, Int64(format), Int64(size), Int64(limits.maxFileBytes),
                                Int64(limits.maxPixels), Int64((limits.decodeCPUSeconds * 1000).rounded(.up)),
                                Int64(limits.decodeMemoryBytes), Int64(fitting?.width ?? 0), Int64(fitting?.height ?? 0)]
        guard LoaderWire.send(loader.socket, request, fd: fd) else {
            return .failure(ended(LoaderPool.shared.end(loader, kill: true), limits: limits))
        }
        let start = monotonicSeconds()
        var cancelledAt: Double?
        var polls = [pollfd(fd: loader.socket, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: loader.pidfd, events: Int16(POLLIN), revents: 0)]
        let cancelFd = cancellable.map { g_cancellable_get_fd($0) } ?? -1
        if cancelFd >= 0 { polls.append(pollfd(fd: cancelFd, events: Int16(POLLIN), revents: 0)) }
        defer { if cancelFd >= 0 { g_cancellable_release_fd(cancellable) } }
        var result: Result<DecodedImage, ImageFile.Failure>?
        while result == nil {
            if cancelledAt == nil, let cancellable, g_cancellable_is_cancelled(cancellable) != 0 {
                cancelledAt = monotonicSeconds()
                if polls.count > 2 { polls.removeLast() }
            }
            let now = monotonicSeconds()
            let deadline = min(start + limits.decodeWallSeconds, cancelledAt.map { $0 + cancelGrace } ?? .infinity)
            if now >= deadline {
                _ = LoaderPool.shared.end(loader, kill: true)
                result = .failure(.abandoned("decoding took longer than its \(seconds(limits.decodeWallSeconds)) s time budget"))
                break
            }
            let ready = poll(&polls, nfds_t(polls.count), Int32(min((deadline - now) * 1000 + 1, 60_000)))
            if ready < 0, errno != EINTR { break }
            if ready <= 0 { continue }
            if polls[0].revents & Int16(POLLIN) != 0 {
                guard let message = LoaderWire.receive(loader.socket, count: LoaderWire.answerCount) else { break }
                result = answer(message, limits: limits)
                if case .failure(let failure) = result, failure.abandoned || failure.brief == malformed.brief {
                    // A loader over its budget ends by itself after its answer; one that gave a malformed answer is
                    // not trusted with another file.
                    _ = LoaderPool.shared.end(loader, kill: !failure.abandoned)
                } else {
                    LoaderPool.shared.keep(loader)
                }
            } else if polls[0].revents != 0 || polls[1].revents != 0 { break }
        }
        // No result: the loader ended (or its socket failed) without an answer.
        let decoded = result ?? .failure(ended(LoaderPool.shared.end(loader, kill: true), limits: limits))
        return cancelledAt == nil ? decoded : .failure(.cancelled)
    }

    /// Why a loader that ended gave no answer, from how it ended.
    private static func ended(_ outcome: (code: Int32, status: Int32), limits: ImageFile.Limits) -> ImageFile.Failure {
        if outcome.code == Int32(CLD_KILLED) || outcome.code == Int32(CLD_DUMPED) {
            // SIGPROF is the loader's processor budget (ITIMER_PROF); any other signal is a crash (librsvg 2.54
            // aborts on some filters) or a kill from outside, and says which.
            if outcome.status == SIGPROF || outcome.status == SIGXCPU {
                return .abandoned("decoding took longer than its \(seconds(limits.decodeCPUSeconds)) s CPU budget")
            }
            return .abandoned("not a readable image: the decoder crashed (signal \(outcome.status))")
        }
        if outcome.status == 3 { return ImageFile.Failure("the image decoder cannot enter its sandbox") }
        return ImageFile.Failure("not a readable image: the decoder gave no answer")
    }

    /// The loader's answer as pixels (its memfd mapped as the surface's memory) or a failure.
    private static func answer(_ message: LoaderWire.Message, limits: ImageFile.Limits) -> Result<DecodedImage, ImageFile.Failure> {
        let n = message.numbers.map { Int(truncatingIfNeeded: $0) }
        defer { if message.fd >= 0 { close(message.fd) } }
        if message.numbers[1] == LoaderWire.failureKind {
            guard n[8] >= 0, n[9] >= 0, n[8] + n[9] == message.text.count else { return .failure(malformed) }
            let brief = String(decoding: message.text[0..<n[8]], as: UTF8.self)
            let full = String(decoding: message.text[n[8]...], as: UTF8.self)
            return .failure(ImageFile.Failure(message: full, brief: brief, abandoned: n[7] != 0))
        }
        guard message.numbers[1] == LoaderWire.imageKind, message.fd >= 0 else { return .failure(malformed) }
        let (width, height, stride) = (n[2], n[3], n[6])
        var info = stat()
        guard width > 0, height > 0, ImageFile.refusal(width: width, height: height, limits: limits) == nil,
              stride == Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width))),
              fcntl(message.fd, LoaderWire.getSeals) & LoaderWire.pixelSeals == LoaderWire.pixelSeals,
              fstat(message.fd, &info) == 0, Int(info.st_size) >= stride * height else { return .failure(malformed) }
        // Private and writable: the pages are the memfd's until something writes (nothing does); sealed, the memfd
        // cannot shrink under the mapping or change.
        guard let mapped = mmap(nil, stride * height, PROT_READ | PROT_WRITE, MAP_PRIVATE, message.fd, 0),
              mapped != MAP_FAILED else { return .failure(.system("cannot map the decoded pixels")) }
        let surface = cairo_image_surface_create_for_data(mapped.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                                                          Int32(width), Int32(height), Int32(stride))!
        let mapping = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        mapping[0] = Int(bitPattern: mapped)
        mapping[1] = stride * height
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
              cairo_surface_set_user_data(surface, mappingKey, mapping, { data in
                  let mapping = data!.assumingMemoryBound(to: Int.self)
                  munmap(UnsafeMutableRawPointer(bitPattern: mapping[0]), mapping[1])
                  mapping.deallocate()
              }) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            munmap(mapped, stride * height)
            mapping.deallocate()
            return .failure(ImageFile.Failure("cannot make a surface of \(width)×\(height) px"))
        }
        return .success(DecodedImage(adopting: surface, width: width, height: height, naturalWidth: n[4], naturalHeight: n[5]))
    }

    private static let malformed = ImageFile.Failure("not a readable image: the decoder gave a malformed answer")

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))" : "\(value)"
    }

    /// GLib's monotonic clock (`CLOCK_MONOTONIC`, the one GTK's frame times use), in seconds.
    static func monotonicSeconds() -> Double { Double(g_get_monotonic_time()) / 1e6 }
}

/// The key under which a surface mapped from a loader's memfd keeps its mapping, unmapped with the surface.
private nonisolated(unsafe) let mappingKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)
