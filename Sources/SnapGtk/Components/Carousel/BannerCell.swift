import CSnapGtk
import SnapCore

/// One banner of a carousel: its image drawn to cover the panel (rounded corners) and its title under it, sized from a
/// `PagerGeometry`; an image that cannot be loaded shows a placeholder. Cells are recycled (`bind`). Drawing never
/// decodes: a draw without pixels (or with too few) paints what it has and asks the shared `SurfaceCache` for a
/// decode ranked by `rank`; a rebound or destroyed cell cancels its request, so it never gets another image's answer.
@MainActor
final class BannerCell {
    /// Corner radius (px) of the image at design scale.
    public static let designCornerRadius = 10.0
    /// Title font size as a share of the scaled text line height, and its bounds (px).
    static let titleSizeRatio = 0.5
    static let titleSizeRange = 11.0...26.0
    /// How long the tap highlight stays (ms).
    public static let highlightDuration = 450

    /// The cell's root (a group named "Banner N of M: title").
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The banner shown, or nil before the first bind.
    public private(set) var index: Int?
    /// Whether the placeholder stands in for the image.
    public private(set) var showsPlaceholder = false
    /// An image not known as failed when bound was refused or failed to decode on a worker (not a regular file, too
    /// large, cut short, corrupt): the banner's index and why. Called once per failure, when the decode's answer is back (or soon after
    /// a draw that finds the file failed); the placeholder shows by then.
    public var onImageFailure: ((Int, SurfaceCache.Failure) -> Void)?

    private let cache: SurfaceCache
    private let image: UnsafeMutablePointer<GtkWidget>
    private let placeholder: UnsafeMutablePointer<GtkWidget>
    private let title: UnsafeMutablePointer<GtkWidget>
    private var path: String?
    private var geometry = PagerGeometry(componentWidth: PagerDesign.peekingBanners.componentWidth)
    private var highlightTimer: MainLoopTimer?
    /// A decoding failure found while drawing, reported from the main loop (a draw may not change widgets).
    private var lateFailure: (index: Int, path: String, failure: SurfaceCache.Failure)?
    private var lateTimer: MainLoopTimer?
    /// The decode asked for by this binding, until its answer comes.
    private var request: SurfaceCache.Request?
    /// Ranks this cell's decodes among waiting ones (lowest first), from the bound index; nil ranks by index.
    var rank: ((Int) -> Int)?
    /// The images drawn since the last bind, by path, each once in a row (tests check a rebound cell never draws
    /// the image it had before).
    private(set) var drawnSinceBind: [String] = []

    /// An empty cell drawing from `cache`.
    public init(cache: SurfaceCache) {
        WidgetStyle.install()
        self.cache = cache
        widget = snap_widget_new_with_role(gtk_box_get_type(), GTK_ACCESSIBLE_ROLE_GROUP)
        gtk_orientable_set_orientation(widget.opaque, GTK_ORIENTATION_VERTICAL)
        gtk_widget_add_css_class(widget, "banner")
        gtk_widget_set_overflow(widget, GTK_OVERFLOW_HIDDEN)

        image = SnapshotWidget.make(role: GTK_ACCESSIBLE_ROLE_IMG)
        gtk_widget_add_css_class(image, "banner-image")
        placeholder = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)
        gtk_widget_add_css_class(placeholder, "banner-placeholder")
        gtk_widget_set_halign(placeholder, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(placeholder, GTK_ALIGN_CENTER)
        let icon = gtk_image_new_from_icon_name("image-missing-symbolic")!
        gtk_image_set_pixel_size(icon.opaque, 32)
        gtk_box_append(placeholder.cast(), icon)
        gtk_box_append(placeholder.cast(), gtk_label_new(Localization.imageUnavailable))
        gtk_widget_set_visible(placeholder, 0)
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(overlay.opaque, image)

        title = gtk_label_new(nil)
        gtk_widget_add_css_class(title, "banner-title")
        gtk_label_set_ellipsize(title.opaque, PANGO_ELLIPSIZE_END)
        gtk_label_set_xalign(title.opaque, 0)
        gtk_label_set_single_line_mode(title.opaque, 1)
        gtk_box_append(widget.cast(), overlay)
        gtk_box_append(widget.cast(), title)
        // Over the picture, under the placeholder; the pointer goes through it to the banner.
        let veil = SnapshotWidget.make(role: GTK_ACCESSIBLE_ROLE_PRESENTATION, owner: self) { cell, veil, snapshot, width, height in
            cell.drawVeil(veil, snapshot, width: width, height: height)
        }
        gtk_widget_add_css_class(veil, "banner-veil")
        gtk_widget_set_can_target(veil, 0)
        gtk_overlay_add_overlay(overlay.opaque, veil)
        gtk_overlay_add_overlay(overlay.opaque, placeholder)

        SnapshotWidget.attach(to: image, owner: self) { cell, _, snapshot, width, height in
            cell.draw(snapshot, width: width, height: height)
        }
        PressFeedback.attach(to: widget)
        WidgetLifetime.tie(self, to: widget) { cell in
            cell.highlightTimer?.cancel()
            cell.lateTimer?.cancel()
            cell.request?.cancel()
            cell.request = nil
        }
        apply(geometry: geometry)
    }

    /// Shows banner `index` of `count`; returns why its image cannot be used when the cache knows already (placeholder
    /// shown). Otherwise the file is checked and decoded on a worker: at once, at the size the cell will draw it,
    /// when the cell is in a window (a recycled cell near the view), else when it is first drawn; a file refused
    /// there shows the placeholder and goes to `onImageFailure`.
    @discardableResult
    public func bind(index: Int, count: Int, title text: String, imagePath: String) -> SurfaceCache.Failure? {
        self.index = index
        path = imagePath
        gtk_label_set_text(title.opaque, text)
        snap_accessible_set_label(widget, Localization.bannerOfCount(page: index + 1, count: count, title: text))
        setHighlighted(false)
        request?.cancel()
        request = nil
        lateFailure = nil
        drawnSinceBind.removeAll()
        let failure = cache.knownFailure(path: imagePath)
        showsPlaceholder = failure != nil
        gtk_widget_set_visible(placeholder, showsPlaceholder ? 1 : 0)
        gtk_widget_queue_draw(image)
        if failure == nil, gtk_widget_get_root(widget) != nil {
            _ = lookUpPicture(fitting: pixelSize(width: geometry.panelWidth.rounded(), height: geometry.imageHeight.rounded()))
        }
        return failure
    }

    /// Sizes the cell for `geometry`: panel width, image and title heights, corner radius and title font scale with it.
    public func apply(geometry: PagerGeometry) {
        self.geometry = geometry
        let width = Int32(geometry.panelWidth.rounded())
        gtk_widget_set_size_request(widget, width, Int32(geometry.panelHeight.rounded()))
        gtk_widget_set_size_request(image, width, Int32(geometry.imageHeight.rounded()))
        gtk_widget_set_size_request(title, width, Int32(geometry.textHeight.rounded()))
        let size = min(max(geometry.textHeight * Self.titleSizeRatio, Self.titleSizeRange.lowerBound), Self.titleSizeRange.upperBound)
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_size_new_absolute(Int32(size * Double(PANGO_SCALE))))
        gtk_label_set_attributes(title.opaque, attributes)
        pango_attr_list_unref(attributes)
        gtk_widget_queue_draw(image)
    }

    /// Briefly highlights the banner (tap feedback); reduced motion keeps it, as it is not motion.
    public func flash() {
        setHighlighted(true)
        highlightTimer?.cancel()
        highlightTimer = MainLoopTimer.after(milliseconds: Self.highlightDuration) { [weak self] in
            self?.setHighlighted(false)
        }
    }

    /// Whether the tap highlight shows.
    public var isHighlighted: Bool { gtk_widget_has_css_class(widget, "tapped") != 0 }

    private func setHighlighted(_ on: Bool) {
        if on { gtk_widget_add_css_class(widget, "tapped") } else { gtk_widget_remove_css_class(widget, "tapped") }
    }

    /// The corner radius of a picture `width` × `height` px in a carousel of `geometry`.
    static func cornerRadius(geometry: PagerGeometry, width: Double, height: Double) -> Double {
        min(designCornerRadius * geometry.scale, min(width, height) / 2)
    }

    /// The most bytes of pixels one band of the picture covers (below glibc's 128 KiB mapping threshold, which the
    /// demo fixes; see `draw`).
    static let bandBytes = 96 << 10

    /// The picture, drawn to cover the panel in its rounded shape, in horizontal bands of cairo drawing: GTK 4.8's
    /// cairo renderer replays each cairo node into a temporary image of its visible size in every frame that shows
    /// it, and an image over glibc's mapping threshold is mapped and faulted in anew each time (a 342×229 banner is
    /// 313 KB), where bands under it come from the heap and reuse its memory. Only the bands that hold the corners
    /// are clipped to the curve; the others are plain copies. The gl renderer draws a cairo node once into a texture
    /// it keeps with the node (which lives as long as the cell is not redrawn), so there the picture is one node.
    private func draw(_ snapshot: OpaquePointer, width: Double, height: Double) {
        guard width > 0, height > 0 else { return }
        let radius = Self.cornerRadius(geometry: geometry, width: width, height: height)
        guard let picture = lookUpPicture(fitting: pixelSize(width: width, height: height)), let path else {
            // The panel without an image: the text colour, faint, in the picture's rounded shape (render nodes).
            var color = RenderNodes.color(of: image)
            color.alpha = 0.1
            return RenderNodes.fill(snapshot, RenderNodes.rect(0, 0, width, height), radius: radius, color)
        }
        if drawnSinceBind.last != path { drawnSinceBind.append(path) }
        let scale = Double(max(1, gtk_widget_get_scale_factor(image)))
        let cairo = drawnByCairo
        let rowsPerBand = !cairo ? height
            : max(1, (Double(Self.bandBytes / (Int((width * scale).rounded(.up)) * 4)) / scale).rounded(.down))
        // Under cairo the corner rows are bands of their own; elsewhere the whole picture is one clipped node.
        let corner = cairo ? min(radius.rounded(.up), (height / 2).rounded(.up)) : height
        var top = 0.0
        while top < height {
            // The corner rows make bands of their own, so the bands between need no curved clip.
            let inCorner = top < corner || top >= height - corner
            let limit = top < corner ? corner : (top < height - corner ? height - corner : height)
            let bottom = min(top + rowsPerBand, limit)
            var bounds = graphene_rect_t(origin: graphene_point_t(x: 0, y: Float(top)),
                                         size: graphene_size_t(width: Float(width), height: Float(bottom - top)))
            if let cr = gtk_snapshot_append_cairo(snapshot, &bounds) {
                if inCorner {
                    roundedRectangle(cr, width: width, height: height, radius: radius)
                    cairo_clip(cr)
                }
                paint(picture, cr, width: width, height: height)
                cairo_destroy(cr)
            }
            top = bottom
        }
    }

    /// Whether the window's renderer is GTK's cairo renderer (which replays cairo nodes in every frame).
    private var drawnByCairo: Bool {
        guard let native = gtk_widget_get_native(image), let renderer = gtk_native_get_renderer(native) else { return true }
        return g_type_check_instance_is_a(UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self),
                                          Self.cairoRendererType) != 0
    }

    /// GTK's cairo renderer's type (`GSK_TYPE_CAIRO_RENDERER`, a macro Swift cannot call).
    private static let cairoRendererType = gsk_cairo_renderer_get_type()

    /// The pixels to draw for the bound image, asking for a decode when there are none or too few; nil without.
    private func lookUpPicture(fitting: (width: Int, height: Int)) -> DecodedImage? {
        guard let path else { return nil }
        switch cache.lookup(path: path, fitting: fitting) {
        case .image(let image, let covers):
            if !covers { decode(path, fitting: fitting) }
            return image
        case .failed(let failure):
            if !showsPlaceholder, let index { reportLate(failure, index: index, path: path) }
        case .none:
            decode(path, fitting: fitting)
        }
        return nil
    }

    /// Cover: fill the panel, crop the overflow evenly, on whole pixels: GTK replays this drawing in every frame that
    /// moves the banner, and an image at its own size on a whole-pixel offset is a plain copy for pixman, where half
    /// a pixel off (a 230 px image in a 229 px panel) is filtered anew each frame.
    private func paint(_ picture: DecodedImage, _ cr: OpaquePointer, width: Double, height: Double) {
        let scale = max(width / Double(picture.width), height / Double(picture.height))
        cairo_translate(cr, ((width - Double(picture.width) * scale) / 2).rounded(.down),
                        ((height - Double(picture.height) * scale) / 2).rounded(.down))
        cairo_scale(cr, scale, scale)
        cairo_set_source_surface(cr, picture.surface, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_paint(cr)
    }

    /// Hover and pressed feedback: the veil's CSS `color` (transparent at rest) in the picture's rounded shape, as
    /// render nodes over the picture's, so a changing veil never repaints the picture.
    private func drawVeil(_ veil: UnsafeMutablePointer<GtkWidget>, _ snapshot: OpaquePointer, width: Double, height: Double) {
        let color = RenderNodes.color(of: veil)
        guard color.alpha > 0 else { return }
        RenderNodes.fill(snapshot, RenderNodes.rect(0, 0, width, height),
                         radius: Self.cornerRadius(geometry: geometry, width: width, height: height), color)
    }

    /// Asks for `path` decoded to cover `fitting`, unless this binding asked already; draws again when the pixels are
    /// kept, or shows the placeholder and reports when the file turns out bad. Safe inside a draw (it changes no
    /// widget: the cache answers later, from the main loop).
    private func decode(_ path: String, fitting: (width: Int, height: Int)) {
        guard request == nil, let index else { return }
        request = cache.decode(path: path, fitting: fitting, rank: { [weak self] in
            guard let self, let index = self.index else { return Int.max }
            return self.rank?(index) ?? index
        }, done: { [weak self] failure in
            // Only this binding's request gets here: `bind` and teardown cancel it.
            guard let self, self.path == path, self.index == index else { return }
            self.request = nil
            if let failure { self.failed(failure, index: index) } else { gtk_widget_queue_draw(self.image) }
        })
    }

    /// Shows the placeholder (unless the cell shows another image by now) and reports `failure`.
    private func failed(_ failure: SurfaceCache.Failure, index: Int, showing: Bool = true) {
        if showing, !showsPlaceholder {
            showsPlaceholder = true
            gtk_widget_set_visible(placeholder, 1)
        }
        onImageFailure?(index, failure)
    }

    /// Shows the placeholder and reports `failure` from an idle callback, once per cell and binding.
    private func reportLate(_ failure: SurfaceCache.Failure, index: Int, path: String) {
        guard lateFailure == nil else { return }
        lateFailure = (index, path, failure)
        lateTimer = MainLoopTimer.after(milliseconds: 0) { [weak self] in
            guard let self, let late = self.lateFailure else { return }
            self.lateFailure = nil
            self.failed(late.failure, index: late.index, showing: self.path == late.path)
        }
    }

    /// `width × height` logical pixels in device pixels, at the scale factor the image is shown at.
    private func pixelSize(width: Double, height: Double) -> (width: Int, height: Int) {
        let scale = Double(max(1, gtk_widget_get_scale_factor(image)))
        return (Int((width * scale).rounded(.up)), Int((height * scale).rounded(.up)))
    }

    private func roundedRectangle(_ cr: OpaquePointer, width: Double, height: Double, radius: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, width - radius, radius, radius, -Double.pi / 2, 0)
        cairo_arc(cr, width - radius, height - radius, radius, 0, Double.pi / 2)
        cairo_arc(cr, radius, height - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(cr, radius, radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }
}
