/// The parts of a matched URL a ``RouteMatch`` reads later, as 32-bit offsets.
@usableFromInline
struct URLParts: Sendable {
    var hasScheme: Bool
    var hasHost: Bool
    var hasUserinfo: Bool
    var schemeEnd: Int32
    var hostStart: Int32
    var hostEnd: Int32
    var pathStart: Int32
    var pathEnd: Int32
    var queryStart: Int32
    var queryEnd: Int32
    var fragmentStart: Int32

    init(_ layout: URLLayout) {
        hasScheme = layout.hasScheme
        hasHost = layout.hasHost
        hasUserinfo = layout.hasUserinfo
        schemeEnd = Int32(layout.schemeEnd)
        hostStart = Int32(layout.hostStart)
        hostEnd = Int32(layout.hostEnd)
        pathStart = Int32(layout.pathStart)
        pathEnd = Int32(layout.pathEnd)
        queryStart = Int32(layout.queryStart)
        queryEnd = Int32(layout.queryEnd)
        fragmentStart = Int32(layout.fragmentStart)
    }
}

/// Captured ranges: the first eight inline, so a typical match allocates nothing.
@usableFromInline
struct CaptureBuffer: Sendable {
    typealias Eight = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    private(set) var count = 0
    private var inline: Eight = (0, 0, 0, 0, 0, 0, 0, 0)
    private var overflow: [UInt64] = []

    mutating func append(start: Int, end: Int) {
        let packed = UInt64(UInt32(start)) << 32 | UInt64(UInt32(end))
        if count < 8 {
            withUnsafeMutableBytes(of: &inline) { $0.storeBytes(of: packed, toByteOffset: count * 8, as: UInt64.self) }
        } else {
            overflow.append(packed)
        }
        count += 1
    }

    subscript(index: Int) -> Range<Int> {
        let packed = index < 8
            ? withUnsafeBytes(of: inline) { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
            : overflow[index - 8]
        return Int(packed >> 32)..<Int(packed & 0xFFFF_FFFF)
    }
}

/// A match before it is paired with its value: everything non-generic.
@usableFromInline
struct RawMatch: Sendable {
    let storage: RouteStorage
    let url: String
    let parts: URLParts
    @usableFromInline let route: Int32
    let captures: CaptureBuffer
}

@usableFromInline
enum RawLookup: Sendable {
    case matched(RawMatch)
    case notFound
    case malformed(MalformedURLError)
}
