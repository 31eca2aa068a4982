import CSnapGtk
import SnapDecode

/// The decode benchmark's hooks (`bench/decode.py` through the demo): one decode through the loader pool, the same
/// decode in this process, and the pool emptied so the next decode starts a loader (a cold one).
@_spi(Testing)
public enum DecodeTiming {
    /// Decodes `path` through the pool to cover `fitting`; the wall time in milliseconds, or nil when it failed.
    public static func pooled(path: String, fitting: (width: Int, height: Int)) -> Double? {
        milliseconds { (try? ImageFile.load(path: path, fitting: fitting).get()) != nil }
    }

    /// Decodes `path` in this process with the loader's own GdkPixbuf code (opened and checked as the pool's way
    /// does); the wall time in milliseconds, or nil when it failed.
    public static func inProcess(path: String, fitting: (width: Int, height: Int)) -> Double? {
        milliseconds {
            (try? ImageFile.withFile(path: path, limits: .standard) { fd, size in
                .success(InProcessDecode.decode(fd: fd, size: size, fitWidth: fitting.width, fitHeight: fitting.height))
            }.get()) == true
        }
    }

    /// The wall time `body` took in milliseconds, or nil when it failed.
    private static func milliseconds(_ body: () -> Bool) -> Double? {
        let start = g_get_monotonic_time()
        return body() ? Double(g_get_monotonic_time() - start) / 1000 : nil
    }

    /// Ends every idle loader and reaps it: the next decode starts a new one.
    public static func endIdleLoaders() {
        LoaderPool.shared.endIdle()
    }
}
