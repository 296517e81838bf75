/// Captured ranges: the first eight, inline, so that a match is plain values and
/// allocates nothing. A route with more parameter segments has the later ranges found
/// again, all at once, when its parameters are read (``RawMatch/slotRanges()``).
///
/// A range is kept in four bytes, two ``URLOffset``s: eight-byte ranges made every copy of
/// a match longer, and every lookup copies a match.
///
/// The count comes after the ranges, so that what follows the buffer in ``Found`` fills
/// the four bytes a leading count would leave as padding.
@usableFromInline
struct CaptureBuffer: Sendable {
    typealias Eight = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
    @usableFromInline static let inlineCapacity = 8
    private var inline: Eight = (0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline private(set) var count: Int32 = 0

    /// Records `start..<end`, offsets of a URL the table matches.
    // A wrapping count: a URL a table matches has far fewer segments than `Int32.max`. The
    // offsets narrow in `URLOffset.init`, unchecked in a release build, since checked
    // conversions here left the direct walk short of registers.
    @inline(__always)
    mutating func append(start: Int, end: Int) {
        assert(start <= end, "a range never ends before it starts")
        if count < Self.inlineCapacity {
            let packed = UInt32(URLOffset(start).bits) << 16 | UInt32(URLOffset(end).bits)
            withUnsafeMutableBytes(of: &inline) {
                $0.storeBytes(of: packed, toByteOffset: Int(count) &* 4, as: UInt32.self)
            }
        }
        count &+= 1
    }

    /// Whether `other` recorded the same ranges.
    func recordsSame(as other: CaptureBuffer) -> Bool {
        count == other.count && (0..<min(Int(count), Self.inlineCapacity)).allSatisfy { self[$0] == other[$0] }
    }

    /// The range in `index`, one of the first eight.
    subscript(index: Int) -> Range<Int> {
        precondition(index < Self.inlineCapacity)
        let packed = withUnsafeBytes(of: inline) { $0.load(fromByteOffset: index * 4, as: UInt32.self) }
        return Int(packed >> 16)..<Int(packed & 0xFFFF)
    }
}

/// Where the parts that are read after a match lie in the URL, found while matching:
/// reading the query, the fragment, a catch-all at the host or whether the URL carried
/// userinfo never parses the URL again.
///
/// The offsets are kept as ``URLOffset``s, which keeps a match small; the walk and the
/// search make these directly (packing a value of wider offsets they made was slower).
/// Read them as `Int`s through the accessors. The path's end is not stored: it is the
/// query's `?`, else the fragment's `#`, else the end of the URL.
@usableFromInline
struct URLParts: Sendable, Equatable {
    /// The host, equal offsets when there is none.
    private let hostStart: URLOffset
    private let hostEnd: URLOffset
    /// Where the path starts; it ends at the query, the fragment or the end of the URL.
    private let pathStart: URLOffset
    /// The first byte of the query (after `?`), or 0 when the URL has none: no query
    /// starts at 0, since its `?` comes first. The fragment's likewise.
    private let queryOffset: URLOffset
    private let fragmentOffset: URLOffset
    private let flags: UInt8

    private static let scheme: UInt8 = 1
    /// The authority carried `userinfo@`.
    private static let userinfo: UInt8 = 2

    /// The parts of a URL of `count` bytes; `queryStart` and `fragmentStart` are -1 when
    /// the URL has no query or no fragment.
    init(hostStart: Int, hostEnd: Int, pathStart: Int, pathEnd: Int, queryStart: Int, fragmentStart: Int,
         count: Int, hasScheme: Bool, hasUserinfo: Bool) {
        assert(hostStart <= hostEnd && pathStart <= pathEnd, "a part never ends before it starts")
        assert(queryStart < 0 || queryStart > pathEnd, "the query starts after the path and its '?'")
        assert(fragmentStart < 0 || fragmentStart > max(pathEnd, queryStart), "the fragment comes last")
        self.hostStart = URLOffset(hostStart)
        self.hostEnd = URLOffset(hostEnd)
        self.pathStart = URLOffset(pathStart)
        self.queryOffset = URLOffset(max(queryStart, 0))
        self.fragmentOffset = URLOffset(max(fragmentStart, 0))
        // Written out: through a shared helper, even inlined, the direct walk ran longer.
        self.flags = (hasScheme ? Self.scheme : 0) | (hasUserinfo ? Self.userinfo : 0)
        assert(self.pathEnd(count: count) == pathEnd, "the path ends at the query's '?', the fragment's '#' or the end")
    }

    /// The parts as the full parse found them.
    init(_ layout: URLLayout) {
        self.init(hostStart: layout.hostStart, hostEnd: layout.hostEnd, pathStart: layout.pathStart,
                  pathEnd: layout.pathEnd, queryStart: layout.queryStart, fragmentStart: layout.fragmentStart,
                  count: layout.count, hasScheme: layout.schemeEnd >= 0, hasUserinfo: layout.hasUserinfo)
    }

    var hasScheme: Bool { flags & Self.scheme != 0 }
    /// Whether the authority carried `userinfo@`.
    var hasUserinfo: Bool { flags & Self.userinfo != 0 }
    var hasHost: Bool { hostEnd != hostStart }
    var host: Range<Int> { Int(hostStart)..<Int(hostEnd) }

    /// The first byte of the query (after `?`), or -1 when the URL has no query.
    var queryStart: Int { queryOffset.bits == 0 ? -1 : Int(queryOffset) }

    /// The first byte of the fragment (after `#`), or -1 when the URL has no fragment.
    var fragmentStart: Int { fragmentOffset.bits == 0 ? -1 : Int(fragmentOffset) }

    /// Where the path ends in a URL of `count` bytes: at the query's `?`, the fragment's
    /// `#`, or the end.
    func pathEnd(count: Int) -> Int {
        queryOffset.bits != 0 ? Int(queryOffset) - 1 : fragmentOffset.bits != 0 ? Int(fragmentOffset) - 1 : count
    }

    /// The path in a URL of `count` bytes.
    func path(count: Int) -> Range<Int> { Int(pathStart)..<pathEnd(count: count) }

    /// Where the query ends in a URL of `count` bytes: at the fragment's `#`, or the end.
    func queryEnd(count: Int) -> Int { fragmentOffset.bits != 0 ? Int(fragmentOffset) - 1 : count }
}

/// What the search found, before it is paired with the table, the URL and the value:
/// plain values, so that a lookup returns it without touching a reference count.
///
/// Its fields are ordered so that none leaves padding: a match result of a table of
/// `Int`s then stays within what the optimizer copies inline, where a longer one was
/// copied through two `memcpy` calls on every lookup.
@usableFromInline
struct Found: Sendable {
    /// The ranges the search recorded; the route's capture specs index them.
    @usableFromInline let captures: CaptureBuffer
    @usableFromInline let route: Int32
    /// Where the URL's parts lie (read them through ``RawMatch/parts``).
    let parts: URLParts
    /// Whether the route matched through its `**` rather than ending exactly here.
    let viaCatchAll: Bool

    init(route: Int32, viaCatchAll: Bool, parts: URLParts, captures: CaptureBuffer) {
        self.captures = captures
        self.route = route
        self.parts = parts
        self.viaCatchAll = viaCatchAll
    }
}

/// A match before it is paired with its value: everything non-generic.
///
/// It carries the offsets of the URL's parts (``URLParts``), so reading any of them after
/// the match needs no second parse; only a route with more than eight parameter segments
/// parses the URL again, once, for the ranges its buffer does not hold
/// (``slotRanges()``). Built in the caller's code (inlinable), so that a caller reading
/// only the value retains neither the table nor the URL.
@usableFromInline
package struct RawMatch: Sendable {
    @usableFromInline let storage: FrozenTrie
    @usableFromInline package let url: String
    @usableFromInline let found: Found

    @inlinable
    init(storage: FrozenTrie, url: String, found: Found) {
        self.storage = storage
        self.url = url
        self.found = found
    }

    var route: Int32 { found.route }
    var viaCatchAll: Bool { found.viaCatchAll }
    @inlinable var captures: CaptureBuffer { found.captures }
    /// Where the URL's parts lie, as the match found them.
    var parts: URLParts { found.parts }

    /// How many of the first ranges the capture buffer holds: up to eight.
    @inlinable
    var inlineSlots: Int { min(Int(captures.count), CaptureBuffer.inlineCapacity) }

    /// Whether some slot's range is not in the capture buffer (a route with more than eight
    /// parameter segments), so that reading parameters needs ``slotRanges()``.
    @inlinable
    var needsSlotRanges: Bool { Int(captures.count) > CaptureBuffer.inlineCapacity }

    /// The ranges recorded in every slot (see ``CaptureSpec/slot``), in slot order.
    ///
    /// The first eight come from the buffer. The later ones (a route with more than eight
    /// parameter segments) are found again, all in one pass: the route's pattern, parsed
    /// once, gives the position of each one's segment, and parsing the URL once gives every
    /// key segment. Reading all p parameters therefore costs one parse, not p.
    /// - Complexity: O(p + n) for p slots and a URL of n bytes (plus the pattern's parse
    ///   when p > 8).
    @usableFromInline
    func slotRanges() -> [Range<Int>] {
        let count = Int(captures.count)
        let inline = inlineSlots
        var ranges = (0..<inline).map { captures[$0] }
        guard count > inline else { return ranges }
        guard let pattern = try? RoutePattern(String(storage.pattern(ofRoute: Int(route))),
                                              converters: storage.converterNames)
        else { preconditionFailure("a registered pattern parses again") }
        let positions = pattern.segments.indices.filter {
            if case .literal = pattern.segments[$0].kind { return false }
            return true
        }
        assert(positions.count == count, "one slot for every non-literal segment")
        var frames = Array(repeating: Frame(node: 0, stage: 0, segment: KeySegment()), count: (positions.last ?? 0) + 2)
        let pathEnd = frames.withUnsafeMutableBufferPointer { parseAgain(segments: $0).pathEnd }
        for position in positions.dropFirst(inline) {
            let segment = frames[position].segment
            let start = segment.has(.exhausted) ? pathEnd : Int(segment.start)
            ranges.append(pattern.segments[position].isCatchAll ? start..<pathEnd : start..<Int(segment.end))
        }
        return ranges
    }

    /// Parses the URL again under the table's limits, which it met when it matched, writing
    /// its first key segments into `segments`; returns its layout.
    private func parseAgain(segments: UnsafeMutableBufferPointer<Frame>) -> URLLayout {
        var layout = URLLayout.empty
        let problem = ContiguousUTF8.withBytes(of: url) {
            URLLayout.parse($0, limits: storage.options.limits, segments: segments.baseAddress,
                            capacity: segments.count, into: &layout)
        }
        assert(problem == nil, "a URL that matched parses again")
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
