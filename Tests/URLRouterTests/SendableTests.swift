import Testing
import URLRouter

@Suite("Sendable")
struct SendableTests {
    /// Compiles only if `T` is `Sendable`.
    static func requireSendable<T: Sendable>(_: T.Type) {}

    @Test("the public types are Sendable (this test fails by not compiling)")
    func publicTypesAreSendable() {
        Self.requireSendable(Router.self)
        Self.requireSendable(Router.Options.self)
        Self.requireSendable(Presentation.self)
        Self.requireSendable(ModalLayer.self)
        Self.requireSendable(Placement.self)
        Self.requireSendable(NavigationSteps.self)
        Self.requireSendable(Origin.self)
        Self.requireSendable(RouteRequest.self)
        Self.requireSendable(RouteInfo.self)
        Self.requireSendable(RouteCompletion.self)
        Self.requireSendable(OpenResult.self)
        Self.requireSendable(OpenSource.self)
        Self.requireSendable(Exposure.self)
        Self.requireSendable(InAppLink.self)
        Self.requireSendable(Decline.self)
        Self.requireSendable(ParameterError.self)
        Self.requireSendable(LazyTarget<Int>.self)
        Self.requireSendable(RegistrationError.self)
        Self.requireSendable(RegistrationError.Problem.self)
        Self.requireSendable(UnmatchedHandler.self)
        Self.requireSendable(UnmatchedRequest.self)
        Self.requireSendable(PathParameters.self)
        Self.requireSendable(QueryItems.self)
        Self.requireSendable(QueryItems.Item.self)
        Self.requireSendable(MatchOptions.self)
        Self.requireSendable(URLLimits.self)
        Self.requireSendable(MalformedURLError.self)
        Self.requireSendable(GenerationError.self)
        Self.requireSendable(PatternError.self)
        Self.requireSendable((any ParameterConverter).self)
    }
}
