#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// `Foundation.URL` conveniences. They forward `absoluteString` to the string API, so the
// URL is decomposed by the router's own parser (Matching rules, "From a URL to a route key"), never by `URL.path`.
//
// A `URL` is what the system hands to an app's deep-link entry points
// (`scene(_:openURLContexts:)`, `application(_:open:options:)`, `onOpenURL`), so these
// overloads take `source:` with no default: the entry point says `.external`.
extension Router {
    /// Opens `url`; see the `String` overload of `open(_:userInfo:source:completion:)`.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
    ///     for context in contexts { router.open(context.url, source: .external) }
    /// }
    /// ```
    @discardableResult
    public func open(_ url: URL, userInfo: [String: any Sendable] = Dictionary(), source: OpenSource,
                     completion: RouteCompletion? = nil) -> OpenResult {
        open(url.absoluteString, userInfo: userInfo, source: source, completion: completion)
    }

    /// Opens `url` and awaits its handler; see the `String` overload of `await open(_:userInfo:source:)`.
    @discardableResult
    public func open(_ url: URL, userInfo: [String: any Sendable] = Dictionary(), source: OpenSource) async -> OpenResult {
        await open(url.absoluteString, userInfo: userInfo, source: source)
    }

    /// Whether some route matches `url`; see ``canOpen(_:source:)``.
    public func canOpen(_ url: URL, source: OpenSource) -> Bool {
        canOpen(url.absoluteString, source: source)
    }

    /// The object for `url`; see the `String` overload of `object(for:userInfo:source:)`.
    public func object(for url: URL, userInfo: [String: any Sendable] = Dictionary(), source: OpenSource) -> (any Sendable)? {
        object(for: url.absoluteString, userInfo: userInfo, source: source)
    }

    /// The object for `url`, if it is a `T`.
    public func object<T>(for url: URL, as type: T.Type, userInfo: [String: any Sendable] = Dictionary(),
                          source: OpenSource) -> T? {
        object(for: url.absoluteString, as: type, userInfo: userInfo, source: source)
    }

    /// Generates a `URL` for a route; see ``url(for:parameters:)``.
    /// - Returns: `nil` only if Foundation refuses the generated string.
    public func foundationURL(for nameOrPattern: String, parameters: [String: String] = [:]) throws(GenerationError) -> URL? {
        URL(string: try url(for: nameOrPattern, parameters: parameters))
    }
}
