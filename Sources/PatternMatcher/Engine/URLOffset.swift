/// A UTF-8 offset into a URL that a route table matches, kept in two bytes: the one type
/// for the offsets a match keeps, its capture ranges (``CaptureBuffer``) and the URL's
/// parts (``URLParts``).
///
/// A table refuses a ``URLLimits/maxBytes`` above ``largest`` when it is built, so every
/// URL it matches is at most that long and every offset into it, its end included, fits.
/// ``init(_:)`` is the one place where an offset narrows, and it asserts that the offset
/// fits (as swift-nio's `_UInt24.init` does) rather than checking it at every lookup: a
/// match is copied on every lookup, and two-byte offsets keep it small.
@usableFromInline
struct URLOffset: Sendable, Equatable {
    /// The largest offset, and so the longest URL a table matches (its end is an offset too).
    static let largest = Int(UInt16.max)

    /// The offset, in the two bytes a match keeps.
    let bits: UInt16

    /// The offset `offset` into a URL a table matches, which is at most ``largest``.
    @inline(__always)
    init(_ offset: Int) {
        assert(offset >= 0 && offset <= Self.largest, "an offset into a URL no longer than a table's largest limit")
        bits = UInt16(truncatingIfNeeded: offset)
    }
}

extension Int {
    /// The offset `offset`, widened.
    @inline(__always)
    init(_ offset: URLOffset) {
        self.init(offset.bits)
    }
}
