import Glibc

/// What passes between the application and a loader on their socket (a `SOCK_SEQPACKET` pair, so each message
/// arrives whole): a request of fixed numbers with the image file's open descriptor, and an answer of fixed numbers,
/// then (for a failure) its text, with (for an image) a sealed memfd holding the pixels in cairo's ARGB32 layout.
public enum LoaderWire {
    /// The first number of every message ("SSD2").
    public static let magic: Int64 = 0x3244_5353
    /// Numbers in a request: magic, format index, file size, most file bytes, most pixels, CPU budget (ms), memory
    /// budget (bytes), fit width, fit height (0 when none).
    public static let requestCount = 9
    /// Numbers in an answer: magic, kind, width, height, natural width, natural height, stride, abandoned, brief
    /// length, message length.
    public static let answerCount = 10
    /// An answer's kinds.
    public static let imageKind: Int64 = 1
    /// A failure's kind: its brief and message follow the numbers.
    public static let failureKind: Int64 = 2
    /// fcntl's F_ADD_SEALS and F_GET_SEALS (Linux's, not exported by glibc's headers without _GNU_SOURCE).
    public static let addSeals: Int32 = 1033
    /// See ``addSeals``.
    public static let getSeals: Int32 = 1034
    /// The seals on a memfd of pixels: no shrinking, growing or writing, and no more seals (F_SEAL_SHRINK, _GROW,
    /// _WRITE, _SEAL), so the application may map it knowing it cannot change under it.
    public static let pixelSeals: Int32 = 2 | 4 | 8 | 1

    /// The longest text an answer carries.
    public static let maxText = 12 << 10

    /// Sends `numbers` then `text` as one message, with `fd` attached when not -1. False when it could not be sent.
    public static func send(_ socket: Int32, _ numbers: [Int64], text: [UInt8] = [], fd: Int32 = -1) -> Bool {
        var payload = [UInt8](repeating: 0, count: numbers.count * 8)
        payload.withUnsafeMutableBytes { raw in numbers.withUnsafeBytes { raw.copyMemory(from: $0) } }
        payload += text
        let controlSize = fd >= 0 ? cmsgSpace(MemoryLayout<Int32>.size) : 0
        var control = [UInt8](repeating: 0, count: max(controlSize, 1))
        return payload.withUnsafeMutableBytes { bytes in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: bytes.baseAddress, iov_len: bytes.count)
                return withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var header = msghdr()
                    header.msg_iov = vectorPointer
                    header.msg_iovlen = 1
                    if fd >= 0 {
                        header.msg_control = controlBytes.baseAddress
                        header.msg_controllen = controlSize
                        let cmsg = controlBytes.baseAddress!.assumingMemoryBound(to: cmsghdr.self)
                        cmsg.pointee.cmsg_level = SOL_SOCKET
                        cmsg.pointee.cmsg_type = Int32(SCM_RIGHTS)
                        cmsg.pointee.cmsg_len = cmsgLength(MemoryLayout<Int32>.size)
                        controlBytes.storeBytes(of: fd, toByteOffset: cmsgHeaderSize, as: Int32.self)
                    }
                    while true {
                        let n = sendmsg(socket, &header, Int32(MSG_NOSIGNAL))
                        if n < 0, errno == EINTR { continue }
                        return n == bytes.count
                    }
                }
            }
        }
    }

    /// One message received: its numbers (nil at the socket's end or when malformed), its text, and the descriptor
    /// it carried (-1 if none; the caller's to close).
    public struct Message {
        /// The fixed numbers.
        public var numbers: [Int64]
        /// What followed them.
        public var text: [UInt8]
        /// The descriptor attached, or -1.
        public var fd: Int32
    }

    /// Receives one message of at least `count` numbers. Nil at the socket's end, on an error, or when it is not one
    /// of ours (any descriptor it carried is closed then).
    public static func receive(_ socket: Int32, count: Int) -> Message? {
        var buffer = [UInt8](repeating: 0, count: count * 8 + maxText * 2)
        var control = [UInt8](repeating: 0, count: cmsgSpace(MemoryLayout<Int32>.size * 4))
        var received = 0
        var fd: Int32 = -1
        buffer.withUnsafeMutableBytes { bytes in
            control.withUnsafeMutableBytes { controlBytes in
                var vector = iovec(iov_base: bytes.baseAddress, iov_len: bytes.count)
                withUnsafeMutablePointer(to: &vector) { vectorPointer in
                    var header = msghdr()
                    header.msg_iov = vectorPointer
                    header.msg_iovlen = 1
                    header.msg_control = controlBytes.baseAddress
                    header.msg_controllen = controlBytes.count
                    while true {
                        received = recvmsg(socket, &header, Int32(MSG_CMSG_CLOEXEC))
                        if received < 0, errno == EINTR { continue }
                        break
                    }
                    guard received >= 0, header.msg_controllen >= cmsgLength(MemoryLayout<Int32>.size) else { return }
                    let cmsg = controlBytes.baseAddress!.assumingMemoryBound(to: cmsghdr.self)
                    guard cmsg.pointee.cmsg_level == SOL_SOCKET, cmsg.pointee.cmsg_type == Int32(SCM_RIGHTS) else { return }
                    let fds = (Int(cmsg.pointee.cmsg_len) - cmsgHeaderSize) / MemoryLayout<Int32>.size
                    for i in 0..<fds {
                        let one = controlBytes.load(fromByteOffset: cmsgHeaderSize + i * 4, as: Int32.self)
                        if i == 0 { fd = one } else { close(one) }
                    }
                }
            }
        }
        guard received >= count * 8 else {
            if fd >= 0 { close(fd) }
            return nil
        }
        var numbers = [Int64](repeating: 0, count: count)
        numbers.withUnsafeMutableBytes { raw in buffer.withUnsafeBytes { raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[0..<count * 8])) } }
        guard numbers[0] == magic else {
            if fd >= 0 { close(fd) }
            return nil
        }
        return Message(numbers: numbers, text: Array(buffer[(count * 8)..<received]), fd: fd)
    }

    private static let cmsgHeaderSize = (MemoryLayout<cmsghdr>.size + 7) & ~7
    private static func cmsgSpace(_ bytes: Int) -> Int { cmsgHeaderSize + ((bytes + 7) & ~7) }
    private static func cmsgLength(_ bytes: Int) -> Int { cmsgHeaderSize + bytes }
}
