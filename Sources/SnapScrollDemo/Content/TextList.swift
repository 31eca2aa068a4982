/// Many strings stored compactly: one contiguous UTF-8 buffer and where each string ends. A million strip items
/// cost their bytes plus four bytes each, not a million `String` objects; an item becomes a `String` only when a
/// view binds it.
struct TextList: RandomAccessCollection, Equatable {
    private var bytes: [UInt8] = []
    /// `ends[i]` is the offset just past string `i` in `bytes`. Content files are at most 256 MB, so 32 bits do.
    private var ends: [UInt32] = []

    init() {}

    init(_ strings: [String]) {
        for s in strings { var s = s; s.withUTF8 { append($0) } }
    }

    var startIndex: Int { 0 }
    var endIndex: Int { ends.count }

    subscript(index: Int) -> String {
        let range = byteRange(index)
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// Whether string `index` is "".
    func isEmpty(at index: Int) -> Bool { byteRange(index).isEmpty }

    /// The bytes of string `index`, for comparing without making a `String`.
    func withBytes<R>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let range = byteRange(index)
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Adds one string, given as valid UTF-8.
    mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: utf8)
        ends.append(UInt32(bytes.count))
    }

    /// Removes the last string.
    mutating func removeLast() {
        ends.removeLast()
        bytes.removeSubrange(Int(ends.last ?? 0)...)
    }

    /// Frees the spare capacity the appends left behind.
    mutating func compact() {
        if bytes.capacity > bytes.count + 4096 { bytes = Array(bytes) }
        if ends.capacity > ends.count + 1024 { ends = Array(ends) }
    }

    private func byteRange(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
    }
}
