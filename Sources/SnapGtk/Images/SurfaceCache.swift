import CSnapGtk
import SnapDecode

/// Images by file path, ready for cairo drawing, so recycled cells never decode the same file twice. Files are decoded
/// on a worker (`DecodeQueue`) at the size drawn, again when drawn larger; `lookup` never reads a file. Failures are
/// remembered; the least recently used images beyond `capacity` or `byteBudget` are dropped.
@MainActor
final class SurfaceCache {
    /// Why an image could not be used.
    typealias Failure = ImageFile.Failure

    /// Most decoded images kept; enough for the images around a pager's current page many times over.
    let capacity: Int
    /// Most bytes of decoded pixels kept (the image in use is kept whatever its size).
    let byteBudget: Int
    /// What a file may be.
    let limits: ImageFile.Limits
    /// How many distinct files were tried so far; lets tests see that recycling does not reload.
    private(set) var loads = 0
    /// How many times a file was decoded (or tried): counted when the decode ends (on a worker: when its result is
    /// back on GTK's thread).
    private(set) var decodes = 0

    private enum Entry {
        /// Decoded before, its pixels since dropped.
        case good
        /// Pixels kept, and the `uses` count when they were last used (for dropping the least recently used).
        case decoded(DecodedImage, used: Int)
        case failed(Failure)
    }

    private var entries: [String: Entry] = [:]
    /// Textures the application gave, by key: asked for such a key, the cache answers with the texture's pixels (the
    /// application's, in memory already) instead of reading a file, and keeps nothing of its own for them.
    var textures: [String: Texture] = [:]
    /// Lookups and keeps so far.
    private var uses = 0
    /// Bytes of decoded pixels kept now.
    private(set) var decodedBytes = 0
    /// Decodes on workers, by path.
    private var pending: [String: Pending] = [:]
    /// Where decodes run.
    let queue: DecodeQueue

    /// An empty cache holding at most `capacity` (≥ 1) decoded images and about `byteBudget` bytes of pixels.
    init(capacity: Int = 64, byteBudget: Int = 64 << 20, limits: ImageFile.Limits = .standard,
                queue: DecodeQueue = .shared) {
        self.queue = queue
        self.capacity = max(1, capacity)
        self.byteBudget = byteBudget
        self.limits = limits
    }

    isolated deinit {
        // Decodes still waiting never start; running ones find the cache gone and drop their pixels.
        for entry in pending.values { entry.job?.cancel() }
    }

    /// Why the file at `path` cannot be used, when that is known already (a decode failed); reads nothing.
    func knownFailure(path: String) -> Failure? {
        if case .failed(let failure) = entries[path] { return failure }
        return nil
    }

    /// Its size now: images decoded and kept, their bytes, files known (good or bad), files failed, decodes so far.
    var sizes: ImageCacheSizes {
        ImageCacheSizes(images: keptPaths.count, bytes: decodedBytes, files: entries.count,
                        failed: entries.values.filter { if case .failed = $0 { true } else { false } }.count,
                        decodes: decodes)
    }

    /// Drops every decoded image; files stay known as good or bad. For images that are not on
    /// screen any more (a hidden carousel): the next draw decodes again, at the size it is drawn then.
    func releaseDecoded() {
        for path in entries.keys { drop(path) }
        for entry in pending.values { entry.released = true }
    }

    /// Whether `image` has visibly fewer pixels than covering `fitting` needs (and the file has more to give).
    /// Not when a decode at least that wide failed before (`failedWidth`): it would fail again.
    private func needsMore(_ image: DecodedImage, _ fitting: (width: Int, height: Int)?, path: String) -> Bool {
        let wanted = fitting.map { Self.coverWidth(image, $0) } ?? Double(image.naturalWidth)
        if let failed = failedWidth[path], wanted >= Double(failed) { return false }
        return image.width < image.naturalWidth && Double(image.width) + 1 < wanted
    }

    /// The width `image`'s file is decoded at to cover `box`.
    private static func coverWidth(_ image: DecodedImage, _ box: (width: Int, height: Int)) -> Double {
        Double(image.naturalWidth) * ImageFormats.coverScale(width: image.naturalWidth, height: image.naturalHeight, fitting: box)
    }

    /// The width of a larger decode that failed, by path, when a smaller one had succeeded: the smaller pixels stay,
    /// and no decode that wide is asked for again (it would fail again, at every resize).
    private var failedWidth: [String: Int] = [:]

    /// The paths with pixels kept, least recently used first.
    private var keptPaths: [String] {
        entries.compactMap { if case .decoded(_, let used) = $0.value { (path: $0.key, used: used) } else { nil } }
            .sorted { $0.used < $1.used }.map(\.path)
    }

    /// Lets go of the pixels kept for `path`; the file stays known as good (decoded again when next drawn).
    private func drop(_ path: String) {
        guard case .decoded(let image, _) = entries[path] else { return }
        decodedBytes -= image.byteCount
        entries[path] = .good
    }

    /// Keeps `image` for `path` (where the pixels it replaces were in the order of use, else as the latest used),
    /// then drops the least recently used beyond `capacity` or `byteBudget`.
    private func keep(_ image: DecodedImage, at path: String) {
        uses += 1
        var used = uses
        if case .decoded(let old, let oldUsed) = entries[path] { (decodedBytes, used) = (decodedBytes - old.byteCount, oldUsed) }
        entries[path] = .decoded(image, used: used)
        decodedBytes += image.byteCount
        var order = keptPaths
        while order.count > capacity || (decodedBytes > byteBudget && order.count > 1) { drop(order.removeFirst()) }
    }

    // MARK: - Decoding on a worker

    /// What `lookup` finds without reading or decoding.
    enum Lookup {
        /// Kept pixels, and whether they cover the size asked for (else a decode can make them sharper).
        case image(DecodedImage, covers: Bool)
        /// The file cannot be used.
        case failed(Failure)
        /// Nothing kept yet: the file is to be decoded.
        case none
    }

    /// The pixels kept for `path` (at whatever size they were decoded), marked used, or the failure, or nothing;
    /// never reads or decodes a file. An application's texture answers with its own pixels.
    func lookup(path: String, fitting: (width: Int, height: Int)?) -> Lookup {
        if let texture = textures[path] { return .image(texture.image, covers: true) }
        switch entries[path] {
        case .failed(let failure):
            return .failed(failure)
        case .decoded(let image, _):
            uses += 1
            entries[path] = .decoded(image, used: uses)
            return .image(image, covers: !needsMore(image, fitting, path: path))
        case .good, nil:
            return .none
        }
    }

    /// A request for a decode on a worker (`decode(path:fitting:rank:done:)`); `cancel()` it when its answer is no
    /// longer wanted.
    @MainActor
    final class Request {
        fileprivate weak var cache: SurfaceCache?
        fileprivate let path: String
        fileprivate let rank: () -> Int
        fileprivate var done: ((Failure?) -> Void)?

        fileprivate init(cache: SurfaceCache, path: String, rank: @escaping () -> Int, done: @escaping (Failure?) -> Void) {
            self.cache = cache
            self.path = path
            self.rank = rank
            self.done = done
        }

        /// Its `done` is not called. The decode goes on if another request waits for it or it is running (its pixels
        /// are then kept, within the budget, for the next draw); otherwise it never starts.
        func cancel() {
            guard done != nil else { return }
            done = nil
            cache?.withdraw(self)
        }
    }

    /// A decode in progress for one path and the requests waiting for it.
    private final class Pending {
        var job: DecodeQueue.Job?
        var requests: [Request] = []
        /// Whether `releaseDecoded()` ran since the decode was asked for: its result is then not kept (whoever asked
        /// is told, and asks again at the size it draws when shown).
        var released = false
        /// The width the decode was asked to cover (the image's own when nil).
        var wantedWidth: Int?
    }

    /// Decodes the file at `path` on a worker so its pixels cover `fitting` (device pixels); requests for a path being
    /// decoded wait for that decode, which takes their lowest `rank`. `done` runs on GTK's thread with nil once the
    /// pixels are kept (a larger decode that fails keeps the smaller ones) or the failure, unless cancelled first.
    func decode(path: String, fitting: (width: Int, height: Int)?, rank: @escaping () -> Int,
                done: @escaping (Failure?) -> Void) -> Request {
        let request = Request(cache: self, path: path, rank: rank, done: done)
        if let pending = pending[path] {
            pending.requests.append(request)
            return request
        }
        let entry = Pending()
        entry.requests.append(request)
        pending[path] = entry
        var wanted = fitting
        if case .decoded(let kept, _) = entries[path], let fitting {
            func width(_ box: (width: Int, height: Int)) -> Int { Int(Self.coverWidth(kept, box).rounded(.up)) }
            entry.wantedWidth = width(fitting)
            // Larger now: with some room, so a window being dragged wider does not decode at every step (not past
            // a width that failed before).
            let roomy = (width: fitting.width + fitting.width / 4, height: fitting.height + fitting.height / 4)
            if width(roomy) < failedWidth[path] ?? Int.max { wanted = roomy }
        }
        entry.job = queue.submit(path: path, fitting: wanted, limits: limits, rank: { [weak entry] in
            entry?.requests.map { $0.rank() }.min() ?? Int.max
        }, done: { [weak self] result in
            self?.decoded(path, result)
        })
        return request
    }

    /// Whether a decode of `path` is waiting or running.
    func isDecoding(path: String) -> Bool { pending[path] != nil }

    /// Whether any decode is waiting or running.
    var isDecoding: Bool { !pending.isEmpty }

    /// A worker's result: kept (or not, if it is no better than what is kept), then the waiting requests are told.
    private func decoded(_ path: String, _ result: Result<DecodedImage, Failure>) {
        let entry = pending.removeValue(forKey: path)
        let waiting = entry?.requests ?? []
        if entries[path] == nil { loads += 1 }
        decodes += 1
        var failure: Failure?
        switch (result, entries[path]) {
        case (_, .failed(let known)?):
            // Known failed already (decoded again all the same): that stays.
            failure = known
        case (.success, _) where entry?.released == true:
            // Asked for before the pixels were released (the carousel was hidden meanwhile): not kept.
            if entries[path] == nil { entries[path] = .good }
        case (.success(let decoded), .decoded(let kept, _)?) where kept.width >= decoded.width:
            // No better than the pixels kept meanwhile.
            break
        case (.success(let decoded), _):
            keep(decoded, at: path)
        case (.failure(let reason), .decoded?) where reason.abandoned:
            // A file whose decoder ran over its budget (or crashed) at this size would again at any larger one: it
            // fails for good, so it is not decoded again on every return or resize (its banner shows the placeholder).
            drop(path)
            entries[path] = .failed(reason)
            failure = reason
        case (.failure, .decoded(let kept, _)?):
            // Kept pixels stay; the width asked for is not asked for again.
            failedWidth[path] = min(failedWidth[path] ?? Int.max, max(entry?.wantedWidth ?? kept.naturalWidth, kept.width + 1))
        case (.failure(let reason), _):
            entries[path] = .failed(reason)
            failure = reason
        }
        for request in waiting {
            guard let done = request.done else { continue }
            request.done = nil
            done(failure)
        }
    }

    /// A cancelled request: its decode is withdrawn too when nobody else waits for it and it has not started.
    private func withdraw(_ request: Request) {
        guard let entry = pending[request.path] else { return }
        entry.requests.removeAll { $0 === request }
        guard entry.requests.isEmpty, let job = entry.job, !job.started else { return }
        job.cancel()
        pending[request.path] = nil
    }
}

/// What a carousel's image cache holds (a test hook: the demo's `caches` QA event, which the soak reads).
@_spi(Testing)
public struct ImageCacheSizes: Sendable, Equatable {
    /// Decoded images kept.
    public var images: Int
    /// Bytes of their pixels.
    public var bytes: Int
    /// Files known, good or bad (a few words each).
    public var files: Int
    /// Files known to fail (never decoded again).
    public var failed: Int
    /// Decodes so far (each one sent to a loader).
    public var decodes: Int
}
