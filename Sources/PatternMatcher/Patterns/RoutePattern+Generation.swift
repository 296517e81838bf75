extension RoutePattern {
    /// Writes the URL for this pattern with the given parameter values (Matching rules, "Generating URLs").
    ///
    /// Literals and values are percent-encoded (`%XX`, uppercase) outside RFC 3986 `pchar`,
    /// so a value stays one segment; a catch-all value keeps its `/`. Matching the result
    /// against this pattern gives back exactly `parameters`.
    ///
    /// ```swift
    /// try RoutePattern("reader://book/:id").url(parameters: ["id": "a b"])  // "reader://book/a%20b"
    /// ```
    /// - Parameters:
    ///   - parameters: a value for every named segment.
    ///   - converters: declared converters that check `<name:…>` values.
    /// - Throws: ``GenerationError`` for a missing, empty or rejected value, or an anonymous `*`.
    public func url(parameters: [String: String],
                    converters: [any ParameterConverter] = []) throws(GenerationError) -> String {
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        try write(into: &output, value: { parameters[$0] }, converters: converters)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the URL for this pattern to `output`, reading each parameter's value from
    /// `value`: ``url(parameters:converters:)`` without a dictionary or a string of its own,
    /// for a caller that appends more (a typed route's query).
    package func write(into output: inout [UInt8], value valueOf: (String) -> String?,
                       converters: [any ParameterConverter] = []) throws(GenerationError) {
        let firstAfterScheme = hasScheme ? 1 : 0
        for position in segments.indices {
            let isScheme = hasScheme && position == 0
            let isHost = hasScheme && hasHost && position == 1
            // A ':' in the first segment of a scheme-less URL would read as a scheme.
            let strict = isHost || (!hasScheme && position == 0)
            // Each segment is written in place after its separator, which is taken back if the
            // segment is empty (a buffer per URL for the segment's text cost an allocation).
            let segmentStart = output.count
            if !isScheme { appendSeparator(at: position, firstAfterScheme: firstAfterScheme, to: &output) }
            let contentStart = output.count
            switch segments[position].kind {
            case .literal(let literal):
                if isScheme { append(literal, to: &output) } else {
                    encode(literal, into: &output, keepSlash: false, strict: strict)
                }
            case .wildcard:
                throw .anonymousWildcard(column: segments[position].column, pattern: text)
            case .parameter(let name, let converter):
                guard let value = valueOf(name) else { throw .missingParameter(name, pattern: text) }
                guard !value.isEmpty else { throw .emptyValue(name, pattern: text) }
                try check(value, name: name, converter: converter, converters: converters)
                try writeParameter(value, name: name, isScheme: isScheme, isHost: isHost, strict: strict, into: &output)
            case .catchAll(let name):
                var value = ""
                if let name {
                    guard let given = valueOf(name) else { throw .missingParameter(name, pattern: text) }
                    value = given
                }
                try writeCatchAll(value, name: name, isHost: isHost, strict: strict, into: &output)
            }
            // An empty catch-all adds nothing, not even its slash (but keeps "://").
            if !isScheme && position != firstAfterScheme && output.count == contentStart {
                output.removeSubrange(segmentStart...)
            }
        }
        if hasScheme && segments.count == 1 {
            append(hasAuthority ? "://" : ":", to: &output)
        }
    }

    /// Writes a parameter's value for its place: a scheme as it is (checked), a host or a
    /// path segment percent-encoded.
    private func writeParameter(_ value: String, name: String, isScheme: Bool, isHost: Bool, strict: Bool,
                                into output: inout [UInt8]) throws(GenerationError) {
        guard isScheme else {
            if isHost, value.utf8.contains(where: ASCII.isUpper) {
                throw .rejectedValue(name, value: value, reason:
                    "a host is matched lowercased, so its value cannot hold capital letters", pattern: text)
            }
            encode(value, into: &output, keepSlash: false, strict: strict)
            return
        }
        let bytes = Array(value.utf8)
        guard ASCII.isAlpha(bytes[0]), bytes.allSatisfy(ASCII.isSchemeCharacter),
              !bytes.contains(where: ASCII.isUpper) else {
            throw .rejectedValue(name, value: value, reason:
                "a scheme is a lowercase letter followed by letters, digits, '+', '-' or '.'", pattern: text)
        }
        output += bytes
    }

    /// Writes a catch-all's value, its `/`s kept.
    private func writeCatchAll(_ value: String, name: String?, isHost: Bool, strict: Bool,
                               into output: inout [UInt8]) throws(GenerationError) {
        let leadingSlash = value.utf8.first == ASCII.slash
        guard isHost else {
            // A leading '/' written as a separator would make an empty first segment, which
            // matching drops: written escaped, the value reads back as it was. Inner slashes
            // stay separators.
            if leadingSlash { append("%2F", to: &output) }
            encode(leadingSlash ? String(value.utf8.dropFirst())! : value, into: &output, keepSlash: true, strict: strict)
            return
        }
        if leadingSlash {
            throw .rejectedValue(name ?? "**", value: value, reason:
                "a catch-all value at the host cannot start with '/': a URL's host is not empty there", pattern: text)
        }
        // The host part is matched as written up to the first '/'; keep ':' and '@' in it
        // from being read as a port or userinfo.
        let slash = value.utf8.firstIndex(of: ASCII.slash) ?? value.utf8.endIndex
        encode(String(value[..<slash]), into: &output, keepSlash: false, strict: true)
        encode(String(value[slash...]), into: &output, keepSlash: true, strict: false)
    }

    /// Appends what separates the segment at `position` (not the scheme) from the one before.
    private func appendSeparator(at position: Int, firstAfterScheme: Int, to output: inout [UInt8]) {
        if position != firstAfterScheme {
            output.append(ASCII.slash)
        } else if hasScheme {
            // With an empty authority (`reader:///:id`) the first segment is a path
            // segment: written after `://` it would be read back as the host,
            // lowercased and split at ':' and '@'.
            append(hasAuthority ? (hasHost ? "://" : ":///") : ":", to: &output)
        } else if hasLeadingSlash {
            output.append(ASCII.slash)
        }
    }

    /// Appends `text` as it is: its bytes at once, not one by one as a sequence.
    private func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    private func check(_ value: String, name: String, converter: String?,
                       converters: [any ParameterConverter]) throws(GenerationError) {
        guard let converter else { return }
        let accepted: Bool
        if let builtIn = BuiltInConverter(name: converter) {
            var copy = value
            accepted = copy.withUTF8 { builtIn.accepts($0) }
        } else if let custom = converters.first(where: { $0.name == converter }) {
            accepted = custom.accepts(Substring(value))
        } else {
            throw .rejectedValue(name, value: value, reason: "converter '\(converter)' is not declared", pattern: text)
        }
        if !accepted {
            throw .rejectedValue(name, value: value, reason: "not a valid '\(converter)'", pattern: text)
        }
    }

    /// Percent-encodes every byte outside `pchar`; `keepSlash` leaves `/` for catch-alls,
    /// `strict` also encodes `:` and `@` where they would change how the URL parses.
    private func encode(_ text: String, into output: inout [UInt8], keepSlash: Bool, strict: Bool) {
        // Over the contiguous bytes, not the `utf8` view: its iterator did far more work a byte.
        var text = text
        text.withUTF8 { encode($0, into: &output, keepSlash: keepSlash, strict: strict) }
    }

    private func encode(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], keepSlash: Bool, strict: Bool) {
        for byte in bytes {
            let plain = (ASCII.isPathCharacter(byte) || (keepSlash && byte == ASCII.slash))
                && !(strict && (byte == ASCII.colon || byte == ASCII.at))
            if plain {
                output.append(byte)
            } else {
                output.append(ASCII.percent)
                output.append(ASCII.upperHexDigits[Int(byte >> 4)])
                output.append(ASCII.upperHexDigits[Int(byte & 0x0F)])
            }
        }
    }
}
