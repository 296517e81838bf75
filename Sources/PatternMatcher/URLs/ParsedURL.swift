/// A URL decomposed as Matching rules, "From a URL to a route key" says: scheme, authority, host, path segments, query items and
/// fragment, read by our own byte-level parser (never `URL.path`, which decodes `%2F`
/// before splitting and drops trailing slashes).
///
/// ```swift
/// let url = try ParsedURL("READER://Book/42/?from=shelf#top")
/// url.scheme          // "reader"
/// url.routeKey        // ["reader", "book", "42"]
/// url.queryItems["from"]   // "shelf"
/// url.fragment        // "top"
/// ```
///
/// Matching does not build this value (a ``RouteTable`` reads offsets straight from the
/// bytes); it is for callers who want to look at a URL the way the router does.
public struct ParsedURL: Sendable {
    /// The URL as given.
    public let string: String
    let layout: URLLayout

    /// Decomposes `string`.
    /// - Throws: ``MalformedURLError`` for a bad escape, invalid UTF-8, or a URL over `limits`.
    /// - Complexity: O(n) in the length of the URL.
    public init(_ string: String, limits: URLLimits = URLLimits()) throws(MalformedURLError) {
        try self.init(entered: ContiguousUTF8.entering(string), limits: limits)
    }

    /// Decomposes `string` as if it were a bridged `NSString`: copied to contiguous UTF-8
    /// first, as ``init(_:limits:)`` copies one (Linux never makes such strings).
    @_spi(Testing)
    public init(bridging string: String, limits: URLLimits = URLLimits()) throws(MalformedURLError) {
        try self.init(entered: ContiguousUTF8.copying(string), limits: limits)
    }

    private init(entered string: String, limits: URLLimits) throws(MalformedURLError) {
        var layout = URLLayout.empty
        let problem = ContiguousUTF8.withBytes(of: string) {
            URLLayout.parse($0, limits: limits, into: &layout)
        }
        if let problem { throw problem.error(for: string, limits: limits) }
        self.string = string
        self.layout = layout
    }

    private func text(_ start: Int, _ end: Int) -> Substring {
        let utf8 = string.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        return Substring(utf8[from..<utf8.index(from, offsetBy: end - start)])
    }

    /// The scheme, ASCII-lowercased, or `nil` (`/user/1`, `search_top_bar`).
    public var scheme: String? {
        layout.hasScheme ? String(text(0, layout.schemeEnd)).lowercasedASCII() : nil
    }

    /// Whether `//` follows the scheme.
    public var hasAuthority: Bool { layout.authorityStart >= 0 }

    /// The userinfo before the last `@` of the authority, as written; it never takes
    /// part in matching.
    public var userinfo: Substring? {
        layout.hasUserinfo ? text(layout.authorityStart, layout.hostStart - 1) : nil
    }

    /// The host, percent-decoded and ASCII-lowercased; `nil` when empty or absent.
    public var host: String? {
        guard layout.hasHost else { return nil }
        return String(decodedSubstring(string, layout.hostStart..<layout.hostEnd, lowercase: true))
    }

    /// The port after the host, as written; it never takes part in matching.
    public var port: Substring? {
        guard hasAuthority, layout.hostEnd < layout.authorityEnd else { return nil }
        return text(layout.hostEnd + 1, layout.authorityEnd)
    }

    /// The path as written (up to `?` or `#`).
    public var path: Substring { text(layout.pathStart, layout.pathEnd) }

    /// The non-empty path segments, each percent-decoded once (`a%2Fb` stays one segment).
    public var pathSegments: [String] {
        var segments: [String] = []
        var start = layout.pathStart
        let bytes = Array(string.utf8)
        while start < layout.pathEnd {
            while start < layout.pathEnd && bytes[start] == ASCII.slash { start += 1 }
            guard start < layout.pathEnd else { break }
            var end = start
            while end < layout.pathEnd && bytes[end] != ASCII.slash { end += 1 }
            segments.append(String(decodedSubstring(string, start..<end)))
            start = end
        }
        return segments
    }

    /// The route key (Matching rules, "From a URL to a route key"): the scheme (if any), the host (if non-empty), then the
    /// path segments.
    public var routeKey: [String] {
        [scheme, host].compactMap { $0 } + pathSegments
    }

    /// The raw query string after the first `?`, or `nil`.
    public var query: Substring? {
        layout.queryStart >= 0 ? text(layout.queryStart, layout.queryEnd) : nil
    }

    /// The query items in order, duplicates kept, `+` a literal plus (Matching rules,
    /// "Parameters and the query").
    public var queryItems: QueryItems {
        QueryItems(url: string, start: layout.queryStart, end: layout.queryEnd, plusAsSpace: false)
    }

    /// The percent-decoded fragment, or `nil` when there is no `#`.
    public var fragment: String? {
        layout.fragmentStart >= 0 ? String(decodedSubstring(string, layout.fragmentStart..<layout.count)) : nil
    }
}

extension String {
    func lowercasedASCII() -> String {
        String(decoding: utf8.map(ASCII.lowercased), as: UTF8.self)
    }
}
