/// Where the parts of a URL lie in its UTF-8 bytes (Matching rules, "From a URL to a route key"), found in one pass.
///
/// Offsets rather than substrings, so that reading a URL allocates nothing; the matcher
/// reads segments straight out of the input bytes.
@usableFromInline
struct URLLayout: Sendable {
    /// Total UTF-8 length.
    @usableFromInline var count: Int
    /// End of the scheme (the offset of its `:`), or -1 when the URL has no scheme.
    @usableFromInline var schemeEnd: Int
    /// Start of the authority (after `//`), or -1 when there is none.
    @usableFromInline var authorityStart: Int
    /// Start and end of the host inside the authority; equal when the host is empty.
    @usableFromInline var hostStart: Int
    @usableFromInline var hostEnd: Int
    /// End of the authority (the port, if any, lies between `hostEnd` and here).
    @usableFromInline var authorityEnd: Int
    /// Whether the authority carries `userinfo@`.
    @usableFromInline var hasUserinfo: Bool
    /// The path, up to `?`, `#` or the end.
    @usableFromInline var pathStart: Int
    @usableFromInline var pathEnd: Int
    /// Start of the query (after `?`), or -1; it ends at `queryEnd`.
    @usableFromInline var queryStart: Int
    @usableFromInline var queryEnd: Int
    /// Start of the fragment (after `#`), or -1; it runs to the end.
    @usableFromInline var fragmentStart: Int
    /// Whether the host or the path holds a `%`, so key segments may need decoding.
    @usableFromInline var keyHasPercent: Bool

    @usableFromInline var hasScheme: Bool { schemeEnd >= 0 }
    @usableFromInline var hasHost: Bool { hostEnd > hostStart }

    static let empty = URLLayout(
        count: 0, schemeEnd: -1, authorityStart: -1, hostStart: 0, hostEnd: 0,
        authorityEnd: -1, hasUserinfo: false, pathStart: 0, pathEnd: 0,
        queryStart: -1, queryEnd: 0, fragmentStart: -1, keyHasPercent: false)

    /// The offset of the `:` that ends the URL's scheme (a letter, then letters, digits,
    /// `+`, `-` or `.`), or `nil` when the URL has none (Matching rules, "From a URL to a route key").
    @inline(__always)
    static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        guard count > 0, ASCII.isAlpha(bytes[0]) else { return nil }
        var j = 1
        while j < count, ASCII.isSchemeCharacter(bytes[j]) { j &+= 1 }
        return j < count && bytes[j] == ASCII.colon ? j : nil
    }

    /// Reads the layout of `bytes` and validates it against the limits of Matching rules, "Malformed URLs", in one pass.
    ///
    /// When `segments` is given, the key segments (scheme, host, path segments) are written
    /// into the first `capacity` frames as they are found, and the frame after the last
    /// segment is marked exhausted, so the search never scans the URL again.
    /// - Returns: `nil` on success, or the problem.
    /// - Complexity: O(n) in the length of the URL; a second pass only when it holds `%`.
    @inline(__always)
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: URLLimits,
        segments: UnsafeMutablePointer<Frame>? = nil, capacity: Int = 0,
        into layout: inout URLLayout
    ) -> Problem? {
        let count = bytes.count
        if count > limits.maxBytes { return Problem(reason: .tooLong, offset: nil) }
        // Key segments keep 32-bit offsets: only a table's lookups ask for them, under a
        // limit the table has checked.
        assert(segments == nil || count <= URLOffset.largest, "key segments of a URL a table matches")
        layout = .empty
        layout.count = count
        layout.pathEnd = count
        layout.queryEnd = count
        var writer = SegmentWriter(frames: segments, capacity: capacity)
        var i = 0
        if let end = schemeEnd(bytes) {
            layout.schemeEnd = end
            writer.record(0, end, .schemeOrHost)
            i = end + 1
        }
        var sawPercent = false
        if layout.schemeEnd >= 0, i + 1 < count, bytes[i] == ASCII.slash, bytes[i + 1] == ASCII.slash {
            sawPercent = parseAuthority(bytes, from: i + 2, &writer, into: &layout)
            i = layout.authorityEnd
        }
        layout.pathStart = i
        let segmentCount = parsePath(bytes, from: i, &writer, into: &layout)
        sawPercent = parseQueryAndFragment(bytes, &layout) || sawPercent || layout.keyHasPercent
        if segmentCount > limits.maxPathSegments {
            return Problem(reason: .tooManySegments, offset: nil, segmentCount: segmentCount)
        }
        // A String is valid UTF-8 already; only escapes can break it, so a URL without
        // '%' needs no second look.
        if sawPercent, let problem = PercentDecoding.firstProblem(in: bytes, from: 0, to: count) {
            return Problem(reason: problem.isBadEscape ? .badEscape : .invalidUTF8, offset: problem.offset)
        }
        // The search goes one level past the last segment at most: mark that level.
        writer.markExhausted(at: layout.pathEnd)
        return nil
    }

    /// Writes key segments into a search's frames, as many as fit, counting them all.
    struct SegmentWriter {
        let frames: UnsafeMutablePointer<Frame>?
        let capacity: Int
        private(set) var recorded = 0

        init(frames: UnsafeMutablePointer<Frame>?, capacity: Int) {
            assert(capacity >= 0 && (frames != nil || capacity == 0), "a capacity needs frames")
            self.frames = frames
            self.capacity = capacity
        }

        @inline(__always)
        mutating func record(_ start: Int, _ end: Int, _ flags: KeySegment.Flags) {
            assert(start <= end, "a segment never ends before it starts")
            if recorded < capacity, let frames {
                frames[recorded].segment = KeySegment(
                    start: Int32(truncatingIfNeeded: start), end: Int32(truncatingIfNeeded: end),
                    keyLength: Int32(truncatingIfNeeded: end - start), hash: 0, flags: flags)
            }
            recorded += 1
        }

        /// Marks the level after the last segment, where the key is exhausted.
        @inline(__always)
        func markExhausted(at pathEnd: Int) {
            guard let frames, recorded < capacity else { return }
            let end = Int32(truncatingIfNeeded: pathEnd)
            frames[recorded].segment = KeySegment(start: end, end: end, keyLength: 0, hash: 0, flags: .exhausted)
        }
    }

    /// Reads the authority that starts at `start` (after `//`) in one pass: the host starts
    /// after the last `@`, and its port at the first `:` after that outside an IP literal's
    /// brackets. Records the host as a key segment.
    /// - Returns: whether the authority holds a `%`.
    @inline(__always)
    private static func parseAuthority(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                       _ writer: inout SegmentWriter, into layout: inout URLLayout) -> Bool {
        let count = bytes.count
        var i = start
        layout.authorityStart = start
        var lastAt = -1
        var portColon = -1
        var inBrackets = false
        var hostHasPercent = false
        var sawPercent = false
        while i < count {
            let byte = bytes[i]
            if byte == ASCII.slash || byte == ASCII.question || byte == ASCII.hash { break }
            if byte == ASCII.at {
                lastAt = i
                portColon = -1
                inBrackets = false
                hostHasPercent = false
            } else if byte == ASCII.percent {
                sawPercent = true
                if portColon < 0 { hostHasPercent = true }
            } else if portColon < 0 {
                if byte == ASCII.openBracket { inBrackets = true }
                else if byte == ASCII.closeBracket { inBrackets = false }
                else if byte == ASCII.colon && !inBrackets { portColon = i }
            }
            i += 1
        }
        layout.authorityEnd = i
        layout.hostStart = lastAt >= 0 ? lastAt + 1 : start
        layout.hasUserinfo = lastAt >= 0
        let hostEnd = portColon >= 0 ? portColon : i
        layout.hostEnd = hostEnd
        if hostEnd > layout.hostStart {
            writer.record(layout.hostStart, hostEnd, hostHasPercent ? [.schemeOrHost, .hasPercent] : .schemeOrHost)
            layout.keyHasPercent = hostHasPercent
        }
        return sawPercent
    }

    /// Reads the path from `start` up to `?`, `#` or the end, recording each segment.
    /// - Returns: the number of (non-empty) path segments.
    @inline(__always)
    private static func parsePath(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                                  _ writer: inout SegmentWriter, into layout: inout URLLayout) -> Int {
        let count = bytes.count
        var i = start
        var segmentCount = 0
        while i < count {
            let byte = bytes[i]
            if byte == ASCII.slash { i += 1; continue }
            if byte == ASCII.question || byte == ASCII.hash { break }
            // A segment: runs to the next '/', '?' or '#', noting '%' on the way.
            let segmentStart = i
            var flags: KeySegment.Flags = []
            while true {
                i = Word.scanSegment(bytes.baseAddress!, count: count, from: i).end
                guard i < count, bytes[i] == ASCII.percent else { break }
                flags = .hasPercent
                i += 1
                // A '%' that ends the URL is a bad escape, found later; no run starts after it.
                if i == count { break }
            }
            if !flags.isEmpty { layout.keyHasPercent = true }
            writer.record(segmentStart, i, flags)
            segmentCount += 1
        }
        layout.pathEnd = i
        return segmentCount
    }

    /// Reads the query and the fragment after the path.
    /// - Returns: whether either holds a `%`.
    @inline(__always)
    private static func parseQueryAndFragment(_ bytes: UnsafeBufferPointer<UInt8>, _ layout: inout URLLayout) -> Bool {
        let count = bytes.count
        let found = queryAndFragment(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: count,
                                     pathEnd: layout.pathEnd)
        layout.queryStart = found.queryStart
        layout.queryEnd = found.fragmentStart >= 0 ? found.fragmentStart - 1 : count
        layout.fragmentStart = found.fragmentStart
        return found.hasPercent
    }

    /// Where the query and the fragment start (after their `?` and `#`; -1 when absent) in
    /// the `count` bytes at `base`, whose path ends at `pathEnd`, and whether either holds
    /// a `%`. The one reading of the URL's tail, for the full parse and the direct walk.
    @inline(__always)
    static func queryAndFragment(_ base: UnsafePointer<UInt8>, count: Int, pathEnd: Int)
        -> (queryStart: Int, fragmentStart: Int, hasPercent: Bool) {
        var i = pathEnd
        var queryStart = -1
        var fragmentStart = -1
        var hasPercent = false
        if i < count, base[i] == ASCII.question {
            i &+= 1
            queryStart = i
            while i < count, base[i] != ASCII.hash {
                if base[i] == ASCII.percent { hasPercent = true }
                i &+= 1
            }
        }
        if i < count {  // base[i] == '#'
            i &+= 1
            fragmentStart = i
            while i < count, !hasPercent {
                if base[i] == ASCII.percent { hasPercent = true }
                i &+= 1
            }
        }
        return (queryStart, fragmentStart, hasPercent)
    }

    /// A parse failure before it is tied to its URL string.
    @usableFromInline
    struct Problem: Error {
        var reason: MalformedURLError.Reason
        var offset: Int?
        /// The path's non-empty segments, for ``MalformedURLError/Reason/tooManySegments``.
        var segmentCount = 0
    }
}

extension URLLayout.Problem {
    /// The error for `url`, naming the limit it broke when it broke one.
    @usableFromInline
    func error(for url: String, limits: URLLimits) -> MalformedURLError {
        switch reason {
        case .tooLong:
            MalformedURLError(url: url, reason: reason, offset: offset, limit: limits.maxBytes)
        case .tooManySegments:
            MalformedURLError(url: url, reason: reason, offset: offset, limit: limits.maxPathSegments,
                              segmentCount: segmentCount)
        default:
            MalformedURLError(url: url, reason: reason, offset: offset)
        }
    }
}
