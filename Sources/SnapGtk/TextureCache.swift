import CSnapGtk

/// Images by file path, ready for cairo drawing, so recycled cells never read or decode the same file twice.
/// Files are read through `ImageFile` (regular files only, bounded size and pixel count). `check` reads only a file's
/// header; `image` decodes at the size the image is drawn, and again, larger, when asked for more pixels later (a
/// wider window, a scale factor of 2). Failures are remembered, so a bad file is tried once. Least recently used
/// decoded images beyond `capacity` images or `byteBudget` bytes of pixels are dropped (and decoded again if needed).
@MainActor
final class TextureCache {
    /// A decoded image: a cairo image surface the cache owns, and its pixel size.
    public struct Image {
        /// The pixels; valid while the cache holds the entry (draw from it, don't keep it).
        public let surface: OpaquePointer
        /// The surface's width in pixels (the file's, or less when it was decoded to fit).
        public let width: Int
        /// The surface's height in pixels.
        public let height: Int
        /// The file's own width in pixels.
        public let naturalWidth: Int
        /// The file's own height in pixels.
        public let naturalHeight: Int
    }

    /// Why an image could not be used.
    public typealias Failure = ImageFile.Failure

    /// Most decoded images kept; enough for the images around a pager's current page many times over.
    public let capacity: Int
    /// Most bytes of decoded pixels kept (the image in use is kept whatever its size).
    public let byteBudget: Int
    /// What a file may be.
    public let limits: ImageFile.Limits
    /// How many distinct files were tried so far (header read); lets tests see that recycling does not reload.
    public private(set) var loads = 0
    /// How many times a file was decoded (or tried).
    public private(set) var decodes = 0

    private enum Entry {
        case checked(width: Int, height: Int)
        case decoded(Image)
        case failed(Failure)
    }

    private var entries: [String: Entry] = [:]
    /// Textures the application gave, by key: asked for such a key, the cache takes the texture's pixels instead of
    /// reading a file (again after an eviction).
    var textures: [String: Texture] = [:]
    /// Paths with a decoded image, least recently used first.
    private var order: [String] = []
    private var bytes = 0

    /// An empty cache holding at most `capacity` (≥ 1) decoded images and about `byteBudget` bytes of pixels.
    public init(capacity: Int = 64, byteBudget: Int = 64 << 20, limits: ImageFile.Limits = .standard) {
        self.capacity = max(1, capacity)
        self.byteBudget = byteBudget
        self.limits = limits
    }

    isolated deinit {
        for case .decoded(let image) in entries.values { cairo_surface_destroy(image.surface) }
    }

    /// Whether the file at `path` can be used, judged from its kind, size and header (the pixels are not decoded):
    /// nil when it can, else why not. A file that passes may still fail to decode (cut short, corrupt pixels).
    public func check(path: String) -> Failure? {
        if let entry = entries[path] {
            if case .failed(let failure) = entry { return failure }
            return nil
        }
        loads += 1
        if let texture = textures[path] {
            let (width, height) = texture.size
            entries[path] = .checked(width: width, height: height)
            return nil
        }
        switch ImageFile.size(path: path, limits: limits) {
        case .success(let size):
            entries[path] = .checked(width: size.width, height: size.height)
            return nil
        case .failure(let failure):
            entries[path] = .failed(failure)
            return failure
        }
    }

    /// The image at `path`, decoded on first use so that it covers `fitting` (device pixels; its full size when nil),
    /// and decoded again when a later `fitting` needs more pixels than the kept ones have.
    public func image(atPath path: String, fitting: (width: Int, height: Int)? = nil) -> Result<Image, Failure> {
        if entries[path] == nil { loads += 1 }
        switch entries[path] {
        case .failed(let failure):
            return .failure(failure)
        case .decoded(let image):
            touch(path)
            guard needsMore(image, fitting) else { return .success(image) }
            // Larger now: decode again with some room, so a window being dragged wider does not decode every frame.
            let roomy = fitting.map { (width: $0.width + $0.width / 4, height: $0.height + $0.height / 4) }
            decodes += 1
            guard case .success(let larger) = Self.decode(path, fitting: roomy, limits: limits) else { return .success(image) }
            keep(larger, at: path)
            return .success(larger)
        case .checked, nil:
            decodes += 1
            switch textures[path].map(Self.image(of:)) ?? Self.decode(path, fitting: fitting, limits: limits) {
            case .success(let image):
                keep(image, at: path)
                return .success(image)
            case .failure(let failure):
                entries[path] = .failed(failure)
                return .failure(failure)
            }
        }
    }

    /// Bytes of decoded pixels kept now.
    var decodedBytes: Int { bytes }

    /// Drops every decoded image; files stay known as good (their header size) or bad. For images that are not on
    /// screen any more (a hidden carousel): the next draw decodes again, at the size it is drawn then.
    func releaseDecoded() {
        for path in order {
            guard case .decoded(let image) = entries[path] else { continue }
            cairo_surface_destroy(image.surface)
            entries[path] = .checked(width: image.naturalWidth, height: image.naturalHeight)
        }
        order.removeAll()
        bytes = 0
    }

    /// Whether `image(atPath:fitting:)` would answer without decoding: the file failed already, or its kept pixels
    /// cover `fitting`.
    func isSettled(path: String, fitting: (width: Int, height: Int)?) -> Bool {
        switch entries[path] {
        case .failed: return true
        case .decoded(let image): return !needsMore(image, fitting)
        case .checked, nil: return false
        }
    }

    /// Whether `image` has visibly fewer pixels than covering `fitting` needs (and the file has more to give).
    private func needsMore(_ image: Image, _ fitting: (width: Int, height: Int)?) -> Bool {
        let scale = fitting.map { ImageFile.coverScale(width: image.naturalWidth, height: image.naturalHeight, fitting: $0) } ?? 1
        let wanted = Double(image.naturalWidth) * scale
        return image.width < image.naturalWidth && Double(image.width) + 1 < wanted
    }

    private func touch(_ path: String) {
        if let i = order.firstIndex(of: path), i != order.count - 1 {
            order.remove(at: i)
            order.append(path)
        }
    }

    private func keep(_ image: Image, at path: String) {
        if case .decoded(let old) = entries[path] {
            bytes -= old.width * old.height * 4
            cairo_surface_destroy(old.surface)
        } else {
            order.append(path)
        }
        entries[path] = .decoded(image)
        bytes += image.width * image.height * 4
        // Dropped images stay known as good files: decoded again when next drawn.
        while order.count > capacity || (bytes > byteBudget && order.count > 1) {
            let oldest = order.removeFirst()
            if case .decoded(let dropped) = entries[oldest] {
                bytes -= dropped.width * dropped.height * 4
                cairo_surface_destroy(dropped.surface)
                entries[oldest] = .checked(width: dropped.naturalWidth, height: dropped.naturalHeight)
            }
        }
    }

    /// `ImageFile` reads and decodes; the pixels are then copied into a cairo surface for drawing at any scale.
    private static func decode(_ path: String, fitting: (width: Int, height: Int)?, limits: ImageFile.Limits) -> Result<Image, Failure> {
        let decoded: ImageFile.Decoded
        switch ImageFile.load(path: path, fitting: fitting, limits: limits) {
        case .success(let image): decoded = image
        case .failure(let failure): return .failure(failure)
        }
        defer { g_object_unref(UnsafeMutableRawPointer(decoded.texture)) }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(decoded.width), Int32(decoded.height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return .failure(Failure("cannot make a surface of \(decoded.width)×\(decoded.height) px"))
        }
        // gdk_texture_download writes cairo's premultiplied ARGB32 layout.
        gdk_texture_download(decoded.texture, cairo_image_surface_get_data(surface), gsize(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        return .success(Image(surface: surface, width: decoded.width, height: decoded.height,
                              naturalWidth: decoded.naturalWidth, naturalHeight: decoded.naturalHeight))
    }
}
