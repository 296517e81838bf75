/// The `/` patterns of generated claims, in order: the first that matches a path decides, as
/// in Apple's `components` (<doc:UniversalLinks>).
///
/// The generator writes only percent-encoded ASCII whose wildcards are `*` (zero or more
/// characters, `/` included) and `?` (exactly one), with `*`, `?` and `$` in a literal
/// escaped (`UniversalLinkShape.componentPaths`). On such paths Apple's matching is this
/// one: its other rules (substitution variables, case folding, decoding) never apply. The
/// association check of URLRouterTesting applies all of them to served files; a test holds the
/// two to the same decisions on generated paths.
package struct ClaimPathMatcher: Sendable {
    /// The patterns, each as Unicode scalars.
    private let patterns: [[Unicode.Scalar]]

    /// A matcher of `paths`, `/` patterns as the generator writes them.
    package init(_ paths: [String]) {
        patterns = paths.map { Array($0.unicodeScalars) }
    }

    /// The index of the first pattern that matches all of `path`, or `nil` when none does.
    /// - Complexity: O(*p* × *t*) per pattern of *p* scalars, for a path of *t* scalars.
    package func firstMatch(path: String) -> Int? {
        let text = Array(path.unicodeScalars)
        return patterns.firstIndex { Self.matches($0, text) }
    }

    /// The narrowest path `pattern` matches: `?` as `x`, `*` as nothing.
    package static func sample(ofPath pattern: String) -> String {
        var out = ""
        for scalar in pattern.unicodeScalars where scalar != "*" {
            out.unicodeScalars.append(scalar == "?" ? "x" : scalar)
        }
        return out
    }

    /// Whether `pattern` matches all of `text`. A mismatch gives the last `*` one more scalar;
    /// an earlier `*` never needs retrying, since the last one can take whatever it would.
    private static func matches(_ pattern: [Unicode.Scalar], _ text: [Unicode.Scalar]) -> Bool {
        var p = 0
        var t = 0
        var lastStar: (pattern: Int, text: Int)?
        while t < text.count {
            if p < pattern.count, pattern[p] == "*" {
                lastStar = (p, t)
                p += 1
            } else if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t] {
                p += 1
                t += 1
            } else if let star = lastStar {
                lastStar = (star.pattern, star.text + 1)
                p = star.pattern + 1
                t = star.text + 1
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
