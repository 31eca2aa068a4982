// Allocation counting for the benchmark.
//
// Method: the Swift runtime keeps a replaceable entry point for `swift_allocObject` (the `_swift_allocObject`
// hook, live once `_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly` is set — the switch
// Instruments uses). Every Swift heap allocation — class instances, array and string buffers, boxed existentials and
// escaping closure contexts — goes through it. We install a wrapper that counts calls and forwards to the original.
// Raw `UnsafeMutablePointer.allocate` and C `malloc` calls are not seen; SnapCore makes neither. A positive control in
// main.swift checks that the counter sees array allocations before any "no allocation" claim is printed.
import Glibc

/// Signature of the runtime's allocation entry point: (metadata, size, alignment mask) → object.
typealias AllocateObject = @convention(c) (UnsafeRawPointer?, Int, Int) -> UnsafeMutableRawPointer?

/// Swift heap allocations counted since `installAllocationCounter()` (the benchmark is single-threaded).
nonisolated(unsafe) var allocationCount = 0
/// The runtime's own implementation, called by the wrapper.
nonisolated(unsafe) var originalAllocateObject: AllocateObject?

/// Installs the counting wrapper and switches the hooks on; returns false when this runtime has no hook.
/// With the switch on, retains go through the runtime's adapter, which mishandles some tagged values (small strings
/// crash it), so `measureAllocations` runs the measured code in a forked child that does nothing else.
func installAllocationCounter() -> Bool {
    guard let process = dlopen(nil, RTLD_NOW),
        let hook = dlsym(process, "_swift_allocObject"),
        let enable = dlsym(process, "_swift_enableSwizzlingOfAllocationAndRefCountingFunctions_forInstrumentsOnly")
    else { return false }
    let slot = hook.assumingMemoryBound(to: AllocateObject?.self)
    originalAllocateObject = slot.pointee
    guard originalAllocateObject != nil else { return false }
    slot.pointee = { metadata, size, alignmentMask in
        allocationCount &+= 1
        return originalAllocateObject!(metadata, size, alignmentMask)
    }
    enable.storeBytes(of: true, as: Bool.self)
    return true
}

/// Runs each of `blocks` in a forked child with counting on and returns how many Swift heap allocations each made
/// (nil if counting is unavailable). The child reports through a pipe and exits without touching strings.
func measureAllocations(_ blocks: [() -> Void]) -> [Int]? {
    var fds: [Int32] = [0, 0]
    guard pipe(&fds) == 0 else { return nil }
    let child = fork()
    if child == 0 {
        close(fds[0])
        var counts = [Int](repeating: -1, count: blocks.count)
        if installAllocationCounter() {
            for (i, block) in blocks.enumerated() {
                let before = allocationCount
                block()
                counts[i] = allocationCount - before
            }
        }
        counts.withUnsafeBytes { _ = write(fds[1], $0.baseAddress, $0.count) }
        _exit(0)
    }
    close(fds[1])
    var counts = [Int](repeating: -1, count: blocks.count)
    let expected = counts.count * MemoryLayout<Int>.stride
    let got = counts.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, expected) }
    close(fds[0])
    var status: Int32 = 0
    waitpid(child, &status, 0)
    guard got == expected, !counts.contains(-1) else { return nil }
    return counts
}
