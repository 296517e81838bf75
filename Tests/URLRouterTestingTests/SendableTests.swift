import Testing
import URLRouterTesting

@Suite("Sendable")
struct SendableTests {
    /// Compiles only if `T` is `Sendable`.
    static func requireSendable<T: Sendable>(_: T.Type) {}

    @Test("the public types are Sendable (this test fails by not compiling)")
    func publicTypesAreSendable() {
        Self.requireSendable(AssociationCheck.self)
        Self.requireSendable(AssociationCheck.UnclaimedRoute.self)
        Self.requireSendable(AssociationCheck.Claim.self)
        Self.requireSendable(AssociationFileError.self)
        Self.requireSendable(RecordedOpen.self)
        Self.requireSendable(RecordingRouter.self)
        Self.requireSendable(RouteCheckFailure.self)
    }
}
