import Foundation
import URLRouter

/// Checks that the rules document at `path` is valid against `router`'s routes: what
/// `Router.install(_:allowingHosts:)` would accept, checked in the app's CI before the
/// document is served, without installing it (the article *Routing rules from a server* in
/// URLRouter's documentation gives the format).
///
/// ```swift
/// @Test func serverRules() throws {
///     try assertRouteRules(try AppRouter.make(), path: "Server/route-rules.json",
///                          allowingHosts: ["reader.example.com"])
/// }
/// ```
/// - Parameters:
///   - router: the app's router, built as the app builds it.
///   - path: the document, absolute or relative to the working directory.
///   - allowedHosts: the hosts the app installs the rules with.
/// - Throws: ``RouteCheckFailure`` listing every problem of the document (its shape, and what
///   it says of the routes), each at its place in the document, or saying why the file cannot
///   be read.
public func assertRouteRules(_ router: Router, path: String, allowingHosts allowedHosts: Set<String> = []) throws {
    let check = "assertRouteRules"
    let data: Data
    do {
        data = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
        throw RouteCheckFailure(check, "cannot read '\(path)' (working directory '\(FileManager.default.currentDirectoryPath)'): \(error)")
    }
    do throws(RouteRulesError) {
        _ = try router.validate(try RouteRules(json: data), allowingHosts: allowedHosts)
    } catch {
        throw RouteCheckFailure(check, error.problems.map { "'\(path)' \($0)" })
    }
}
