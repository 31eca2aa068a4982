import CSnapGtk

/// Decoded pixels an application already has, for a carousel banner (``Carousel/Banner/init(title:texture:)``): a
/// `GdkTexture` held by reference. Textures are immutable, so one may be shown by many banners at once.
@MainActor
public final class Texture {
    /// The `GdkTexture`; this object owns one reference to it.
    let pointer: OpaquePointer
    /// A key unique to this texture among the banner images a carousel caches (never a file path).
    let cacheKey: String

    private static var made = 0

    private init(owning pointer: OpaquePointer) {
        self.pointer = pointer
        Self.made += 1
        cacheKey = "\u{0}texture-\(Self.made)"
    }

    /// Reads and decodes an image file (PNG, JPEG or TIFF).
    /// - Throws: ``LoadError`` with GLib's message when the file cannot be read or decoded.
    public convenience init(contentsOfFile path: String) throws(LoadError) {
        var error: UnsafeMutablePointer<GError>?
        guard let texture = gdk_texture_new_from_filename(path, &error) else {
            let message = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
            if let error { g_error_free(error) }
            throw LoadError(message: message)
        }
        self.init(owning: texture)
    }

    /// Wraps a `GdkTexture *` an application made with its own GTK calls, taking a reference to it.
    /// - Parameter pointer: the texture, as a raw pointer so any binding's type fits.
    public convenience init(unsafeRetaining pointer: UnsafeMutableRawPointer) {
        g_object_ref(pointer)
        self.init(owning: OpaquePointer(pointer))
    }

    isolated deinit {
        if let cachedSurface { cairo_surface_destroy(cachedSurface) }
        g_object_unref(UnsafeMutableRawPointer(pointer))
    }

    private var cachedSurface: OpaquePointer?
    private var surfaceFailed = false

    /// The pixels as a cairo image surface for drawing, copied from the texture on first use and kept; nil when
    /// the texture is empty or too large for cairo.
    var surface: OpaquePointer? {
        if cachedSurface == nil && !surfaceFailed {
            cachedSurface = makeSurface()
            surfaceFailed = cachedSurface == nil
        }
        return cachedSurface
    }

    /// The texture's size in pixels.
    public var size: (width: Int, height: Int) {
        (Int(gdk_texture_get_width(pointer)), Int(gdk_texture_get_height(pointer)))
    }

    /// Why an image file could not become a texture.
    public struct LoadError: Error, Sendable, Equatable {
        /// GLib's message, naming the file and the reason.
        public let message: String
    }

    /// The pixels as a new cairo image surface (premultiplied ARGB32, the layout `gdk_texture_download` writes), or
    /// nil when the texture is empty or too large for cairo. The caller owns the surface.
    private func makeSurface() -> OpaquePointer? {
        let (width, height) = size
        guard width > 0, height > 0,
              let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(clamping: width), Int32(clamping: height)) else {
            return nil
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        gdk_texture_download(pointer, cairo_image_surface_get_data(surface), gsize(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        return surface
    }
}

extension SurfaceCache {
    /// A texture's pixels as a cache entry: the cache gets its own reference to the texture's surface, which it
    /// destroys on eviction as it does a decoded file's.
    static func image(of texture: Texture) -> Result<Image, Failure> {
        guard let surface = texture.surface else {
            return .failure(Failure(message: "texture has no pixels or is too large", brief: "image too large"))
        }
        let (width, height) = texture.size
        return .success(Image(surface: cairo_surface_reference(surface), width: width, height: height,
                              naturalWidth: width, naturalHeight: height))
    }
}
