/// Captured ranges: the first eight, inline, so that a match is plain values and
/// allocates nothing. A route with more parameter segments has the later ranges found
/// again, all at once, when its parameters are read (``RawMatch/slotRanges()``).
///
/// A range is kept in four bytes, two 16-bit offsets, so the buffer holds the ranges of a
/// URL of at most ``maxURLLength`` bytes (a URL under the default limit of 8,192 bytes
/// always fits); those of a longer URL, which only a raised ``URLLimits/maxBytes`` lets
/// in, are all found again as the later ones are. Eight-byte ranges made every copy of a
/// match 32 bytes longer, and every lookup copies a match.
///
/// The count comes after the ranges, so that what follows the buffer in ``Found`` fills
/// the four bytes a leading count would leave as padding.
@usableFromInline
struct CaptureBuffer: Sendable {
    typealias Eight = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)
    @usableFromInline static let inlineCapacity = 8
    /// The longest URL whose ranges the buffer holds.
    @usableFromInline static let maxURLLength = Int(UInt16.max)
    private var inline: Eight = (0, 0, 0, 0, 0, 0, 0, 0)
    @usableFromInline private(set) var count: Int32 = 0

    /// Whether the buffer holds the first ranges of a URL of `length` bytes (else what it
    /// holds is meaningless, and every range is found again).
    @inlinable
    static func holdsRanges(ofURLWithLength length: Int) -> Bool { length <= maxURLLength }

    /// Records `start..<end`, offsets of a URL whose length fits in 32 bits (the lookups
    /// refuse a longer one before they match); only their low 16 bits are kept, which are
    /// the offsets themselves in a URL the buffer holds (``holdsRanges(ofURLWithLength:)``).
    // Truncating conversions and a wrapping count (a URL of at most `Int32.max` bytes has
    // fewer segments than that). The checked ones left the direct walk short of registers
    // with its path loop as it is (under the loop before, this change alone saved nothing).
    @inline(__always)
    mutating func append(start: Int, end: Int) {
        assert(start >= 0 && start <= end && end <= Int(Int32.max), "a range of a URL of at most Int32.max bytes")
        if count < Self.inlineCapacity {
            let packed = UInt32(truncatingIfNeeded: start) << 16 | UInt32(truncatingIfNeeded: end) & 0xFFFF
            withUnsafeMutableBytes(of: &inline) {
                $0.storeBytes(of: packed, toByteOffset: Int(truncatingIfNeeded: count) &* 4, as: UInt32.self)
            }
        }
        count &+= 1
    }

    /// Whether `other` recorded the same ranges: compared as stored, so that two searches
    /// of a URL too long for the buffer, whose stored offsets are truncated (and may read
    /// back as no range at all), are still held to each other.
    func recordsSame(as other: CaptureBuffer) -> Bool {
        guard count == other.count else { return false }
        let slots = min(Int(count), Self.inlineCapacity)
        return withUnsafeBytes(of: inline) { mine in
            withUnsafeBytes(of: other.inline) { theirs in
                (0..<slots).allSatisfy {
                    mine.load(fromByteOffset: $0 &* 4, as: UInt32.self) == theirs.load(fromByteOffset: $0 &* 4, as: UInt32.self)
                }
            }
        }
    }

    /// The range in `index`, one of the first eight, in a URL the buffer holds
    /// (``holdsRanges(ofURLWithLength:)``).
    subscript(index: Int) -> Range<Int> {
        precondition(index < Self.inlineCapacity)
        let packed = withUnsafeBytes(of: inline) { $0.load(fromByteOffset: index * 4, as: UInt32.self) }
        return Int(packed >> 16)..<Int(packed & 0xFFFF)
    }
}

/// Where the parts that are read after a match lie in the URL (UTF-8 offsets), found while
/// matching: reading the query, the fragment, a catch-all at the host or whether the URL
/// carried userinfo never parses the URL again (except a URL longer than
/// ``CaptureBuffer/maxURLLength``, whose offsets a match cannot keep: see ``RawMatch/parts``).
///
/// The path's end is not stored: it is the query's `?`, else the fragment's `#`, else the
/// end of the URL. A ``Found`` keeps them packed (``PackedURLParts``).
@usableFromInline
struct URLParts: Sendable {
    /// The host, `hostStart == hostEnd` when there is none.
    let hostStart: Int32
    let hostEnd: Int32
    /// Where the path starts; it ends at the query, the fragment or the end of the URL.
    let pathStart: Int32
    /// The first byte of the query (after `?`), or -1 when the URL has no query.
    let queryStart: Int32
    /// The first byte of the fragment (after `#`), or -1 when the URL has no fragment.
    let fragmentStart: Int32
    /// ``scheme`` and ``userinfo``, as ``PackedURLParts`` keeps them too.
    fileprivate let flags: UInt8

    fileprivate static let scheme: UInt8 = 1
    /// The authority carried `userinfo@`.
    fileprivate static let userinfo: UInt8 = 2

    /// Asserts the order every URL's parts come in; `queryStart` and `fragmentStart` are -1
    /// when absent.
    fileprivate static func assertOrder(hostStart: Int, hostEnd: Int, pathStart: Int, pathEnd: Int,
                                        queryStart: Int, fragmentStart: Int) {
        assert(hostStart <= hostEnd && pathStart <= pathEnd, "a part never ends before it starts")
        assert(queryStart < 0 || queryStart > pathEnd, "the query starts after the path and its '?'")
        assert(fragmentStart < 0 || fragmentStart > max(pathEnd, queryStart), "the fragment comes last")
    }

    fileprivate init(hostStart: Int32, hostEnd: Int32, pathStart: Int32, queryStart: Int32, fragmentStart: Int32,
                     flags: UInt8) {
        self.hostStart = hostStart
        self.hostEnd = hostEnd
        self.pathStart = pathStart
        self.queryStart = queryStart
        self.fragmentStart = fragmentStart
        self.flags = flags
    }

    /// The parts as the full parse found them (of a URL of any length).
    init(_ layout: URLLayout) {
        Self.assertOrder(hostStart: layout.hostStart, hostEnd: layout.hostEnd, pathStart: layout.pathStart,
                         pathEnd: layout.pathEnd, queryStart: layout.queryStart, fragmentStart: layout.fragmentStart)
        self.init(hostStart: Int32(truncatingIfNeeded: layout.hostStart), hostEnd: Int32(truncatingIfNeeded: layout.hostEnd),
                  pathStart: Int32(truncatingIfNeeded: layout.pathStart),
                  queryStart: Int32(truncatingIfNeeded: layout.queryStart),
                  fragmentStart: Int32(truncatingIfNeeded: layout.fragmentStart),
                  flags: (layout.schemeEnd >= 0 ? Self.scheme : 0) | (layout.hasUserinfo ? Self.userinfo : 0))
        assert(pathEnd(count: layout.count) == layout.pathEnd, "the path ends at the query's '?', the fragment's '#' or the end")
    }

    var hasScheme: Bool { flags & Self.scheme != 0 }
    /// Whether the authority carried `userinfo@`.
    var hasUserinfo: Bool { flags & Self.userinfo != 0 }
    var hasHost: Bool { hostEnd > hostStart }
    var host: Range<Int> { Int(hostStart)..<Int(hostEnd) }

    /// Where the path ends in a URL of `count` bytes: at the query's `?`, the fragment's
    /// `#`, or the end.
    func pathEnd(count: Int) -> Int {
        queryStart >= 0 ? Int(queryStart) - 1 : fragmentStart >= 0 ? Int(fragmentStart) - 1 : count
    }

    /// The path in a URL of `count` bytes.
    func path(count: Int) -> Range<Int> { Int(pathStart)..<pathEnd(count: count) }

    /// Where the query ends in a URL of `count` bytes: at the fragment's `#`, or the end.
    func queryEnd(count: Int) -> Int { fragmentStart >= 0 ? Int(fragmentStart) - 1 : count }
}

/// ``URLParts`` as a ``Found`` keeps them, in 11 bytes: 16-bit offsets, which hold those of a
/// URL of at most ``CaptureBuffer/maxURLLength`` bytes, as the capture buffer's do; a longer
/// URL's parts are read by parsing it again (``RawMatch/parts``). With 32-bit offsets every
/// copy of a match was 10 bytes longer. The walk and the search make these directly:
/// packing a ``URLParts`` they made was slower still.
@usableFromInline
struct PackedURLParts: Sendable, Equatable {
    private let hostStart: UInt16
    private let hostEnd: UInt16
    private let pathStart: UInt16
    private let queryStart: UInt16
    private let fragmentStart: UInt16
    private let flags: UInt8

    /// The parts of a URL of `count` bytes, each offset's low 16 bits kept: all of it for a
    /// URL of at most ``CaptureBuffer/maxURLLength`` bytes. A query or a fragment that is
    /// absent (-1) is kept as 0, where none can start (its `?` or `#` comes first).
    init(hostStart: Int, hostEnd: Int, pathStart: Int, pathEnd: Int, queryStart: Int, fragmentStart: Int,
         count: Int, hasScheme: Bool, hasUserinfo: Bool) {
        URLParts.assertOrder(hostStart: hostStart, hostEnd: hostEnd, pathStart: pathStart, pathEnd: pathEnd,
                             queryStart: queryStart, fragmentStart: fragmentStart)
        self.hostStart = UInt16(truncatingIfNeeded: hostStart)
        self.hostEnd = UInt16(truncatingIfNeeded: hostEnd)
        self.pathStart = UInt16(truncatingIfNeeded: pathStart)
        self.queryStart = UInt16(truncatingIfNeeded: max(queryStart, 0))
        self.fragmentStart = UInt16(truncatingIfNeeded: max(fragmentStart, 0))
        // Written out: through a shared helper, even inlined, the direct walk ran longer.
        self.flags = (hasScheme ? URLParts.scheme : 0) | (hasUserinfo ? URLParts.userinfo : 0)
        assert(count > CaptureBuffer.maxURLLength || unpacked.pathEnd(count: count) == pathEnd,
               "the path ends at the query's '?', the fragment's '#' or the end")
    }

    /// The parts as the full parse found them.
    init(_ layout: URLLayout) {
        self.init(hostStart: layout.hostStart, hostEnd: layout.hostEnd, pathStart: layout.pathStart,
                  pathEnd: layout.pathEnd, queryStart: layout.queryStart, fragmentStart: layout.fragmentStart,
                  count: layout.count, hasScheme: layout.schemeEnd >= 0, hasUserinfo: layout.hasUserinfo)
    }

    var hasScheme: Bool { flags & URLParts.scheme != 0 }

    /// The parts, as packed from those of a URL of at most ``CaptureBuffer/maxURLLength`` bytes.
    var unpacked: URLParts {
        URLParts(hostStart: Int32(hostStart), hostEnd: Int32(hostEnd), pathStart: Int32(pathStart),
                 queryStart: queryStart == 0 ? -1 : Int32(queryStart),
                 fragmentStart: fragmentStart == 0 ? -1 : Int32(fragmentStart), flags: flags)
    }
}

/// What the search found, before it is paired with the table, the URL and the value:
/// plain values, so that a lookup returns it without touching a reference count.
///
/// Its fields are ordered so that none leaves padding (52 bytes): a match result of a
/// table of `Int`s (85 bytes) then stays within what the optimizer copies inline. At 112
/// bytes (145 for the result) a lookup copied it through two `memcpy` calls; see
/// ``CaptureBuffer`` and ``PackedURLParts`` for 94 bytes against 52.
@usableFromInline
struct Found: Sendable {
    /// The ranges the search recorded; the route's capture specs index them.
    @usableFromInline let captures: CaptureBuffer
    @usableFromInline let route: Int32
    /// Where the URL's parts lie (read them through ``RawMatch/parts``).
    let parts: PackedURLParts
    /// Whether the route matched through its `**` rather than ending exactly here.
    let viaCatchAll: Bool

    init(route: Int32, viaCatchAll: Bool, parts: PackedURLParts, captures: CaptureBuffer) {
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
/// (or a URL longer than ``CaptureBuffer/maxURLLength``) parses the URL again, once, for
/// the ranges its buffer does not hold (``slotRanges()``). Built in the caller's code
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
    var viaCatchAll: Bool { found.viaCatchAll }
    @inlinable var captures: CaptureBuffer { found.captures }
    /// Where the URL's parts lie: as the match found them, or, for a URL longer than its
    /// packed offsets hold, as parsing it again finds them.
    var parts: URLParts {
        CaptureBuffer.holdsRanges(ofURLWithLength: url.utf8.count) ? found.parts.unpacked : partsParsedAgain()
    }

    /// How many of the first ranges the capture buffer holds: up to eight, or none for a URL
    /// too long for it.
    @inlinable
    var inlineSlots: Int {
        CaptureBuffer.holdsRanges(ofURLWithLength: url.utf8.count)
            ? min(Int(captures.count), CaptureBuffer.inlineCapacity) : 0
    }

    /// Whether some slot's range is not in the capture buffer, so that reading parameters
    /// needs ``slotRanges()``.
    @inlinable
    var needsSlotRanges: Bool { Int(captures.count) > inlineSlots }

    /// The ranges recorded in every slot (see ``CaptureSpec/slot``), in slot order.
    ///
    /// The first eight come from the buffer. The later ones (a route with more than eight
    /// parameter segments), or all of them for a URL longer than
    /// ``CaptureBuffer/maxURLLength``, are found again, all in one pass: the route's
    /// pattern, parsed once, gives the position of each one's segment, and parsing the URL
    /// once gives every key segment. Reading all p parameters therefore costs one parse, not p
    /// (a value at the scheme's or the host's position reads the URL's parts, which parses a
    /// URL longer than ``CaptureBuffer/maxURLLength`` once more).
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

    /// The URL's parts, parsed again without limits (it was valid when it matched).
    private func partsParsedAgain() -> URLParts {
        var layout = URLLayout.empty
        _ = ContiguousUTF8.withBytes(of: url) {
            URLLayout.parse($0, limits: URLLimits(maxBytes: .max, maxPathSegments: .max), into: &layout)
        }
        return URLParts(layout)
    }

    /// Parses the URL again, without limits (it was valid when it matched), writing its
    /// first key segments into `segments`; returns its layout.
    private func parseAgain(segments: UnsafeMutableBufferPointer<Frame>) -> URLLayout {
        var layout = URLLayout.empty
        _ = ContiguousUTF8.withBytes(of: url) {
            URLLayout.parse($0, limits: URLLimits(maxBytes: .max, maxPathSegments: .max),
                            segments: segments.baseAddress, capacity: segments.count, into: &layout)
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
