// swift-tools-version:6.0
import PackageDescription

/// The package's folder, for the linker's inputs (the link does not run in it).
let packageRoot = String(#filePath.dropLast("/Package.swift".count))

let package = Package(
    name: "SnapScroll",
    products: [
        .library(name: "SnapCore", targets: ["SnapCore"]),
        .library(name: "SnapGtk", targets: ["SnapGtk"]),
        .executable(name: "snapscroll-demo", targets: ["SnapScrollDemo"]),
        .executable(name: "snapscroll-decode", targets: ["snapscroll-decode"]),
        .executable(name: "snapcore-bench", targets: ["snapcore-bench"]),
        .executable(name: "snapgtk-bench", targets: ["snapgtk-bench"]),
    ],
    targets: [
        // The only C in the project: GTK's headers plus a few inline wrappers for what Swift cannot call.
        .systemLibrary(
            name: "CSnapGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // The image loader's C: GdkPixbuf's headers (not GTK's) and the kernel's seccomp definitions.
        .systemLibrary(
            name: "CSnapDecode",
            pkgConfig: "gdk-pixbuf-2.0",
            providers: [.apt(["libgdk-pixbuf-2.0-dev"])]
        ),
        // The image loader's body and the wire it shares with the library: decoding with GdkPixbuf in a sandbox.
        .target(name: "SnapDecode", dependencies: ["CSnapDecode"]),
        // The snapping rules: geometry, target choice, motion, gesture state. No GTK.
        .target(name: "SnapCore"),
        // GTK plumbing and the reusable widgets.
        .target(name: "SnapGtk", dependencies: ["CSnapGtk", "SnapCore", "SnapDecode"]),
        // The demo window: thin wiring of pages, options, content and the QA log.
        .executableTarget(
            name: "SnapScrollDemo", dependencies: ["SnapGtk", "SnapCore"],
            exclude: ["startup-order.txt"],
            // The release build links the Swift runtime statically: no dozen shared libraries to map and
            // relocate at start (about 30 ms and 4 MB less in the start-up benchmark). Compiling with the flag
            // too makes the static modules name what they link.
            swiftSettings: [
                .unsafeFlags(["-static-stdlib"], .when(configuration: .release)),
                // Optimised in debug builds too: the content scanner walks up to 256 MB byte by byte, and unoptimised
                // it takes 20 s for a million items (the end-to-end tests run the debug build).
                .unsafeFlags(["-O"], .when(configuration: .debug)),
            ],
            // The toolchain may link Foundation (and its ICU data) into every executable; the demo uses no
            // Foundation, so drop what it never calls: ~6 MB less resident memory.
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--as-needed"]),
                .unsafeFlags(["-static-stdlib"], .when(configuration: .release)),  // see swiftSettings
                // The static runtime makes a position-independent executable with ~27,000 relative relocations
                // (660 KB of them, read at every start). The toolchain's lld packs them into a 5 KB table (RELR,
                // glibc 2.36 and later) and lays the read-only data apart from the code: ~1 MB less resident.
                .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"],
                             .when(configuration: .release)),
                // The functions start-up runs, placed together (bench/startup_order.py writes the list): ~2 MB
                // fewer of the binary's pages resident at `ready`. Names no longer in the binary are passed over.
                .unsafeFlags(["-Xlinker", "--symbol-ordering-file=\(packageRoot)/Sources/SnapScrollDemo/startup-order.txt",
                              "-Xlinker", "--no-warn-symbol-ordering"], .when(configuration: .release)),
            ]
        ),
        // The image loader the library's pool starts (at most two, sandboxed, each decode within a budget: SnapGtk's
        // LoaderPool); installed in PREFIX/libexec/snapscroll. Links GdkPixbuf, not GTK; otherwise linked like the demo.
        .executableTarget(
            name: "snapscroll-decode", dependencies: ["SnapDecode"],
            swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "--as-needed"]),
                .unsafeFlags(["-static-stdlib"], .when(configuration: .release)),
            ]
        ),
        .executableTarget(name: "snapcore-bench", dependencies: ["SnapCore"]),
        // A row's own work measured through the public API (a one-item update of 100,000 items); needs a display.
        .executableTarget(name: "snapgtk-bench", dependencies: ["SnapGtk", "CSnapGtk"]),
        .testTarget(name: "SnapCoreTests", dependencies: ["SnapCore"]),
        .testTarget(name: "SnapDecodeTests", dependencies: ["SnapDecode"]),
        // GTK's variadic accessible test checks, for the widget tests (the library's shim keeps only what it calls).
        .systemLibrary(name: "CSnapGtkTesting", path: "Tests/CSnapGtkTesting", pkgConfig: "gtk4"),
        .testTarget(name: "SnapGtkTests", dependencies: ["SnapGtk", "SnapCore", "CSnapGtk", "CSnapGtkTesting", "SnapDecode"]),
        .testTarget(name: "SnapScrollDemoTests", dependencies: ["SnapScrollDemo"]),
    ],
    swiftLanguageModes: [.v6]
)
