/// Captured ranges: the first eight inline, so a typical match allocates nothing.
@usableFromInline
struct CaptureBuffer: Sendable {
    typealias Eight = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    private(set) var count: Int32 = 0
    private var inline: Eight = (0, 0, 0, 0, 0, 0, 0, 0)
    private var overflow: [UInt64] = []

    mutating func append(start: Int, end: Int) {
        let packed = UInt64(UInt32(start)) << 32 | UInt64(UInt32(end))
        if count < 8 {
            withUnsafeMutableBytes(of: &inline) { $0.storeBytes(of: packed, toByteOffset: Int(count) * 8, as: UInt64.self) }
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
///
/// Kept small, so that returning it moves a few words: the query, fragment and host
/// offsets are found again from `url` when they are read.
@usableFromInline
struct RawMatch: Sendable {
    let storage: RouteStorage
    let url: String
    @usableFromInline let route: Int32
    /// Whether the URL has a scheme and a host: their captures are read lowercased.
    let hasScheme: Bool
    let hasHost: Bool
    /// Whether the route matched through its `**` rather than ending exactly here.
    let viaCatchAll: Bool
    let captures: CaptureBuffer

    /// The URL's layout, parsed again (the URL was valid when it matched).
    var layout: URLLayout {
        var layout = URLLayout.empty
        _ = url.utf8.withContiguousStorageIfAvailable {
            URLLayout.parse($0, limits: URLLimits(maxBytes: .max, maxPathSegments: .max), into: &layout)
        }
        return layout
    }
}

@usableFromInline
enum RawLookup: Sendable {
    case matched(RawMatch)
    case notFound
    case malformed(MalformedURLError)
}
