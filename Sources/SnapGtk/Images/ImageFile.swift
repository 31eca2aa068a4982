import CSnapGtk
import Glibc
import SnapDecode

/// The rules for reading an image file that may be hostile, and what breaking them is called. Every way the library
/// gets pixels from a file follows them (``Texture/load(contentsOfFile:fitting:limits:completion:)``,
/// ``Texture/init(contentsOfFile:fitting:limits:)`` and a carousel's banners): only a regular file is opened,
/// without blocking (a FIFO, a device or a folder is refused at once, never waited on); its size is checked on the
/// open file before a byte is read; the pixel size its header declares is checked before anything is decoded; a
/// decoder that can decode fewer pixels (JPEG, SVG) is asked for those that cover the size asked for, and only a
/// copy at that size is kept; and a file cut short is refused rather than shown half decoded. Only PNG, JPEG, GIF, BMP,
/// ICO, TIFF and SVG are decoded, by at most two sandboxed loader processes (no file opened by name, no socket, no
/// program run), each decode within a budget of processor time, memory and wall time (``Limits``) and stopped when it
/// runs over: the `snapscroll-decode` executable of this package, which an application ships with itself (see
/// ``decoderPath``). The loader is given the open file, never its path.
public enum ImageFile {
    /// What a file may be: bytes on disk and pixels in its header.
    public struct Limits: Sendable, Equatable {
        /// Largest file read (32 MiB).
        public var maxFileBytes: Int
        /// Largest width × height decoded (16 megapixels).
        public var maxPixels: Int
        /// Processor time one decode may take, in seconds (2): a decoder still working then is stopped.
        public var decodeCPUSeconds: Double
        /// Memory one decode may map, in bytes, beyond what its loader had mapped before it (512 MiB of address space:
        /// a 16-megapixel PNG peaks at about 130 MB resident, a plain 4000×4000 SVG at about 150 MB).
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
        /// A system call's failure: `code`'s text (`errno`'s by default), after `what` when given.
        static func system(_ what: String? = nil, code: Int32 = errno) -> Failure {
            let reason = String(cString: strerror(code)).lowercased()
            return Failure(what.map { "\($0): \(reason)" } ?? reason)
        }
        static let cancelled = Failure("cancelled")
        /// The failure of every decode when no loader is found: the message says where it was looked for.
        static var decoderMissing: Failure {
            let places = ImageFile.decoderCandidates.joined(separator: " or ")
            return Failure(message: "image decoder not found (\(ImageFile.decoderName)): looked for \(places); "
                           + "an application that installs it elsewhere sets ImageFile.decoderPath",
                           brief: "image decoder not found (\(ImageFile.decoderName))")
        }
    }

    /// Reads and decodes the image at `path`, scaled down (never up) to just cover `fitting` (device pixels), or at
    /// its own size; on any thread. The format is told from the first bytes here; a loader (`DecoderProcess`)
    /// decodes within `limits`' budget, abandoned when it runs over or `cancellable` is cancelled.
    static func load(path: String, fitting: (width: Int, height: Int)? = nil, limits: Limits = .standard,
                     cancellable: UnsafeMutablePointer<GCancellable>? = nil) -> Result<DecodedImage, Failure> {
        withFile(path: path, limits: limits) { fd, size in
            var opening = [UInt8](repeating: 0, count: min(size, 4096))
            let n = pread(fd, &opening, opening.count, 0)
            guard n >= 0 else { return .failure(.system()) }
            guard let format = ImageFormats.sniff(Array(opening[0..<n])), let index = ImageFormats.offered.firstIndex(of: format) else {
                return .failure(notOffered)
            }
            return DecoderProcess.decode(fd: fd, size: size, format: index, fitting: fitting, limits: limits,
                                         cancellable: cancellable)
        }
    }

    // MARK: - Where the loader is

    /// The loader's file name.
    static let decoderName = "snapscroll-decode"

    private static let decoderLocation = Locked<String?>(nil)

    /// Where the image loader `snapscroll-decode` is, which every image decode needs; nil when it is not found.
    ///
    /// By default it is looked for, for an executable in a folder named `bin` (an installed one), in
    /// `PREFIX/libexec/snapscroll/` beside that folder, and then beside the executable itself (a build folder, or an
    /// application that keeps its files together). An application that installs it anywhere else sets its path here
    /// before its first image; a path set wins over the places looked in. Without a loader, every image fails with
    /// "image decoder not found (snapscroll-decode)", and a carousel reports that once.
    public static var decoderPath: String? {
        get { decoderLocation.withLock { $0 } ?? foundDecoder }
        set { decoderLocation.withLock { $0 = newValue } }
    }

    /// The places looked in, in order: `PREFIX/libexec/snapscroll/` for an executable in `PREFIX/bin`, then the
    /// executable's own folder.
    static let decoderCandidates: [String] = {
        guard let link = g_file_read_link("/proc/self/exe", nil) else { return [] }
        defer { g_free(link) }
        let exe = String(cString: link)
        guard let slash = exe.lastIndex(of: "/") else { return [] }
        let folder = String(exe[..<slash])
        let beside = folder + "/" + decoderName
        return folder.hasSuffix("/bin") ? [String(folder.dropLast(4)) + "/libexec/snapscroll/" + decoderName, beside] : [beside]
    }()

    private static let foundDecoder: String? = decoderCandidates.first { access($0, X_OK) == 0 }

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
            default: return .failure(.system(code: code))
            }
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.system()) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(Failure("not a regular file (a folder)"))
        case S_IFIFO: return .failure(Failure("not a regular file (a FIFO)"))
        case S_IFCHR, S_IFBLK: return .failure(Failure("not a regular file (a device)"))
        case S_IFSOCK: return .failure(Failure("not a regular file (a socket)"))
        default: return .failure(Failure("not a regular file"))
        }
        let size = Int(info.st_size)
        func megabytes(_ bytes: Int) -> Int { (bytes + (1 << 20) - 1) >> 20 }
        if size > limits.maxFileBytes {
            return .failure(Failure("file too large (\(megabytes(size)) MB, limit \(megabytes(limits.maxFileBytes)) MB)"))
        }
        return size == 0 ? .failure(Failure("empty file")) : body(fd, size)
    }

    // MARK: - Formats and the loader

    /// The refusal of a file in no offered format.
    static let notOffered = Failure("not a readable image: not a format offered (\(ImageFormats.offeredList))")

    /// Why an image of `width × height` pixels is refused under `limits`, or nil when it is not.
    static func refusal(width: Int, height: Int, limits: Limits) -> Failure? {
        ImageFormats.refusal(width: width, height: height, maxPixels: limits.maxPixels).map { Failure($0) }
    }
}
