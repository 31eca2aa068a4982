// swift-tools-version:6.0
// A small app that uses SnapScroll the way any other package would: as a dependency, by path.
// A project of your own would name a released version instead, for example
//     .package(url: "<where SnapScroll lives>", from: "0.2.0")
import PackageDescription

// SwiftPM names a package found by path after its folder, and a checkout of SnapScroll may be called anything:
// take the name of the folder two levels up (a dependency by version would simply say "SnapScroll").
let snapScroll = Context.packageDirectory.split(separator: "/").dropLast(2).last.map { $0.lowercased() } ?? "snapscroll"

// SnapGtk decodes every image in a process of its own: the `snapscroll-decode` executable, which an application
// ships beside its own (`swift build --product snapscroll-decode` builds it into the same folder).
let package = Package(
    name: "SnapGallery",
    dependencies: [
        .package(path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "SnapGallery",
            dependencies: [
                .product(name: "SnapGtk", package: snapScroll),
                .product(name: "SnapCore", package: snapScroll),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
