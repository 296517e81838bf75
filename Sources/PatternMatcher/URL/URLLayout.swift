/// Where the parts of a URL lie in its UTF-8 bytes (SPEC §1), found in one pass.
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
    /// Non-empty path segments.
    @usableFromInline var pathSegmentCount: Int

    @usableFromInline var hasScheme: Bool { schemeEnd >= 0 }
    @usableFromInline var hasHost: Bool { hostEnd > hostStart }

    /// Reads the layout of `bytes` and validates it against SPEC §1.6.
    /// - Complexity: O(n) in the length of the URL, one pass (two when it holds `%`).
    @usableFromInline
    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, limits: URLLimits
    ) -> Result<URLLayout, Problem> {
        let count = bytes.count
        if count > limits.maxBytes { return .failure(Problem(reason: .tooLong, offset: nil)) }
        var layout = URLLayout(
            count: count, schemeEnd: -1, authorityStart: -1, hostStart: 0, hostEnd: 0,
            authorityEnd: -1, hasUserinfo: false, pathStart: 0, pathEnd: count,
            queryStart: -1, queryEnd: count, fragmentStart: -1,
            keyHasPercent: false, pathSegmentCount: 0)

        var i = 0
        if count > 0, ASCII.isAlpha(bytes[0]) {
            var j = 1
            while j < count, ASCII.isSchemeCharacter(bytes[j]) { j += 1 }
            if j < count, bytes[j] == ASCII.colon {
                layout.schemeEnd = j
                i = j + 1
            }
        }
        var sawPercent = false
        if layout.hasScheme, i + 1 < count, bytes[i] == ASCII.slash, bytes[i + 1] == ASCII.slash {
            i += 2
            layout.authorityStart = i
            var lastAt = -1
            while i < count {
                let byte = bytes[i]
                if byte == ASCII.slash || byte == ASCII.question || byte == ASCII.hash { break }
                if byte == ASCII.at { lastAt = i }
                if byte == ASCII.percent { sawPercent = true }
                i += 1
            }
            layout.authorityEnd = i
            layout.hostStart = lastAt >= 0 ? lastAt + 1 : layout.authorityStart
            layout.hasUserinfo = lastAt >= 0
            // The port starts at the first ':' outside an IP-literal's brackets.
            var inBrackets = false
            var hostEnd = layout.hostStart
            while hostEnd < i {
                let byte = bytes[hostEnd]
                if byte == ASCII.openBracket { inBrackets = true }
                else if byte == ASCII.closeBracket { inBrackets = false }
                else if byte == ASCII.colon && !inBrackets { break }
                hostEnd += 1
            }
            layout.hostEnd = hostEnd
            layout.keyHasPercent = sawPercent
        }

        layout.pathStart = i
        var segments = 0
        var previousWasSlash = true
        while i < count {
            let byte = bytes[i]
            if byte == ASCII.slash {
                previousWasSlash = true
            } else if byte == ASCII.question || byte == ASCII.hash {
                break
            } else {
                if previousWasSlash { segments += 1 }
                previousWasSlash = false
                if byte == ASCII.percent { layout.keyHasPercent = true }
            }
            i += 1
        }
        layout.pathEnd = i
        layout.queryEnd = count
        layout.pathSegmentCount = segments
        sawPercent = sawPercent || layout.keyHasPercent
        if i < count, bytes[i] == ASCII.question {
            i += 1
            layout.queryStart = i
            while i < count, bytes[i] != ASCII.hash {
                if bytes[i] == ASCII.percent { sawPercent = true }
                i += 1
            }
            layout.queryEnd = i
        }
        if i < count {  // bytes[i] == '#'
            layout.fragmentStart = i + 1
            if !sawPercent {
                var j = i + 1
                while j < count {
                    if bytes[j] == ASCII.percent { sawPercent = true; break }
                    j += 1
                }
            }
        }
        if segments > limits.maxPathSegments {
            return .failure(Problem(reason: .tooManySegments, offset: nil))
        }
        // A String is valid UTF-8 already; only escapes can break it, so a URL without
        // '%' needs no second look.
        if sawPercent, let problem = PercentDecoding.firstProblem(in: bytes, from: 0, to: count) {
            return .failure(Problem(
                reason: problem.isBadEscape ? .badEscape : .invalidUTF8, offset: problem.offset))
        }
        return .success(layout)
    }

    /// A parse failure before it is tied to its URL string.
    @usableFromInline
    struct Problem: Error {
        var reason: MalformedURLError.Reason
        var offset: Int?
    }
}

extension URLLayout.Problem {
    func error(for url: String) -> MalformedURLError {
        MalformedURLError(url: url, reason: reason, offset: offset)
    }
}
