import CSnapGtk

/// Decoded pixels for a carousel banner (``Carousel/Banner/init(title:texture:)``), held in the form the carousel
/// draws from, so showing one never decodes or copies again. Never changed once made: one texture may be shown by
/// many banners at once.
///
/// From a file, pixels come only through ``ImageFile``'s rules: a FIFO, a device, a folder, a file over the size limit
/// or an image over the pixel limit is refused before anything is read or decoded, so nothing waits on a file that
/// never ends.
@MainActor
public final class Texture {
    /// The pixels.
    let image: DecodedImage
    /// A key unique to this texture among the banner images a carousel caches (never a file path).
    let cacheKey: String

    private static var made = 0

    private init(image: DecodedImage) {
        self.image = image
        Self.made += 1
        cacheKey = "\u{0}texture-\(Self.made)"
    }

    /// Reads and decodes an image file (PNG, JPEG, GIF, SVG or anything else GdkPixbuf reads) on the calling thread,
    /// scaled down (never up) so it still covers `fitting` pixels with its proportions kept, or at its own size.
    ///
    /// Refusals come at once, before a byte is read: the file is opened without blocking and checked on the open
    /// file (regular files only, at most `limits.maxFileBytes`), and the pixel size in its header is checked against
    /// `limits.maxPixels` before any pixel is decoded. A file within the limits is then read and decoded before this
    /// returns, which on GTK's thread holds up drawing for as long as that takes.
    /// - Throws: ``ImageFile/Failure`` saying why the file cannot be used (`failure.brief`: "not a regular file (a
    ///   FIFO)", "file too large (3072 MB, limit 32 MB)", …).
    public convenience init(contentsOfFile path: String, fitting: (width: Int, height: Int)? = nil,
                            limits: ImageFile.Limits = .standard) throws(ImageFile.Failure) {
        switch ImageFile.load(path: path, fitting: fitting, limits: limits) {
        case .success(let image): self.init(image: image)
        case .failure(let failure): throw failure
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
        switch DecodedImage.copying(OpaquePointer(pointer), limits: limits) {
        case .success(let image): self.init(image: image)
        case .failure(let failure): throw failure
        }
    }

    /// The texture's size in pixels.
    public var size: (width: Int, height: Int) { (image.width, image.height) }
}
