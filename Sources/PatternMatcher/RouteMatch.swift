/// A matched route with everything the URL carried, each part kept apart (Matching rules, "Parameters and the query").
///
/// Parameter values, query items and the fragment are ranges of the URL, decoded when
/// read: a value without `%` is a `Substring` of the URL and costs no allocation (except
/// past the eighth parameter segment of a route: ``parameters`` finds those ranges in one
/// pass, into one array).
public struct RouteMatch<Value: Sendable>: Sendable {
    /// The value the route was registered with.
    public let value: Value
    /// The match without its value: what a router carries (see ``RawMatch``).
    @usableFromInline package let raw: RawMatch

    @inlinable
    init(value: Value, raw: RawMatch) {
        self.value = value
        self.raw = raw
    }

    /// The URL as it was given.
    public var url: String { raw.url }

    /// The matched route's pattern, as it was written.
    public var pattern: Substring { raw.pattern }

    /// The owner tag the route was added with.
    public var owner: String { raw.storage.owner(ofRoute: Int(raw.route)) }

    /// Whether the route matched through its catch-all (`**`), as a fallback does.
    public var isCatchAllMatch: Bool { raw.viaCatchAll }

    /// The index of the route in registration order.
    public var routeIndex: Int { Int(raw.route) }

    /// The path parameters, by name.
    ///
    /// For a route with more than eight parameter segments, getting this view finds the
    /// later values' places in one pass over the URL: get it once and read it as often as
    /// needed.
    public var parameters: PathParameters { raw.parameters }

    /// The query items in order, duplicates kept (Matching rules, "Parameters and the query").
    public var query: QueryItems { raw.query }

    /// The percent-decoded fragment, or `nil` when the URL has no `#`.
    public var fragment: Substring? { raw.fragment }

    /// Whether the URL's authority carried `userinfo@` (a router refuses such URLs from
    /// external sources).
    public var hasUserinfo: Bool { raw.hasUserinfo }
}

/// What a match is read through, without its generic value: ``RouteMatch`` reads it, and
/// so does a router, which carries this record with the route's index beside it.
extension RawMatch {
    /// The matched route's pattern, as it was written.
    package var pattern: Substring { storage.pattern(ofRoute: Int(route)) }

    /// Whether the route matched through its catch-all (`**`).
    package var isCatchAllMatch: Bool { viaCatchAll }

    /// The path parameters, by name (see ``RouteMatch/parameters``).
    package var parameters: PathParameters { PathParameters(raw: self) }

    /// Where the values of every slot lie, when the route has more than eight, found in one
    /// pass; `nil` when the match itself holds every slot. For a caller that keeps the match
    /// and makes many parameter views (a router's request): see ``parameters(slotRanges:)``.
    package var extraSlotRanges: [Range<Int>]? {
        needsSlotRanges ? slotRanges() : nil
    }

    /// The path parameters, with the slot ranges ``extraSlotRanges`` found before.
    package func parameters(slotRanges: [Range<Int>]?) -> PathParameters {
        PathParameters(raw: self, ranges: slotRanges)
    }

    /// The query items in order, duplicates kept.
    package var query: QueryItems {
        QueryItems(url: url, start: parts.queryStart, end: parts.queryEnd(count: url.utf8.count),
                   plusAsSpace: storage.options.plusAsSpaceInQuery)
    }

    /// The percent-decoded fragment, or `nil` when the URL has no `#`.
    package var fragment: Substring? {
        let start = parts.fragmentStart
        guard start >= 0 else { return nil }
        return decodedSubstring(url, start..<url.utf8.count)
    }

    /// Whether the URL's authority carried `userinfo@`.
    package var hasUserinfo: Bool { parts.hasUserinfo }
}

/// The path parameters of a match: a name → value view decoded on read.
public struct PathParameters: Sendable, Sequence, CustomStringConvertible {
    let raw: RawMatch
    /// Where each slot's value lies in the URL, when the route has more slots than a match
    /// keeps inline; `nil` otherwise (the match's own buffer holds them).
    private let ranges: [Range<Int>]?

    init(raw: RawMatch) {
        self.raw = raw
        self.ranges = raw.needsSlotRanges ? raw.slotRanges() : nil
    }

    init(raw: RawMatch, ranges: [Range<Int>]?) {
        self.raw = raw
        self.ranges = ranges
    }

    /// The number of named parameters the route captures.
    public var count: Int { raw.storage.captureSpecs(ofRoute: Int(raw.route)).count }

    /// Whether the route captures no parameter.
    public var isEmpty: Bool { count == 0 }

    /// The decoded value of the parameter `name`, or `nil` if the route has none by that name.
    /// - Complexity: O(p + v), p the number of parameters and v the value's length.
    public subscript(name: String) -> String? {
        value(named: name).map(String.init)
    }

    /// ``subscript(_:)`` as a `Substring`: a slice of the URL when the value needs no decoding.
    package func value(named name: String) -> Substring? {
        let specs = raw.storage.captureSpecs(ofRoute: Int(raw.route))
        for (i, spec) in specs.enumerated() where raw.storage.name(of: spec, inRoute: Int(raw.route)) == name {
            return value(at: i)
        }
        return nil
    }

    /// The names in pattern order.
    public var names: [String] {
        raw.storage.captureSpecs(ofRoute: Int(raw.route)).map { String(raw.storage.name(of: $0, inRoute: Int(raw.route))) }
    }

    /// The parameters as a dictionary of strings.
    public var dictionary: [String: String] {
        var result: [String: String] = [:]
        for (name, value) in self { result[name] = value }
        return result
    }

    /// The decoded value of the parameter at `index`, in pattern order (the order of ``names``).
    package func value(at index: Int) -> Substring {
        let specs = raw.storage.captureSpecs(ofRoute: Int(raw.route))
        let spec = specs[specs.startIndex + index]
        assert(ranges != nil || spec.slot < raw.inlineSlots, "a slot the match's own buffer holds")
        let range = ranges?[spec.slot] ?? raw.captures[spec.slot]
        let position = spec.clampedPosition
        let parts = raw.parts
        let isHostPosition = parts.hasScheme && parts.hasHost && position == 1
        if spec.isRest {
            guard isHostPosition else { return decodedSubstring(raw.url, range) }
            // A catch-all at the host position starts with the host as written.
            let host = decodedSubstring(raw.url, parts.host)
            let path = decodedSubstring(raw.url, parts.path(count: raw.url.utf8.count))
            return Substring(host + path)
        }
        let lowercase = (parts.hasScheme && position == 0) || isHostPosition
        return decodedSubstring(raw.url, range, lowercase: lowercase)
    }

    public func makeIterator() -> Iterator { Iterator(parameters: self) }

    /// Iterates over `(name, value)` pairs in pattern order.
    public struct Iterator: IteratorProtocol, Sendable {
        let parameters: PathParameters
        var index = 0

        public mutating func next() -> (name: String, value: String)? {
            guard index < parameters.count else { return nil }
            defer { index += 1 }
            let specs = parameters.raw.storage.captureSpecs(ofRoute: Int(parameters.raw.route))
            let spec = specs[specs.startIndex + index]
            let name = parameters.raw.storage.name(of: spec, inRoute: Int(parameters.raw.route))
            return (String(name), String(parameters.value(at: index)))
        }
    }

    /// `[name: value, …]` in pattern order, bounded as every description that echoes a URL is:
    /// control characters escaped, at most 200 bytes of names and values,
    /// then how many parameters are left out.
    public var description: String {
        var pairs = ""
        var listed = 0
        for (name, value) in self {
            // Pairs past the limit would be cut anyway: they are counted, not decoded.
            if pairs.utf8.count > Echo.defaultLimit { break }
            pairs += (listed == 0 ? "" : ", ") + name + ": " + value
            listed += 1
        }
        let left = count - listed
        return "[" + Echo.quoted(pairs) + (left > 0 ? ", … and \(left) more" : "") + "]"
    }
}

/// The query items of a URL, parsed lazily in order with duplicates kept (Matching rules, "Parameters and the query"):
/// `&` separates, the first `=` splits, a pair without `=` has the value `""`, and a pair
/// with an empty name is skipped. `+` is a literal plus, as `URLComponents.queryItems`
/// reads it, unless the table reads queries as an HTML form
/// (``MatchOptions/plusAsSpaceInQuery``), where `+` is a space and `%2B` a plus.
public struct QueryItems: Sendable, Sequence {
    let url: String
    let start: Int
    let end: Int
    /// Whether `+` reads as a space (``MatchOptions/plusAsSpaceInQuery``).
    let plusAsSpace: Bool

    /// One `name=value` pair, decoded.
    public struct Item: Sendable, Hashable {
        /// The decoded name.
        public let name: String
        /// The decoded value; `""` when the pair has no `=`.
        public let value: String
    }

    /// The query items of `url`'s query string (the part after the first `?`, up to `#`).
    init(url: String, start: Int, end: Int, plusAsSpace: Bool) {
        self.url = url
        self.start = start
        self.end = end
        self.plusAsSpace = plusAsSpace
    }

    /// The value of the last item named `name`: when a name repeats, the last one wins,
    /// the rule every reader of a single value follows (`RouteRequest.string(_:)`,
    /// `require(_:as:)` and `mergedParameters` too). ``values(named:)`` gives them all.
    /// - Complexity: O(n) for a query of n bytes; only the value found is decoded.
    public subscript(name: String) -> String? {
        value(named: name).map(String.init)
    }

    /// ``subscript(_:)`` as a `Substring`: a slice of the URL when the value needs no decoding.
    package func value(named name: String) -> Substring? {
        guard start >= 0 else { return nil }
        // The names are compared as written and the value of the last match alone decoded:
        // decoding every item as the iterator does decoded items no one asked for.
        var utf8 = name
        let found = utf8.withUTF8 { wanted in
            ContiguousUTF8.withBytes(of: url) { bytes -> Range<Int>? in
                var found: Range<Int>?
                var position = start
                while position < end {
                    let item = Self.item(from: position, end: end) { bytes[$0] }
                    position = item.next
                    if !item.name.isEmpty && Self.name(bytes, item.name, is: name, wanted: wanted, in: url,
                                                       plusAsSpace: plusAsSpace) {
                        found = item.value
                    }
                }
                return found
            }
        }
        return found.map { decodedSubstring(url, $0, plusAsSpace: plusAsSpace) }
    }

    /// Whether the name written at `range` of `bytes` (the UTF-8 of `url`) decodes to `name`,
    /// whose UTF-8 is `wanted`. Plain ASCII on both sides compares byte for byte; anything else
    /// as the iterator's items compare, decoded and by `==`.
    private static func name(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, is name: String,
                             wanted: UnsafeBufferPointer<UInt8>, in url: String, plusAsSpace: Bool) -> Bool {
        let written = UnsafeBufferPointer(rebasing: bytes[range])
        let isPlain = !written.contains { $0 == ASCII.percent || (plusAsSpace && $0 == ASCII.plus) || $0 >= 0x80 }
            && !wanted.contains { $0 >= 0x80 }
        guard isPlain else { return decodedSubstring(url, range, plusAsSpace: plusAsSpace) == name }
        // Counts first, then the bytes: the generic `elementsEqual` cost more for every name.
        guard written.count == wanted.count else { return false }
        guard let writtenBase = written.baseAddress, let wantedBase = wanted.baseAddress else { return written.isEmpty }
        return Word.bytesEqual(writtenBase, wantedBase, written.count, fold: false)
    }

    /// The item written from `start` up to the next `&` (or `end`), read through `byte`:
    /// its name (empty when the item is), its value (empty when there is no `=`; the first
    /// `=` splits) and where the next item starts. The one reading of the query's items,
    /// for the subscript and the iterator.
    @inline(__always)
    static func item(from start: Int, end: Int, byte: (Int) -> UInt8) -> (name: Range<Int>, value: Range<Int>, next: Int) {
        var equals = -1
        var i = start
        while i < end {
            let current = byte(i)
            if current == ASCII.ampersand { break }
            if current == ASCII.equals && equals < 0 { equals = i }
            i += 1
        }
        return equals >= 0 ? (start..<equals, (equals + 1)..<i, i + 1) : (start..<i, i..<i, i + 1)
    }

    /// Every value of the items named `name`, in order.
    public func values(named name: String) -> [String] {
        compactMap { $0.name == name ? $0.value : nil }
    }

    public func makeIterator() -> Iterator { Iterator(items: self, position: start) }

    /// Iterates over the items in order.
    public struct Iterator: IteratorProtocol, Sendable {
        let items: QueryItems
        var position: Int

        public mutating func next() -> Item? {
            guard items.start >= 0 else { return nil }
            let utf8 = items.url.utf8
            while position < items.end {
                let item = QueryItems.item(from: position, end: items.end) { utf8[utf8.index(utf8.startIndex, offsetBy: $0)] }
                position = item.next
                guard !item.name.isEmpty else { continue }
                let name = decodedSubstring(items.url, item.name, plusAsSpace: items.plusAsSpace)
                let value = item.value.isEmpty ? "" : decodedSubstring(items.url, item.value, plusAsSpace: items.plusAsSpace)
                return Item(name: String(name), value: String(value))
            }
            return nil
        }
    }
}

/// A range of `url` percent-decoded once; a `Substring` of `url` itself when nothing
/// needs decoding, so reading allocates only for values that hold `%` (or `+`, in a query
/// read as an HTML form).
func decodedSubstring(_ url: String, _ range: Range<Int>, plusAsSpace: Bool = false,
                      lowercase: Bool = false) -> Substring {
    ContiguousUTF8.withBytes(of: url) { bytes -> Substring in
        var needsWork = false
        for i in range {
            let byte = bytes[i]
            if byte == ASCII.percent || (plusAsSpace && byte == ASCII.plus)
                || (lowercase && ASCII.isUpper(byte)) {
                needsWork = true
                break
            }
        }
        if !needsWork {
            let utf8 = url.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
            let end = utf8.index(start, offsetBy: range.count)
            return Substring(utf8[start..<end])
        }
        return Substring(PercentDecoding.string(bytes, from: range.lowerBound, to: range.upperBound,
                                                plusAsSpace: plusAsSpace, lowercased: lowercase))
    }
}
