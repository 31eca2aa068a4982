import CSnapGtk
import Glibc

/// Writes one whole line to a file descriptor, unbuffered, so each line reaches a reader at once.
func writeLine(_ text: String, to descriptor: Int32) {
    var bytes = Array((text + "\n").utf8)
    var done = 0
    while done < bytes.count {
        let n = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress! + done, $0.count - done) }
        if n <= 0 { if errno == EINTR { continue } else { return } }
        done += n
    }
}

/// Writes lines to a descriptor from a thread of its own, so that a reader that stops reading holds up that thread
/// and never GTK's: the QA log's standard output, and the session recorder's file.
///
/// Why a thread: a write into a full pipe (or a terminal, or a socket) waits for the reader. Writing without waiting
/// would need O_NONBLOCK, a flag of the open file description, which standard output shares with whoever handed it
/// over (a shell's pipeline, a test harness): setting it would change their writes too. A thread needs no flag and
/// waits alone. GTK's thread hands it whole lines through a GLib queue and never waits on it: when `capacity` lines
/// are waiting, new ones are dropped, and the next one let in says how many (`"dropped": N`, for a JSON line). Each
/// line goes out in one `write` of at most PIPE_BUF bytes, which a pipe takes whole or not at all, so no line is cut in
/// half, even when the process exits while the writer waits. The first write that fails is kept (`writeError`).
@MainActor
final class LineWriter {
    /// Lines that may wait to be written; beyond them new lines are dropped.
    static let capacity = 512
    /// Bytes a line leaves free for the newline and `,"dropped":N`.
    static let reservedBytes = 32
    /// How long `finish` waits for a reader that takes nothing, in microseconds.
    static let patience = 100_000

    private let channel: LineChannel
    /// Lines dropped since the last one let in.
    private var dropped = 0
    /// Lines dropped since the start.
    private(set) var droppedInAll = 0

    /// A writer to `descriptor`, whose thread is named `name`.
    init(descriptor: Int32, name: String = "qa-log") {
        channel = LineChannel(queue: g_async_queue_new(), descriptor: descriptor)
        // The thread and the channel it holds live as long as the process.
        g_thread_unref(g_thread_new(name, lineWriterThread, Unmanaged.passRetained(channel).toOpaque()))
    }

    /// Queues `line` (without its newline), or drops it when `capacity` lines are waiting.
    func send(_ line: String) {
        // The queue's length is the lines waiting minus the threads waiting for one (-1 when all was written).
        guard g_async_queue_length(channel.queue) < Self.capacity else {
            dropped += 1
            droppedInAll += 1
            return
        }
        var text = line
        if dropped > 0, text.hasSuffix("}") {
            text.removeLast()
            text += ",\"dropped\":\(dropped)}"
        }
        guard let copy = strdup(text + "\n") else {
            dropped += 1
            droppedInAll += 1
            return
        }
        dropped = 0
        g_async_queue_push(channel.queue, copy)
    }

    /// Whether every line let in has been written: the thread waits for the next (the queue's length is then -1).
    var hasWrittenAll: Bool { g_async_queue_length(channel.queue) < 0 }

    /// The error (`errno`) of the first write that failed, if one has; its line and the rest of it are lost.
    var writeError: Int32? {
        let code = g_atomic_int_get(channel.error)
        return code == 0 ? nil : code
    }

    /// Waits while the lines still queued are written, as long as the reader takes one at least every `patience`;
    /// a reader that has stopped costs the process's end that long, no more.
    func finish() {
        var waiting = g_async_queue_length(channel.queue)
        var moved = g_get_monotonic_time()
        while waiting >= 0, g_get_monotonic_time() - moved < Self.patience {
            g_usleep(1000)
            let now = g_async_queue_length(channel.queue)
            if now < waiting {
                waiting = now
                moved = g_get_monotonic_time()
            }
        }
    }
}

/// What the writer thread uses: GLib's queue (made for use from any thread), the descriptor, never changed, and the
/// first write error, read and written only atomically.
private final class LineChannel: @unchecked Sendable {
    let queue: OpaquePointer
    let descriptor: Int32
    /// 0, or the `errno` of the first failed write (set once, by the thread).
    let error: UnsafeMutablePointer<gint>

    init(queue: OpaquePointer, descriptor: Int32) {
        self.queue = queue
        self.descriptor = descriptor
        error = .allocate(capacity: 1)
        error.initialize(to: 0)
    }
}

/// The writer thread: a free function, so not main-actor isolated. It blocks every signal, so signals reach GTK's
/// thread and its main loop, and a write is never interrupted part way.
private func lineWriterThread(_ data: gpointer?) -> gpointer? {
    let channel = Unmanaged<LineChannel>.fromOpaque(data!).takeUnretainedValue()
    var signals = sigset_t()
    sigfillset(&signals)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    while true {
        let line = g_async_queue_pop(channel.queue)!.assumingMemoryBound(to: CChar.self)
        let count = strlen(line)
        var done = 0
        while done < count {
            let n = write(channel.descriptor, line + done, count - done)
            if n > 0 {
                done += n
            } else if n < 0, errno == EINTR {
                continue
            } else {
                // The reader has gone (EPIPE; SIGPIPE is ignored), the disk is full, the file too large: the line has
                // nowhere to go. The first such error is kept for GTK's thread to report.
                _ = g_atomic_int_compare_and_exchange(channel.error, 0, n < 0 ? errno : EIO)
                break
            }
        }
        free(line)
    }
}
