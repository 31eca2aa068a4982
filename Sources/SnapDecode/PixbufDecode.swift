internal import CSnapDecode
import Glibc

/// Why a decode gave no pixels: a few words for a report, the full message, and whether the decoder ran over its
/// budget (the application then never tries the file again, and the loader ends).
struct DecodeFailure: Error {
    var brief: String
    var message: String
    var abandoned = false
    init(_ brief: String) { (self.brief, message) = (brief, brief) }
    init(message: String, brief: String) { (self.brief, self.message) = (brief, message) }
    static func abandoned(_ brief: String) -> DecodeFailure {
        var failure = DecodeFailure(brief)
        failure.abandoned = true
        return failure
    }
    static let cutShort = DecodeFailure("not a readable image: the file ends before the image does")
}

/// What one decode may use, as the request gives it.
struct DecodeLimits {
    var maxFileBytes: Int
    var maxPixels: Int
    var memoryBytes: Int
}

/// Decoded pixels in cairo's ARGB32 layout (premultiplied, native-endian words), in a sealed memfd.
struct DecodedPixels {
    var fd: Int32
    var width: Int
    var height: Int
    var stride: Int
    var naturalWidth: Int
    var naturalHeight: Int
}

/// Decoding with GdkPixbuf (the loader's side): refuses a header beyond the pixel limit before any pixel is decoded,
/// decodes at the size asked for where the decoder can, and writes the pixels into a sealed memfd.
enum PixbufDecode {
    static func decode(_ bytes: [UInt8], format: String, fitting: (width: Int, height: Int)?,
                       limits: DecodeLimits) -> Result<DecodedPixels, DecodeFailure> {
        let header = PixbufRun(limits: limits, fitting: fitting)
        let failure = header.run(format: format) { write in
            // Small pieces first: the header is in the first few hundred bytes, and nothing is decoded past a refusal.
            bytes.withUnsafeBufferPointer { buffer in
                var offset = 0
                var piece = 512
                while offset < buffer.count {
                    let n = min(piece, buffer.count - offset)
                    guard write(UnsafeBufferPointer(rebasing: buffer[offset..<(offset + n)])) else { return }
                    offset += n
                    piece = min(piece * 4, 1 << 20)
                }
            }
        }
        if let failure { return .failure(failure) }
        if header.format == "jpeg", !PixbufDecode.jpegIsWhole(bytes) { return .failure(.cutShort) }
        guard let pixbuf = header.pixbuf else { return .failure(DecodeFailure("not a readable image")) }
        return premultiplied(pixbuf, naturalWidth: header.width, naturalHeight: header.height, limits: limits)
    }

    /// The pixbuf's pixels in cairo's layout, written into a new memfd that is then sealed against any change.
    static func premultiplied(_ pixbuf: OpaquePointer, naturalWidth: Int, naturalHeight: Int,
                              limits: DecodeLimits) -> Result<DecodedPixels, DecodeFailure> {
        let width = Int(gdk_pixbuf_get_width(pixbuf)), height = Int(gdk_pixbuf_get_height(pixbuf))
        if let refusal = ImageFormats.refusal(width: width, height: height, maxPixels: limits.maxPixels) {
            return .failure(DecodeFailure(refusal))
        }
        let stride = width * 4, size = stride * height
        let fd = snap_decode_memfd("snapscroll-pixels")
        guard fd >= 0 else { return .failure(systemFailure("cannot make room for the pixels")) }
        guard ftruncate(fd, off_t(size)) == 0,
              let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            let failure = errno == ENOMEM
                ? DecodeFailure.abandoned("the image needs more memory than its \(limits.memoryBytes >> 20) MB budget")
                : systemFailure("cannot make room for the pixels")
            close(fd)
            return .failure(failure)
        }
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), rowstride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let alpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        let source = UnsafePointer(gdk_pixbuf_read_pixels(pixbuf)!)
        let target = mapped.assumingMemoryBound(to: UInt32.self)
        for y in 0..<height {
            let row = source + y * rowstride
            let out = target + y * width
            for x in 0..<width {
                let p = row + x * channels
                let a = alpha ? UInt32(p[3]) : 255
                out[x] = a << 24 | multiply(p[0], a) << 16 | multiply(p[1], a) << 8 | multiply(p[2], a)
            }
        }
        munmap(mapped, size)
        guard fcntl(fd, LoaderWire.addSeals, LoaderWire.pixelSeals) == 0 else {
            close(fd)
            return .failure(systemFailure("cannot seal the pixels"))
        }
        return .success(DecodedPixels(fd: fd, width: width, height: height, stride: stride,
                                      naturalWidth: naturalWidth, naturalHeight: naturalHeight))
    }

    /// `c × a / 255`, rounded as cairo and GDK round it.
    @inline(__always)
    private static func multiply(_ c: UInt8, _ a: UInt32) -> UInt32 {
        let t = UInt32(c) * a + 0x80
        return ((t >> 8) + t) >> 8
    }

    static func systemFailure(_ what: String) -> DecodeFailure {
        DecodeFailure("\(what): \(String(cString: strerror(errno)).lowercased())")
    }

    /// The size to ask the decoder of `format` for, when it can decode smaller than the image at no extra cost:
    /// a JPEG decoder at 1/2, 1/4 or 1/8 of the image's size (the smallest of those that still covers `fitting`), an
    /// SVG renderer at the size that just covers `fitting`. Nil for any other format: PNG, GIF and the rest decode
    /// every pixel whatever is asked, and GdkPixbuf would then scale the whole image at the end, as `PixbufRun`
    /// does. They are asked nothing because a loader asked for a size its decoder does not deliver reports no rows
    /// until it closes, and the rows it reports are how a PNG cut short is found. The JPEG size is the one libjpeg
    /// gives at that scale (rounded up): asked for another, GdkPixbuf would scale the decoder's output once more.
    static func decoderSize(format: String, width: Int, height: Int,
                            fitting: (width: Int, height: Int)) -> (width: Int, height: Int)? {
        let scale = ImageFormats.coverScale(width: width, height: height, fitting: fitting)
        guard scale < 1 else { return nil }
        func divided(_ n: Int, _ d: Int) -> Int { (n + d - 1) / d }
        switch format {
        case "jpeg":
            var d = 1
            while d < 8, divided(width, 2 * d) >= fitting.width, divided(height, 2 * d) >= fitting.height { d *= 2 }
            return d > 1 ? (divided(width, d), divided(height, d)) : nil
        case "svg":
            return (max(1, Int((Double(width) * scale).rounded(.up))), max(1, Int((Double(height) * scale).rounded(.up))))
        default:
            return nil
        }
    }

    /// Whether a JPEG's bytes hold its whole image: the end-of-image marker (FF D9) comes after the last scan's start
    /// (FF DA). GdkPixbuf's JPEG loader completes a file cut short with grey rows and reports them decoded, so this
    /// is the only sign. Inside a scan's data a 0xFF byte is always followed by 0x00 or a restart marker, so the first
    /// of the two markers met from the end tells which came last; a whole file ends with its marker (or a little
    /// padding), so that search is short for it.
    static func jpegIsWhole(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            var i = bytes.count - 2
            while i >= 0 {
                if bytes[i] == 0xFF {
                    if bytes[i + 1] == 0xD9 { return true }
                    if bytes[i + 1] == 0xDA { return false }
                }
                i -= 1
            }
            return false
        }
    }

    /// A GLib message as one line: trailing newlines gone (SVG's errors end in one), inner ones as spaces.
    static func oneLine(_ text: UnsafeMutablePointer<CChar>?) -> String {
        guard let text else { return "" }
        let lines = String(cString: text).split(whereSeparator: { $0 == "\n" || $0 == "\r" })
        return lines.map { line in
            var s = line[...]
            while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
            while let c = s.last, c == " " || c == "\t" { s.removeLast() }
            return String(s)
        }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
