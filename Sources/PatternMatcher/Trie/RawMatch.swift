/// Captured ranges: the first eight, inline, so that a match is plain values and
/// allocates nothing. A route with more parameter segments has the later ranges found
/// again when they are read (``RawMatch/range(ofSlot:)``).
@usableFromInline
struct CaptureBuffer: Sendable {
    typealias Eight = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)
    static let inlineCapacity = 8
    private(set) var count: Int32 = 0
    private var inline: Eight = (0, 0, 0, 0, 0, 0, 0, 0)

    @inline(__always)
    mutating func append(start: Int, end: Int) {
        if count < Self.inlineCapacity {
            let packed = UInt64(UInt32(start)) << 32 | UInt64(UInt32(end))
            withUnsafeMutableBytes(of: &inline) { $0.storeBytes(of: packed, toByteOffset: Int(count) * 8, as: UInt64.self) }
        }
        count += 1
    }

    /// The range in `index`, one of the first eight.
    subscript(index: Int) -> Range<Int> {
        precondition(index < Self.inlineCapacity)
        let packed = withUnsafeBytes(of: inline) { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
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

    /// The range of the URL recorded in `slot` (see ``CaptureSpec/slot``).
    ///
    /// The first eight come from the buffer. A later one (a route with more than eight
    /// parameter segments) is found again: the route's pattern gives the position of its
    /// segment, and parsing the URL gives that key segment.
    func range(ofSlot slot: Int) -> Range<Int> {
        if slot < CaptureBuffer.inlineCapacity { return captures[slot] }
        guard let pattern = try? RoutePattern(String(storage.pattern(ofRoute: Int(route))),
                                              converters: storage.converterNames)
        else { preconditionFailure("a registered pattern parses again") }
        var remaining = slot
        var position = 0
        for (index, segment) in pattern.segments.enumerated() {
            if case .literal = segment.kind { continue }
            if remaining == 0 { position = index; break }
            remaining -= 1
        }
        var frames = Array(repeating: Frame(node: 0, stage: 0, segment: KeySegment()), count: position + 2)
        let layout = frames.withUnsafeMutableBufferPointer { parsedAgain(segments: $0) }
        let segment = frames[position].segment
        let start = segment.has(KeySegment.exhausted) ? layout.pathEnd : Int(segment.start)
        return pattern.segments[position].isCatchAll ? start..<layout.pathEnd : start..<Int(segment.end)
    }

    /// The URL's layout, parsed again (the URL was valid when it matched).
    var layout: URLLayout { parsedAgain() }

    /// Parses the URL again, without limits (it was valid when it matched), writing its
    /// first key segments into `segments` when given.
    private func parsedAgain(segments: UnsafeMutableBufferPointer<Frame>? = nil) -> URLLayout {
        var layout = URLLayout.empty
        _ = url.utf8.withContiguousStorageIfAvailable {
            URLLayout.parse($0, limits: URLLimits(maxBytes: .max, maxPathSegments: .max),
                            segments: segments?.baseAddress, capacity: segments?.count ?? 0, into: &layout)
        }
        return layout
    }
}

/// The outcome of one search, in plain values (no reference to count); a malformed
/// URL's error is built from its problem by the caller, which holds the URL.
@usableFromInline
enum RawLookup: Sendable {
    case matched(Found)
    case notFound
    case malformed(URLLayout.Problem)
}
