import CSnapGtk
import Glibc

/// The image loader processes (`snapscroll-decode`) every decode of the process goes to: at most `capacity` (two),
/// each started on first need and kept between images, so a decode pays no process start; ended after
/// `idleSeconds` without work, so an idle application has no children and no timers. A loader that crashed, ran
/// over a budget or was killed is reaped by its caller and not kept; the next decode starts another.
///
/// A loader has a `SOCK_SEQPACKET` socket as its standard input, an empty environment and no other descriptor; it
/// is waited on, killed and reaped through its pidfd (never a recycled process ID). Closing its socket ends it.
final class LoaderPool: Sendable {
    /// The pool every decode uses.
    static let shared = LoaderPool(capacity: 2)

    /// One loader process.
    struct Loader: Sendable {
        let pidfd: Int32
        let socket: Int32
    }

    /// How long an idle loader is kept, in seconds.
    static let idleSeconds = 5.0

    private struct State {
        var idle: [(loader: Loader, since: Double)] = []
        var timer: UInt32 = 0
    }

    /// Most loaders at once.
    let capacity: Int
    private let state = Locked(State())
    /// Counts free places: a caller takes one before it takes or starts a loader, and gives it back with the loader.
    private nonisolated(unsafe) let places: UnsafeMutablePointer<sem_t>

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        places = .allocate(capacity: 1)
        sem_init(places, 0, UInt32(self.capacity))
    }

    /// An idle loader, or a new one; waits while `capacity` loaders are busy. Runs on the decoding thread.
    func take() -> Result<Loader, ImageFile.Failure> {
        while sem_wait(places) != 0, errno == EINTR {}
        while let kept = state.withLock({ $0.idle.popLast()?.loader }) {
            // One that ended while idle (killed from outside) is reaped and another taken or started.
            var ended = [pollfd(fd: kept.pidfd, events: Int16(POLLIN), revents: 0)]
            guard poll(&ended, 1, 0) == 1 else { return .success(kept) }
            _ = end(kept, kill: false, givesPlace: false)
        }
        let started = Self.start()
        if case .failure = started { sem_post(places) }
        return started
    }

    /// Gives back a loader that answered and can decode again; it is kept for `idleSeconds`.
    func keep(_ loader: Loader) {
        let arm = state.withLock { state -> Bool in
            state.idle.append((loader, DecoderProcess.monotonicSeconds()))
            return state.timer == 0
        }
        if arm { armTimer(after: Self.idleSeconds) }
        sem_post(places)
    }

    /// Ends `loader`: killed when `kill`, else by closing its socket (it ends at the end of its input, or ended
    /// already), then reaped; returns how it ended (`waitid`'s code and status).
    func end(_ loader: Loader, kill: Bool, givesPlace: Bool = true) -> (code: Int32, status: Int32) {
        if kill { _ = snap_pidfd_kill(loader.pidfd, SIGKILL) }
        close(loader.socket)
        var info = siginfo_t()
        while waitid(idtype_t(rawValue: 3) /* P_PIDFD */, id_t(loader.pidfd), &info, WEXITED) != 0, errno == EINTR {}
        close(loader.pidfd)
        if givesPlace { sem_post(places) }
        return (info.si_code, info._sifields._sigchld.si_status)
    }

    /// Ends every idle loader now and reaps it (the decode benchmark's cold starts).
    func endIdle() {
        let idle = state.withLock { state -> [Loader] in
            defer { state.idle.removeAll() }
            return state.idle.map(\.loader)
        }
        for loader in idle {
            // An idle loader holds no place: it takes one to end, as a busy one gives its own back.
            while sem_wait(places) != 0, errno == EINTR {}
            _ = end(loader, kill: false)
        }
    }

    /// Ends the loaders idle for `idleSeconds` (GTK's thread, from the timer); arms the timer again for the others.
    fileprivate func expire() {
        let now = DecoderProcess.monotonicSeconds()
        let (ended, next) = state.withLock { state -> ([Loader], Double?) in
            state.timer = 0
            let due = state.idle.filter { now - $0.since >= Self.idleSeconds - 0.01 }.map(\.loader)
            state.idle.removeAll { now - $0.since >= Self.idleSeconds - 0.01 }
            return (due, state.idle.map { $0.since + Self.idleSeconds - now }.min())
        }
        for loader in ended {
            // The loader ends at the end of its input; its pidfd says when, and the main loop reaps it then.
            close(loader.socket)
            g_unix_fd_add_full(G_PRIORITY_DEFAULT, loader.pidfd, G_IO_IN, reapEndedLoader, nil, nil)
        }
        if let next { armTimer(after: max(0.05, next)) }
    }

    private func armTimer(after seconds: Double) {
        // The default main context: GTK's thread runs it.
        let id = g_timeout_add_full(G_PRIORITY_DEFAULT, guint(max(1, (seconds * 1000).rounded(.up))), { data in
            Unmanaged<LoaderPool>.fromOpaque(data!).takeUnretainedValue().expire()
            return 0  // G_SOURCE_REMOVE: armed again by `expire` when loaders are still idle
        }, Unmanaged.passRetained(self).toOpaque(), { Unmanaged<LoaderPool>.fromOpaque($0!).release() })
        state.withLock { $0.timer = id }
    }

    /// Starts a loader: its end of a new socket pair as standard input, /dev/null as output and error, an empty
    /// environment, every signal at its default action and none blocked.
    private static func start() -> Result<Loader, ImageFile.Failure> {
        guard let path = ImageFile.decoderPath else { return .failure(ImageFile.Failure.decoderMissing) }
        var ends: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &ends) == 0 else {
            return .failure(.system("cannot make a socket for the image decoder"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The application ignores SIGPIPE, which a child would inherit; a blocked SIGPROF would not end a decoder
        // over its processor budget.
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(path), strdup("serve"), nil]
        defer { for pointer in argv { free(pointer) } }
        var environment: [UnsafeMutablePointer<CChar>?] = [nil]
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, &argv, &environment)
        close(ends[1])
        guard spawned == 0 else {
            close(ends[0])
            if spawned == ENOENT { return .failure(ImageFile.Failure.decoderMissing) }
            return .failure(.system("cannot start the image decoder", code: spawned))
        }
        let pidfd = snap_pidfd_open(pid)
        guard pidfd >= 0 else {
            let failure = ImageFile.Failure.system("cannot watch the image decoder")
            kill(pid, SIGKILL)
            while waitpid(pid, nil, 0) < 0, errno == EINTR {}
            close(ends[0])
            return .failure(failure)
        }
        return .success(Loader(pidfd: pidfd, socket: ends[0]))
    }
}

/// An idle loader ended: reaps it when its pidfd says it has (GTK's thread).
private let reapEndedLoader: GUnixFDSourceFunc = { pidfd, _, _ in
    var info = siginfo_t()
    _ = waitid(idtype_t(rawValue: 3) /* P_PIDFD */, id_t(pidfd), &info, WEXITED | WNOHANG)
    close(pidfd)
    return 0
}
