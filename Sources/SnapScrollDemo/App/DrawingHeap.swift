import CSnapGtk
import Glibc
@_spi(GtkInterop) import SnapGtk

/// How the process's heap treats the large blocks drawing allocates: reused while the window animates, returned to
/// the system once it rests.
///
/// For every frame, GTK's cairo renderer draws into a new image the size of the area it redraws (a moving carousel at
/// 960×640: about 2.4 MB, some 600 pages) and frees it after the frame. Mapped on its own, that
/// image costs a page fault for each of its pages in every frame: about a fifth of GTK's thread while the carousel
/// moves. Kept in the heap, the next frame reuses it, but glibc's default then keeps whatever a larger window or a
/// hidden page freed for the rest of the process's life (the soak saw resident memory climb 8–18 MB that way).
///
/// So the heap has two modes. At rest, and for a lone frame (the first one, a hover), blocks of 128 KiB or more are
/// mapped on their own and unmapped when freed, and the heap's top is returned beyond 128 KiB. From the second of
/// two frames less than `animationGap` apart, the window is animating: every block up to 32 MiB comes from the heap
/// and stays there when freed, so each frame reuses the one before's. `restDelay` after the last frame, the heap
/// returns to the rest mode and gives its free pages back (`malloc_trim`), once; no timer runs while nothing is drawn.
/// An explicit `MALLOC_MMAP_THRESHOLD_` or `GLIBC_TUNABLES` setting for the threshold is left alone.
@MainActor
final class DrawingHeap {
    /// Two frames closer than this (seconds) are an animation.
    nonisolated static let animationGap = 0.25
    /// Rest this long (seconds) after the last frame before the heap's free pages are returned: longer than the pause
    /// between the notches of a wheel turned by hand, so a gesture's frames reuse one block from start to end.
    nonisolated static let restDelay = 1.0
    /// glibc's starting threshold: blocks this large or larger are mapped on their own at rest.
    nonisolated static let restThreshold: Int32 = 128 << 10
    /// The largest threshold glibc accepts (half its 64 MiB heap size on 64-bit machines): while animating, a whole
    /// 2560×1600 window's image (16 MB) comes from the heap; only a whole 3840×2160 one (33 MB) is still mapped.
    nonisolated static let animatingThreshold: Int32 = 32 << 20

    /// Whether the process leaves glibc's mapping threshold to the environment (an explicit setting).
    nonisolated static var setByEnvironment: Bool {
        if getenv("MALLOC_MMAP_THRESHOLD_") != nil { return true }
        if let tunables = getenv("GLIBC_TUNABLES"), strstr(tunables, "mmap_threshold") != nil { return true }
        return false
    }

    /// The rest mode, set before anything allocates a large block (the first lines of `main`).
    static func startAtRest() {
        guard !setByEnvironment else { return }
        Effects.glibc.setMode(false)
    }

    /// What entering a mode and resting do; glibc's settings, or a test's record of the calls.
    struct Effects {
        var setMode: @MainActor (_ animating: Bool) -> Void
        var trim: @MainActor () -> Void

        static var glibc: Effects {
            Effects(setMode: { animating in
                _ = snap_malloc_set_mmap_threshold(animating ? DrawingHeap.animatingThreshold : DrawingHeap.restThreshold)
                // The top of the heap: kept while animating (a frame's image often lies there), returned at rest.
                _ = snap_malloc_set_trim_threshold(animating ? Int32.max : DrawingHeap.restThreshold)
            }, trim: { _ = snap_malloc_trim() })
        }
    }

    private let effects: Effects
    private(set) var isAnimating = false
    /// The monotonic time (seconds) of the last frame.
    private var lastFrame = -Double.infinity
    private var restTimer: MainLoopTimer?

    init(effects: Effects = .glibc) {
        self.effects = effects
    }

    /// Follows the frames of `clock` (the window's frame clock), before each paints; the handler goes with the clock.
    func follow(clock: UnsafeMutableRawPointer) {
        guard !Self.setByEnvironment else { return }
        Signals.connect(clock, "before-paint") { [weak self] in self?.frame(at: Self.now) }
    }

    /// Stops following: the rest mode, at once (the window is closing).
    func stop() {
        restTimer?.cancel()
        restTimer = nil
        if isAnimating { rest() }
    }

    /// A frame is about to be painted at `now` (seconds, monotonic).
    func frame(at now: Double) {
        if !isAnimating && now - lastFrame < Self.animationGap {
            isAnimating = true
            effects.setMode(true)
        }
        lastFrame = max(lastFrame, now)
        if isAnimating && restTimer == nil { scheduleRest(in: Self.restDelay) }
    }

    /// At `now`: rests when the last frame is `restDelay` ago (and returns nil), else returns the seconds still to
    /// wait. Nil too when not animating.
    func restCheck(at now: Double) -> Double? {
        guard isAnimating else { return nil }
        let quiet = now - lastFrame
        guard quiet >= Self.restDelay else { return Self.restDelay - quiet }
        rest()
        return nil
    }

    /// One timer per rest: when it fires early (frames came meanwhile), it waits for the rest of the delay.
    private func scheduleRest(in seconds: Double) {
        restTimer = MainLoopTimer.after(milliseconds: max(1, Int((seconds * 1000).rounded(.up)))) { [weak self] in
            guard let self else { return }
            self.restTimer = nil
            if let wait = self.restCheck(at: Self.now) { self.scheduleRest(in: wait) }
        }
    }

    private func rest() {
        isAnimating = false
        effects.setMode(false)
        effects.trim()
    }

    private static var now: Double { Double(g_get_monotonic_time()) / 1_000_000 }
}
