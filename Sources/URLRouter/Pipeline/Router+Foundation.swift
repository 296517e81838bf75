#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// `Foundation.URL` conveniences. They forward `absoluteString` to the string API, so the
// URL is decomposed by the router's own parser (Matching rules, "From a URL to a route key"), never by `URL.path`.
//
// A `URL` is what the system hands to an app's deep-link entry points
// (`scene(_:openURLContexts:)`, `application(_:open:options:)`, `onOpenURL`), so its `open`
// takes `source:` with no default: the entry point says `.external`. Every other verb takes
// the string (`url.absoluteString`), which is what this `open` forwards.
extension Router {
    /// Opens `url`, a deep link the system delivered; see ``open(_:userInfo:source:completion:)-(RouteLink,_,_,_)``.
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

    /// Generates a `URL` for a route; see ``url(for:parameters:)``.
    /// - Returns: `nil` only if Foundation refuses the generated string.
    public func foundationURL(for nameOrPattern: String, parameters: [String: String] = [:]) throws(GenerationError) -> URL? {
        URL(string: try url(for: nameOrPattern, parameters: parameters))
    }
}
