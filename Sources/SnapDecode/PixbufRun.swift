internal import CSnapDecode

/// One GdkPixbufLoader run: learns the size from the header (`size-prepared`), refuses there or asks the decoder
/// for fewer pixels (`decoderSize`), and keeps the decoded pixbuf, scaled the rest of the way to cover `fitting`.
final class PixbufRun {
    let limits: DecodeLimits
    let fitting: (width: Int, height: Int)?
    var width = 0
    var height = 0
    var refusal: DecodeFailure?
    var decodedRows = 0
    /// GdkPixbuf's name for the image's format ("png", "jpeg", …), once the header is read.
    private(set) var format: String?
    private(set) var pixbuf: OpaquePointer?

    init(limits: DecodeLimits, fitting: (width: Int, height: Int)?) {
        self.limits = limits
        self.fitting = fitting
    }

    deinit { if let pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) } }

    /// Called by the loader once the header is read, before any pixel is decoded: a size of 0×0 makes the loader
    /// stop there; a smaller one makes the decoder decode at that size.
    func sizePrepared(_ loader: UnsafeMutablePointer<GdkPixbufLoader>, _ width: Int32, _ height: Int32) {
        self.width = Int(width)
        self.height = Int(height)
        refusal = ImageFormats.refusal(width: self.width, height: self.height, maxPixels: limits.maxPixels).map(DecodeFailure.init)
        if refusal != nil {
            gdk_pixbuf_loader_set_size(loader, 0, 0)
            return
        }
        if let info = gdk_pixbuf_loader_get_format(loader), let name = gdk_pixbuf_format_get_name(info) {
            format = String(cString: name)
            g_free(name)
        }
        if let fitting, let format,
           let requested = PixbufDecode.decoderSize(format: format, width: self.width, height: self.height, fitting: fitting) {
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
            let scale = ImageFormats.coverScale(width: width, height: height, fitting: fitting)
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
    func run(format: String, _ source: ((UnsafeBufferPointer<UInt8>) -> Bool) -> Void) -> DecodeFailure? {
        var error: UnsafeMutablePointer<GError>?
        guard let loader = gdk_pixbuf_loader_new_with_type(format, &error) else {
            let message = error.map { PixbufDecode.oneLine($0.pointee.message) } ?? format
            if let error { g_error_free(error) }
            return DecodeFailure(message: message, brief: "not a readable image: no decoder for \(format) (\(message))")
        }
        let callback: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { loader, w, h, data in
            Unmanaged<PixbufRun>.fromOpaque(data!).takeUnretainedValue().sizePrepared(loader!, w, h)
        }
        g_signal_connect_data(UnsafeMutableRawPointer(loader), "size-prepared", unsafeBitCast(callback, to: GCallback.self),
                              Unmanaged.passUnretained(self).toOpaque(), nil, GConnectFlags(rawValue: 0))
        let updated: @convention(c) (UnsafeMutablePointer<GdkPixbufLoader>?, Int32, Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Void = { _, _, y, _, height, data in
            Unmanaged<PixbufRun>.fromOpaque(data!).takeUnretainedValue().areaUpdated(y: y, height: height)
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
        let message = error.map { PixbufDecode.oneLine($0.pointee.message) } ?? ""
        var outOfMemory = false
        if let error, error.pointee.domain == gdk_pixbuf_error_quark(),
           error.pointee.code == Int32(GDK_PIXBUF_ERROR_INSUFFICIENT_MEMORY.rawValue) {
            outOfMemory = true
        }
        if let error { g_error_free(error) }
        if let refusal { return refusal }
        if outOfMemory {
            return .abandoned("the image needs more memory than its \(limits.memoryBytes >> 20) MB budget")
        }
        if ok, pixbuf != nil { return nil }
        if endedEarly { return DecodeFailure.cutShort }
        if message.isEmpty { return DecodeFailure("not a readable image") }
        return DecodeFailure(message: message, brief: "not a readable image: \(message)")
    }
}
