import Foundation

/// Routing rules delivered at run time (from a server, say): routes switched off, each with an
/// optional fallback, redirects, and typed routes presented otherwise than they declare (see
/// <doc:RulesFromAServer>, which gives the format and its JSON Schema).
///
/// ```swift
/// let rules = try RouteRules(json: downloaded)
/// try router.install(rules, allowingHosts: ["reader.example.com"])
/// try router.install(RouteRules())      // back to the shipped table
/// ```
///
/// A document is read whole: every problem of its shape (not JSON, a missing or unknown
/// version, a key this version does not define, a value of the wrong type) is reported at once.
/// What it says about the routes is checked when it is installed
/// (``Router/install(_:allowingHosts:)``), against the routes registered then.
public struct RouteRules: Sendable, Hashable {
    /// A route switched off: the route as the document names it (a route name, or the pattern
    /// of a route registered without one) and where its opens go instead.
    struct Disabled: Sendable, Hashable {
        let route: String
        let fallback: String?
        /// Whether the fallback is a web page (an `https` URL on an allowed host), as the
        /// install decided; otherwise it is an app URL, opened as a redirect.
        var isWeb = false
    }

    /// A typed route presented otherwise than it declares (``TypedRoute/presentation``): the
    /// route as the document names it, and how plans present it.
    struct PresentationOverride: Sendable, Hashable {
        let route: String
        let presentation: Presentation
    }

    /// The routes switched off, in the document's order.
    let disabled: [Disabled]
    /// The redirects, in the document's order.
    let redirects: [RedirectRule]
    /// The presentation overrides, in the document's order.
    let presentations: [PresentationOverride]

    /// No rules: installed, it restores the table the app shipped with.
    public init() {
        self.init(disabled: [], redirects: [])
    }

    init(disabled: [Disabled], redirects: [RedirectRule], presentations: [PresentationOverride] = []) {
        self.disabled = disabled
        self.redirects = redirects
        self.presentations = presentations
    }

    /// Reads a rules document (see <doc:RulesFromAServer>).
    ///
    /// ```json
    /// { "version": 1,
    ///   "disabled": [ { "route": "sale", "fallback": "reader://store" } ],
    ///   "redirects": [ { "from": "reader://b/:id", "to": "reader://book/<int:id>" } ],
    ///   "presentation": [ { "route": "share", "presentation": "sheet" } ] }
    /// ```
    /// - Parameter json: the document, UTF-8 JSON.
    /// - Throws: ``RouteRulesError`` listing every problem of the document's shape, each
    ///   naming its place (`disabled[1].fallback`).
    /// - Complexity: O(n) in the size of the document.
    public init(json: Data) throws(RouteRulesError) {
        let reader: RulesDocumentReader
        do {
            reader = try JSONDecoder().decode(RulesDocumentReader.self, from: json)
        } catch {
            throw RouteRulesError([RouteRulesError.Problem(place: "document", "is not a JSON object: \(Echo.quoted(Self.reason(error)))")])
        }
        guard reader.problems.isEmpty else { throw RouteRulesError(reader.problems) }
        self.init(disabled: reader.disabled, redirects: reader.redirects, presentations: reader.presentations)
    }

    /// Why the decoder refused a document: its own words, without the coding path it adds.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context), DecodingError.typeMismatch(_, let context):
            return context.debugDescription
        default:
            return "\(error)"
        }
    }
}

/// A key of a JSON object, whatever it is: the reader lists the keys to refuse unknown ones.
private struct RulesKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Any JSON value, read and dropped: steps over an array element of the wrong type.
private struct Skipped: Decodable {
    init(from decoder: any Decoder) {}
}

/// Reads a rules document, recording every problem instead of stopping at the first one.
private struct RulesDocumentReader: Decodable {
    private(set) var disabled: [RouteRules.Disabled] = []
    private(set) var redirects: [RedirectRule] = []
    private(set) var presentations: [RouteRules.PresentationOverride] = []
    var problems: [RouteRulesError.Problem] { log.problems }
    /// What the reading found wrong, written by the readers of each part.
    private let log = ProblemLog()

    private final class ProblemLog {
        var problems: [RouteRulesError.Problem] = []
        func append(_ problem: RouteRulesError.Problem) { problems.append(problem) }
    }

    /// The one version this router reads.
    static let version = 1

    init(from decoder: any Decoder) throws {
        let document = try decoder.container(keyedBy: RulesKey.self)
        refuseUnknownKeys(of: document, allowed: ["version", "disabled", "redirects", "presentation"], at: nil)
        if !document.contains(RulesKey("version")) {
            log.append(.init(place: "version", "is missing (this router reads version \(Self.version))"))
        } else if let version = try? document.decode(Int.self, forKey: RulesKey("version")) {
            if version != Self.version {
                log.append(.init(place: "version", "\(version) is not a version this router reads (it reads \(Self.version))"))
            }
        } else {
            log.append(.init(place: "version", "must be the number \(Self.version)"))
        }
        disabled = entries(of: document, key: "disabled") { entry, place in
            let route = string(entry, "route", at: place, required: true)
            let fallback = string(entry, "fallback", at: place, required: false)
            return route.map { ($0, fallback) }
        }.map { RouteRules.Disabled(route: $0.0, fallback: $0.1) }
        redirects = entries(of: document, key: "redirects") { entry, place in
            let from = string(entry, "from", at: place, required: true)
            let to = string(entry, "to", at: place, required: true)
            guard let from, let to else { return nil }
            return (from, to)
        }.compactMap { entry in entry.1.map { RedirectRule(from: entry.0, to: $0) } }
        presentations = entries(of: document, key: "presentation") { entry, place in
            let route = string(entry, "route", at: place, required: true)
            guard let written = string(entry, "presentation", at: place, required: true) else { return nil }
            guard Self.presentation(named: written) != nil else {
                let known = Self.writable.map(\.description).joined(separator: ", ")
                log.append(.init(place: "\(place).presentation",
                                 "'\(Echo.quoted(written, limit: 60))' is not a presentation (known: \(known))"))
                return nil
            }
            return route.map { ($0, written) }
        }.compactMap { route, written in
            written.flatMap(Self.presentation(named:)).map { RouteRules.PresentationOverride(route: route, presentation: $0) }
        }
    }

    /// The presentations a document may write, by their ``Presentation/description``.
    private static let writable: [Presentation] = [.push, .sheet, .fullScreen]

    private static func presentation(named name: String) -> Presentation? {
        writable.first { $0.description == name }
    }

    /// The objects of the array at `key` (absent: none), each read by `read` after its keys are checked.
    private func entries(of document: KeyedDecodingContainer<RulesKey>, key: String,
                                  _ read: (KeyedDecodingContainer<RulesKey>, String) -> (String, String?)?) -> [(String, String?)] {
        guard document.contains(RulesKey(key)) else { return [] }
        guard var list = try? document.nestedUnkeyedContainer(forKey: RulesKey(key)) else {
            log.append(.init(place: key, "must be an array"))
            return []
        }
        let allowed: Set<String> = switch key {
        case "disabled": ["route", "fallback"]
        case "presentation": ["route", "presentation"]
        default: ["from", "to"]
        }
        var found: [(String, String?)] = []
        while !list.isAtEnd {
            let index = list.currentIndex
            let place = "\(key)[\(index)]"
            if let entry = try? list.nestedContainer(keyedBy: RulesKey.self) {
                refuseUnknownKeys(of: entry, allowed: allowed, at: place)
                if let read = read(entry, place) { found.append(read) }
            } else {
                log.append(.init(place: place, "must be an object"))
                _ = try? list.decode(Skipped.self)
            }
            // A decoder that did not step over the element would read it forever.
            if list.currentIndex == index { break }
        }
        return found
    }

    /// The string at `key` of `entry`, or `nil` (with a problem when it is required, or present
    /// and not a non-empty string).
    private func string(_ entry: KeyedDecodingContainer<RulesKey>, _ key: String, at place: String,
                                 required: Bool) -> String? {
        guard entry.contains(RulesKey(key)) else {
            if required { log.append(.init(place: "\(place).\(key)", "is missing")) }
            return nil
        }
        guard let value = try? entry.decode(String.self, forKey: RulesKey(key)) else {
            log.append(.init(place: "\(place).\(key)", "must be a string"))
            return nil
        }
        guard !value.isEmpty else {
            log.append(.init(place: "\(place).\(key)", "must not be empty"))
            return nil
        }
        return value
    }

    private func refuseUnknownKeys(of object: KeyedDecodingContainer<RulesKey>, allowed: Set<String>, at place: String?) {
        let unknown = object.allKeys.map(\.stringValue).filter { !allowed.contains($0) }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for key in unknown {
            let shown = "'\(Echo.quoted(key, limit: 60))'"
            log.append(.init(place: place ?? "document", "has the unknown key \(shown) (known: "
                                  + allowed.sorted().joined(separator: ", ") + ")"))
        }
    }
}
