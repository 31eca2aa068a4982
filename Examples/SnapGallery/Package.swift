// swift-tools-version:6.0
// A small app that uses SnapScroll the way any other package would: as a dependency, by path.
// A project of your own would name a released version instead, for example
//     .package(url: "<where SnapScroll lives>/snapscroll.git", from: "0.3.0")
// and then `package: "snapscroll"` (SwiftPM names a package found by URL after the URL's last part, lower case);
// scripts/consumer-by-version builds a copy of this example that way.
import PackageDescription

// SwiftPM names a package found by path after its folder, and a checkout of SnapScroll may be called anything:
// take the name of the folder two levels up (a dependency by version would simply say "SnapScroll").
let snapScroll = Context.packageDirectory.split(separator: "/").dropLast(2).last.map { $0.lowercased() } ?? "snapscroll"

// SnapGtk decodes every image in a sandboxed loader process: the `snapscroll-decode` executable, which an application
// ships with its own (`swift build --product snapscroll-decode` builds it into the same folder; installed, it goes in
// PREFIX/libexec/snapscroll/ beside PREFIX/bin, or wherever ImageFile.decoderPath says).
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
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
