/// Captured ranges: the first eight, inline, so that a match is plain values and
/// allocates nothing. A route with more parameter segments has the later ranges found
/// again, all at once, when its parameters are read (``RawMatch/slotRanges()``).
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
    @usableFromInline let storage: FrozenTrie
    @usableFromInline let url: String
    @usableFromInline let found: Found

    @inlinable
    init(storage: FrozenTrie, url: String, found: Found) {
        self.storage = storage
        self.url = url
        self.found = found
    }

    var route: Int32 { found.route }
    var hasScheme: Bool { found.hasScheme }
    var hasHost: Bool { found.hasHost }
    var viaCatchAll: Bool { found.viaCatchAll }
    var captures: CaptureBuffer { found.captures }

    /// The ranges recorded in every slot (see ``CaptureSpec/slot``), in slot order.
    ///
    /// The first eight come from the buffer. The later ones (a route with more than eight
    /// parameter segments) are found again, all in one pass: the route's pattern, parsed
    /// once, gives the position of each one's segment, and parsing the URL once gives every
    /// key segment. Reading all p parameters therefore costs one parse, not p.
    /// - Complexity: O(p + n) for p slots and a URL of n bytes (plus the pattern's parse
    ///   when p > 8).
    func slotRanges() -> [Range<Int>] {
        let count = Int(captures.count)
        var ranges = (0..<min(count, CaptureBuffer.inlineCapacity)).map { captures[$0] }
        guard count > CaptureBuffer.inlineCapacity else { return ranges }
        guard let pattern = try? RoutePattern(String(storage.pattern(ofRoute: Int(route))),
                                              converters: storage.converterNames)
        else { preconditionFailure("a registered pattern parses again") }
        let positions = pattern.segments.indices.filter {
            if case .literal = pattern.segments[$0].kind { return false }
            return true
        }
        assert(positions.count == count, "one slot for every non-literal segment")
        var frames = Array(repeating: Frame(node: 0, stage: 0, segment: KeySegment()), count: (positions.last ?? 0) + 2)
        let layout = frames.withUnsafeMutableBufferPointer { parsedAgain(segments: $0) }
        for position in positions.dropFirst(CaptureBuffer.inlineCapacity) {
            let segment = frames[position].segment
            let start = segment.has(KeySegment.exhausted) ? layout.pathEnd : Int(segment.start)
            ranges.append(pattern.segments[position].isCatchAll ? start..<layout.pathEnd : start..<Int(segment.end))
        }
        return ranges
    }

    /// The URL's layout, parsed again (the URL was valid when it matched).
    var layout: URLLayout { parsedAgain() }

    /// Parses the URL again, without limits (it was valid when it matched), writing its
    /// first key segments into `segments` when given.
    private func parsedAgain(segments: UnsafeMutableBufferPointer<Frame>? = nil) -> URLLayout {
        var layout = URLLayout.empty
        _ = ContiguousUTF8.withBytes(of: url) {
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
