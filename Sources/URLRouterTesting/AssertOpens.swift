import Foundation
import URLRouter

/// Checks that `url`, opened from `source`, reaches the route named `name`: a dry run
/// (`Router/resolve(_:source:)`), so no handler and no interceptor runs.
///
/// ```swift
/// try assertOpens(router, "https://reader.example.com/book/42", reaches: "book", source: .external)
/// ```
/// Redirects are interceptors, which a dry run does not run: check the URL a redirect leads
/// to, or open it through a ``RecordingRouter``.
/// - Parameters:
///   - router: the router.
///   - url: the URL, as a string.
///   - name: the name the route was registered with.
///   - source: where the open comes from; `OpenSource/app` by default.
/// - Throws: ``RouteCheckFailure`` saying what the URL reaches instead: another route (its
///   pattern, name and module), no route, a refusal, or typed routes whose values do not
///   decode.
public func assertOpens(_ router: Router, _ url: String, reaches name: String, source: OpenSource = .app) throws {
    let opened = "'\(url)' from \(source)"
    let reached: String
    switch router.resolve(url, source: source) {
    case .route(let resolved):
        if resolved.route.name == name { return }
        reached = "reaches \(resolved.route)"
    case .unmatched: reached = "matches no route"
    case .malformed(let error): reached = "is malformed: \(error)"
    case .refused(let refusal): reached = "is refused: \(refusal)"
    case .undecodable(let declines):
        reached = "matches only typed routes whose values do not decode: "
            + declines.map(\.description).joined(separator: "; ")
    }
    throw RouteCheckFailure("assertOpens", "\(opened) \(reached), not '\(name)'")
}

/// Checks that the URL of `route`, opened from `source`, reaches the route named `name`
/// (see ``assertOpens(_:_:reaches:source:)-(_,String,_,_)``).
///
/// ```swift
/// try assertOpens(router, BookRoute(id: 42), reaches: "book")
/// ```
/// - Parameters:
///   - router: the router.
///   - route: the typed route; its URL (`TypedRoute/url()`) is resolved.
///   - name: the name the route was registered with.
///   - source: where the open comes from; `OpenSource/app` by default.
/// - Throws: ``RouteCheckFailure`` saying what the URL reaches instead, or that the value
///   has no URL.
public func assertOpens<R: TypedRoute>(_ router: Router, _ route: R, reaches name: String,
                                       source: OpenSource = .app) throws {
    let url: String
    do { url = try route.url() } catch {
        throw RouteCheckFailure("assertOpens", "\(String(reflecting: R.self)) has no URL: \(error)")
    }
    try assertOpens(router, url, reaches: name, source: source)
}

/// Checks that every `TypedRoute` type a module offers is registered with `router`: the
/// types a module's interface lists, so that a type other modules open is never left without
/// a route.
///
/// ```swift
/// try assertRegistered(router, offered: [BookRoute.self, ReviewsRoute.self])
/// ```
/// Types are compared by their module-qualified names (`String(reflecting:)`), as
/// `RouteInfo/typedRoute` holds them.
/// - Parameters:
///   - router: the router.
///   - types: the offered types.
/// - Throws: ``RouteCheckFailure`` naming each type that no route of `router` is registered for.
public func assertRegistered(_ router: Router, offered types: [any TypedRoute.Type]) throws {
    let registered = Set(router.routes.compactMap(\.typedRoute))
    let missing = types.map { String(reflecting: $0) }.filter { !registered.contains($0) }
    guard missing.isEmpty else {
        throw RouteCheckFailure("assertRegistered", missing.map { "no route is registered for '\($0)'" })
    }
}

/// Checks that the `apple-app-site-association` file at `path`, served on `host`, claims
/// every external route of `router` and nothing else, for the app `appIDs` name
/// (``AssociationCheck``).
///
/// ```swift
/// try assertAssociationFile(router, path: "Site/.well-known/apple-app-site-association",
///                           host: "reader.example.com", appIDs: ["ABCDE12345.com.example.reader"])
/// ```
/// Over-claims (``AssociationCheck/overClaims``) are not failures: a generated file has them.
/// - Parameters:
///   - router: the app's router, with its origins.
///   - path: the file, absolute or relative to the working directory (not its text:
///     ``AssociationCheck/init(router:json:host:appIDs:)`` reads text).
///   - host: the host that serves the file, a universal-link origin of `router`.
///   - appIDs: the app's identifiers, `<team ID>.<bundle ID>`, as the file should name them.
/// - Throws: ``RouteCheckFailure`` listing each app ID the file does not name, each unclaimed
///   route, each dead claim and each claim of the whole domain, or saying why the file cannot
///   be read or checked.
public func assertAssociationFile(_ router: Router, path: String, host: String, appIDs: [String]) throws {
    let check = "assertAssociationFile"
    if path.trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix("{") {
        throw RouteCheckFailure(check, "'\(Echo.quoted(path, limit: 64))' is JSON text, not a path: "
                                + "give the text to AssociationCheck(router:json:host:appIDs:), or the file's path here")
    }
    let text = try RouteMapFile.read(path, for: check)
    let result: AssociationCheck
    do { result = try AssociationCheck(router: router, json: text, host: host, appIDs: appIDs) } catch {
        throw RouteCheckFailure(check, "'\(path)' cannot be checked: \(error)")
    }
    guard result.isClean else {
        throw RouteCheckFailure(check, result.problems)
    }
}

/// Checks the `apple-app-site-association` file at `path` (the label says `file:`, but it
/// takes a path), for the apps its first `details` entry names.
@available(*, deprecated, renamed: "assertAssociationFile(_:path:host:appIDs:)",
           message: "the label 'file:' takes a path; name the app's IDs too")
public func assertAssociationFile(_ router: Router, file path: String, host: String) throws {
    let check = "assertAssociationFile"
    let text = try RouteMapFile.read(path, for: check)
    let result: AssociationCheck
    do { result = try AssociationCheck(router: router, file: text, host: host) } catch {
        throw RouteCheckFailure(check, "'\(path)' cannot be checked: \(error)")
    }
    guard result.isClean else {
        throw RouteCheckFailure(check, result.problems)
    }
}
