import PatternMatcher

/// What the router knows of one ``TypedRoute`` type: its pattern read once, the names it
/// captures, and a one-route table to parse URLs without a router. Made once per type
/// and kept, so that writing and reading values does not parse the pattern again.
final class TypedRouteShape: Sendable {
    let type: any TypedRoute.Type
    let patternText: String
    let pattern: Result<RoutePattern, TypedRouteError>
    /// The pattern when it parsed, for ``url(for:)``: copying it out of the `Result` went through
    /// generic value witnesses.
    private let parsedPattern: RoutePattern?
    /// The names the pattern captures (path parameters and named catch-alls): a few, searched
    /// in order (a `Set`'s hashing cost more for every property written).
    let pathNames: [String]
    let converters: [any ParameterConverter]
    let defaults: [String: String]
    /// The outcome of the type's registration check, once found: read and written only under
    /// the lock of ``known`` (``keptFindings``, ``keep(_:)``).
    nonisolated(unsafe) private var findings: TypedRouteCheck.Findings?

    /// The name alone (`BookRoute`), for messages: read from the type when one is written
    /// (the runtime walks the type's metadata to name it).
    var typeName: String { TypeName.plain(type) }

    private init<R: TypedRoute>(_ type: R.Type) {
        self.type = type
        patternText = R.pattern
        converters = R.converters
        defaults = R.queryDefaults
        let names = Set(converters.map(\.name))
        do {
            let parsed = try RoutePattern(patternText, converters: names)
            pattern = .success(parsed)
            parsedPattern = parsed
            pathNames = parsed.parameterNames
        } catch {
            pattern = .failure(.invalidPattern(error, in: TypeName.plain(type)))
            parsedPattern = nil
            pathNames = []
        }
    }

    private static let known = Locked(IdentityTable<TypedRouteShape>())

    /// Each shape's pattern alone with the default options, for ``TypedRoute/init(parsing:)``,
    /// by the shape: built at its first parse and kept, not with the shape, because
    /// registration makes the shape of every typed route and never parses with it. One lock
    /// for all: a lock in each shape cost three allocations for every typed route registered.
    private static let parsingTables = Locked(IdentityTable<RouteTable<Int>>())

    /// The outcome of the type's check (``TypedRouteCheck/outcome(of:shape:)``), when it was found.
    var keptFindings: TypedRouteCheck.Findings? { Self.known.withLock { _ in findings } }

    /// Keeps `made` as the outcome of the type's check, unless another was kept first (two
    /// threads registering the type at once both check it); returns the one kept.
    func keep(_ made: TypedRouteCheck.Findings) -> TypedRouteCheck.Findings {
        Self.known.withLock { _ in
            if let findings { return findings }
            findings = made
            return made
        }
    }

    /// The shape of `type`, made on first use. The type's static members (user code) are
    /// read outside the lock; two threads racing on a new type both make one, and the
    /// first kept wins.
    static func of<R: TypedRoute>(_ type: R.Type) -> TypedRouteShape {
        let id = ObjectIdentifier(type)
        if let shape = known.withLock({ $0[id] }) { return shape }
        let made = TypedRouteShape(type)
        return known.withLock { $0.keepFirst(made, for: id) }
    }

    /// The URL of `value`: the pattern filled with the path values, then the query.
    func url<R: TypedRoute>(for value: R) throws(TypedRouteError) -> String {
        guard let parsedPattern else {
            // `parsedPattern` is nil exactly when `pattern` holds the parse error, which names
            // the pattern and the column; the second case cannot happen.
            guard case .failure(let error) = pattern else {
                throw .other("the pattern '\(Echo.quoted(patternText))' did not parse", key: nil, in: typeName)
            }
            throw error
        }
        let fields = EncodedFields(shape: self)
        // Room for the query of most routes: growing the buffer is one more allocation.
        fields.bytes.reserveCapacity(patternText.utf8.count + 64)
        do {
            try value.encode(to: RouteValueEncoder(fields: fields))
        } catch let error as TypedRouteError {
            throw error
        } catch {
            throw .other(String(describing: error), key: nil, in: typeName)
        }
        let path = fields.path
        var output: [UInt8] = []
        swap(&output, &fields.bytes)  // taken, not copied: the buffer stays uniquely referenced
        let queryCount = output.count
        // A closure, not the method `path.value`: its partial application allocated a context.
        do { try parsedPattern.write(into: &output, value: { path.value($0) }, converters: converters) } catch {
            throw .generation(error, in: typeName)
        }
        // The buffer holds the query, then the path: the string is the path, then the query.
        return String(unsafeUninitializedCapacity: output.count) { url in
            output.withUnsafeBufferPointer { bytes in
                let pathCount = bytes.count - queryCount
                _ = url.initialize(fromContentsOf: bytes[queryCount...])
                _ = url[pathCount...].initialize(fromContentsOf: bytes[..<queryCount])
            }
            return output.count
        }
    }

    /// Reads a value of `type` from `url`, matched against the pattern alone with the default
    /// ``MatchOptions`` (what ``TypedRoute/init(parsing:)`` uses).
    /// - Parameter links: the open being decoded, for the ``InAppLink`` values the URL carries;
    ///   `nil` outside a router.
    func parse<R: TypedRoute>(_ url: String, as type: R.Type = R.self, links: LinkCheck? = nil) throws(TypedRouteError) -> R {
        _ = try pattern.get()
        let id = ObjectIdentifier(self)
        if let table = Self.parsingTables.withLock({ $0[id] }) { return try parse(url, in: table, links: links) }
        guard let made = table(options: MatchOptions()) else { throw .noMatch(url, in: typeName) }
        // Two threads parsing first both build one; the first kept wins.
        let table = Self.parsingTables.withLock { $0.keepFirst(made, for: id) }
        return try parse(url, in: table, links: links)
    }

    /// Reads a value of `type` from `url`, matched against the pattern alone with `options`
    /// (a router's: a raised size limit, case-insensitive paths, the query's reading). A table
    /// of the pattern is built for options other than the defaults.
    func parse<R: TypedRoute>(_ url: String, as type: R.Type = R.self, options: MatchOptions,
                              links: LinkCheck? = nil) throws(TypedRouteError) -> R {
        guard options != MatchOptions() else { return try parse(url, as: type, links: links) }
        _ = try pattern.get()
        guard let table = table(options: options) else { throw .noMatch(url, in: typeName) }
        return try parse(url, in: table, links: links)
    }

    /// A table of the pattern alone, or `nil` when the pattern does not build.
    private func table(options: MatchOptions) -> RouteTable<Int>? {
        var builder = RouteTableBuilder<Int>(options: options)
        for converter in converters { builder.declare(converter) }
        builder.add(patternText, value: 0)
        return try? builder.build()
    }

    private func parse<R: TypedRoute>(_ url: String, in table: RouteTable<Int>, links: LinkCheck?) throws(TypedRouteError) -> R {
        switch table.match(url) {
        case .matched(let match):
            return try decode(R.self, parameters: match.parameters, query: match.query, matchesOwnPattern: true, links: links)
        case .notFound: throw .noMatch(url, in: typeName)
        case .malformed(let error): throw .malformed(error, in: typeName)
        }
    }

    /// Reads a value of `type` from a match's parameters and query items.
    /// - Parameter matchesOwnPattern: whether the match is one of this shape's pattern (the
    ///   route of a typed registration, or the pattern alone), so that only its path names
    ///   are parameters.
    /// - Parameter links: the open being decoded, which the ``InAppLink`` values it carries are
    ///   checked against; `nil` outside a router, where they do not decode.
    func decode<R: TypedRoute>(_ type: R.Type, parameters: PathParameters, query: QueryItems,
                               matchesOwnPattern: Bool, links: LinkCheck? = nil) throws(TypedRouteError) -> R {
        let source = RouteValueDecoder(shape: self, parameters: parameters, query: query, matchesOwnPattern: matchesOwnPattern,
                                       links: links)
        do {
            return try R(from: source)
        } catch let error as TypedRouteError {
            throw error
        } catch let error as DecodingError {
            throw source.describe(error)
        } catch {
            throw .other(String(describing: error), key: nil, in: typeName)
        }
    }
}

/// Percent-encoding of query names and values: every byte but the RFC 3986 unreserved
/// ones is escaped, so `&`, `=`, `+`, `#`, `%` and spaces come back as written.
enum QueryEscaping {
    /// Appends `?name=value`, or `&name=value` after the first item.
    static func appendItem(_ name: String, _ value: String, to output: inout [UInt8]) {
        output.append(output.isEmpty ? UInt8(ascii: "?") : UInt8(ascii: "&"))
        append(name, to: &output)
        output.append(UInt8(ascii: "="))
        append(value, to: &output)
    }

    static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &output) }
    }

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        // Names and values are mostly plain: copied at once, not byte by byte (which was
        // many times dearer).
        if bytes.allSatisfy(isUnreserved) {
            output.append(contentsOf: bytes)
            return
        }
        for byte in bytes {
            if isUnreserved(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigit(byte >> 4))
                output.append(hexDigit(byte & 0xF))
            }
        }
    }

    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "_"), UInt8(ascii: "~"): true
        default: false
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }
}
