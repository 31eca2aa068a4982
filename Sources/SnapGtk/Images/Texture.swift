import CSnapGtk

/// Decoded pixels for a carousel banner (``Carousel/Banner/init(title:texture:)``), held in the form the carousel
/// draws from, so showing one never decodes or copies again. Never changed once made: one texture may be shown by
/// many banners at once.
///
/// From a file, pixels come only through ``ImageFile``'s rules: a FIFO, a device, a folder, a file over the size limit
/// or an image over the pixel limit is refused before anything is read or decoded, so nothing waits on a file that
/// never ends. In a running application, load with ``load(contentsOfFile:fitting:limits:completion:)``, which reads
/// and decodes on a worker thread; ``init(contentsOfFile:fitting:limits:)`` does it on the calling thread.
///
/// ```swift
/// Texture.load(contentsOfFile: "/path/to/photo.jpg", fitting: (width: 710, height: 536)) { result in
///     switch result {
///     case .success(let texture): banners.append(Carousel.Banner(title: "Photo", texture: texture))
///     case .failure(let failure): print("photo.jpg: \(failure.brief)")   // "not a regular file (a FIFO)"
///     }
/// }
/// ```
@MainActor
public final class Texture {
    /// The pixels.
    let image: DecodedImage
    /// A key unique to this texture among the banner images a carousel caches (never a file path).
    let cacheKey: String
    /// The `GdkTexture` a ``Picture`` shows, once one has asked for it.
    private var sharedGdkTexture: OpaquePointer?

    /// The pixels as a `GdkTexture` for a ``Picture``, made on first use; it shares `image`'s memory (no copy).
    var gdkTexture: OpaquePointer {
        if let sharedGdkTexture { return sharedGdkTexture }
        let made = image.makeTexture()
        sharedGdkTexture = made
        return made
    }

    // A texture is no widget: dropping GTK's reference here never runs inside a widget's finalize.
    isolated deinit {
        if let sharedGdkTexture { g_object_unref(UnsafeMutableRawPointer(sharedGdkTexture)) }
    }

    private static var made = 0

    private init(image: DecodedImage) {
        self.image = image
        Self.made += 1
        cacheKey = "\u{0}texture-\(Self.made)"
    }

    /// Reads and decodes an image file (PNG, JPEG, GIF, BMP, ICO, TIFF or SVG) on the calling thread,
    /// scaled down (never up) so it still covers `fitting` pixels with its proportions kept, or at its own size.
    ///
    /// Refusals come at once, before a byte is read: the file is opened without blocking and checked on the open
    /// file (regular files only, at most `limits.maxFileBytes`), and the pixel size in its header is checked against
    /// `limits.maxPixels` before any pixel is decoded. A file within the limits is then read and decoded by the
    /// image loader (``ImageFile``) before this returns, which on GTK's thread holds up drawing for as long as
    /// that takes: about two thirds of a second for a 16-megapixel PNG, the most the standard limits let through, and
    /// never longer than the decode's budget (`limits.decodeWallSeconds`, 15 s; the loader is killed then).
    /// - Throws: ``ImageFile/Failure`` saying why the file cannot be used (`failure.brief`: "not a regular file (a
    ///   FIFO)", "file too large (3072 MB, limit 32 MB)", …).
    public convenience init(contentsOfFile path: String, fitting: (width: Int, height: Int)? = nil,
                            limits: ImageFile.Limits = .standard) throws(ImageFile.Failure) {
        self.init(image: try ImageFile.load(path: path, fitting: fitting, limits: limits).get())
    }

    /// Reads and decodes an image file on a worker thread, as ``init(contentsOfFile:fitting:limits:)`` does on the
    /// calling one, and calls `completion` on GTK's thread with the texture or why there is none. Nothing of the
    /// file is touched on the calling thread, so this returns at once whatever the file is. Loads share the workers
    /// that decode carousel banners (two at a time for the process), first come first served.
    /// - Parameters:
    ///   - path: the image file.
    ///   - fitting: decode scaled down (never up) to just cover this many pixels, proportions kept; nil for the
    ///     image's own size.
    ///   - limits: the largest file read, the most pixels decoded, and the decode's budget.
    ///   - completion: called once, unless the load is cancelled first (a decode still running
    ///     then gets a moment to finish before its loader is killed).
    /// - Returns: the load, to ``Loading/cancel()`` when its answer is no longer wanted.
    @discardableResult
    public static func load(contentsOfFile path: String, fitting: (width: Int, height: Int)? = nil,
                            limits: ImageFile.Limits = .standard,
                            completion: @escaping (Result<Texture, ImageFile.Failure>) -> Void) -> Loading {
        DecodeQueue.shared.submit(path: path, fitting: fitting, limits: limits, rank: { 0 }) { result in
            completion(result.map(Texture.init(image:)))
        }
    }

    /// Copies the pixels of a `GdkTexture *` an application made with its own GTK calls; the texture stays the
    /// caller's (no reference is kept).
    /// - Parameters:
    ///   - pointer: the texture, as a raw pointer so any binding's type fits.
    ///   - limits: the most pixels copied (`maxPixels`).
    /// - Throws: ``ImageFile/Failure`` when the texture has no pixels or more than `limits` allow.
    public convenience init(unsafeCopying pointer: UnsafeMutableRawPointer,
                            limits: ImageFile.Limits = .standard) throws(ImageFile.Failure) {
        self.init(image: try DecodedImage.copying(OpaquePointer(pointer), limits: limits).get())
    }

    /// The texture's size in pixels.
    public var size: (width: Int, height: Int) { (image.width, image.height) }

    /// The pixels as a cairo image surface (`cairo_surface_t *`, premultiplied ARGB32, ``size``), for code that draws
    /// with cairo itself. Valid while this texture lives: draw from it, don't keep it.
    @_spi(GtkInterop) public var unsafeCairoSurface: OpaquePointer { image.surface }
}
