/// The `/` patterns of generated claims, in order: the first that matches a path decides, as
/// in Apple's `components` (<doc:UniversalLinks>).
///
/// The generator writes ASCII patterns whose wildcards are `*` (zero or more characters, `/`
/// included) and `?` (exactly one), with a literal's `*`, `?`, `$` and `%` escaped as `%XX`
/// (`UniversalLinkShape.componentPaths`). On such patterns this is Apple's matching as the
/// association check of URLRouterTesting reads it (`percentEncoded` true): an escape matches
/// itself, in either hexadecimal case, or the ASCII character it stands for; with
/// `caseInsensitive` (the file's `"caseSensitive": false`) ASCII letters match in either case.
/// Substitution variables never occur. A test holds the two matchers to the same decisions on
/// generated patterns and random paths.
package struct ClaimPathMatcher: Sendable {
    enum Token: Sendable, Equatable {
        case any, one
        /// `%XX` in the pattern.
        case escaped(UInt8)
        case scalar(Unicode.Scalar)
    }

    /// The patterns, compiled.
    private let patterns: [[Token]]
    private let caseInsensitive: Bool

    /// A matcher of `paths`, `/` patterns as the generator writes them.
    package init(_ paths: [String], caseInsensitive: Bool = false) {
        patterns = paths.map(Self.tokens)
        self.caseInsensitive = caseInsensitive
    }

    /// The index of the first pattern that matches all of `path`, or `nil` when none does.
    /// - Parameter path: a URL path as written (percent-encoded).
    /// - Complexity: O(*p* × *t*) per pattern of *p* tokens, for a path of *t* scalars.
    package func firstMatch(path: String) -> Int? {
        let text = Array(path.unicodeScalars)
        return patterns.firstIndex { matches($0, text) }
    }

    /// The narrowest path `pattern` matches: `?` as `x`, `*` as nothing.
    package static func sample(ofPath pattern: String) -> String {
        var out = ""
        for scalar in pattern.unicodeScalars where scalar != "*" {
            out.unicodeScalars.append(scalar == "?" ? "x" : scalar)
        }
        return out
    }

    private static func tokens(_ pattern: String) -> [Token] {
        let scalars = Array(pattern.unicodeScalars)
        var tokens: [Token] = []
        var i = 0
        while i < scalars.count {
            switch scalars[i] {
            case "*": tokens.append(.any)
            case "?": tokens.append(.one)
            case "%" where i + 2 < scalars.count:
                if let byte = hexByte(scalars[i + 1], scalars[i + 2]) {
                    tokens.append(.escaped(byte))
                    i += 2
                } else {
                    tokens.append(.scalar("%"))
                }
            case let scalar: tokens.append(.scalar(scalar))
            }
            i += 1
        }
        return tokens
    }

    private static func hexByte(_ high: Unicode.Scalar, _ low: Unicode.Scalar) -> UInt8? {
        guard let high = hexDigit(high), let low = hexDigit(low) else { return nil }
        return high << 4 | low
    }

    private static func hexDigit(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar {
        case "0"..."9": UInt8(scalar.value - 48)
        case "a"..."f": UInt8(scalar.value - 87)
        case "A"..."F": UInt8(scalar.value - 55)
        default: nil
        }
    }

    private func same(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Bool {
        guard caseInsensitive else { return a == b }
        func folded(_ s: Unicode.Scalar) -> UInt32 { ("A"..."Z").contains(s) ? s.value + 32 : s.value }
        return folded(a) == folded(b)
    }

    /// Whether `pattern` matches all of `text`: the tokens reached after each scalar, kept for
    /// the next four positions (an escape in the text spans three).
    private func matches(_ pattern: [Token], _ text: [Unicode.Scalar]) -> Bool {
        let width = pattern.count + 1
        var rows = [Bool](repeating: false, count: 4 * width)
        rows[0] = true
        for t in 0...text.count {
            let row = (t % 4) * width
            for p in 0..<pattern.count where rows[row + p] && pattern[p] == .any {
                rows[row + p + 1] = true
            }
            if t == text.count { return rows[row + pattern.count] }
            var live = false
            for p in 0..<pattern.count where rows[row + p] {
                let next = ((t + 1) % 4) * width
                switch pattern[p] {
                case .any:
                    rows[next + p] = true
                case .one:
                    rows[next + p + 1] = true
                case .scalar(let scalar):
                    if same(text[t], scalar) { rows[next + p + 1] = true }
                case .escaped(let byte):
                    if t + 2 < text.count, text[t] == "%", Self.hexByte(text[t + 1], text[t + 2]) == byte {
                        rows[((t + 3) % 4) * width + p + 1] = true
                    }
                    if byte < 0x80, same(text[t], Unicode.Scalar(byte)) { rows[next + p + 1] = true }
                }
                live = true
            }
            for p in 0..<width { rows[row + p] = false }
            if !live && !(1...3).contains(where: { ahead in
                let r = ((t + ahead) % 4) * width
                return rows[r..<(r + width)].contains(true)
            }) {
                return false
            }
        }
        return false
    }
}
