/// The image formats offered and the pixel limit's wording: one list for the application's checks, the loader and
/// the documentation.
public enum ImageFormats {
    /// The formats offered, by GdkPixbuf's names: those whose decoders report the image's size before decoding a
    /// pixel, so the pixel limit holds before any work, and that decode inside the loader's sandbox. Any other decoder
    /// a system has installed (TGA, PNM, ANI, ICNS, QTIF, WebP, AVIF, …) is never handed a file; nor are XPM and XBM,
    /// whose GdkPixbuf decoders write the bytes to a new file in /tmp to parse them (the sandbox opens no file) and
    /// fill every pixel before they announce the size.
    public static let offered = ["png", "jpeg", "gif", "bmp", "ico", "tiff", "svg"]

    /// The offered formats as a reader names them: "PNG, JPEG, … or SVG".
    public static let offeredList = "PNG, JPEG, GIF, BMP, ICO, TIFF or SVG"

    /// Which offered format `bytes` (a file's first few kilobytes) are in, from how the file opens (as GdkPixbuf
    /// tells formats apart); the decoder of that format alone then decodes it. Nil for anything else.
    public static func sniff(_ bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && bytes[0..<prefix.count].elementsEqual(prefix) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpeg" }
        if starts(Array("GIF8".utf8)) { return "gif" }
        if starts(Array("BM".utf8)) { return "bmp" }
        if starts([0, 0, 1, 0]) { return "ico" }
        if starts(Array("II*\u{0}".utf8)) || starts(Array("MM\u{0}*".utf8)) { return "tiff" }
        if starts([0x1F, 0x8B]) { return "svg" }  // a compressed SVG (.svgz)
        // An SVG is XML with an `svg` element near its start (after any declaration, comments and doctype).
        let opening = bytes.prefix(4096)
        var i = opening.startIndex
        while i < opening.endIndex - 4 {
            if opening[i] == UInt8(ascii: "<"), opening[i + 1] | 0x20 == UInt8(ascii: "s"),
               opening[i + 2] | 0x20 == UInt8(ascii: "v"), opening[i + 3] | 0x20 == UInt8(ascii: "g") {
                return "svg"
            }
            i += 1
        }
        return nil
    }

    /// Why an image of `width × height` pixels is refused under a limit of `maxPixels`, or nil when it is not.
    public static func refusal(width: Int, height: Int, maxPixels: Int) -> String? {
        if width <= 0 || height <= 0 { return "image has no pixels" }
        guard width.multipliedReportingOverflow(by: height).partialValue > maxPixels
                || width > maxPixels || height > maxPixels else { return nil }
        let limit = maxPixels % 1_000_000 == 0 ? "\(maxPixels / 1_000_000) megapixels" : "\(maxPixels) pixels"
        return "image too large (\(width)×\(height) px, limit \(limit))"
    }

    /// The scale that makes `width × height` just cover `fitting`, at most 1.
    public static func coverScale(width: Int, height: Int, fitting: (width: Int, height: Int)) -> Double {
        guard width > 0, height > 0 else { return 1 }
        return min(1, max(Double(fitting.width) / Double(width), Double(fitting.height) / Double(height)))
    }
}
