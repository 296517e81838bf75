import URLRouter

extension UniversalLinkShape {
    /// Universal links on `host` that open this route: its pattern written with sample
    /// values that fit each converter (`plainValue` for `:name`), once with a catch-all empty
    /// and once with `a/b`.
    /// Empty when a declared converter accepts none of the samples.
    func exampleURLs(host: String, converters: [any ParameterConverter], plainValue: String = "sample") -> [String] {
        // Anonymous `*` and `**` take names so that generation can fill them.
        guard let named = try? RoutePattern(Self.namingAnonymousSegments(in: pattern), converters: Set(converters.map(\.name)).union(Self.converterNames(in: pattern)))
        else { return [] }
        var values: [String: String] = [:]
        for segment in named.segments.dropFirst() where !segment.isCatchAll {
            guard let name = segment.parameterName else { continue }
            guard let value = segment.converterName == nil ? plainValue
                    : Self.sampleValue(for: segment.converterName, converters: converters) else { return [] }
            values[name] = value
        }
        let catchAll = named.segments.last.flatMap { $0.isCatchAll ? $0.parameterName : nil }
        let rests = catchAll == nil ? [nil] : ["", "a/b"]
        return rests.compactMap { rest in
            var filled = values
            if let catchAll, let rest { filled[catchAll] = rest }
            guard let url = try? named.url(parameters: filled, converters: converters) else { return nil }
            var tail = url.drop { $0 != ":" }.dropFirst()
            while tail.first == "/" { tail = tail.dropFirst() }
            return "https://\(host)/" + tail
        }
    }

    /// `pattern` with a `*` or `:name` scheme made the literal `x` (a universal link has no
    /// scheme of its own to capture), each anonymous `*` or `~` made `:__aasaN` and an
    /// anonymous `**` made `**__aasaRest`.
    static func namingAnonymousSegments(in pattern: String) -> String {
        var text = Substring(pattern)
        var scheme = "x"
        if text.hasPrefix("*:") {
            text = text.dropFirst(2)
        } else if text.hasPrefix(":"), let colon = text.dropFirst().firstIndex(of: ":") {
            text = text[text.index(after: colon)...]
        } else if let colon = text.firstIndex(of: ":") {
            scheme = String(text[..<colon])
            text = text[text.index(after: colon)...]
        }
        var index = 0
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map { part -> String in
            index += 1
            switch part {
            case "*", "~": return ":__aasa\(index)"
            case "**": return "**__aasaRest"
            default: return String(part)
            }
        }
        return scheme + ":" + parts.joined(separator: "/")
    }

    /// A value `converter` accepts: built-in samples, or the first of a few candidates a
    /// declared converter accepts.
    static func sampleValue(for converter: String?, converters: [any ParameterConverter]) -> String? {
        switch converter {
        case nil, "string"?: return "sample"
        case "int"?: return "42"
        case "double"?: return "4.5"
        case "uuid"?: return "e621e1f8-c36c-495a-93fc-0c247a3e6e5f"
        case let name?:
            guard let declared = converters.first(where: { $0.name == name }) else { return nil }
            return ["42", "sample", "4.5", "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "a", "A", "0"]
                .first { declared.accepts(Substring($0)) }
        }
    }
}
