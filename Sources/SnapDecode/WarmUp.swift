internal import CSnapDecode
import Glibc

/// Before the sandbox closes the file system, each decoder is loaded and used once: GdkPixbuf opens a format's
/// module with dlopen on first use, and librsvg reads fontconfig's configuration and a font's file when it first
/// lays out text. The images are made here (saved by GdkPixbuf where it has a writer, written by hand otherwise), so
/// the loader carries no files.
enum WarmUp {
    static func run() {
        let limits = DecodeLimits(maxFileBytes: 1 << 20, maxPixels: 1 << 20, memoryBytes: Int.max)
        for (format, bytes) in samples() {
            if case .success(let pixels) = PixbufDecode.decode(bytes, format: format, fitting: nil, limits: limits) {
                close(pixels.fd)
            }
        }
    }

    static func samples() -> [(String, [UInt8])] {
        var samples: [(String, [UInt8])] = [
            ("gif", Array("GIF89a".utf8) + [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF,
                                             0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0, 0x3B]),
            ("svg", Array("""
                <svg xmlns="http://www.w3.org/2000/svg" width="64" height="16"><rect width="64" height="16" fill="teal"/>\
                <text x="2" y="12" font-family="sans-serif" font-size="12">Warm</text></svg>
                """.utf8)),
        ]
        guard let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 1, 8, 2, 2) else { return samples }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        gdk_pixbuf_fill(pixbuf, 0x3366_99ff)
        for format in ["png", "jpeg", "bmp", "ico", "tiff"] {
            var buffer: UnsafeMutablePointer<CChar>?
            var size: gsize = 0
            guard gdk_pixbuf_save_to_bufferv(pixbuf, &buffer, &size, format, nil, nil, nil) != 0, let buffer else { continue }
            samples.append((format, Array(UnsafeRawBufferPointer(start: buffer, count: Int(size)).bindMemory(to: UInt8.self))))
            g_free(buffer)
        }
        return samples
    }
}
