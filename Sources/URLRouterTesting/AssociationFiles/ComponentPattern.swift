import URLRouter

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

    init(_ components: [ComponentPattern]) {
        self.components = components
    }

    /// The index of the component that decides for `url` (an `https` URL), or `nil` when none matches.
    func firstMatch(url: String) -> Int? {
        let parts = Self.parts(of: url)
        return components.firstIndex { $0.matches(path: parts.path, query: parts.query, fragment: parts.fragment) }
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
