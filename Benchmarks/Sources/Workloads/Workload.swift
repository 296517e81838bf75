/// A route table and the requests looked up against it.
///
/// Every contender registers `routes` (patterns in the `:name` syntax of `Benchmarks/Routes`) and is
/// timed on `requests`; the contenders see the same table and the same requests in the same order.
public struct Workload: Sendable {
    /// How the workload is named in tables, e.g. `github.txt` or `deep 1,000`.
    public let name: String
    /// Where the table comes from, shown under the results table.
    public let origin: String
    /// The series the workload belongs to in the chart (`deep`, `flat`), with its route count.
    public let series: Series?
    /// The patterns, in registration order, paths only and without duplicates.
    public let routes: [String]
    /// The requests of one pass, in lookup order.
    public let requests: [Request]

    public init(name: String, origin: String, series: Series? = nil, routes: [String], requests: [Request]) {
        self.name = name
        self.origin = origin
        self.series = series
        self.routes = routes
        self.requests = requests
    }

    /// A family of generated tables of growing size, drawn as one line per contender in the chart.
    public struct Series: Sendable, Hashable {
        public let family: String
        public let routeCount: Int

        public init(family: String, routeCount: Int) {
            self.family = family
            self.routeCount = routeCount
        }
    }

    /// The same workload without the routes `excluded` (and their requests), saying why in its origin.
    public func excluding(_ excluded: Set<String>, because reason: String) -> Workload {
        let kept = routes.filter { !excluded.contains($0) }
        return Workload(name: name, origin: origin + "; left out: \(reason)", series: series, routes: kept,
                        requests: RequestGeneration.requests(forPatterns: kept))
    }

    /// The same workload with at most `limit` requests, taken evenly from the whole pass so that
    /// every part of the table is still represented.
    public func sampled(atMost limit: Int) -> Workload {
        guard requests.count > limit, limit > 0 else { return self }
        let stride = Double(requests.count) / Double(limit)
        let picked = (0..<limit).map { requests[Int(Double($0) * stride)] }
        return Workload(name: name, origin: origin, series: series, routes: routes, requests: picked)
    }
}

/// One URL to look up, and what a correct router answers.
public struct Request: Sendable {
    /// The URL as an app would pass it to a router: a path, with concrete parameter values.
    public let url: String
    /// The index in `Workload.routes` of the route that must match, or `nil` when nothing may.
    public let expectedRoute: Int?
    /// The concrete parameter values in the URL, in pattern order: what a typed call site passes
    /// to a target-action mediator instead of a URL.
    public let parameters: [Parameter]

    public init(url: String, expectedRoute: Int?, parameters: [Parameter]) {
        self.url = url
        self.expectedRoute = expectedRoute
        self.parameters = parameters
    }

    public struct Parameter: Sendable, Hashable {
        public let name: String
        public let value: String

        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }
}
