import PatternMatcher

/// A generated table: the routes as the reference sees them and the options to build with.
struct GeneratedTable: CustomStringConvertible {
    var seed: UInt64
    var routes: [ReferenceRoute]
    var options: MatchOptions
    /// Declared on the builder in this order; precedence must not depend on it.
    var converters: [any ParameterConverter]

    func makeTable(order: [Int]? = nil) throws -> RouteTable<String> {
        try PatternMatcherTests.makeTable((order ?? Array(routes.indices)).map { routes[$0].pattern },
                                          options: options, converters: converters)
    }

    var reference: ReferenceMatcher {
        ReferenceMatcher(
            routes: routes, caseInsensitive: options.caseInsensitivePaths, limits: options.limits,
            declared: Dictionary(uniqueKeysWithValues: converters.map { ($0.name, $0) }))
    }

    var description: String {
        var options: [String] = []
        if self.options.caseInsensitivePaths { options.append("caseInsensitivePaths") }
        if self.options.limits != URLLimits() {
            options.append("maxBytes \(self.options.limits.maxBytes), maxPathSegments \(self.options.limits.maxPathSegments)")
        }
        return "table seed 0x\(String(seed, radix: 16))"
            + (options.isEmpty ? "" : " (\(options.joined(separator: "; ")))")
            + ", converters declared as \(converters.map(\.name)), routes:\n"
            + routes.map { "    \($0.pattern.debugDescription)" }.joined(separator: "\n")
    }
}

/// Random routes, tables and URLs over a small vocabulary, so that routes overlap, URLs hit
/// them, and every Matching rules: URL to route key, pattern syntax, which route wins rule gets exercised. The same seed gives the same output.
struct RouteGenerator {
    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    static let schemes = ["reader", "app"]
    static let literals = ["a", "b", "book", "user", "家", "café", "x y", "A", "42", "e", "1e3", "50%", "Book"]
    /// Host literals are stored lowercased, so the pool holds no capitals (and no `:` or `@`).
    static let hostLiterals = ["a", "b", "book", "家", "42", "e", "x y"]
    static let converterNames = ["int", "uuid", "double", "hex", "even", "slug"]
    static let typedValues: [String: [String]] = [
        "int": ["0", "42", "-7", "007", "12", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "+5"],
        "uuid": ["123e4567-e89b-12d3-a456-426614174000", "123E4567-E89B-12D3-A456-426614174000",
                 "123e4567e89b12d3a456426614174000"],
        "double": ["1.5", "1e3", "-2.5E-3", "1e309", "0.5", "3", "1e", ".5"],
        "hex": ["abc", "ff", "ABC", "42"],
        "even": ["12", "13", "0"],
        "slug": ["a-b", "book", "Book", "x"],
    ]
    static let otherValues = ["bob", "Bob", "..", ".", "a/b", "a?b", "a#b", "100%", "✓", "cafe\u{301}", "a b", "+",
                              ":x", "*", "**", "~", "a@b", "[::1]", "K", "\u{212A}", "ß"]

    // MARK: Routes

    /// How a route is written after its scheme; the key positions do not depend on it.
    enum Form {
        case noScheme(leadingSlash: Bool)
        /// `reader://host/…`: key position 1 is the host.
        case authority
        /// `reader:///…`: an empty authority.
        case emptyAuthority
        /// `app:…`
        case opaque
    }

    /// What a route means: its form and its key positions.
    struct Skeleton {
        var form: Form
        var segments: [ReferenceSegment]
        var hasScheme: Bool {
            if case .noScheme = form { return false }
            return true
        }
        var firstIsHost: Bool {
            if case .authority = form { return segments.count > 1 }
            return false
        }
    }

    /// A valid route; its parameter names are unique within it.
    mutating func route() -> ReferenceRoute {
        render(skeleton())
    }

    mutating func skeleton() -> Skeleton {
        if random.chance(0.5) {
            let pathCount = random.int(0...4)
            let form: Form = random.pick([.authority, .authority, .emptyAuthority, .opaque])
            var skeleton = Skeleton(form: form, segments: [schemeSegment()])
            for index in 0..<pathCount {
                skeleton.segments.append(segment(at: index + 1, isHost: isAuthority(form) && index == 0,
                                                 isLast: index == pathCount - 1))
            }
            return skeleton
        }
        let pathCount = random.int(1...5)
        var skeleton = Skeleton(form: .noScheme(leadingSlash: random.chance(0.7)), segments: [])
        for index in 0..<pathCount {
            skeleton.segments.append(segment(at: index, isHost: false, isLast: index == pathCount - 1))
        }
        return skeleton
    }

    /// `skeleton` with one position changed, or cut short, or made longer: a sibling that
    /// shares its prefix, so that a URL has several routes to choose from.
    mutating func variant(of skeleton: Skeleton) -> Skeleton {
        var variant = skeleton
        let first = skeleton.hasScheme ? 1 : 0
        guard variant.segments.count > first else {
            variant.segments.append(segment(at: first, isHost: isAuthority(variant.form), isLast: true))
            return variant
        }
        let position = random.int(first...(variant.segments.count - 1))
        switch random.int(0...9) {
        case 0...5:
            let isLast = position == variant.segments.count - 1
            variant.segments[position] = segment(at: position, isHost: variant.firstIsHost && position == 1, isLast: isLast)
        case 6, 7:
            variant.segments.removeSubrange((position + 1)...)
            variant.segments[position] = random.chance(0.5) ? .catchAll(name: random.chance(0.5) ? "p\(position)" : nil)
                : segment(at: position, isHost: variant.firstIsHost && position == 1, isLast: true)
        default:
            if case .catchAll = variant.segments.last! { variant.segments.removeLast() }
            variant.segments.append(segment(at: variant.segments.count,
                                            isHost: isAuthority(variant.form) && variant.segments.count == 1, isLast: true))
        }
        if !variant.hasScheme && variant.segments.isEmpty { variant.segments = [.catchAll(name: nil)] }
        return variant
    }

    /// Nine to forty copies of `skeleton` that differ in the literal at one position: more
    /// than eight siblings, so they are found through a hash table, where letter case
    /// changes the slot.
    private mutating func literalFan(of skeleton: Skeleton) -> [Skeleton] {
        let first = skeleton.hasScheme ? 1 : 0
        guard skeleton.segments.count > first else { return [] }
        let position = random.int(first...(skeleton.segments.count - 1))
        let isHost = skeleton.firstIsHost && position == 1
        return (0..<random.int(9...40)).map { index in
            var sibling = skeleton
            // Up to eight bytes and longer: the two are compared and hashed differently.
            let literal = isHost ? "h\(index)" : random.pick(["lit\(index)", "Lit\(index)", "LIT\(index)",
                                                               "long-literal-\(index)", "Long-Literal-\(index)"])
            sibling.segments[position] = .literal(literal)
            return sibling
        }
    }

    private func isAuthority(_ form: Form) -> Bool {
        if case .authority = form { return true }
        return false
    }

    private mutating func schemeSegment() -> ReferenceSegment {
        switch random.int(0...5) {
        case 0...3: .literal(random.pick(Self.schemes))
        case 4: .any(name: nil)
        default: .any(name: "p0")
        }
    }

    private mutating func segment(at position: Int, isHost: Bool, isLast: Bool) -> ReferenceSegment {
        let name = "p\(position)"
        let roll = random.int(0...99)
        if isLast && roll < 15 { return .catchAll(name: random.chance(0.4) ? nil : name) }
        if roll < 55 { return .literal(random.pick(isHost ? Self.hostLiterals : Self.literals)) }
        if roll < 72 { return .typed(converter: random.pick(Self.converterNames), name: name) }
        return .any(name: random.chance(0.5) ? nil : name)
    }

    /// Writes a skeleton as pattern text, choosing among equivalent spellings.
    mutating func render(_ skeleton: Skeleton) -> ReferenceRoute {
        var text = ""
        var segments = skeleton.segments[...]
        if skeleton.hasScheme {
            switch segments.popFirst()! {
            case .literal(let scheme): text = randomCase(scheme, probability: 0.3) + ":"
            case .any(nil): text = "*:"
            case .any(let name?): text = ":\(name):"
            default: preconditionFailure("a scheme is a literal, * or :name")
            }
        }
        switch skeleton.form {
        case .noScheme(let leadingSlash): text += leadingSlash ? "/" : ""
        case .authority: text += "//"
        case .emptyAuthority: text += "///"
        case .opaque: break
        }
        for (index, segment) in segments.enumerated() {
            if index > 0 { text += random.chance(0.1) ? "//" : "/" }
            switch segment {
            case .literal(let literal):
                let isHost = skeleton.firstIsHost && index == 0
                text += patternSpelling(isHost ? randomCase(literal, probability: 0.3) : literal)
            case .typed(let converter, let name): text += "<\(converter):\(name)>"
            case .any(nil): text += random.pick(["*", "~"])
            case .any(let name?): text += random.chance(0.5) ? ":" + name : "<string:\(name)>"
            case .catchAll(let name): text += "**" + (name ?? "")
            }
        }
        if random.chance(0.1) { text += "/" }
        return ReferenceRoute(pattern: text, hasScheme: skeleton.hasScheme, segments: skeleton.segments,
                              hasHost: skeleton.firstIsHost)
    }

    /// A literal as a pattern may write it: characters that would end or mark the segment
    /// are escaped, and others now and then, with either case of hex digits.
    private mutating func patternSpelling(_ literal: String) -> String {
        var output: [UInt8] = []
        for scalar in literal.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            let mustEscape = "%/?# ".unicodeScalars.contains(scalar) || (output.isEmpty && ":*<~".unicodeScalars.contains(scalar))
            output += mustEscape || random.chance(0.15) ? bytes.flatMap { escape($0) } : bytes
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The Matching rules: conflicts shape: routes with equal shapes conflict.
    static func shape(_ route: ReferenceRoute, caseInsensitive: Bool) -> [String] {
        [route.hasScheme ? "scheme" : "no scheme"] + route.segments.map { segment in
            switch segment {
            case .literal(let text): "literal " + (caseInsensitive ? ReferenceURL.lowercased(text.utf8) : text)
            case .typed(let converter, _): "typed " + converter
            case .any: "any"
            case .catchAll: "catch-all"
            }
        }
    }

    /// A conflict-free table of up to `maxRoutes` routes.
    mutating func table(maxRoutes: Int, seed: UInt64) -> GeneratedTable {
        let caseInsensitive = random.chance(0.2)
        let limits = random.chance(0.1)
            ? URLLimits(maxBytes: random.int(8...60), maxPathSegments: random.int(0...4)) : URLLimits()
        var routes: [ReferenceRoute] = []
        var skeletons: [Skeleton] = []
        var shapes: Set<[String]> = []
        var candidates: [Skeleton] = []
        for _ in 0..<random.int(1...maxRoutes) {
            candidates.append(skeletons.isEmpty || random.chance(0.4) ? skeleton() : variant(of: random.pick(skeletons)))
            if candidates.count == 1 || random.chance(0.4) { skeletons.append(candidates.last!) }
        }
        // Now and then many literal siblings at one position: more than eight are found
        // through a hash table rather than a scan.
        if random.chance(0.15) { candidates += literalFan(of: random.pick(candidates)) }
        for skeleton in candidates {
            let route = render(skeleton)
            if shapes.insert(Self.shape(route, caseInsensitive: caseInsensitive)).inserted { routes.append(route) }
        }
        return GeneratedTable(seed: seed, routes: routes,
                              options: MatchOptions(caseInsensitivePaths: caseInsensitive, limits: limits),
                              converters: testConverters.shuffled(using: &random))
    }

    // MARK: URLs

    /// A URL aimed at one of `table`'s routes, often bent: other values, case changes,
    /// escapes, empty segments, userinfo, ports, queries, fragments, and now and then junk.
    mutating func url(for table: GeneratedTable) -> String {
        if random.chance(0.04) { return junk() }
        let route = random.pick(table.routes)
        var texts: [String] = []
        for segment in route.segments {
            switch segment {
            case .literal(let literal):
                texts.append(random.chance(0.1) ? randomCase(literal, probability: 0.5)
                             : random.chance(0.05) ? anyValue() : literal)
            case .typed(let converter, _):
                texts.append(random.chance(0.8) ? random.pick(Self.typedValues[converter]!) : anyValue())
            case .any:
                texts.append(anyValue())
            case .catchAll:
                for _ in 0..<random.int(0...3) { texts.append(anyValue()) }
            }
        }
        if random.chance(0.08), !texts.isEmpty { texts.removeLast() }
        if random.chance(0.08) { texts.append(anyValue()) }
        let hasScheme = route.hasScheme != random.chance(0.03)
        return render(texts, hasScheme: hasScheme)
    }

    private mutating func anyValue() -> String {
        switch random.int(0...2) {
        case 0: random.pick(Self.literals)
        case 1: random.pick(Self.typedValues.values.flatMap { $0 }.sorted())
        default: random.pick(Self.otherValues)
        }
    }

    /// Writes key texts as a URL: the first is the scheme when `hasScheme`.
    private mutating func render(_ texts: [String], hasScheme: Bool) -> String {
        var texts = texts[...]
        var url = ""
        var pathTexts: ArraySlice<String>
        if hasScheme, let scheme = texts.popFirst() {
            url = randomCase(scheme.isEmpty ? "x" : urlEscaped(scheme, always: "%/?#:"), probability: 0.3) + ":"
            let form = random.int(0...9)
            if form < 6, let host = texts.first {
                url += "//"
                if random.chance(0.1) { url += random.pick(["user@", "trusted.com@", "a:b@", "@"]) }
                url += randomCase(urlEscaped(host, always: random.chance(0.95) ? "%/?#:@" : "%/?#"),
                                  probability: 0.3)
                if random.chance(0.1) { url += random.pick([":8080", ":", ":x"]) }
                pathTexts = texts.dropFirst()
                url += pathTexts.isEmpty ? (random.chance(0.3) ? "/" : "") : "/"
            } else {
                url += form < 8 ? "///" : (random.chance(0.2) ? "/" : "")
                pathTexts = texts
            }
        } else {
            pathTexts = texts
            if random.chance(0.7) { url += "/" }
        }
        for (index, text) in pathTexts.enumerated() {
            if index > 0 { url += random.chance(0.1) ? "//" : "/" }
            let isFirst = !hasScheme && index == 0
            url += urlEscaped(text, always: isFirst && random.chance(0.8) ? "%/?#:" : "%/?#")
        }
        if random.chance(0.1) { url += "/" }
        if random.chance(0.2) { url += "?" + random.pick(["a=1", "q=x+y&q=%2B", "next=/admin", "", "p0=query", "x=%zz"]) }
        if random.chance(0.1) { url += "#" + random.pick(["top", "a%20b", "/x?y", "%", "%C3"]) }
        if random.chance(0.03) { url = corrupted(url) }
        return url
    }

    /// Escapes the characters in `always` and, now and then, any other one.
    private mutating func urlEscaped(_ text: String, always: String) -> String {
        var output: [UInt8] = []
        for scalar in text.unicodeScalars {
            let bytes = Array(String(scalar).utf8)
            output += always.unicodeScalars.contains(scalar) || random.chance(0.1) ? bytes.flatMap { escape($0) } : bytes
        }
        return String(decoding: output, as: UTF8.self)
    }

    private mutating func escape(_ byte: UInt8) -> [UInt8] {
        let hex = String(byte, radix: 16, uppercase: random.chance(0.7))
        return Array(("%" + (hex.count == 1 ? "0" : "") + hex).utf8)
    }

    /// Flips ASCII letters to capitals now and then; other characters stay as they are.
    private mutating func randomCase(_ text: String, probability: Double) -> String {
        String(decoding: text.utf8.map { (0x61...0x7A).contains($0) && random.chance(probability) ? $0 - 32 : $0 },
               as: UTF8.self)
    }

    private mutating func corrupted(_ url: String) -> String {
        var characters = Array(url)
        characters.insert(contentsOf: random.pick(["%", "%zz", "%C3", "%FF", "/", "//", "?", "#", ":", "@", "%2F"]),
                          at: random.int(0...characters.count))
        return String(characters)
    }

    // MARK: Parameter values

    /// Valid values for every named segment of `route` (Matching rules: generating URLs): a scheme is lowercase
    /// scheme text, a host holds no capitals, a one-segment value is never empty, and a
    /// catch-all value never starts with `/`. Values are rich in `/`, `%`, `:`, spaces and
    /// non-ASCII text, which generation must escape.
    mutating func parameterValues(for route: ReferenceRoute) -> [String: String] {
        var values: [String: String] = [:]
        for (position, segment) in route.segments.enumerated() {
            let isScheme = route.hasScheme && position == 0
            let isHost = route.hasHost && position == 1
            switch segment {
            case .literal, .any(name: nil), .catchAll(name: nil):
                break
            case .any(let name?) where isScheme:
                values[name] = random.pick(["zed", "a+b", "x-1.y", "reader", "h2"])
            case .any(let name?):
                values[name] = text(minimumPieces: 1, capitals: !isHost)
            case .typed(let converter, let name):
                let value = typedValue(converter)
                values[name] = isHost ? value.lowercased() : value  // `1E3` would come back as `1e3`
            case .catchAll(let name?):
                var value = text(minimumPieces: 0, capitals: true)
                while value.utf8.first == UInt8(ascii: "/") { value = String(value.unicodeScalars.dropFirst()) }
                values[name] = value
            }
        }
        return values
    }

    static let pieces = ["a", "Z", "0", " ", "/", "%", ":", "?", "#", "@", "+", "&", "=", ".", "~", "é", "家", "👍🏽",
                         "\u{301}", "K", "\u{212A}", "[", "]", "%2F", "..", "\\", "\"", "<", ">", "\u{7F}", "\t", "//"]

    private mutating func text(minimumPieces: Int, capitals: Bool) -> String {
        let pieces = capitals ? Self.pieces : Self.pieces.filter { !$0.utf8.contains { (0x41...0x5A).contains($0) } }
        return (0..<random.int(minimumPieces...8)).map { _ in random.pick(pieces) }.joined()
    }

    private mutating func typedValue(_ converter: String) -> String {
        switch converter {
        case "int":
            return random.pick([String(Int64.max), String(Int64.min), "0", "-0", "007",
                                String(Int64.random(in: .min ... .max, using: &random))])
        case "double":
            return random.pick(["0", "-1.5", "1e308", "1.7976931348623157e308", "2.5E-3", "1e-400", "10e307",
                                String(Double.random(in: -1e6...1e6, using: &random))])
        case "uuid":
            let uuid = "123e4567-e89b-12d3-a456-4266141740" + String(random.int(10...99))
            return random.chance(0.5) ? uuid.uppercased() : uuid
        case "hex": return random.pick(["0", "ff", "deadbeef", "42"])
        case "even": return random.pick(["0", "2", "1234", "9998"])
        default: return random.pick(["a", "a-b", "book", "-"])
        }
    }

    /// Random text, to show that nothing traps and both matchers still agree.
    mutating func junk() -> String {
        let alphabet = Array("ab/:%?#@.[]2Fé\u{212A}A+ ~*<")
        return String((0..<random.int(0...24)).map { _ in random.pick(alphabet) })
    }
}
