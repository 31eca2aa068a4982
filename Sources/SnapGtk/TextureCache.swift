import CSnapGtk

/// Decoded images by file path, ready for cairo drawing, so recycled cells never decode the same file twice.
/// Failures are remembered too (with GLib's message), so a bad file is tried once. Least recently used entries
/// beyond `capacity` are dropped.
@MainActor
final class TextureCache {
    /// A decoded image: a cairo image surface the cache owns, and its pixel size.
    public struct Image {
        /// The pixels; valid while the cache holds the entry (draw from it, don't keep it).
        public let surface: OpaquePointer
        public let width: Int
        public let height: Int
    }

    /// Why an image could not be used.
    public struct Failure: Error, Equatable {
        /// GLib's message (often repeating the full path).
        public let message: String
        /// A few words for a one-line report: "file not found", "not a readable image", or GLib's last clause.
        public let brief: String
    }

    /// Most entries kept; enough for the images around a pager's current page many times over.
    public let capacity: Int
    /// How many files were decoded (or tried) so far; lets tests see that recycling does not reload.
    public private(set) var loads = 0

    private var entries: [String: Result<Image, Failure>] = [:]
    /// Textures the application gave, by key: asked for such a key, the cache takes the texture's pixels instead of
    /// decoding a file (again after an eviction).
    var textures: [String: Texture] = [:]
    private var order: [String] = []

    /// An empty cache holding at most `capacity` (≥ 1) images.
    public init(capacity: Int = 64) {
        self.capacity = max(1, capacity)
    }

    isolated deinit {
        for case .success(let image) in entries.values { cairo_surface_destroy(image.surface) }
    }

    /// The decoded image at `path`, decoding it on first use.
    public func image(atPath path: String) -> Result<Image, Failure> {
        if let entry = entries[path] {
            if let i = order.firstIndex(of: path), i != order.count - 1 {
                order.remove(at: i)
                order.append(path)
            }
            return entry
        }
        loads += 1
        let entry = textures[path].map(Self.image(of:)) ?? Self.decode(path)
        entries[path] = entry
        order.append(path)
        while order.count > capacity {
            let oldest = order.removeFirst()
            if case .success(let image) = entries.removeValue(forKey: oldest) { cairo_surface_destroy(image.surface) }
        }
        return entry
    }

    /// GDK decodes (PNG, JPEG, TIFF); the pixels are then copied into a cairo surface for drawing at any scale.
    private static func decode(_ path: String) -> Result<Image, Failure> {
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_filename(path, &error) else {
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
            // GDK prefixes the path ("…/x.png: reason"); keep the reason after the last ": ".
            let parts = message.split(separator: ": ", omittingEmptySubsequences: false)
            var brief = parts.count > 1 ? String(parts.last!) : message
            if let error {
                let domain = error.pointee.domain
                let code = error.pointee.code
                if (domain == g_io_error_quark() && code == Int32(G_IO_ERROR_NOT_FOUND.rawValue))
                    || (domain == g_file_error_quark() && code == Int32(G_FILE_ERROR_NOENT.rawValue)) {
                    brief = "file not found"
                } else if domain == gdk_texture_error_quark() {
                    brief = "not a readable image"
                }
                g_error_free(error)
            }
            return .failure(Failure(message: message, brief: brief))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let width = Int(gdk_texture_get_width(texture))
        let height = Int(gdk_texture_get_height(texture))
        guard width > 0, height > 0,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            return .failure(Failure(message: "image has no pixels or is too large", brief: "image too large"))
        }
        // gdk_texture_download writes cairo's premultiplied ARGB32 layout.
        gdk_texture_download(texture, cairo_image_surface_get_data(surface), gsize(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        return .success(Image(surface: surface, width: width, height: height))
    }
}
