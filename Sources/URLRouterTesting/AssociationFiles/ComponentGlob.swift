import URLRouter

/// One pattern of an association file's component (`/`, a `?` value or `#`), compiled for
/// Apple's matching: `*` zero or more characters, `?` exactly one, `$(name)` a substitution
/// variable, anything else itself (<doc:AssociationFiles>, "Readings where Apple is silent").
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
    ///   declared in `variables`. With `substitutes` false (the old `paths` key), `$(` is text.
    init(_ text: String, caseSensitive: Bool, percentEncoded: Bool,
         variables: [String: [String]], substitutes: Bool = true) throws(AssociationFileError) {
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
            case "$" where substitutes && i + 1 < scalars.count && scalars[i + 1] == "(":
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
