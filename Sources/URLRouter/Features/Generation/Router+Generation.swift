import PatternMatcher

extension Router {
    /// Writes the URL for a registered route, named by its route name or its pattern
    /// (Matching rules, "Generating URLs"); matching the result opens that route with
    /// exactly these parameters.
    ///
    /// ```swift
    /// try router.url(for: "book", parameters: ["id": "42"])                  // "reader://book/42"
    /// try router.url(for: "reader://book/<int:id>", parameters: ["id": "42", "from": "a&b"])
    /// // "reader://book/42?from=a%26b"
    /// ```
    /// Parameters the pattern does not capture become query items, sorted by name, every
    /// byte outside RFC 3986's unreserved set (`A-Z a-z 0-9 - . _ ~`) percent-encoded, so
    /// `+`, `&`, `=` and `#` arrive as written: `request.query`, `request.string(_:)` and
    /// `mergedParameters` read them back unchanged.
    /// - Throws: `GenerationError` when no such route is registered, or a path value is
    ///   missing, empty or rejected by its converter.
    public func url(for nameOrPattern: String, parameters: [String: String] = [:]) throws(GenerationError) -> String {
        let snapshot = current
        let pattern = snapshot.names[nameOrPattern].map { snapshot.routes[$0].info.pattern } ?? nameOrPattern
        let path = try snapshot.all.url(for: pattern, parameters: parameters)
        let captured = Set((try? RoutePattern(pattern, converters: snapshot.converterNames))?.parameterNames ?? [])
        let query = parameters.filter { !captured.contains($0.key) }
            .sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            .map { Self.queryEncoded($0.key) + "=" + Self.queryEncoded($0.value) }
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }

    /// `text` with every byte outside RFC 3986's unreserved characters written `%XX`.
    static func queryEncoded(_ text: String) -> String {
        var encoded = ""
        encoded.unicodeScalars.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".unicodeScalars)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded.unicodeScalars.append("%")
                encoded.unicodeScalars.append(hex[Int(byte >> 4)])
                encoded.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return encoded
    }

    /// Writes the URL for a route from values given in the order of its parameters
    /// (MGJRouter's `generateURLWithPattern:parameters:`).
    ///
    /// ```swift
    /// try router.url(for: "reader://user/:id/book/:book", values: ["7", "42"])  // "reader://user/7/book/42"
    /// ```
    /// - Throws: `GenerationError` when the route is unknown, a value is missing, empty or
    ///   rejected; extra values are an error too, so a mistake is never silently dropped.
    public func url(for nameOrPattern: String, values: [String]) throws(GenerationError) -> String {
        let snapshot = current
        let pattern = snapshot.names[nameOrPattern].map { snapshot.routes[$0].info.pattern } ?? nameOrPattern
        return try snapshot.all.url(for: pattern, values: values)
    }
}
