import PatternMatcher

/// What registration checks of a ``TypedRoute`` type against its pattern (see
/// <doc:TypedRoutes>, "What registration checks").
enum TypedRouteCheck {
    /// One mismatch: the property (if one is concerned) and what is wrong.
    struct Problem: Hashable {
        let type: String
        let property: String?
        let reason: String
    }

    /// What registration finds of a type: its problems, and the parents of the value made
    /// from placeholders.
    struct Findings: Sendable {
        let problems: [Problem]
        let parents: ParentChain
    }

    /// The outcome of checking `route`, found at its first registration in the process and
    /// kept with its shape: like the shape, it depends on the type alone, and a second router
    /// of the same types need not decode and encode each again. The type's code runs outside
    /// the lock; two threads racing on a new type both check it, and the first kept wins.
    static func outcome<R: TypedRoute>(of route: R.Type, shape: TypedRouteShape) -> Findings {
        if let outcome = shape.keptFindings { return outcome }
        // An existential, not an `R?`: the runtime made the metadata of `Optional<R>` for each type.
        var probed: (any TypedRoute)?
        let found = problems(of: route, shape: shape, probed: &probed) + presentationProblems(of: route, shape: shape)
        return shape.keep(Findings(problems: found, parents: ParentChain(of: probed)))
    }

    /// - Parameter probed: set to the value registration made from placeholders, when it made one.
    static func problems<R: TypedRoute>(of route: R.Type, shape: TypedRouteShape, probed: inout (any TypedRoute)?) -> [Problem] {
        // Named only for a problem: most types have none.
        func problem(_ property: String?, _ reason: String) -> Problem {
            Problem(type: shape.typeName, property: property, reason: reason)
        }
        guard case .success = shape.pattern else {
            if case .failure(let error) = shape.pattern, let parse = error.patternError {
                return [problem(nil, "the pattern is invalid: \(parse)")]
            }
            return [problem(nil, "the pattern is invalid")]
        }
        // The keys in the order decoding reads them, and how: a few, searched in order (sets of
        // them cost their hashing and storage for every type at registration).
        var keys: [(name: String, use: TypedRouteProbe.KeyUse)] = []
        var problems: [Problem] = []
        switch TypedRouteProbe.probe(route) {
        case .unsupported(let error):
            return [problem(error.key, error.description)]
        case .keys(let read, let value, let absent):
            probed = value
            keys = read
            problems += encodingProblems(of: value, shape: shape, read: keys, absent: absent)
                .map { problem($0.key, $0.reason) }
        case .failed(let reason, let key, let unfit):
            guard let declared = R.declaredKeys else {
                if let key, let unfit {
                    // A default helps a single query value, not a path value or a list.
                    let takesDefault = !unfit.isList && !shape.pathNames.contains(key)
                    return [problem(key, unprobed(key, unfit.type, default: R.queryDefaults[key], takesDefault: takesDefault))]
                }
                return [problem(nil, "cannot be probed with placeholder values (\(reason)): declare its keys in `declaredKeys`")]
            }
            keys = declared.required.union(declared.optional).sorted().map {
                ($0, TypedRouteProbe.KeyUse(isOptional: !declared.required.contains($0)))
            }
        }
        func use(of name: String) -> TypedRouteProbe.KeyUse? { keys.first { $0.name == name }?.use }
        let captured = shape.pathNames
        for name in captured {
            if let use = use(of: name) {
                if use.isList {
                    problems.append(problem(name, "the pattern captures '\(name)', which is a list: a path parameter holds one value"))
                } else if use.isOptional {
                    problems.append(problem(name, "the pattern captures '\(name)', so it must be a non-optional property"))
                }
            } else {
                problems.append(problem(name, "the pattern captures '\(name)', but the type has no property of that name"))
            }
        }
        let defaults = R.queryDefaults
        let declaredRequired = R.requiredQueryItems
        for (name, use) in keys where !use.isOptional && !captured.contains(name) && !use.isList {
            if declaredRequired.contains(name) || defaults[name] != nil { continue }
            problems.append(problem(name, "'\(name)' is required but the pattern does not capture it: make it optional, "
                + "give it a default in `queryDefaults`, or list it in `requiredQueryItems`"))
        }
        for name in declaredRequired.sorted() where use(of: name) == nil || captured.contains(name) {
            problems.append(problem(name, captured.contains(name)
                ? "'\(name)' is listed in `requiredQueryItems` but is a path parameter"
                : "'\(name)' is listed in `requiredQueryItems` but the type has no property of that name"))
        }
        for (name, text) in defaults.sorted(by: { $0.key < $1.key }) {
            if captured.contains(name) {
                problems.append(problem(name, "'\(name)' has a default in `queryDefaults` but is a path parameter"))
            } else if use(of: name) == nil {
                problems.append(problem(name, "'\(name)' has a default in `queryDefaults` but the type has no property of that name"))
            } else if let use = use(of: name), use.isList || use.isOptional {
                // The encoder leaves out a value equal to the default, and writes nothing for
                // `nil` or an empty list: both would read back as the default.
                let kind = use.isList ? "a list: an empty list" : "optional: nil"
                problems.append(problem(name, "'\(name)' has a default in `queryDefaults` but is \(kind) would be "
                    + "left out of the URL and read back as the default; give the default in `init(from:)` instead"))
            } else if let error = defaultError(route, key: name, text: text) {
                problems.append(problem(name, "its default in `queryDefaults` does not decode: \(error)"))
            }
        }
        return problems
    }

    /// What is wrong with the type's ``TypedRoute/presentation``: a look-alike of another type,
    /// which the router would not read (the user's line must work or fail to register), or a
    /// root presented modally.
    static func presentationProblems<R: TypedRoute>(of route: R.Type, shape: TypedRouteShape) -> [Problem] {
        // The type is named only for a problem, as in `problems(of:shape:probed:)`.
        guard R.DeclaredPresentation.self == Presentation.self else {
            let declared = Echo.quoted(TypeName.plain(R.DeclaredPresentation.self))
            return [Problem(type: shape.typeName, property: "presentation", reason:
                "'presentation' is a '\(declared)', not a 'Presentation', so the router would not read it: "
                + "declare `static var presentation: Presentation`")]
        }
        guard let reason = refusal(of: R.plannedPresentation, for: route) else { return [] }
        return [Problem(type: shape.typeName, property: "presentation", reason: reason)]
    }

    /// Why a route of `type` may not be presented as `presentation`, or `nil`: a root presented
    /// modally. What registration refuses of a declaration, and an install of a rules
    /// document of an override (see <doc:RulesFromAServer>).
    static func refusal(of presentation: Presentation, for type: any TypedRoute.Type) -> String? {
        // Modal first: asking whether a type the process has not seen is a root scans every
        // protocol conformance, which a launch of many typed routes would pay per type.
        guard presentation.isModal, type is any RootRoute.Type else { return nil }
        return "it is a RootRoute (a tab) presented as '\(presentation)': a root starts a stack and is never presented; "
            + "present a route above it instead"
    }

    /// Why a property of a type of the app's own (`valueType`, an enum) took no placeholder,
    /// with the lightest fix first: a `CaseIterable` enum is probed with its first case, and a
    /// query item's default with its text; declaring every key is the heavy one.
    private static func unprobed(_ key: String, _ valueType: String, default text: String?, takesDefault: Bool) -> String {
        let type = Echo.quoted(valueType)
        let name = Echo.quoted(key)
        var refused = "none of the placeholder values"
        if let text { refused += ", nor its default '\(Echo.quoted(text))' in `queryDefaults`" }
        var fixes = "if \(type) is an enum, make it `CaseIterable` (registration probes its first case)"
        if takesDefault && text == nil { fixes += ", or give '\(name)' a default in `queryDefaults`" }
        return "'\(name)' is a \(type), which takes \(refused): \(fixes); else declare the type's keys in `declaredKeys`"
    }

    /// What the type's `encode(to:)` writes that decoding would not read back as the same
    /// value: `value` (decoded from placeholders, which read the keys `read` and left the
    /// optional keys `absent` without a value) is encoded, and each key it writes must be
    /// one decoding reads, once unless it is a list; each key read with a value must be written.
    private static func encodingProblems(of value: any Encodable, shape: TypedRouteShape,
                                         read: [(name: String, use: TypedRouteProbe.KeyUse)],
                                         absent: Set<String>) -> [(key: String?, reason: String)] {
        let fields = EncodedFields(shape: shape)
        fields.writtenKeys = []
        fields.writtenKeys?.reserveCapacity(read.count)
        do {
            try value.encode(to: RouteValueEncoder(fields: fields))
        } catch let error as TypedRouteError {
            return [(error.key, "`encode(to:)` fails for a value decoding accepts: \(error)")]
        } catch {
            return [(nil, "`encode(to:)` fails for a value decoding accepts: \(Echo.quoted(String(describing: error)))")]
        }
        // Each key written and how often, in the order first written: a few, counted in the
        // list itself (a list of counts cost its allocations for every type).
        let keys = fields.writtenKeys ?? []
        var problems: [(key: String?, reason: String)] = []
        for (index, key) in keys.enumerated() where !keys[..<index].contains(key) {
            let count = keys[index...].count { $0 == key }
            guard let use = read.first(where: { $0.name == key })?.use else {
                problems.append((key, "`encode(to:)` writes '\(Echo.quoted(key))', which decoding does not read: "
                    + "its URLs would read back as another value"))
                continue
            }
            if count > 1, !use.isList {
                problems.append((key, "`encode(to:)` writes '\(Echo.quoted(key))' \(count) times: one value of it is read back"))
            }
        }
        for (key, _) in read where !keys.contains(key) && !absent.contains(key) {
            problems.append((key, "decoding reads '\(key)' but `encode(to:)` does not write it: "
                + "its URLs would read back as another value"))
        }
        return problems
    }

    /// Why the default `text` of `key` does not decode as the property's type, or `nil`
    /// when it does: `R` is probed with that text for the key.
    private static func defaultError<R: TypedRoute>(_ route: R.Type, key: String, text: String) -> String? {
        switch TypedRouteProbe.probe(route, fixed: [key: text]) {
        case .failed(let reason, key: key, _): reason
        case .keys, .unsupported, .failed: nil
        }
    }
}
