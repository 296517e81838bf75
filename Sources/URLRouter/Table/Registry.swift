import PatternMatcher

/// One module's declarations.
struct ModuleRegistration: Sendable {
    let name: String
    var routes: ModuleRoutes
    let interceptors: [RegisteredInterceptor]
    let redirects: [RedirectRule]
    let converters: [any ParameterConverter]
    let targets: InstanceStore
    /// The services the module provides, overrides (for tests) and requires.
    var services: [ServiceProvision] = []
    var serviceOverrides: [ServiceProvision] = []
    var requirements: [ServiceRequirement] = []
    /// Typed routes whose types do not fit their patterns.
    var typeProblems: [RegistrationError.Problem] = []
}

/// What is registered, in registration order.
struct Registry: Sendable {
    private(set) var modules: [ModuleRegistration] = []
    /// Counts published changes, so a change built from an older registry is made again.
    var generation = 0
    /// Whether the table built for this registry checks that every required service is
    /// provided: not after a module was removed (removing a provider cannot fail; a module
    /// that required its service finds it missing when it asks), until a module is added.
    private(set) var checksRequirements = true
    /// ``Router/Options/maxNavigationDepth``, for the check of typed routes' parents.
    var maxNavigationDepth = 8
    /// The rules installed at run time (``Router/install(_:allowingHosts:)``), checked.
    var installedRules = RouteRules()
    /// Converters stay declared until ``Router/removeAll()``, so patterns of other modules
    /// that use them keep working when the declaring module leaves.
    private(set) var converters: [(module: String, converter: any ParameterConverter)] = []

    func contains(_ module: String) -> Bool { modules.contains { $0.name == module } }

    /// Every redirect rule, with who declared it: the modules' in registration order, then the
    /// installed table's.
    var redirects: [(rule: RedirectRule, module: String)] {
        modules.flatMap { module in module.redirects.map { ($0, module.name) } }
            + installedRules.redirects.map { ($0, Router.redirectsModuleName) }
    }

    /// Makes room for `count` more modules: a module's registration is a large value, which
    /// growing the list would copy.
    mutating func reserveCapacity(forAdding count: Int) {
        modules.reserveCapacity(modules.count + count)
    }

    mutating func add(_ module: ModuleRegistration) {
        modules.append(module)
        checksRequirements = true
        converters.removeAll { $0.module == module.name }
        converters += module.converters.map { (module.name, $0) }
    }

    mutating func removeRoute(pattern: String) -> Bool {
        for m in modules.indices {
            if let r = modules[m].routes.patterns.firstIndex(of: pattern) {
                modules[m].routes = modules[m].routes.removing(at: r)
                return true
            }
        }
        return false
    }

    mutating func removeModule(_ name: String) -> ModuleRegistration? {
        guard let index = modules.firstIndex(where: { $0.name == name }) else { return nil }
        checksRequirements = false
        return modules.remove(at: index)
    }
}

/// An immutable table the router publishes: all routes, the external ones, and names.
final class Snapshot: Sendable {
    let routes: RouteList
    let all: RouteTable<Int>
    /// The routes every external channel reaches (``Exposure/external``).
    let external: RouteTable<Int>
    /// The table of each channel some route names (``Exposure/external(from:)``), by
    /// ``OpenSource/channelIndex``: the routes of ``external`` and those that name it. Empty
    /// when no route names a channel; `nil` for a channel no route names, which sees ``external``.
    let channelTables: [RouteTable<Int>?]
    let names: [String: Int]
    /// The declared converters' names, for reading patterns again (URL generation).
    let converterNames: Set<String>
    /// The declared converters, for writing values into patterns (redirect targets).
    let converters: [any ParameterConverter]
    /// The services the modules provide, by key, each test override in place of its provider.
    let services: [ServiceID: ServiceProvision]
    /// The modules that require each service.
    let serviceRequirements: [ServiceID: [String]]
    /// Every interceptor (and redirect), or `nil` when there is none, so opens skip them at no cost.
    let interceptors: InterceptorTable?
    /// The redirect rules: the modules' and the installed table's, with who declared them.
    let redirects: [(rule: RedirectRule, module: String)]
    /// The routes the installed rules switch off, or `nil` when none is, so that opens skip
    /// the rules at the cost of one check.
    let disabled: DisabledRoutes?
    /// The typed routes the installed rules present otherwise, or `nil` when none is: read
    /// only when a plan is built.
    let presentations: PresentationOverrides?

    /// The table of everything `registry` holds, every pattern parsed and checked.
    convenience init(registry: Registry, options: MatchOptions) throws(RegistrationError) {
        var allBuilder = RouteTableBuilder<Int>(options: options)
        var externalBuilder = RouteTableBuilder<Int>(options: options)
        for (module, converter) in registry.converters {
            allBuilder.declare(converter, owner: module)
            externalBuilder.declare(converter, owner: module)
        }
        let routes = RouteList(modules: registry.modules.map(\.routes))
        var named: [String: [(info: RouteInfo, id: Int)]] = [:]
        for (slot, module) in routes.modules.enumerated() {
            Self.add(module, slot: slot, to: &allBuilder, &externalBuilder, named: &named)
        }
        var names: [String: Int] = [:]
        for (name, users) in named { names[name] = users[0].id }
        let redirects = registry.redirects
        try self.init(routes: routes, registry: registry, options: options, builders: (allBuilder, externalBuilder),
                      names: names, problems: Self.duplicateNames(named) + registry.modules.flatMap(\.typeProblems),
                      redirects: redirects, newRedirects: redirects)
    }

    /// The table of `base` and one more module, which declares no converter: `base`'s route
    /// tables are extended (only the module's patterns are parsed and checked against them),
    /// and names and redirects are checked for the module's alone. The interceptor table and
    /// the redirect list are built again from every module (they are small).
    convenience init(extending base: Snapshot, with module: ModuleRegistration, registry: Registry,
                     options: MatchOptions) throws(RegistrationError) {
        precondition(module.converters.isEmpty, "a new converter renumbers the typed children: build anew")
        var allBuilder = RouteTableBuilder<Int>(extending: base.all)
        var externalBuilder = RouteTableBuilder<Int>(extending: base.external)
        let routes = RouteList(modules: base.routes.modules + [module.routes])
        var named: [String: [(info: RouteInfo, id: Int)]] = [:]
        Self.add(module.routes, slot: routes.modules.count - 1, to: &allBuilder, &externalBuilder, named: &named)
        var names = base.names
        for (name, users) in named {
            if let first = base.names[name] {
                named[name]!.insert((base.routes[first].info, first), at: 0)
            } else {
                names[name] = users[0].id
            }
        }
        try self.init(routes: routes, registry: registry, options: options, builders: (allBuilder, externalBuilder),
                      names: names, problems: module.typeProblems + Self.duplicateNames(named),
                      redirects: registry.redirects, newRedirects: module.redirects.map { ($0, module.name) },
                      extending: (base, module.routes, routes.modules.count - 1))
    }

    /// Finishes either initializer: keeps `redirects` (the registry's, all of them) and checks
    /// `newRedirects` (those not checked for an earlier table), builds the interceptor table and
    /// the two route tables, and throws every problem found.
    ///
    /// - Parameter extending: the table extended, the module added and its slot, when only
    ///   that module's routes are added: the channels' tables are then extended too.
    private init(routes: RouteList, registry: Registry, options: MatchOptions,
                 builders: (all: RouteTableBuilder<Int>, external: RouteTableBuilder<Int>), names: [String: Int],
                 problems: [RegistrationError.Problem], redirects: [(rule: RedirectRule, module: String)],
                 newRedirects: [(rule: RedirectRule, module: String)],
                 extending: (base: Snapshot, module: ModuleRoutes, slot: Int)? = nil)
        throws(RegistrationError) {
        var problems = problems
        let converterNames = Set(registry.converters.map(\.converter.name))
        for (rule, module) in newRedirects {
            if let reason = Self.problem(with: rule, converters: converterNames) {
                problems.append(.invalidRedirect(rule, module: module, reason: reason))
            }
        }
        self.services = Self.services(of: registry, problems: &problems)
        problems += Self.parentProblems(of: registry)
        self.serviceRequirements = Self.serviceRequirements(of: registry)
        let interceptors = registry.modules.flatMap(\.interceptors)
            + registry.installedRules.redirects.map { RegisteredInterceptor.redirect($0, module: Router.redirectsModuleName) }
        self.interceptors = InterceptorTable.build(interceptors, options: options, converters: registry.converters,
                                                   problems: &problems)
        var all: RouteTable<Int>?
        var external: RouteTable<Int>?
        do { all = try builders.all.build() } catch { problems += error.problems.map(RegistrationError.Problem.table) }
        // The external routes are a subset of all routes: they hold no problem of their own.
        if problems.isEmpty {
            do { external = try builders.external.build() } catch {
                preconditionFailure("the external routes failed where all routes built: \(error)")
            }
        }
        guard problems.isEmpty, let all, let external else { throw RegistrationError(problems: problems) }
        self.routes = routes
        self.all = all
        self.external = external
        if let extending {
            self.channelTables = Self.channelTables(extending: extending.base, with: extending.module, slot: extending.slot)
        } else {
            self.channelTables = Self.channelTables(routes: routes, registry: registry, options: options)
        }
        self.names = names
        self.converterNames = converterNames
        self.converters = registry.converters.map(\.converter)
        self.redirects = redirects
        self.disabled = DisabledRoutes(registry.installedRules.disabled, routes: routes, names: names,
                                       converters: converterNames)
        self.presentations = PresentationOverrides(registry.installedRules.presentations, routes: routes, names: names)
    }

    /// The modules that require each service, each once, in registration order. Built entry
    /// by entry: grouping, then mapping, made a dictionary's storage even when no module
    /// requires a service.
    private static func serviceRequirements(of registry: Registry) -> [ServiceID: [String]] {
        var requirements: [ServiceID: [String]] = [:]
        for requirement in registry.modules.lazy.flatMap(\.requirements)
        where requirements[requirement.id]?.contains(requirement.module) != true {
            requirements[requirement.id, default: []].append(requirement.module)
        }
        return requirements
    }

    /// Adds the routes of `module`, kept in slot `slot`, to both tables (the external ones to
    /// the external table), and the named ones to `named`.
    private static func add(_ module: ModuleRoutes, slot: Int, to all: inout RouteTableBuilder<Int>,
                            _ external: inout RouteTableBuilder<Int>, named: inout [String: [(info: RouteInfo, id: Int)]]) {
        for index in 0..<module.count {
            let id = RouteList.id(slot: slot, index: index)
            all.add(module.patterns[index], value: id, owner: module.module)
            if module.isExternalEverywhere(index) {
                external.add(module.patterns[index], value: id, owner: module.module)
            }
        }
        for (index, name) in module.names.all {
            named[name, default: []].append((RouteInfo(module.descriptions, index), RouteList.id(slot: slot, index: index)))
        }
    }

    /// Each route reusing a name is reported against the same one, the first by pattern
    /// and module, so that the report does not depend on registration order.
    private static func duplicateNames(_ named: [String: [(info: RouteInfo, id: Int)]]) -> [RegistrationError.Problem] {
        var problems: [RegistrationError.Problem] = []
        for (name, users) in named where users.count > 1 {
            let sorted = users.map(\.info).sorted { ($0.pattern, $0.module) < ($1.pattern, $1.module) }
            for user in sorted.dropFirst() {
                problems.append(.duplicateName(name, pattern: sorted[0].pattern, module: sorted[0].module,
                                               otherPattern: user.pattern, otherModule: user.module))
            }
        }
        return problems
    }

    /// What is wrong with a redirect rule on its own: a target that is not a valid pattern,
    /// or that needs a parameter the old pattern does not capture.
    static func problem(with rule: RedirectRule, converters: Set<String>) -> String? {
        guard let from = try? RoutePattern.captures(of: rule.from, converters: converters) else { return nil }  // reported as invalid
        let to: RoutePattern.Captures
        do { to = try RoutePattern.captures(of: rule.to, converters: converters) } catch { return "the target is invalid: \(error)" }
        return writingProblem(to, capturedBy: from.names, capturer: "the old pattern").map { "the target " + $0 }
    }

    /// What keeps a pattern whose captures are `target` from being written from a match of a
    /// pattern that captures `captured`: a name it does not capture, or an anonymous wildcard.
    static func writingProblem(_ target: RoutePattern.Captures, capturedBy captured: [String],
                               capturer: String) -> String? {
        let missing = target.names.filter { !captured.contains($0) }
        guard missing.isEmpty else {
            return "needs \(missing.map { "'\(Echo.quoted($0, limit: 60))'" }.joined(separator: ", ")), which \(capturer) does not capture"
        }
        guard !target.hasWildcard else { return "has an anonymous '*', which cannot be written" }
        return nil
    }

    /// The table of each channel that routes name (``Exposure/external(from:)``): built whole
    /// (routes rarely name channels), each from the routes the channel reaches.
    private static func channelTables(routes: RouteList, registry: Registry,
                                      options: MatchOptions) -> [RouteTable<Int>?] {
        var named: UInt16 = 0
        for module in routes.modules where module.descriptions.hasChannelRoutes {
            for index in 0..<module.count { named |= module.exposure(index).channelMask ?? 0 }
        }
        guard named != 0 else { return [] }
        return OpenSource.channels.map { channel in
            guard named & channel.channelBit != 0 else { return nil }
            var builder = RouteTableBuilder<Int>(options: options)
            for (module, converter) in registry.converters { builder.declare(converter, owner: module) }
            for (slot, module) in routes.modules.enumerated() {
                for index in 0..<module.count where module.exposure(index).isReachable(from: channel) {
                    builder.add(module.patterns[index], value: RouteList.id(slot: slot, index: index), owner: module.module)
                }
            }
            // A subset of all routes, which built: it holds no problem of its own.
            do { return try builder.build() } catch {
                preconditionFailure("the routes of a channel failed where all routes built: \(error)")
            }
        }
    }

    /// The channels' tables of `base` with the routes of `module` (kept in slot `slot`) added:
    /// each extends the channel's table, or the external table for a channel the module is the
    /// first to name; a table the module adds nothing to is shared.
    private static func channelTables(extending base: Snapshot, with module: ModuleRoutes,
                                      slot: Int) -> [RouteTable<Int>?] {
        var named: UInt16 = 0
        for (index, table) in base.channelTables.enumerated() where table != nil { named |= OpenSource.channels[index].channelBit }
        if module.descriptions.hasChannelRoutes {
            for index in 0..<module.count { named |= module.exposure(index).channelMask ?? 0 }
        }
        guard named != 0 else { return [] }
        return OpenSource.channels.enumerated().map { place, channel in
            guard named & channel.channelBit != 0 else { return nil }
            let start = base.channelTables.isEmpty ? nil : base.channelTables[place]
            let added = (0..<module.count).filter { module.exposure($0).isReachable(from: channel) }
            if let start, added.isEmpty { return start }
            var builder = RouteTableBuilder<Int>(extending: start ?? base.external)
            for index in added {
                builder.add(module.patterns[index], value: RouteList.id(slot: slot, index: index), owner: module.module)
            }
            do { return try builder.build() } catch {
                preconditionFailure("the routes of a channel failed where all routes built: \(error)")
            }
        }
    }

    func table(for source: OpenSource) -> RouteTable<Int> {
        guard source.isExternal else { return all }
        if !channelTables.isEmpty, let index = source.channelIndex, let table = channelTables[index] { return table }
        return external
    }

    /// The lookup of `url` in the table `source` sees. A method, so that the table is read
    /// in place: copied out (``table(for:)``), its trie and values were retained and
    /// released around every lookup.
    func match(_ url: String, from source: OpenSource) -> MatchResult<Int> {
        guard source.isExternal else { return all.match(url) }
        if !channelTables.isEmpty, let index = source.channelIndex, let table = channelTables[index] {
            return table.match(url)
        }
        return external.match(url)
    }
}

/// The routes of a published table: its modules' routes, in registration order. A route is
/// known by an id that packs its module's slot and its place in the module; the tables'
/// values and the names map to ids.
struct RouteList: Sendable, Sequence {
    let modules: [ModuleRoutes]

    static func id(slot: Int, index: Int) -> Int { slot << 32 | index }

    subscript(id: Int) -> RegisteredRoute {
        modules[id >> 32][id & 0xFFFF_FFFF]
    }

    /// The decoding of route `id`, when it is a typed route.
    func typedDecoding(of id: Int) -> TypedDecoding? {
        modules[id >> 32].typedDecoding(at: id & 0xFFFF_FFFF)
    }

    /// The decoding of the route `info` describes, when it is a typed route of this table.
    func typedDecoding(of info: RouteInfo) -> TypedDecoding? {
        modules.first { $0.descriptions === info.routes }?.typedDecoding(at: info.index)
    }

    func makeIterator() -> some IteratorProtocol<RegisteredRoute> {
        modules.lazy.flatMap { module in (0..<module.count).lazy.map { module[$0] } }.makeIterator()
    }

    /// What the routes are, in registration order, without their handlers.
    var infos: [RouteInfo] {
        modules.flatMap { module in (0..<module.count).map { RouteInfo(module.descriptions, $0) } }
    }
}
