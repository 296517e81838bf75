import PatternMatcher

/// Everything wrong with a registration, reported at once: every invalid pattern (with
/// its column), every conflict (naming both patterns and both modules), every duplicate
/// route name.
///
/// ```
/// 2 problems in the routes:
/// - [Bookshelf] '**' must be the last segment (column 16 in 'reader://shelf/**/x')
/// - [Profile] route name 'user' is used by 'reader://user/:id' and by 'reader://me' [Settings]
/// ```
public struct RegistrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One problem.
    public struct Problem: Sendable, Hashable, CustomStringConvertible, Comparable {
        private enum Kind: Hashable {
            case table(RouteTableError.Problem)
            case duplicateName(String, otherPattern: String, otherModule: String)
            case moduleAlreadyRegistered
            case interceptorTie(otherPattern: String, otherModule: String, priority: Int)
            case invalidRedirect(reason: String)
            case typedRoute(type: String, property: String?, reason: String)
            case service(key: String, ServiceProblem)
            case origins(String)
            case parents(type: String, reason: String)
        }

        /// What is wrong with a service: the other module involved, where there is one.
        private enum ServiceProblem: Hashable {
            case noProvider
            case twoProviders(otherModule: String)
            case twoOverrides(otherModule: String)
            case overrideWithoutProvider
        }
        private let kind: Kind
        /// The pattern the problem is about (empty for a module-level problem).
        public let pattern: String
        /// The module that registered it.
        public let module: String

        static func table(_ problem: RouteTableError.Problem) -> Problem {
            Problem(kind: .table(problem), pattern: problem.pattern, module: problem.owner)
        }

        static func duplicateName(_ name: String, pattern: String, module: String,
                                  otherPattern: String, otherModule: String) -> Problem {
            Problem(kind: .duplicateName(name, otherPattern: otherPattern, otherModule: otherModule),
                    pattern: pattern, module: module)
        }

        static func moduleAlreadyRegistered(_ module: String) -> Problem {
            Problem(kind: .moduleAlreadyRegistered, pattern: "", module: module)
        }

        static func interceptorTie(_ a: InterceptorInfo, _ b: InterceptorInfo) -> Problem {
            Problem(kind: .interceptorTie(otherPattern: a.pattern, otherModule: a.module, priority: a.priority),
                    pattern: b.pattern, module: b.module)
        }

        static func invalidRedirect(_ rule: RedirectRule, module: String, reason: String) -> Problem {
            Problem(kind: .invalidRedirect(reason: "\(Echo.quoted(rule.description)): \(reason)"), pattern: rule.from, module: module)
        }

        static func typedRoute(_ problem: TypedRouteCheck.Problem, pattern: String, module: String) -> Problem {
            Problem(kind: .typedRoute(type: problem.type, property: problem.property, reason: problem.reason),
                    pattern: pattern, module: module)
        }

        static func parents(type: String, reason: String, pattern: String, module: String) -> Problem {
            Problem(kind: .parents(type: type, reason: reason), pattern: pattern, module: module)
        }

        /// The ``TypedRoute`` type whose chain of parents is wrong (a parent type that no module
        /// registered, a cycle, a chain deeper than ``Router/Options/maxNavigationDepth``).
        public var parentsOfType: String? {
            if case .parents(let type, _) = kind { return type }
            return nil
        }

        static func invalidOrigins(_ reason: String) -> Problem {
            Problem(kind: .origins(reason), pattern: "", module: Router.inlineModuleName)
        }

        /// Whether ``Router/Options/origins`` cannot be used as declared (a universal-link host
        /// with no custom scheme to read it in, a host declared twice, an invalid scheme or host).
        public var isInvalidOrigins: Bool {
            if case .origins = kind { return true }
            return false
        }

        static func missingService(_ requirement: ServiceRequirement) -> Problem {
            Problem(kind: .service(key: requirement.shown, .noProvider), pattern: "", module: requirement.module)
        }

        static func duplicateProvider(_ provision: ServiceProvision, first: ServiceProvision, isOverride: Bool) -> Problem {
            Problem(kind: .service(key: provision.shown, isOverride ? .twoOverrides(otherModule: first.module)
                                                                    : .twoProviders(otherModule: first.module)),
                    pattern: "", module: provision.module)
        }

        static func overrideWithoutProvider(_ provision: ServiceProvision) -> Problem {
            Problem(kind: .service(key: provision.shown, .overrideWithoutProvider), pattern: "", module: provision.module)
        }

        /// The service key (its name and type) the problem is about: required and not
        /// provided, provided twice, or overridden and not provided.
        public var serviceKey: String? {
            if case .service(let key, _) = kind { return key }
            return nil
        }

        /// The ``TypedRoute`` type and its property (if one is concerned) that do not fit the
        /// pattern, when that is the problem.
        public var typedRoute: (type: String, property: String?)? {
            if case .typedRoute(let type, let property, _) = kind { return (type, property) }
            return nil
        }

        /// Whether two interceptors of one pattern shape have the same priority, so that
        /// their order would be arbitrary.
        public var isInterceptorTie: Bool {
            if case .interceptorTie = kind { return true }
            return false
        }

        /// Whether a redirect rule is invalid: its target is not registered, or does not
        /// get every parameter it needs from the old pattern.
        public var isInvalidRedirect: Bool {
            if case .invalidRedirect = kind { return true }
            return false
        }

        /// The parse error of an invalid pattern, with its column.
        public var patternError: PatternError? {
            if case .table(let problem) = kind { return problem.patternError }
            return nil
        }

        /// The other route of a conflict.
        public var conflictingRoute: (pattern: String, module: String)? {
            if case .table(let problem) = kind, let other = problem.conflictingRoute {
                return (other.pattern, other.owner)
            }
            return nil
        }

        /// The route name used twice, if that is the problem.
        public var duplicateName: String? {
            if case .duplicateName(let name, _, _) = kind { return name }
            return nil
        }

        /// Whether the module was already registered.
        public var isModuleAlreadyRegistered: Bool { kind == .moduleAlreadyRegistered }

        public var description: String {
            switch kind {
            case .table(let problem):
                return problem.description
            case .duplicateName(let name, let otherPattern, let otherModule):
                return "[\(Echo.quoted(module))] route name '\(Echo.quoted(name))' is used by '\(Echo.quoted(pattern))' "
                    + "and by '\(Echo.quoted(otherPattern))' [\(Echo.quoted(otherModule))]"
            case .moduleAlreadyRegistered:
                return "[\(Echo.quoted(module))] the module is already registered"
            case .interceptorTie(let otherPattern, let otherModule, let priority):
                return "[\(Echo.quoted(module))] interceptor '\(Echo.quoted(pattern))' has the shape and the priority (\(priority)) "
                    + "of '\(Echo.quoted(otherPattern))' [\(Echo.quoted(otherModule))]: give one a different priority"
            case .invalidRedirect(let reason):
                return "[\(Echo.quoted(module))] redirect \(reason)"
            case .typedRoute(let type, let property, let reason):
                return "[\(Echo.quoted(module))] \(Echo.quoted(type))" + (property.map { ".\(Echo.quoted($0))" } ?? "")
                    + " does not fit '\(Echo.quoted(pattern))': \(reason)"
            case .service(let key, .noProvider):
                return "[\(Echo.quoted(module))] requires the service \(key), which no registered module provides"
            case .service(let key, .twoProviders(let other)):
                return "[\(Echo.quoted(module))] provides the service \(key), which [\(Echo.quoted(other))] provides too"
            case .service(let key, .twoOverrides(let other)):
                return "[\(Echo.quoted(module))] overrides the service \(key), which [\(Echo.quoted(other))] overrides too"
            case .service(let key, .overrideWithoutProvider):
                // Natural when a test registers one feature module (a RecordingRouter) and
                // stands in for a service of a module it leaves out: `provide` is that fix.
                return "[\(Echo.quoted(module))] overrides the service \(key), which no registered module provides: "
                    + "to stand in for a module this router does not register, `provide` the service instead"
            case .origins(let reason):
                return "origins: \(reason)"
            case .parents(let type, let reason):
                return "[\(Echo.quoted(module))] \(Echo.quoted(type)) at '\(Echo.quoted(pattern))': \(reason)"
            }
        }

        /// Orders problems by pattern, then module, then message, so a report lists them in
        /// the same order whatever the order of registration.
        public static func < (lhs: Problem, rhs: Problem) -> Bool {
            (lhs.pattern, lhs.module, lhs.description) < (rhs.pattern, rhs.module, rhs.description)
        }
    }

    /// Every problem, sorted by pattern, then module.
    public let problems: [Problem]

    init(problems: [Problem]) {
        self.problems = sortedOnce(problems, by: { ($0.pattern, $0.module, $0.description) })
    }

    /// The header and the first 50 problems, then how many more there are: bounded however
    /// many problems a registration has (read ``problems`` for all of them).
    public var description: String {
        listing(problems, header: "in the routes")
    }
}
