import PatternMatcher

/// A route one of the router's tables matched: which one (an index into the snapshot's
/// routes, or into an interceptor table's groups) and the engine's record of what the URL
/// carried. Not generic, and a reference: an open hands its best match to the request, its
/// later matches and its task, and each copy is a retain, where the record's fields inline
/// were copied through their type metadata's value witnesses.
final class MatchedRoute: Sendable {
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
