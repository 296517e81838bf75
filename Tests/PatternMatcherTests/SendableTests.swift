import PatternMatcher
import Testing

/// Compile-only: this file does not build if a public type stops being `Sendable`.
@Suite("Sendable")
struct SendableTests {
    @Test("the public types are Sendable")
    func publicTypesAreSendable() {
        func requireSendable<T: Sendable>(_: T.Type) {}
        requireSendable(RouteTable<String>.self)
        requireSendable(RouteTable<String>.Route.self)
        requireSendable(RouteTableBuilder<String>.self)
        requireSendable(RouteTableError.self)
        requireSendable(RouteTableError.Problem.self)
        requireSendable(RoutePattern.self)
        requireSendable(RoutePattern.Segment.self)
        requireSendable(PatternError.self)
        requireSendable(GenerationError.self)
        requireSendable((any ParameterConverter).self)
        requireSendable(MatchOptions.self)
        requireSendable(URLLimits.self)
        requireSendable(MatchResult<String>.self)
        requireSendable(RouteMatch<String>.self)
        requireSendable(MatchSequence<String>.self)
        requireSendable(MatchSequence<String>.Iterator.self)
        requireSendable(PathParameters.Iterator.self)
        requireSendable(QueryItems.Iterator.self)
        requireSendable(PathParameters.self)
        requireSendable(QueryItems.self)
        requireSendable(QueryItems.Item.self)
        requireSendable(ParsedURL.self)
        requireSendable(MalformedURLError.self)
        requireSendable(MalformedURLError.Reason.self)
    }
}
