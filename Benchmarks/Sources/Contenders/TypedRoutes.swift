import URLRouter
import Workloads

/// A typed route the benchmarks open, with what a string handler would do instead.
///
/// Every typed workload pairs one of these types with the app table: the same URLs are opened
/// as strings (their text written out by hand in ``samples``) and as values, so that the typed
/// open and the string open are timed on the same URL.
public protocol BenchmarkedRoute: TypedRoute {
    /// The workload's name in tables (`typed book`).
    static var workloadName: String { get }
    /// What the workload's values hold, for the list under the results table.
    static var summary: String { get }
    /// The values one pass opens, each with its URL written out by hand; the Report checks
    /// that `try value.url()` writes exactly that URL.
    static var samples: [RouteSample<Self>] { get }
    /// The same properties read by name, as a string handler reads them
    /// (`request.int("id")`, `request.string("from")`); `nil` when one is missing.
    init?(readingByName request: RouteRequest)
    /// A number made of every property, that handlers store, so that no read can be optimized
    /// away and a lookup can be checked against the value it should have read.
    var witness: Int { get }
}

/// One value of a typed workload and the URL it must write.
public struct RouteSample<Route: BenchmarkedRoute>: Sendable {
    public let value: Route
    public let url: String

    public init(_ value: Route, _ url: String) {
        self.value = value
        self.url = url
    }
}

extension BenchmarkedRoute {
    /// The sample whose URL is `url` (how a typed contender turns a request into a value;
    /// never timed).
    public static func sample(for url: String) -> RouteSample<Self> {
        guard let sample = samples.first(where: { $0.url == url }) else {
            preconditionFailure("\(workloadName) has no sample for \(url)")
        }
        return sample
    }

    /// The workload: the app table with this route's pattern added last, and one request per
    /// sample, in sample order. Every request must reach the pattern.
    public static var workload: Workload {
        let routes = AppTable.routes + [pattern]
        let requests = samples.map { Request(url: $0.url, expectedRoute: routes.count - 1, parameters: []) }
        return Workload(name: workloadName, origin: "AppTable and `\(pattern)`: \(summary)",
                        routes: routes, requests: requests)
    }

    /// The samples whose value writes another URL than the one written by hand, described; a
    /// typed and a string contender would otherwise not open the same URL.
    public static var mismatchedSamples: [String] {
        samples.compactMap { sample in
            do {
                let written = try sample.value.url()
                return written == sample.url ? nil : "\(workloadName): \(sample.value) writes \(written), not \(sample.url)"
            } catch {
                return "\(workloadName): \(sample.value) cannot be written: \(error)"
            }
        }
    }
}

/// The route of the typed-routes documentation: one path integer and one optional query string.
///
///     reader://book/42?from=shelf
public struct BookRoute: BenchmarkedRoute {
    public static let pattern = "reader://book/<int:id>"
    public var id: Int
    public var from: String?

    public init(id: Int, from: String? = nil) {
        self.id = id
        self.from = from
    }

    public static let workloadName = "typed book"
    public static let summary = "`id: Int` in the path, `from: String?` in the query"

    public static let samples: [RouteSample<BookRoute>] = [
        RouteSample(BookRoute(id: 42, from: "shelf"), "reader://book/42?from=shelf"),
        RouteSample(BookRoute(id: 7, from: "mail"), "reader://book/7?from=mail"),
        RouteSample(BookRoute(id: 1984, from: "search"), "reader://book/1984?from=search"),
        RouteSample(BookRoute(id: 315, from: "home"), "reader://book/315?from=home"),
        RouteSample(BookRoute(id: 12, from: "shelf"), "reader://book/12?from=shelf"),
        RouteSample(BookRoute(id: 90210, from: "widget"), "reader://book/90210?from=widget"),
        RouteSample(BookRoute(id: 3, from: "mail"), "reader://book/3?from=mail"),
        RouteSample(BookRoute(id: 777, from: "push"), "reader://book/777?from=push"),
    ]

    public init?(readingByName request: RouteRequest) {
        guard let id = request.int("id") else { return nil }
        self.init(id: id, from: request.string("from"))
    }

    /// The id, times 100, plus the length of `from` (all ids are positive, so it is never -1).
    public var witness: Int { id &* 100 &+ (from?.utf8.count ?? 0) }
}

/// A route whose properties are all scalars: an integer in the path; a `Bool`, a `Double` and
/// a `String` of at most 15 bytes (stored inline, never on the heap) in the query. Its decode
/// allocates only what the decoder itself needs.
///
///     reader://note/7?pinned=true&score=0.5&tag=draft
public struct NoteRoute: BenchmarkedRoute {
    public static let pattern = "reader://note/<int:id>"
    public static let requiredQueryItems: Set<String> = ["pinned", "score", "tag"]
    public var id: Int
    public var pinned: Bool
    public var score: Double
    public var tag: String

    public init(id: Int, pinned: Bool, score: Double, tag: String) {
        self.id = id
        self.pinned = pinned
        self.score = score
        self.tag = tag
    }

    public static let workloadName = "typed scalars"
    public static let summary = "`id: Int` in the path, `pinned: Bool`, `score: Double` and `tag: String` (≤ 15 bytes) in the query"

    public static let samples: [RouteSample<NoteRoute>] = [
        RouteSample(NoteRoute(id: 7, pinned: true, score: 0.5, tag: "draft"), "reader://note/7?pinned=true&score=0.5&tag=draft"),
        RouteSample(NoteRoute(id: 1312, pinned: false, score: 2.25, tag: "inbox"),
                    "reader://note/1312?pinned=false&score=2.25&tag=inbox"),
        RouteSample(NoteRoute(id: 64, pinned: true, score: 7.75, tag: "pinned-note"),
                    "reader://note/64?pinned=true&score=7.75&tag=pinned-note"),
        RouteSample(NoteRoute(id: 500, pinned: false, score: 1.0, tag: "archive"),
                    "reader://note/500?pinned=false&score=1.0&tag=archive"),
        RouteSample(NoteRoute(id: 21, pinned: true, score: 0.125, tag: "todo"),
                    "reader://note/21?pinned=true&score=0.125&tag=todo"),
        RouteSample(NoteRoute(id: 80808, pinned: false, score: 3.5, tag: "work-2024"),
                    "reader://note/80808?pinned=false&score=3.5&tag=work-2024"),
        RouteSample(NoteRoute(id: 9, pinned: true, score: 12.0, tag: "later"),
                    "reader://note/9?pinned=true&score=12.0&tag=later"),
        RouteSample(NoteRoute(id: 433, pinned: false, score: 0.75, tag: "read-me-first"),
                    "reader://note/433?pinned=false&score=0.75&tag=read-me-first"),
    ]

    public init?(readingByName request: RouteRequest) {
        guard let id = request.int("id"), let pinned = request.string("pinned").flatMap(Bool.init),
              let score = request.double("score"), let tag = request.string("tag") else { return nil }
        self.init(id: id, pinned: pinned, score: score, tag: tag)
    }

    /// The id times 100,000, plus 50,000 when pinned, plus the score in eighths times 100,
    /// plus the tag's length (with scores below 62.5 and tags of at most 15 bytes, as here,
    /// the parts never overlap).
    public var witness: Int {
        id &* 100_000 &+ (pinned ? 50_000 : 0) &+ Int(score * 8) &* 100 &+ tag.utf8.count
    }
}
