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

/// What the search found, before it is paired with the table, the URL and the value:
/// plain values, so that a lookup returns it without touching a reference count.
@usableFromInline
struct Found: Sendable {
    @usableFromInline let route: Int32
    /// Whether the URL has a scheme and a host: their captures are read lowercased.
    let hasScheme: Bool
    let hasHost: Bool
    /// Whether the route matched through its `**` rather than ending exactly here.
    let viaCatchAll: Bool
    /// The ranges the search recorded; the route's capture specs index them.
    let captures: CaptureBuffer
}

/// A match before it is paired with its value: everything non-generic.
///
/// Kept small, so that returning it moves a few words: the query, fragment and host
/// offsets are found again from `url` when they are read. Built in the caller's code
/// (inlinable), so that a caller reading only the value retains neither the table nor
/// the URL.
@usableFromInline
struct RawMatch: Sendable {
    @usableFromInline let storage: RouteStorage
    @usableFromInline let url: String
    @usableFromInline let found: Found

    @inlinable
    init(storage: RouteStorage, url: String, found: Found) {
        self.storage = storage
        self.url = url
        self.found = found
    }

    var route: Int32 { found.route }
    var hasScheme: Bool { found.hasScheme }
    var hasHost: Bool { found.hasHost }
    var viaCatchAll: Bool { found.viaCatchAll }
    var captures: CaptureBuffer { found.captures }

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
    case matched(Found)
    case notFound
    case malformed(MalformedURLError)
}
