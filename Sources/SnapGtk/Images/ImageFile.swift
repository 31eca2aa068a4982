import CSnapGtk
import Glibc

/// The rules for reading an image file that may be hostile, and what breaking them is called. Every way the library
/// gets pixels from a file follows them (``Texture/load(contentsOfFile:fitting:limits:completion:)``,
/// ``Texture/init(contentsOfFile:fitting:limits:)`` and a carousel's banners): only a regular file is opened,
/// without blocking (a FIFO, a device or a folder is refused at once, never waited on); its size is checked on the
/// open file before a byte is read; the pixel size its header declares is checked before anything is decoded; a
/// decoder that can decode fewer pixels (JPEG, SVG) is asked for those that cover the size asked for, and only a
/// copy at that size is kept; and a file cut short is refused rather than shown half decoded. Only PNG, JPEG, GIF, BMP,
/// ICO, TIFF, SVG, XPM and XBM are decoded, each in a process of its own within a budget of processor time, memory and
/// wall time (``Limits``), stopped when it runs over: the `snapscroll-decode` executable of this package, which an
/// application ships beside its own executable (or, installed, in `PREFIX/libexec/snapscroll/`).
public enum ImageFile {
    /// What a file may be: bytes on disk and pixels in its header.
    public struct Limits: Sendable, Equatable {
        /// Largest file read (32 MiB).
        public var maxFileBytes: Int
        /// Largest width × height decoded (16 megapixels).
        public var maxPixels: Int
        /// Processor time one decode may take, in seconds (2): a decoder still working then is stopped.
        public var decodeCPUSeconds: Double
        /// Memory one decoder may map, in bytes (512 MiB of address space, its code and libraries included: a
        /// 16-megapixel PNG peaks at about 130 MB resident, a plain 4000×4000 SVG at about 150 MB).
        public var decodeMemoryBytes: Int
        /// Time one decode may take from its start to its answer, in seconds (15): room for a loaded machine, where
        /// the decoder waits for a processor as long as it works.
        public var decodeWallSeconds: Double
        /// Limits of `maxFileBytes` bytes and `maxPixels` pixels (width × height), and a budget for each decode.
        public init(maxFileBytes: Int = 32 << 20, maxPixels: Int = 16_000_000, decodeCPUSeconds: Double = 2,
                    decodeMemoryBytes: Int = 512 << 20, decodeWallSeconds: Double = 15) {
            self.maxFileBytes = maxFileBytes
            self.maxPixels = maxPixels
            self.decodeCPUSeconds = decodeCPUSeconds
            self.decodeMemoryBytes = decodeMemoryBytes
            self.decodeWallSeconds = decodeWallSeconds
        }
        /// The limits the widgets use.
        public static let standard = Limits()
    }

    /// Why an image could not be used.
    public struct Failure: Error, Equatable, Sendable {
        /// The full message (GLib's, when it came from a decoder), on one line.
        public let message: String
        /// A few words for a one-line report: "file not found", "not a regular file (a FIFO)",
        /// "file too large (3072 MB, limit 32 MB)", "image too large (20000×20000 px, limit 16 megapixels)", …
        public let brief: String
        /// Whether the decoder was abandoned (over its time or memory budget) or crashed: the file is then not tried
        /// again at any size.
        let abandoned: Bool
        /// A failure with a full `message` and a `brief` one for reports.
        public init(message: String, brief: String) {
            self.init(message: message, brief: brief, abandoned: false)
        }
        init(message: String, brief: String, abandoned: Bool) {
            self.message = message
            self.brief = brief
            self.abandoned = abandoned
        }
        init(_ brief: String) { self.init(message: brief, brief: brief) }
        static func abandoned(_ brief: String) -> Failure { Failure(message: brief, brief: brief, abandoned: true) }
    }

    /// Reads and decodes the image at `path`, scaled down (never up) so it still covers `fitting` (in device pixels)
    /// with its proportions kept; at its own size when `fitting` is nil. Runs on any thread: it touches only the file,
    /// the decoder and the objects it makes. Refusals come before anything is read or decoded; what it blocks on is
    /// reading at most `limits.maxFileBytes` of a regular file and decoding at most `limits.maxPixels`.
    /// The file is read and decoded by a child process (`DecoderProcess`) within the budget `limits` give it, and
    /// abandoned when it runs over or `cancellable` is cancelled.
    static func load(path: String, fitting: (width: Int, height: Int)? = nil, limits: Limits = .standard,
                     cancellable: UnsafeMutablePointer<GCancellable>? = nil) -> Result<DecodedImage, Failure> {
        withFile(path: path, limits: limits) { fd, size in
            DecoderProcess.decode(fd: fd, size: size, fitting: fitting, limits: limits, cancellable: cancellable)
        }
    }

    /// The scale that makes `width × height` just cover `fitting`, at most 1.
    static func coverScale(width: Int, height: Int, fitting: (width: Int, height: Int)) -> Double {
        guard width > 0, height > 0 else { return 1 }
        return min(1, max(Double(fitting.width) / Double(width), Double(fitting.height) / Double(height)))
    }

    // MARK: - Reading

    /// Opens `path` when it is a regular file within the size limit and hands `body` the descriptor and the size.
    /// Opened once, without blocking and without becoming a controlling terminal; the checks are made on the open
    /// file, so it cannot be swapped in between.
    static func withFile<T>(path: String, limits: Limits, _ body: (Int32, Int) -> Result<T, Failure>) -> Result<T, Failure> {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else {
            let code = errno
            switch code {
            case ENOENT: return .failure(Failure("file not found"))
            case ENXIO: return .failure(Failure("not a regular file (a socket)"))
            default: return .failure(Failure(String(cString: strerror(code)).lowercased()))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(Failure(String(cString: strerror(errno)).lowercased())) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(Failure("not a regular file (a folder)"))
        case S_IFIFO: return .failure(Failure("not a regular file (a FIFO)"))
        case S_IFCHR, S_IFBLK: return .failure(Failure("not a regular file (a device)"))
        case S_IFSOCK: return .failure(Failure("not a regular file (a socket)"))
        default: return .failure(Failure("not a regular file"))
        }
        if Int(info.st_size) > limits.maxFileBytes { return .failure(tooLarge(Int(info.st_size), limits)) }
        if info.st_size == 0 { return .failure(Failure("empty file")) }
        return body(fd, Int(info.st_size))
    }

    /// The rest of the file, but never past the limit: a file may grow, or report a size it does not have. Read
    /// straight into the array's storage (nothing is zeroed first), with one byte of room past the size reported, so
    /// a file that grew is noticed; only then is there a second, larger round.
    static func readAll(_ fd: Int32, size: Int, limits: Limits) -> Result<[UInt8], Failure> {
        var capacity = min(size, limits.maxFileBytes) + 1
        var kept: [UInt8] = []
        while true {
            var failure: Failure?
            var full = false
            let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                count = 0
                kept.withUnsafeBytes { previous in
                    if let start = previous.baseAddress, !previous.isEmpty {
                        memcpy(buffer.baseAddress!, start, previous.count)
                        count = previous.count
                    }
                }
                while count < capacity {
                    let n = Glibc.read(fd, buffer.baseAddress! + count, capacity - count)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = Failure(String(cString: strerror(errno)).lowercased())
                        return
                    }
                    if n == 0 { return }
                    count += n
                }
                full = true
            }
            if let failure { return .failure(failure) }
            if !full { return .success(bytes) }
            guard bytes.count <= limits.maxFileBytes else { return .failure(tooLarge(bytes.count, limits)) }
            kept = bytes
            capacity = min(capacity + (1 << 20), limits.maxFileBytes + 1)
        }
    }

    private static func tooLarge(_ size: Int, _ limits: Limits) -> Failure {
        Failure("file too large (\(megabytes(size)) MB, limit \(megabytes(limits.maxFileBytes)) MB)")
    }

    private static func megabytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }

    // MARK: - Decoding

    /// Decodes `bytes` with GdkPixbuf (PNG, JPEG, GIF, SVG, …), refusing a header beyond `limits.maxPixels` before any
    /// pixel is decoded.
    static func decode(_ bytes: [UInt8], fitting: (width: Int, height: Int)?, limits: Limits) -> Result<DecodedImage, Failure> {
        if let declared = textHeaderSize(bytes),
           let refusal = refusal(width: declared.width, height: declared.height, limits: limits) {
            return .failure(refusal)
        }
        guard let format = offeredFormat(bytes) else { return .failure(notOffered) }
        let header = Header(limits: limits, fitting: fitting)
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
        if header.format == "jpeg", !jpegIsWhole(bytes) { return .failure(cutShort) }
        // The texture wraps the pixbuf's pixels (no copy); it is there for its conversion into cairo's layout.
        guard let pixbuf = header.pixbuf, let texture = gdk_texture_new_for_pixbuf(pixbuf) else {
            return .failure(Failure("not a readable image"))
        }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        return DecodedImage.copying(texture, naturalWidth: header.width, naturalHeight: header.height, limits: limits)
    }

    /// The formats offered, by GdkPixbuf's names: those whose decoders report the image's size before decoding a
    /// pixel (or whose size `textHeaderSize` reads), so the pixel limit holds before any work. Any other loader a
    /// system has installed (TGA, PNM, ANI, ICNS, QTIF, WebP, AVIF, …) is never handed a file.
    static let offeredFormats = ["png", "jpeg", "gif", "bmp", "ico", "tiff", "svg", "xpm", "xbm"]

    /// The refusal of a file in no offered format.
    static let notOffered = Failure(
        "not a readable image: not a format offered (PNG, JPEG, GIF, BMP, ICO, TIFF, SVG, XPM or XBM)")

    /// Which offered format `bytes` are in, from how the file opens (as GdkPixbuf tells formats apart); the loader of
    /// that format alone then decodes it. Nil for anything else.
    static func offeredFormat(_ bytes: [UInt8]) -> String? {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && bytes[0..<prefix.count].elementsEqual(prefix) }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "jpeg" }
        if starts(Array("GIF8".utf8)) { return "gif" }
        if starts(Array("BM".utf8)) { return "bmp" }
        if starts([0, 0, 1, 0]) { return "ico" }
        if starts(Array("II*\u{0}".utf8)) || starts(Array("MM\u{0}*".utf8)) { return "tiff" }
        if starts(Array("/* XPM */".utf8)) { return "xpm" }
        if starts(Array("#define ".utf8)) || starts(Array("/*".utf8)) { return "xbm" }
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

    /// The pixel size declared in the header of an XPM or XBM file, the two formats whose GdkPixbuf decoders parse the
    /// whole file (and fill every pixel) before they announce its size: read here so the limit holds before decoding
    /// for them too. Nil for any other file, and for a header without a positive width and height (the decoder then
    /// refuses the file itself).
    static func textHeaderSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
        bytes.withUnsafeBufferPointer { bytes in
            let text = TextScan(bytes)
            // GdkPixbuf picks these decoders by how the file opens: "/* XPM */" for XPM, "#define " or "/*" for XBM.
            if text.hasPrefix("/* XPM */") { return xpmSize(text) }
            if text.hasPrefix("#define ") || text.hasPrefix("/*") { return xbmSize(text) }
            return nil
        }
    }

    /// XPM: the values line ("W H colours chars-per-pixel") is the first C string after the array's opening brace;
    /// comments between are skipped, as the decoder skips them.
    private static func xpmSize(_ text: TextScan) -> (width: Int, height: Int)? {
        guard let brace = text.seek(UInt8(ascii: "{"), from: 9),
              let quote = text.seek(UInt8(ascii: "\""), from: brace + 1) else { return nil }
        var i = quote + 1
        guard let width = text.integer(&i), let height = text.integer(&i), width > 0, height > 0 else { return nil }
        return (width, height)
    }

    /// XBM: `#define NAME_width W` and `#define NAME_height H` lines before the `static … NAME_bits[] = {` line that
    /// starts the data; the decoder takes the last of each, and so does this.
    private static func xbmSize(_ text: TextScan) -> (width: Int, height: Int)? {
        var width: Int?, height: Int?
        var line = 0
        while line < text.count {
            let end = text.lineEnd(from: line)
            if text.hasPrefix("#define", at: line) {
                var i = line + 7
                let name = text.word(&i, end: end)
                if let value = text.integer(&i), i <= end {
                    let suffix = name.split(separator: UInt8(ascii: "_"), omittingEmptySubsequences: false).last ?? name[...]
                    if suffix.elementsEqual("width".utf8) { width = value }
                    if suffix.elementsEqual("height".utf8) { height = value }
                }
            } else if text.hasPrefix("static", at: line), text.contains("bits[]", from: line, to: end) {
                break
            }
            line = end + 1
        }
        guard let width, let height, width > 0, height > 0 else { return nil }
        return (width, height)
    }

    /// The refusal of an image whose file ends before the image does.
    static let cutShort = Failure("not a readable image: the file ends before the image does")

    /// Why an image of `width × height` pixels is refused under `limits`, or nil when it is not.
    static func refusal(width: Int, height: Int, limits: Limits) -> Failure? {
        if width <= 0 || height <= 0 { return Failure("image has no pixels") }
        guard width.multipliedReportingOverflow(by: height).partialValue > limits.maxPixels
                || width > limits.maxPixels || height > limits.maxPixels else { return nil }
        let limit = limits.maxPixels % 1_000_000 == 0 ? "\(limits.maxPixels / 1_000_000) megapixels" : "\(limits.maxPixels) pixels"
        return Failure("image too large (\(width)×\(height) px, limit \(limit))")
    }

    /// The size to ask the decoder of `format` for, when it can decode smaller than the image at no extra cost:
    /// a JPEG decoder at 1/2, 1/4 or 1/8 of the image's size (the smallest of those that still covers `fitting`), an
    /// SVG renderer at the size that just covers `fitting`. Nil for any other format: PNG, GIF and the rest decode
    /// every pixel whatever is asked, and GdkPixbuf would then scale the whole image at the end, as `Header.scaled`
    /// does. They are asked nothing because a loader asked for a size its decoder does not deliver reports no rows
    /// until it closes, and the rows it reports are how a PNG cut short is found. The JPEG size is the one libjpeg
    /// gives at that scale (rounded up): asked for another, GdkPixbuf would scale the decoder's output once more.
    static func decoderSize(format: String, width: Int, height: Int,
                            fitting: (width: Int, height: Int)) -> (width: Int, height: Int)? {
        guard coverScale(width: width, height: height, fitting: fitting) < 1 else { return nil }
        func divided(_ n: Int, _ d: Int) -> Int { (n + d - 1) / d }
        switch format {
        case "jpeg":
            var d = 1
            while d < 8, divided(width, 2 * d) >= fitting.width, divided(height, 2 * d) >= fitting.height { d *= 2 }
            return d > 1 ? (divided(width, d), divided(height, d)) : nil
        case "svg":
            let scale = coverScale(width: width, height: height, fitting: fitting)
            return (max(1, Int((Double(width) * scale).rounded(.up))), max(1, Int((Double(height) * scale).rounded(.up))))
        default:
            return nil
        }
    }

    /// One GdkPixbufLoader run: learns the size from the header (`size-prepared`), refuses there or asks the decoder
    /// for fewer pixels (`decoderSize`), and keeps the decoded pixbuf, scaled the rest of the way to cover `fitting`.
    private final class Header {
        let limits: Limits
        let fitting: (width: Int, height: Int)?
        var width = 0
        var height = 0
        var refusal: Failure?
        var decodedRows = 0
        /// GdkPixbuf's name for the image's format ("png", "jpeg", …), once the header is read.
        private(set) var format: String?
        private(set) var pixbuf: OpaquePointer?

        init(limits: Limits, fitting: (width: Int, height: Int)?) {
            self.limits = limits
            self.fitting = fitting
        }

        deinit { if let pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) } }

        /// Called by the loader once the header is read, before any pixel is decoded: a size of 0×0 makes the loader
        /// stop there; a smaller one makes the decoder decode at that size.
        func sizePrepared(_ loader: UnsafeMutablePointer<GdkPixbufLoader>, _ width: Int32, _ height: Int32) {
            self.width = Int(width)
            self.height = Int(height)
            refusal = ImageFile.refusal(width: self.width, height: self.height, limits: limits)
            if refusal != nil {
                gdk_pixbuf_loader_set_size(loader, 0, 0)
                return
            }
            if let info = gdk_pixbuf_loader_get_format(loader), let name = gdk_pixbuf_format_get_name(info) {
                format = String(cString: name)
                g_free(name)
            }
            if let fitting, let format,
               let requested = ImageFile.decoderSize(format: format, width: self.width, height: self.height, fitting: fitting) {
                gdk_pixbuf_loader_set_size(loader, Int32(requested.width), Int32(requested.height))
            }
        }

        /// Rows the decoder has filled in so far: a file cut short ends before the last one.
        func areaUpdated(y: Int32, height: Int32) {
            decodedRows = max(decodedRows, Int(y) + Int(height))
        }

        /// A reference to `decoded`, or to a copy scaled down to cover `fitting`.
        private func scaled(_ decoded: OpaquePointer) -> OpaquePointer {
            let width = Int(gdk_pixbuf_get_width(decoded)), height = Int(gdk_pixbuf_get_height(decoded))
            if let fitting {
                let scale = ImageFile.coverScale(width: width, height: height, fitting: fitting)
                if scale < 1, let smaller = gdk_pixbuf_scale_simple(
                    decoded, Int32(max(1, (Double(width) * scale).rounded(.up))),
                    Int32(max(1, (Double(height) * scale).rounded(.up))), GDK_INTERP_BILINEAR) {
                    return smaller
                }
            }
            g_object_ref(UnsafeMutableRawPointer(decoded))
            return decoded
        }

        /// Runs a loader; `source` writes the file's bytes through the function it is given, which returns false
        /// when writing should stop (an error or a refusal). Returns nil when the image decoded.
        func run(format: String, _ source: ((UnsafeBufferPointer<UInt8>) -> Bool) -> Void) -> Failure? {
            var error: UnsafeMutablePointer<GError>?
            guard let loader = gdk_pixbuf_loader_new_with_type(format, &error) else {
                let message = error.map { ImageFile.oneLine($0.pointee.message) } ?? format
                if let error { g_error_free(error) }
                return Failure(message: message, brief: "not a readable image: no decoder for \(format) (\(message))")
            }
            let callback: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { loader, w, h, data in
                Unmanaged<Header>.fromOpaque(data!).takeUnretainedValue().sizePrepared(loader!, w, h)
            }
            g_signal_connect_data(UnsafeMutableRawPointer(loader), "size-prepared", unsafeBitCast(callback, to: GCallback.self),
                                  Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
            let updated: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { _, _, y, _, height, data in
                Unmanaged<Header>.fromOpaque(data!).takeUnretainedValue().areaUpdated(y: y, height: height)
            }
            g_signal_connect_data(UnsafeMutableRawPointer(loader), "area-updated", unsafeBitCast(updated, to: GCallback.self),
                                  Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
            var ok = true
            source { piece in
                ok = gdk_pixbuf_loader_write(loader, piece.baseAddress!, gsize(piece.count), &error) != 0
                return ok && refusal == nil
            }
            if ok {
                ok = gdk_pixbuf_loader_close(loader, &error) != 0
            } else {
                gdk_pixbuf_loader_close(loader, nil)
            }
            // GdkPixbuf hands out a partly decoded image without an error when the file ends early: only whole ones.
            // Not so a GIF's decoder: it reports the rows of its first frame, which may be smaller than the canvas,
            // and refuses by itself a file that ends before its trailer (an incomplete animation).
            var endedEarly = false
            if let error, error.pointee.domain == gdk_pixbuf_error_quark(),
               error.pointee.code == Int32(GDK_PIXBUF_ERROR_INCOMPLETE_ANIMATION.rawValue) {
                endedEarly = true
            }
            if ok, let decoded = gdk_pixbuf_loader_get_pixbuf(loader) {
                if format != "gif", decodedRows < Int(gdk_pixbuf_get_height(decoded)) {
                    endedEarly = true
                } else {
                    pixbuf = scaled(decoded)
                }
            }
            g_object_unref(UnsafeMutableRawPointer(loader))
            let message = error.map { ImageFile.oneLine($0.pointee.message) } ?? ""
            var outOfMemory = false
            if let error, error.pointee.domain == gdk_pixbuf_error_quark(),
               error.pointee.code == Int32(GDK_PIXBUF_ERROR_INSUFFICIENT_MEMORY.rawValue) {
                outOfMemory = true
            }
            if let error { g_error_free(error) }
            if let refusal { return refusal }
            if outOfMemory {
                return .abandoned("the image needs more memory than its \(limits.decodeMemoryBytes >> 20) MB budget")
            }
            if ok, pixbuf != nil { return nil }
            if endedEarly { return ImageFile.cutShort }
            if message.isEmpty { return Failure("not a readable image") }
            return Failure(message: message, brief: "not a readable image: \(message)")
        }
    }

    /// A GLib message as one line: trailing newlines gone (SVG's errors end in one), inner ones as spaces.
    static func oneLine(_ text: UnsafeMutablePointer<CChar>?) -> String {
        guard let text else { return "" }
        let words = String(cString: text).split(whereSeparator: { $0 == "\n" || $0 == "\r" })
        return words.map { $0.trimmingSpaces }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// Reading a text header's bytes the way the C decoders do (`sscanf`'s whitespace and integers).
private struct TextScan {
    let bytes: UnsafeBufferPointer<UInt8>
    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }
    var count: Int { bytes.count }

    func hasPrefix(_ prefix: String, at start: Int = 0) -> Bool {
        var i = start
        for byte in prefix.utf8 {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
        }
        return true
    }

    func contains(_ needle: String, from start: Int, to end: Int) -> Bool {
        var i = start
        while i < end {
            if hasPrefix(needle, at: i) { return true }
            i += 1
        }
        return false
    }

    /// The index of the line break ending the line at `start` (or the end of the bytes).
    func lineEnd(from start: Int) -> Int {
        var i = start
        while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
        return i
    }

    /// The first `target` at or after `start` outside C comments.
    func seek(_ target: UInt8, from start: Int) -> Int? {
        var i = start
        while i < bytes.count {
            if bytes[i] == target { return i }
            if bytes[i] == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
                continue
            }
            i += 1
        }
        return nil
    }

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }

    /// A word after any whitespace, up to the next whitespace (not past `end`).
    func word(_ i: inout Int, end: Int) -> ArraySlice<UInt8> {
        while i < end, isSpace(bytes[i]) { i += 1 }
        let start = i
        while i < end, !isSpace(bytes[i]) { i += 1 }
        return ArraySlice(bytes[start..<i])
    }

    /// A decimal integer after any whitespace, with an optional sign; nil when there are no digits. Saturates far
    /// beyond any size a decoder accepts rather than overflowing.
    func integer(_ i: inout Int) -> Int? {
        while i < bytes.count, isSpace(bytes[i]) { i += 1 }
        var negative = false
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") {
            negative = bytes[i] == UInt8(ascii: "-")
            i += 1
        }
        var value = 0, digits = 0
        while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) {
            value = min(value * 10 + Int(bytes[i] - UInt8(ascii: "0")), 1 << 40)
            digits += 1
            i += 1
        }
        return digits > 0 ? (negative ? -value : value) : nil
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}
