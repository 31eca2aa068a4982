import CSnapGtk

/// An image scaled into the space the widget is given (a `GtkPicture` showing a ``Texture``): a photo inside a
/// carousel page of your own, say.
///
/// The picture clips its image to its own rounded corners, so a `border-radius` from the application's stylesheet
/// rounds the image too:
///
/// ```swift
/// Stylesheet.install(css: ".photo { border-radius: 12px; }")
/// let carousel = Carousel(pageCount: photos.count, accessibleLabel: "Photos",
///                         makePage: { () -> Picture in
///                             let picture = Picture(fit: .cover)
///                             picture.addStyleClass("photo")
///                             return picture
///                         },
///                         bindPage: { picture, index in picture.texture = photos[index] })
/// ```
@MainActor
public final class Picture: Widget {
    /// How the image is scaled into the picture's allocation.
    public enum Fit: Sendable, Equatable, GtkEnumMirror {
        /// Stretched to fill it exactly, proportions not kept.
        case fill
        /// As large as fits whole, proportions kept (the default): bars of background beside or above it.
        case contain
        /// As small as covers it, proportions kept: what spills over is cut off, evenly on both sides.
        case cover
        /// Like `contain`, but never larger than the image's own size.
        case scaleDown

        static let table = [(Self.contain, GTK_CONTENT_FIT_CONTAIN), (.fill, GTK_CONTENT_FIT_FILL),
                            (.cover, GTK_CONTENT_FIT_COVER), (.scaleDown, GTK_CONTENT_FIT_SCALE_DOWN)]
    }

    /// A picture showing `texture` (nil: nothing yet), scaled by `fit`.
    public init(texture: Texture? = nil, fit: Fit = .contain) {
        self.texture = texture
        // A GtkPicture clips what it draws to its own box (its overflow is hidden), rounded corners included.
        super.init(gtk_picture_new())
        self.fit = fit
        showTexture()
    }

    /// The image shown; nil shows nothing. Set it again from a carousel's or scroller's bind closure to reuse the
    /// picture for another item. Setting it gives up a ``show(contentsOfFile:fitting:onFailure:)`` still loading.
    public var texture: Texture? {
        didSet {
            loading?.cancel()
            loading = nil
            showTexture()
        }
    }

    /// The file being read for this picture, if any.
    private var loading: Texture.Loading?

    /// Shows the image in the file at `path`, read and decoded on a worker thread within ``ImageFile``'s limits (see
    /// ``Texture/load(contentsOfFile:fitting:limits:completion:)``); empty until it is ready. A later file or
    /// ``texture`` replaces a load still under way.
    ///
    /// ```swift
    /// let photo = Picture(fit: .cover)
    /// photo.show(contentsOfFile: "photos/sea.jpg", fitting: (width: 710, height: 476))
    /// ```
    /// - Parameters:
    ///   - path: the image file.
    ///   - fitting: decode scaled down (never up) to just cover this many pixels; nil for the image's own size.
    ///   - onFailure: hears why the file cannot be shown (`failure.brief`, e.g. "not a regular file (a FIFO)").
    public func show(contentsOfFile path: String, fitting: (width: Int, height: Int)? = nil,
                     onFailure: ((ImageFile.Failure) -> Void)? = nil) {
        texture = nil
        // The load keeps this handle, and so the picture, until it answers or is given up.
        loading = Texture.load(contentsOfFile: path, fitting: fitting) { [self] result in
            loading = nil
            switch result {
            case .success(let texture): self.texture = texture
            case .failure(let failure): onFailure?(failure)
            }
        }
    }

    /// How the image is scaled into the allocation.
    public var fit: Fit {
        get { Fit(gtk_picture_get_content_fit(pointer.opaque)) }
        set { gtk_picture_set_content_fit(pointer.opaque, newValue.gtk) }
    }

    /// What the image shows, in words, for assistive technologies (nil: none).
    public var alternativeText: String? {
        get { gtk_picture_get_alternative_text(pointer.opaque).map { String(cString: $0) } }
        set { gtk_picture_set_alternative_text(pointer.opaque, newValue) }
    }

    private func showTexture() {
        // GTK takes its own reference to the texture; `texture` keeps the Swift object for the application.
        gtk_picture_set_paintable(pointer.opaque, texture?.gdkTexture)
    }
}
