import Glibc

/// A value shared between GTK's thread and the decoding workers, behind a pthread mutex.
///
/// Not the standard library's `Mutex`: when contended, that one sleeps and wakes in the kernel (a priority-inheriting
/// futex) inside the uninstrumented runtime, so the thread sanitizer sees no ordering and `scripts/test tsan` reports
/// a race that is not there. The sanitizer knows `pthread_mutex_lock`.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var value: Value

    init(_ value: Value) {
        self.value = value
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` with the value, no other thread in between.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
