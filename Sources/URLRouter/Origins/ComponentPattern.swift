/// One pattern of an association file's component (`/`, a `?` value or `#`), compiled for
/// Apple's matching: `*` zero or more characters, `?` exactly one, `$(name)` a substitution
/// variable, anything else itself (<doc:UniversalLinks>, "Readings where Apple is silent").
struct ComponentGlob: Sendable, Hashable {
    enum Token: Sendable, Hashable {
        case scalar(Unicode.Scalar)
        /// `%XX` in a percent-encoded pattern: the escape in any hexadecimal case, or the
        /// ASCII character itself.
        case escaped(UInt8)
        case one
        case any
        case characterClass(CharacterClass)
        /// A custom substitution variable: any one of its strings.
        case oneOf([String])
    }

    enum CharacterClass: String, Sendable, Hashable, CaseIterable {
        case alpha, digit, alnum, upper, lower

        func contains(_ scalar: Unicode.Scalar) -> Bool {
            let isDigit = ("0"..."9").contains(scalar)
            switch self {
            case .alpha: return scalar.properties.isAlphabetic
            case .digit: return isDigit
            case .alnum: return isDigit || scalar.properties.isAlphabetic
            case .upper: return scalar.properties.isUppercase
            case .lower: return scalar.properties.isLowercase
            }
        }

        var sample: String {
            switch self {
            case .alpha, .alnum, .lower: "a"
            case .digit: "0"
            case .upper: "A"
            }
        }
    }

    /// The most Unicode scalars a pattern may have: a file is outside input, and the
    /// matching work grows with the pattern's length times the URL's.
    static let maxLength = 1024

    let tokens: [Token]
    let caseSensitive: Bool
    let percentEncoded: Bool

    /// Compiles `text`.
    /// - Throws: ``AssociationFileError/invalidComponent`` for a pattern that is too long,
    ///   ``AssociationFileError/unknownVariable`` for a `$(name)` that is neither built in nor
    ///   declared in `variables`.
    init(_ text: String, caseSensitive: Bool, percentEncoded: Bool,
         variables: [String: [String]]) throws(AssociationFileError) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= Self.maxLength else {
            throw .invalidComponent("a pattern of more than \(Self.maxLength) characters: '\(Echo.quoted(text))'")
        }
        var tokens: [Token] = []
        var i = 0
        while i < scalars.count {
            switch scalars[i] {
            case "*": tokens.append(.any)
            case "?": tokens.append(.one)
            case "$" where i + 1 < scalars.count && scalars[i + 1] == "(":
                guard let close = scalars[(i + 2)...].firstIndex(of: ")") else {
                    throw .invalidComponent("an unclosed '$(' in '\(Echo.quoted(text))'")
                }
                let name = String(String.UnicodeScalarView(scalars[(i + 2)..<close]))
                if let builtIn = CharacterClass(rawValue: name) {
                    tokens.append(.characterClass(builtIn))
                } else if let values = variables[name] {
                    tokens.append(.oneOf(values))
                } else {
                    throw .unknownVariable(name)
                }
                i = close
            case "%" where percentEncoded && i + 2 < scalars.count:
                if let byte = UInt8(String(String.UnicodeScalarView(scalars[(i + 1)...(i + 2)])), radix: 16) {
                    tokens.append(.escaped(byte))
                    i += 2
                } else {
                    tokens.append(.scalar("%"))
                }
            case let scalar: tokens.append(.scalar(scalar))
            }
            i += 1
        }
        self.tokens = tokens
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
    }

    /// Whether the pattern matches all of `text`, a URL part as written (percent-encoded).
    /// - Complexity: O(*p* × *t*) for a pattern of *p* tokens and a text of *t* scalars.
    func matches(_ text: String) -> Bool {
        guard let text = percentEncoded ? text : Self.percentDecoded(text) else { return false }
        let scalars = Array(text.unicodeScalars)
        let width = tokens.count + 1
        // reach[t * width + p]: the first p tokens match the first t scalars.
        var reach = [Bool](repeating: false, count: (scalars.count + 1) * width)
        reach[0] = true
        for t in 0...scalars.count {
            for p in 0..<width where reach[t * width + p] {
                guard p < tokens.count else { continue }
                for next in advances(tokens[p], in: scalars, at: t) {
                    reach[next * width + p + 1] = true
                }
                if tokens[p] == .any {
                    reach[t * width + p + 1] = true
                    if t < scalars.count { reach[(t + 1) * width + p] = true }
                }
            }
        }
        return reach[scalars.count * width + tokens.count]
    }

    /// Where the text continues after `token` matches at `t` (`*` is handled by the caller).
    private func advances(_ token: Token, in text: [Unicode.Scalar], at t: Int) -> [Int] {
        let rest = text.count - t
        switch token {
        case .any: return []
        case .one: return rest > 0 ? [t + 1] : []
        case .scalar(let scalar): return rest > 0 && fold(text[t]) == fold(scalar) ? [t + 1] : []
        case .characterClass(let set): return rest > 0 && set.contains(text[t]) ? [t + 1] : []
        case .escaped(let byte):
            if rest >= 3, text[t] == "%", let value = UInt8(String(String.UnicodeScalarView(text[(t + 1)...(t + 2)])), radix: 16),
               value == byte {
                return [t + 3]
            }
            return rest > 0 && byte < 0x80 && fold(text[t]) == fold(Unicode.Scalar(byte)) ? [t + 1] : []
        case .oneOf(let values):
            return values.compactMap { value in
                let scalars = Array(value.unicodeScalars)
                guard scalars.count <= rest else { return nil }
                return zip(scalars, text[t...]).allSatisfy({ fold($0) == fold($1) }) ? t + scalars.count : nil
            }
        }
    }

    private func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        guard !caseSensitive else { return scalar }
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower.first! : scalar
    }

    /// Text that fits the pattern: `?` as `x`, `*` as nothing, except the `*` at
    /// `widened` (a token index) as `x/y`, so a sample shows a claim that crosses `/`.
    func sample(widening widened: Int? = nil) -> String {
        var out = ""
        for (index, token) in tokens.enumerated() {
            switch token {
            case .scalar(let scalar): out.unicodeScalars.append(scalar)
            case .escaped(let byte):
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count < 2 ? "0" + hex : hex)
            case .one: out += "x"
            case .any: out += index == widened ? "x/y" : ""
            case .characterClass(let set): out += set.sample
            case .oneOf(let values): out += values.first ?? ""
            }
        }
        return percentEncoded ? out : UniversalLinkShape.percentEncoded(out, keeping: "/")
    }

    /// The indexes of the `*` tokens, the first few: each gives one widened sample.
    var wildcardIndexes: [Int] {
        Array(tokens.indices.filter { tokens[$0] == .any }.prefix(8))
    }

    /// `text` percent-decoded, or `nil` when an escape is malformed or the bytes are not UTF-8.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        // Decoding repairs invalid UTF-8 with U+FFFD; a round trip that changes the bytes had some.
        let decoded = String(decoding: bytes, as: UTF8.self)
        return decoded.utf8.elementsEqual(bytes) ? decoded : nil
    }
}

/// One component of an association file: what it matches and whether it excludes.
struct ComponentPattern: Sendable, Hashable {
    enum Query: Sendable, Hashable {
        case text(ComponentGlob)
        /// Item name → pattern, sorted by name; every one must match.
        case items([(name: String, pattern: ComponentGlob)])

        static func == (lhs: Query, rhs: Query) -> Bool {
            switch (lhs, rhs) {
            case (.text(let a), .text(let b)): a == b
            case (.items(let a), .items(let b)): a.map(\.name) == b.map(\.name) && a.map(\.pattern) == b.map(\.pattern)
            default: false
            }
        }

        func hash(into hasher: inout Hasher) {
            switch self {
            case .text(let glob): hasher.combine(glob)
            case .items(let items): for item in items { hasher.combine(item.name); hasher.combine(item.pattern) }
            }
        }
    }

    /// `nil` for a component without `/`, which matches every path.
    let path: ComponentGlob?
    let query: Query?
    let fragment: ComponentGlob?
    let exclude: Bool
    /// The component as the file writes it, for reports: `/book/?*`, `?ref=*`, `#top`.
    let text: String

    init(path: ComponentGlob?, query: Query?, fragment: ComponentGlob?, exclude: Bool, text: String) {
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.text = text
    }

    /// A claim of `path` with the default options, as the generator writes it.
    init?(path: String) {
        guard let glob = try? ComponentGlob(path, caseSensitive: true, percentEncoded: true, variables: [:]) else { return nil }
        self.init(path: glob, query: nil, fragment: nil, exclude: false, text: path)
    }

    /// Whether the component matches a URL's parts, each as written; `path` is `/` for an
    /// empty path, `query` and `fragment` are `nil` when the URL has none.
    func matches(path urlPath: String, query urlQuery: String?, fragment urlFragment: String?) -> Bool {
        if let path, !path.matches(urlPath) { return false }
        if let fragment, !fragment.matches(urlFragment ?? "") { return false }
        switch query {
        case nil: return true
        case .text(let glob)?: return glob.matches(urlQuery ?? "")
        case .items(let items)?:
            let pairs = (urlQuery ?? "").split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return (String(parts[0]), parts.count > 1 ? String(parts[1]) : "")
            }
            // An item the URL lacks is matched as an empty value.
            return items.allSatisfy { item in
                item.pattern.matches(pairs.first { $0.0 == item.name }?.1 ?? "")
            }
        }
    }

    /// URLs on `host` this component matches: every wildcard at its narrowest, then each
    /// path `*` widened to cross a `/`.
    func samples(host: String) -> [String] {
        var suffix = ""
        switch query {
        case nil: break
        case .text(let glob)?: suffix += "?" + glob.sample()
        case .items(let items)?:
            suffix += "?" + items.map { $0.name + "=" + $0.pattern.sample() }.joined(separator: "&")
        }
        if let fragment { suffix += "#" + fragment.sample() }
        guard let path else { return ["https://\(host)/" + suffix] }
        return ([nil] + path.wildcardIndexes).map { widened in
            let sample = path.sample(widening: widened)
            return "https://\(host)" + (sample.hasPrefix("/") ? "" : "/") + sample + suffix
        }
    }
}

/// An association file's components in order: the first that matches a URL decides.
struct ComponentMatcher: Sendable {
    let components: [ComponentPattern]

    init(_ components: [ComponentPattern?]) {
        self.components = components.compactMap { $0 }
    }

    /// The index of the component that decides for `url` (an `https` URL), or `nil` when none matches.
    func firstMatch(url: String) -> Int? {
        let parts = Self.parts(of: url)
        return components.firstIndex { $0.matches(path: parts.path, query: parts.query, fragment: parts.fragment) }
    }

    /// The index of the component that decides for a URL with `path` and no query.
    func firstMatch(path: String) -> Int? {
        components.firstIndex { $0.matches(path: path, query: nil, fragment: nil) }
    }

    /// The narrowest path a component path matches, for the generator's own paths.
    static func sample(ofPath path: String) -> String {
        (try? ComponentGlob(path, caseSensitive: true, percentEncoded: true, variables: [:]))?.sample() ?? path
    }

    /// The path (`/` when empty), query and fragment of `url`, after its authority.
    static func parts(of url: String) -> (path: String, query: String?, fragment: String?) {
        var rest = Substring(url)
        if let schemeEnd = rest.range(of: "://") { rest = rest[schemeEnd.upperBound...] }
        rest = rest[(rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex)...]
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        var query: String?
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        return (rest.isEmpty ? "/" : String(rest), query, fragment)
    }
}
