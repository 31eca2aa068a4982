import Glibc
import SnapDecode

/// The decode benchmark's hooks (`bench/decode.py` through the demo): one decode through the loader pool, the same
/// decode in this process, and the pool emptied so the next decode starts a loader (a cold one).
@_spi(Testing)
public enum DecodeTiming {
    /// Decodes `path` through the pool to cover `fitting`; the wall time in milliseconds, or nil when it failed.
    public static func pooled(path: String, fitting: (width: Int, height: Int)) -> Double? {
        let start = DecoderProcess.monotonicSeconds()
        guard case .success = ImageFile.load(path: path, fitting: fitting) else { return nil }
        return (DecoderProcess.monotonicSeconds() - start) * 1000
    }

    /// Decodes `path` in this process with the loader's own GdkPixbuf code (opened and checked as the pool's way
    /// does); the wall time in milliseconds, or nil when it failed.
    public static func inProcess(path: String, fitting: (width: Int, height: Int)) -> Double? {
        let start = DecoderProcess.monotonicSeconds()
        let result = ImageFile.withFile(path: path, limits: .standard) { fd, size -> Result<Bool, ImageFile.Failure> in
            .success(InProcessDecode.decode(fd: fd, size: size, fitWidth: fitting.width, fitHeight: fitting.height))
        }
        guard case .success(true) = result else { return nil }
        return (DecoderProcess.monotonicSeconds() - start) * 1000
    }

    /// Ends every idle loader and reaps it: the next decode starts a new one.
    public static func endIdleLoaders() {
        LoaderPool.shared.endIdle()
    }
}
