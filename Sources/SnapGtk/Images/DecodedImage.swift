import CSnapGtk

/// Decoded pixels: the one form an image has from the worker that decodes it, through the cache that keeps it, to the
/// cell that draws it (and inside a ``Texture``). A cairo image surface in premultiplied ARGB32, the layout cairo
/// draws from, owned by this object; its size; and the size of the image it was decoded from.
///
/// Never changed once made, so it is made on a worker and read on GTK's thread. The surface is destroyed with the
/// last reference, on whichever thread lets go of it: cairo counts references atomically, and freeing an image
/// surface touches nothing GTK owns.
final class DecodedImage {
    /// The pixels. Valid while this object lives: draw from it, don't keep it.
    let surface: OpaquePointer
    /// The surface's width in pixels (the image's own, or less when it was decoded to fit).
    let width: Int
    /// The surface's height in pixels.
    let height: Int
    /// The image's own width in pixels, as its file declares it.
    let naturalWidth: Int
    /// The image's own height in pixels.
    let naturalHeight: Int

    /// Takes over `surface` (its one reference): an ARGB32 image surface of `width × height` already filled, such as
    /// a loader's pixels mapped.
    init(adopting surface: OpaquePointer, width: Int, height: Int, naturalWidth: Int, naturalHeight: Int) {
        self.surface = surface
        self.width = width
        self.height = height
        self.naturalWidth = naturalWidth
        self.naturalHeight = naturalHeight
    }

    deinit { cairo_surface_destroy(surface) }

    /// Bytes of pixels held.
    var byteCount: Int { Int(cairo_image_surface_get_stride(surface)) * height }

    /// The pixels of `texture` (a `GdkTexture`, which stays the caller's) copied into a new surface: the one copy
    /// every image makes, whether a decoder or an application made the texture. Runs on any thread: a `GdkTexture`
    /// is immutable, and the surface is new. Refused when `limits` allow fewer pixels or cairo cannot hold them.
    static func copying(_ texture: OpaquePointer, naturalWidth: Int? = nil, naturalHeight: Int? = nil,
                        limits: ImageFile.Limits) -> Result<DecodedImage, ImageFile.Failure> {
        let width = Int(gdk_texture_get_width(texture)), height = Int(gdk_texture_get_height(texture))
        if let refusal = ImageFile.refusal(width: width, height: height, limits: limits) { return .failure(refusal) }
        // Cairo answers a size it cannot hold (beyond 32767 px a side) with a surface in an error state.
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(clamping: width), Int32(clamping: height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            let status = cairo_surface_status(surface)
            cairo_surface_destroy(surface)
            if status == CAIRO_STATUS_NO_MEMORY {
                return .failure(.abandoned("the image needs more memory than its \(limits.decodeMemoryBytes >> 20) MB budget"))
            }
            return .failure(ImageFile.Failure("cannot make a surface of \(width)×\(height) px"))
        }
        // gdk_texture_download writes cairo's premultiplied ARGB32 layout, row by row at the stride it is given.
        gdk_texture_download(texture, cairo_image_surface_get_data(surface), gsize(cairo_image_surface_get_stride(surface)))
        cairo_surface_mark_dirty(surface)
        return .success(DecodedImage(adopting: surface, width: width, height: height,
                                     naturalWidth: naturalWidth ?? width, naturalHeight: naturalHeight ?? height))
    }

    /// Cairo's ARGB32 (a native-endian 32-bit word, premultiplied) as GDK names its bytes (GDK_MEMORY_DEFAULT is a macro).
    #if _endian(little)
    static let cairoMemoryFormat = GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
    #else
    static let cairoMemoryFormat = GDK_MEMORY_A8R8G8B8_PREMULTIPLIED
    #endif

    /// The pixels as a new `GdkTexture` that shares this surface's memory rather than copying it (for a
    /// `GtkPicture`); the texture keeps a reference to the surface until GTK frees it. The caller owns the returned reference.
    func makeTexture() -> OpaquePointer {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let bytes = g_bytes_new_with_free_func(
            cairo_image_surface_get_data(surface), gsize(stride * height),
            { cairo_surface_destroy(OpaquePointer($0)) }, UnsafeMutableRawPointer(cairo_surface_reference(surface)))
        let texture = gdk_memory_texture_new(Int32(width), Int32(height), Self.cairoMemoryFormat, bytes, gsize(stride))!
        g_bytes_unref(bytes)
        return texture
    }
}
