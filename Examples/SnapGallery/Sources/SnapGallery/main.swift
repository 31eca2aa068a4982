import Glibc
import SnapGtk

// SnapGallery: one window with a strip of names, a carousel of banners with page dots, and a segmented control,
// built only from SnapGtk's Swift API. It prints "ready" once the window's first frame is on screen.

/// Twenty names for the strip.
let fruits = [
    "Apple", "Apricot", "Banana", "Blueberry", "Cherry", "Coconut", "Date", "Fig", "Grape", "Guava",
    "Kiwi", "Lemon", "Lime", "Mango", "Melon", "Orange", "Papaya", "Peach", "Pear", "Plum",
]

/// The banners: the SnapScroll demo's artwork, found next to this package in the SnapScroll checkout.
let artwork = String(#filePath.split(separator: "/").dropLast(5).joined(separator: "/"))
let banners = [
    Carousel.Banner(title: "Sunrise over the bay", imagePath: "/\(artwork)/resources/banners/banner-1.png"),
    Carousel.Banner(title: "Lagoon afternoon", imagePath: "/\(artwork)/resources/banners/banner-2.png"),
    Carousel.Banner(title: "Dusk in the hills", imagePath: "/\(artwork)/resources/banners/banner-3.png"),
]

let status = SnapApplication.run(id: "io.github.snapscroll.Gallery") { window in
    window.title = "SnapGallery"
    window.defaultSize = (width: 720, height: 640)

    let column = Box(.vertical, spacing: 12)
    column.setMargins(16)

    // A segmented control; the label under it follows the selection.
    let sections = SegmentedControl(titles: ["Fruit", "Banners", "About", "Help"], label: "Sections")
    let sectionLabel = Label("Section: Fruit")
    // Capture the component itself weakly (it keeps its handler); plain widget handles may be kept.
    sections.onSelected = { [weak sections] event in
        guard let sections else { return }
        sectionLabel.text = "Section: \(sections.titles[event.index])"
    }
    column.append(sections)
    column.append(sectionLabel)

    // A strip of twenty names; items are plain labels, recycled as the strip scrolls.
    let strip = SnapScroller(
        itemCount: fruits.count, itemWidth: 110, spacing: 8, label: "Fruit",
        makeItem: { Label() }, bindItem: { label, index in label.text = fruits[index] })
    let centre = Label("Centre: \(fruits[0])")
    strip.onCurrentIndexChanged = { event in centre.text = "Centre: \(fruits[event.index])" }
    column.append(strip)
    column.append(centre)

    // A carousel of three banners, with page dots that follow it and move it.
    let carousel = Carousel(pageCount: banners.count) { banners[$0] }
    let dots = PageDots()
    dots.attach(to: carousel)
    dots.rootWidget.horizontalAlignment = .center
    let tapped = Label("Tap a banner")
    carousel.onTapped = { event in tapped.text = "Tapped: \(banners[event.index].title)" }
    column.append(carousel)
    column.append(dots)
    column.append(tapped)

    window.child = column
    window.afterFirstFrame {
        print("ready")
        fflush(nil)   // standard output may be a pipe
    }
}
exit(status)
