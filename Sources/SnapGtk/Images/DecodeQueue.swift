import CSnapGtk
import Synchronization

/// Decodes image files on worker threads, a few at a time, so GTK's thread never waits for a decoder.
///
/// A job runs `ImageFile.load` on a thread of GIO's pool (`g_task_run_in_thread`); only the result comes back to
/// GTK's thread. At most `limit` run at once; when a worker frees up, the waiting job of lowest rank starts (ranks
/// are asked then, so they follow the view), from an idle callback after GTK's drawing so a frame's draws all ask
/// first. A cancelled job never starts, or its result is dropped.
@MainActor
final class DecodeQueue {
    /// The queue banners use: two decodes at a time for the whole process (the machine's other cores stay free for
    /// GTK's thread and the rest of the desktop).
    static let shared = DecodeQueue(limit: 2)

    /// Most jobs running at once.
    let limit: Int
    /// Jobs running now (started, result not yet back on GTK's thread).
    private(set) var running = 0
    /// The most jobs that ran at once so far (tests check the bound).
    private(set) var peakRunning = 0
    /// Jobs waiting for a worker, in submission order.
    fileprivate var waiting: [Job] = []
    /// Starts waiting jobs after GTK's layout and drawing (which run at a higher priority), so one frame's requests
    /// are ranked together.
    private lazy var pumpBatch = IdleBatch(priority: G_PRIORITY_DEFAULT_IDLE) { [weak self] in self?.pump() }
    /// While true, no job starts (tests hold jobs back to cancel them before they start).
    var isPaused = false {
        didSet { if !isPaused { schedulePump() } }
    }

    /// One decode asked for (see `Texture.Loading`, below).
    typealias Job = Texture.Loading

    /// A queue running at most `limit` (≥ 1) jobs at once.
    init(limit: Int) {
        self.limit = max(1, limit)
    }

    /// Asks for the image at `path` decoded to cover `fitting` (device pixels; its own size when nil) within
    /// `limits`. `rank` orders waiting jobs, lowest first (asked for when a worker frees up); `done` gets the
    /// pixels or why there are none.
    func submit(path: String, fitting: (width: Int, height: Int)?, limits: ImageFile.Limits,
                rank: @escaping () -> Int, done: @escaping (Result<DecodedImage, ImageFile.Failure>) -> Void) -> Job {
        let job = Job(queue: self, input: DecodeInput(path: path, fitting: fitting, limits: limits), rank: rank, done: done)
        waiting.append(job)
        schedulePump()
        return job
    }

    /// How many jobs wait for a worker.
    var waitingCount: Int { waiting.count }

    private func schedulePump() {
        guard !isPaused, !waiting.isEmpty, running < limit else { return }
        pumpBatch.schedule()
    }

    /// Starts waiting jobs, lowest rank first, while workers are free.
    private func pump() {
        while !isPaused, running < limit, !waiting.isEmpty {
            let ranks = waiting.map { $0.rank() }
            start(waiting.remove(at: ranks.indices.min { ranks[$0] < ranks[$1] }!))
        }
    }

    private func start(_ job: Job) {
        running += 1
        peakRunning = max(peakRunning, running)
        let cancellable = g_cancellable_new()!
        job.cancellable = cancellable
        // The task's callback gets the job (one reference, released there) and the input goes with the task as
        // its data (released with the task, on whichever thread drops it last).
        let task = g_task_new(nil, cancellable, decodeFinished, Unmanaged.passRetained(job).toOpaque())
        g_task_set_task_data(task, Unmanaged.passRetained(job.input).toOpaque(), releaseDecodeInput)
        job.input.handoff.give()
        g_task_run_in_thread(task, decodeOnWorker)
        g_object_unref(UnsafeMutableRawPointer(task))
    }

    /// Back on GTK's thread: hands the result over, or drops it when the job was cancelled meanwhile.
    fileprivate func finish(_ job: Job, _ result: Result<DecodedImage, ImageFile.Failure>?) {
        running -= 1
        if let cancellable = job.cancellable { g_object_unref(UnsafeMutableRawPointer(cancellable)) }
        job.cancellable = nil
        let done = job.done
        job.done = nil
        if let done {
            // A task that was not cancelled always returns a result; should GLib hand none back, the waiters still
            // get an answer rather than waiting for ever.
            done(result ?? .failure(ImageFile.Failure("not a readable image: the decoder gave no result")))
        }
        schedulePump()
    }
}

// The application's handle on a load is the decode job itself: every decode a `DecodeQueue` runs is one. `done` is
// called once, on GTK's thread, with the result, unless the job is cancelled first; then it is never called.
extension Texture {
    /// A load under way (``Texture/load(contentsOfFile:fitting:limits:completion:)``).
    @MainActor
    public final class Loading {
        fileprivate let queue: DecodeQueue
        fileprivate let input: DecodeInput
        fileprivate let rank: () -> Int
        fileprivate var done: ((Result<DecodedImage, ImageFile.Failure>) -> Void)?
        fileprivate var cancellable: UnsafeMutablePointer<GCancellable>?
        /// Whether a worker has it (until its result is back, when nothing asks any more).
        var started: Bool { cancellable != nil }

        fileprivate init(queue: DecodeQueue, input: DecodeInput, rank: @escaping () -> Int,
                         done: @escaping (Result<DecodedImage, ImageFile.Failure>) -> Void) {
            self.queue = queue
            self.input = input
            self.rank = rank
            self.done = done
        }

        /// Gives the load up: its completion is never called. A load that has not started never starts; one being
        /// decoded finishes on its worker and its pixels are dropped.
        public func cancel() {
            // A running decode's worker is told through its `GCancellable`.
            guard done != nil else { return }
            done = nil
            if let cancellable { g_cancellable_cancel(cancellable) } else { queue.waiting.removeAll { $0 === self } }
        }
    }
}

/// The point where an object passes between GTK's thread and a worker. GLib orders the two sides already, with locks
/// the thread sanitizer cannot see; this release store and acquire load state that order where it (and the reader)
/// can. Stored inline, so the load is the receiver's first read of the object's memory.
struct Handoff: ~Copyable, Sendable {
    private let given = Atomic<Bool>(false)

    /// Called once everything the other side will read is written, before the object is handed over.
    func give() { given.store(true, ordering: .releasing) }

    /// Called by the receiving side before it reads anything.
    func take() {
        let seen = given.load(ordering: .acquiring)
        precondition(seen, "an object crossed threads before it was handed over")
    }
}

/// What a worker needs, immutable, and its result: written once on the worker before it returns the task, read on
/// GTK's thread after (GTask's completion orders the two; `returned` says so).
final class DecodeInput: Sendable {
    let path: String
    let fitting: (width: Int, height: Int)?
    let limits: ImageFile.Limits
    let handoff = Handoff()
    nonisolated(unsafe) var result: Result<DecodedImage, ImageFile.Failure>?
    let returned = Handoff()

    init(path: String, fitting: (width: Int, height: Int)?, limits: ImageFile.Limits) {
        self.path = path
        self.fitting = fitting
        self.limits = limits
    }
}

// The C callbacks are free functions, so none of them is main-actor isolated: a closure written inside the
// main-actor queue would be, and would trap (Swift's runtime isolation check) when called on a worker.

/// The worker's body, on a thread of GIO's pool: decodes unless the job was cancelled before it got here, and
/// returns the result through the task.
private func decodeOnWorker(_ task: OpaquePointer?, _ source: gpointer?, _ data: gpointer?,
                            _ cancellable: UnsafeMutablePointer<GCancellable>?) {
    guard let task, let data else { return }
    let input = Unmanaged<DecodeInput>.fromOpaque(data).takeUnretainedValue()
    input.handoff.take()
    // Cancelled while running, the decode gets a moment to finish, then its loader is killed (it is told through
    // the cancellable).
    if g_cancellable_is_cancelled(cancellable) == 0 {
        input.result = ImageFile.load(path: input.path, fitting: input.fitting, limits: input.limits, cancellable: cancellable)
    }
    input.returned.give()
    g_task_return_boolean(task, 1)
}

/// The task's callback, on GTK's thread (the thread whose main context started the task).
private func decodeFinished(_ source: UnsafeMutablePointer<GObject>?, _ result: OpaquePointer?, _ data: gpointer?) {
    guard let data else { return }
    // A cancelled task answers false (GTask checks its cancellable). The job crosses into the main-actor closure as
    // an address (this function is GTK's thread's, as the check inside asserts).
    let job = UInt(bitPattern: data)
    let answered = g_task_propagate_boolean(result, nil) != 0
    onGtkThread {
        let job = Unmanaged<DecodeQueue.Job>.fromOpaque(UnsafeRawPointer(bitPattern: job)!).takeRetainedValue()
        if answered { job.input.returned.take() }
        job.queue.finish(job, answered ? job.input.result : nil)
    }
}

/// Releases a task's input (on the thread that drops the task last).
private func releaseDecodeInput(_ data: gpointer?) {
    guard let data else { return }
    Unmanaged<DecodeInput>.fromOpaque(data).release()
}
