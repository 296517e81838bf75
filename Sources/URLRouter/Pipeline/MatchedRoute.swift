import PatternMatcher

/// A route one of the router's tables matched: which one (an index into the snapshot's
/// routes, or into an interceptor table's groups) and the engine's record of what the URL
/// carried. Not generic: the router copies, keeps and passes it as plain fields, where a
/// `RouteMatch<Int>` went through the runtime's generic witnesses.
struct MatchedRoute: Sendable {
    let index: Int
    let record: RawMatch

    init(_ match: RouteMatch<Int>) {
        index = match.value
        record = match.raw
    }

    var url: String { record.url }
    var parameters: PathParameters { record.parameters }
    var query: QueryItems { record.query }
    var fragment: Substring? { record.fragment }
    var isCatchAllMatch: Bool { record.isCatchAllMatch }
}
