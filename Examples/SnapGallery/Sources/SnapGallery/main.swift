import Glibc
import SnapGtk

// SnapGallery: a small photo browser built only from SnapGtk's Swift API. A segmented filter chooses which photos
// show; a carousel shows them one at a time (pages of its own: a picture and a caption) and a strip of thumbnails of
// different widths follows it, and moves it. A filter change is one batch update of both, by the photos' ids, so the
// photo on screen stays on screen when it passes the filter. It prints "ready" once the window's first frame is on
// screen, "showing: TITLE" each time the carousel comes to rest, and "cannot load a picture: REASON" once per reason.

/// One photo: its id (the file and a number), what it shows, and its kind for the filter.
struct Photo {
    enum Kind { case warm, cool }
    let id: Int
    let title: String
    let path: String
    let kind: Kind
    /// The thumbnail's width in the strip (px): the photos are cropped to a few shapes.
    var thumbnailWidth: Double { [96, 64, 128][id % 3] }
}

/// The demo's artwork, found next to this package in the SnapScroll checkout.
let artwork = "/" + #filePath.split(separator: "/").dropLast(5).joined(separator: "/") + "/resources/banners"
let library: [Photo] = [
    ("Sunrise over the bay", 1, Photo.Kind.warm), ("Lagoon afternoon", 2, .cool), ("Dusk in the hills", 3, .warm),
    ("Summer meadow", 4, .cool), ("Embers and ash", 5, .warm), ("Harbour at dawn", 1, .warm),
    ("Blue hour", 2, .cool), ("Red cliffs", 3, .warm), ("Green valley", 4, .cool),
].enumerated().map { index, photo in
    Photo(id: index, title: photo.0, path: "\(artwork)/banner-\(photo.1).png", kind: photo.2)
}

/// Decoded pictures by file and size, loaded once through SnapGtk's bounded loader (off GTK's thread): pages and
/// thumbnails rebound as they recycle take them from here instead of decoding again.
@MainActor
final class Pictures {
    private let fitting: (width: Int, height: Int)
    private var loaded: [String: Texture] = [:]
    private var waiting: [String: [(Texture) -> Void]] = [:]
    /// The reasons of failed loads already printed.
    private static var reported: Set<String> = []

    init(fitting: (width: Int, height: Int)) { self.fitting = fitting }

    /// Calls `use` with the picture of `path`: at once when it is loaded, else when it is.
    func texture(of path: String, _ use: @escaping (Texture) -> Void) {
        if let texture = loaded[path] { return use(texture) }
        let first = waiting[path] == nil
        waiting[path, default: []].append(use)
        guard first else { return }
        Texture.load(contentsOfFile: path, fitting: fitting) { [self] result in
            let users = waiting.removeValue(forKey: path) ?? []
            let texture: Texture
            switch result {
            case .success(let decoded): texture = decoded
            case .failure(let failure):
                // Each reason once: without the image loader, every picture fails alike.
                if Pictures.reported.insert(failure.brief).inserted {
                    print("cannot load a picture: \(failure.brief)")
                    fflush(nil)
                }
                return
            }
            loaded[path] = texture
            for user in users { user(texture) }
        }
    }
}

/// A carousel page or a thumbnail: a picture, its caption (pages only), and the photo it was last bound to, so a
/// picture that arrives after the widget was recycled for another photo is not shown.
@MainActor
final class PhotoView: WidgetRepresentable {
    let box = Box(.vertical, spacing: 6)
    let picture = Picture(fit: .cover)
    let caption = Label()
    private var photoID: Int?

    init(withCaption: Bool) {
        picture.expandsVertically = true
        picture.expandsHorizontally = true
        box.append(picture)
        if withCaption { box.append(caption) }
    }

    var rootWidget: Widget { box }

    func show(_ photo: Photo, from pictures: Pictures) {
        photoID = photo.id
        caption.text = photo.title
        picture.alternativeText = photo.title
        picture.texture = nil
        pictures.texture(of: photo.path) { [weak self] texture in
            guard let self, self.photoID == photo.id else { return }
            self.picture.texture = texture
        }
    }
}

let status = SnapApplication.run(id: "io.github.snapscroll.Gallery") { window in
    window.title = "SnapGallery"
    window.defaultSize = (width: 720, height: 640)

    var shown = library
    let pages = Pictures(fitting: (width: 720, height: 540))
    let thumbnails = Pictures(fitting: (width: 128, height: 96))

    let column = Box(.vertical, spacing: 12)
    column.setMargins(16)

    let filter = SegmentedControl(titles: ["All", "Warm", "Cool"], label: "Filter")
    let carousel = Carousel(pageCount: shown.count, accessibleLabel: "Photos",
                            makePage: { PhotoView(withCaption: true) },
                            bindPage: { page, index in page.show(shown[index], from: pages) })
    let dots = PageDots()
    dots.attach(to: carousel)
    dots.rootWidget.horizontalAlignment = .center
    let strip = SnapScroller(itemCount: shown.count, itemWidth: 96, spacing: 8, label: "Thumbnails",
                             makeItem: { PhotoView(withCaption: false) },
                             bindItem: { thumbnail, index in thumbnail.show(shown[index], from: thumbnails) })
    strip.itemWidths = shown.map(\.thumbnailWidth)
    strip.rootWidget.sizeRequest = (width: -1, height: 72)
    let caption = Label()
    // `page`: the page the carousel is on or heading to (a page event names its destination as the motion starts).
    @MainActor func showStatus(page: Int? = nil) {
        let page = page ?? carousel.currentPage
        caption.text = shown.indices.contains(page) ? "Showing: \(shown[page].title) (\(page + 1) of \(shown.count))" : "No photos"
    }
    showStatus()

    // The filter: the photos that pass it, as one batch update of both rows by the photos' ids.
    filter.onSelected = { event in
        let kind: Photo.Kind? = [nil, .warm, .cool][event.index]
        shown = library.filter { kind == nil || $0.kind == kind }
        let ids = shown.map(\.id)
        carousel.update(ids: ids)
        strip.update(ids: ids, widths: shown.map(\.thumbnailWidth))
        showStatus()
    }
    // The two rows in step: whichever the user moves, the other follows (their own moves are programmatic).
    carousel.onPageChanged = { [weak strip] event in
        showStatus(page: event.index)
        guard event.cause != .programmatic, event.cause != .dataChange, let strip, strip.currentIndex != event.index else { return }
        strip.scrollTo(index: event.index)
    }
    strip.onSettled = { [weak carousel] event in
        guard event.cause != .programmatic, event.cause != .dataChange, let carousel,
              carousel.currentPage != event.index else { return }
        carousel.scrollTo(page: event.index)
    }
    carousel.onSettled = { event in
        guard shown.indices.contains(event.index) else { return }
        print("showing: \(shown[event.index].title)")
        fflush(nil)   // standard output may be a pipe
    }

    column.append(filter)
    column.append(carousel)
    column.append(dots)
    column.append(strip)
    column.append(caption)
    window.child = column
    window.afterFirstFrame {
        print("ready")
        fflush(nil)
    }
}
exit(status)
