import Foundation

/// JLRoutes' algorithm: route definitions in an array ordered by priority, scanned linearly for every
/// URL; each definition compares its pattern components with the URL's, one by one, and the first
/// whose handler returns `true` wins. The URL is parsed once per lookup with `NSURLComponents` (a host
/// counts as the first path component), and a match builds the parameter dictionary the handler gets.
public final class JLRoutesAlgorithm: Contender {
    public static let name = "JLRoutes"

    typealias Handler = ([String: Any]) -> Bool

    final class RouteDefinition {
        let scheme: String
        let pattern: String
        let priority: Int
        let handler: Handler
        let patternComponents: [String]

        init(scheme: String, pattern: String, priority: Int, handler: @escaping Handler) {
            self.scheme = scheme
            self.pattern = pattern
            self.priority = priority
            self.handler = handler
            let trimmed = pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern
            patternComponents = trimmed.components(separatedBy: "/")
        }

        func response(for request: RouteRequest) -> [String: Any]? {
            let patternContainsWildcard = patternComponents.contains("*")
            if request.pathComponents.count != patternComponents.count && !patternContainsWildcard {
                return nil
            }
            var routeParams: [String: Any] = [:]
            for (index, patternComponent) in patternComponents.enumerated() {
                var urlComponent: String?
                if index < request.pathComponents.count {
                    urlComponent = request.pathComponents[index]
                } else if patternComponent == "*" {
                    urlComponent = request.pathComponents.last
                }
                if patternComponent.hasPrefix(":") {
                    routeParams[variableName(patternComponent)] = variableValue(urlComponent ?? "")
                } else if patternComponent == "*" {
                    routeParams["JLRouteWildcardComponentsKey"] = Array(request.pathComponents[index...])
                    break
                } else if patternComponent != urlComponent {
                    return nil
                }
            }
            var params: [String: Any] = request.queryParams
            params.merge(routeParams) { $1 }
            params["JLRoutePattern"] = pattern
            params["JLRouteURL"] = request.url
            params["JLRouteScheme"] = scheme
            return params
        }

        func variableName(_ value: String) -> String {
            var name = value.dropFirst()
            if name.count > 1 && name.first == ":" { name = name.dropFirst() }
            if name.count > 1 && name.last == "#" { name = name.dropLast() }
            return String(name)
        }

        func variableValue(_ value: String) -> String {
            var variable = value.removingPercentEncoding ?? value
            if variable.count > 1 && variable.last == "#" { variable.removeLast() }
            return variable
        }
    }

    /// A URL taken apart once per lookup.
    struct RouteRequest {
        let url: URL
        let pathComponents: [String]
        let queryParams: [String: Any]

        init(url: URL) {
            self.url = url
            var components = URLComponents(string: url.absoluteString)
            if let host = components?.percentEncodedHost, !host.isEmpty, host != "localhost" {
                // The host is the first path component (`app://profile/42` is `/profile/42`).
                let path = components?.percentEncodedPath ?? ""
                components?.host = "/"
                components?.percentEncodedPath = (host as NSString).appendingPathComponent(path)
            }
            var path = components?.percentEncodedPath ?? ""
            if path.hasPrefix("/") { path.removeFirst() }
            if path.hasSuffix("/") { path.removeLast() }
            pathComponents = path.components(separatedBy: "/")
            var queryParams: [String: Any] = [:]
            for item in components?.queryItems ?? [] {
                if let value = item.value { queryParams[item.name] = value }
            }
            self.queryParams = queryParams
        }
    }

    let scheme = "JLRoutesGlobalRoutesScheme"
    var routes: [RouteDefinition] = []
    var lastRouted = -1

    public init(routes patterns: [String]) throws {
        for (index, pattern) in patterns.enumerated() {
            addRoute(pattern, priority: 0) { [unowned self] _ in
                self.lastRouted = index
                return true
            }
        }
    }

    func addRoute(_ pattern: String, priority: Int, handler: @escaping Handler) {
        let route = RouteDefinition(scheme: scheme, pattern: pattern, priority: priority, handler: handler)
        if priority == 0 || routes.isEmpty {
            routes.append(route)
        } else if let index = routes.firstIndex(where: { $0.priority < priority }) {
            routes.insert(route, at: index)
        } else {
            routes.append(route)
        }
    }

    public func lookup(_ url: String) -> Int {
        guard let url = URL(string: url) else { return -1 }
        return routeURL(url) ? lastRouted : -1
    }

    func routeURL(_ url: URL) -> Bool {
        let request = RouteRequest(url: url)
        for route in routes {
            guard let parameters = route.response(for: request) else { continue }
            if route.handler(parameters) { return true }
        }
        return false
    }
}
