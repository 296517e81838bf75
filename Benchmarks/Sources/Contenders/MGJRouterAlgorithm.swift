import Foundation

/// MGJRouter's algorithm (mogujie, after HHRouter): nested dictionaries keyed by path component, the
/// handler under the key `_`. A lookup sorts the keys of each level it visits (so that `~` comes
/// last), takes the first key equal to the component, `~`, or any `:param`, and never backtracks; a
/// component that matches nothing falls back to the handler of the level reached so far.
/// URLs go through Foundation as in the original: percent escaping, `NSURL.pathComponents`,
/// `NSURLComponents.queryItems`, then every string parameter is unescaped before the handler runs.
public struct MGJRouterAlgorithm: Contender {
    public static let name = "MGJRouter"

    typealias Handler = ([String: Any]) -> Int

    /// One level of the nested dictionaries: an `NSMutableDictionary` in the original.
    final class Level {
        var entries: [String: Entry] = [:]
    }

    enum Entry {
        case level(Level)
        case handler(Handler)
    }

    static let wildcard = "~"
    static let specialCharacters = CharacterSet(charactersIn: "/?&.")
    let routes = Level()

    public init(routes patterns: [String]) throws {
        for (index, pattern) in patterns.enumerated() {
            addURLPattern(pattern).entries["_"] = .handler { _ in index }
        }
    }

    public func lookup(_ url: String) -> Int {
        // + openURL:withUserInfo:completion:
        guard let escaped = url.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed),
              var parameters = extractParameters(fromURL: escaped, matchExactly: false) else { return -1 }
        for (key, value) in parameters {
            if let string = value as? String { parameters[key] = string.removingPercentEncoding }
        }
        guard let handler = parameters["block"] as? Handler else { return -1 }
        parameters["block"] = nil
        return handler(parameters)
    }

    func addURLPattern(_ pattern: String) -> Level {
        var subRoutes = routes
        for component in pathComponents(fromURL: pattern) {
            if case .level(let next)? = subRoutes.entries[component] {
                subRoutes = next
            } else {
                let next = Level()
                subRoutes.entries[component] = .level(next)
                subRoutes = next
            }
        }
        return subRoutes
    }

    func pathComponents(fromURL url: String) -> [String] {
        var components: [String] = []
        var url = url
        if url.range(of: "://") != nil {
            let segments = url.components(separatedBy: "://")
            // The scheme is the first component; a URL that is only a scheme gets a placeholder.
            components.append(segments[0])
            url = segments[segments.count - 1]
            if url.isEmpty { components.append(Self.wildcard) }
        }
        for component in URL(string: url)?.pathComponents ?? [] {
            if component == "/" { continue }
            if component.hasPrefix("?") { break }
            components.append(component)
        }
        return components
    }

    func extractParameters(fromURL url: String, matchExactly exactly: Bool) -> [String: Any]? {
        var parameters: [String: Any] = ["MGJRouterParameterURL": url]
        var subRoutes = routes
        for pathComponent in pathComponents(fromURL: url) {
            var found = false
            // Sorted so that `~` comes last.
            for key in subRoutes.entries.keys.sorted() {
                guard case .level(let next)? = subRoutes.entries[key] else { continue }
                if key == pathComponent || key == Self.wildcard {
                    found = true
                    subRoutes = next
                    break
                } else if key.hasPrefix(":") {
                    found = true
                    subRoutes = next
                    var newKey = String(key.dropFirst())
                    var newPathComponent = pathComponent
                    // `:id.html` matches `42.html` as id = 42.
                    if let range = key.rangeOfCharacter(from: Self.specialCharacters) {
                        let suffix = String(key[range.lowerBound...])
                        newKey = String(key[key.index(after: key.startIndex)..<range.lowerBound])
                        newPathComponent = newPathComponent.replacingOccurrences(of: suffix, with: "")
                    }
                    parameters[newKey] = newPathComponent
                    break
                } else if exactly {
                    found = false
                }
            }
            // Nothing matched this component: fall back to the handler of the level reached, if any.
            if !found && subRoutes.entries["_"] == nil { return nil }
        }
        if let parsed = URL(string: url),
           let queryItems = URLComponents(url: parsed, resolvingAgainstBaseURL: false)?.queryItems {
            for item in queryItems { parameters[item.name] = item.value }
        }
        if case .handler(let handler)? = subRoutes.entries["_"] {
            parameters["block"] = handler
        }
        return parameters
    }
}
