import PatternMatcher

/// Reads a ``TypedRoute`` value from a match: each property from the path parameter of
/// its name, else from the last query item of its name, else from the type's
/// ``TypedRoute/queryDefaults``.
///
/// A class, so that the decoder a type's `init(from:)` receives is one reference: reading
/// scalar properties allocates nothing but this object and the container box that
/// `KeyedDecodingContainer` requires.
final class RouteValueDecoder: Decoder {
    let shape: TypedRouteShape
    let parameters: PathParameters
    let query: QueryItems
    /// Whether `parameters` come from a match of the shape's own pattern: then a path name's
    /// value is the parameter at its place, and any other name is looked for in the query alone
    /// (asking the parameters first was a wasted search for each query property).
    let matchesOwnPattern: Bool
    /// The open being decoded, for the ``InAppLink`` values it carries; `nil` outside a router.
    let links: LinkCheck?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(shape: TypedRouteShape, parameters: PathParameters, query: QueryItems, matchesOwnPattern: Bool,
         links: LinkCheck? = nil) {
        self.links = links
        self.shape = shape
        self.parameters = parameters
        self.query = query
        self.matchesOwnPattern = matchesOwnPattern
    }

    /// The text of property `key`, or `nil` when the URL has none and there is no default.
    func text(_ key: String) -> Substring? {
        if !matchesOwnPattern {
            if let value = parameters.value(named: key) { return value }
        } else if let index = shape.pathNames.firstIndex(of: key) {
            // The pattern's own parameters, in its order: found by place, not by comparing the
            // names the match reads from the table.
            assert(parameters.names[index] == key, "the parameters of \(shape.patternText) are in its order")
            return parameters.value(at: index)
        }
        if let value = query.value(named: key) { return value }
        return shape.defaults[key].map { Substring($0) }
    }

    /// Every query value of property `key`, for a list; the default, when none is given.
    func texts(_ key: String) -> [Substring] {
        let values = query.values(named: key)
        if values.isEmpty, let value = shape.defaults[key] { return [Substring(value)] }
        return values.map { Substring($0) }
    }

    /// The value of an optional property: `nil` when absent, an error when present and not a `T`.
    func optionalScalar<T: URLScalar>(_ type: T.Type, _ key: String) throws(TypedRouteError) -> T? {
        guard let text = text(key) else { return nil }
        guard let value = T(urlText: text) else {
            throw .invalidValue(key, text: String(text), expected: "\(T.self)", in: shape.typeName)
        }
        return value
    }

    func scalar<T: URLScalar>(_ type: T.Type, _ key: String) throws(TypedRouteError) -> T {
        guard let text = text(key) else { throw .missing(key, in: shape.typeName) }
        guard let value = T(urlText: text) else {
            throw .invalidValue(key, text: String(text), expected: "\(T.self)", in: shape.typeName)
        }
        return value
    }

    /// A `DecodingError` a property's own `init(from:)` threw (a `UUID` that is not one), as
    /// the error that names the key and its text.
    func describe(_ error: DecodingError) -> TypedRouteError {
        let context: DecodingError.Context? = switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
             .valueNotFound(_, let context): context
        @unknown default: nil
        }
        guard let key = context?.codingPath.first?.stringValue else {
            return .other(context?.debugDescription ?? "\(error)", key: nil, in: shape.typeName)
        }
        guard let text = text(key) else { return .missing(key, in: shape.typeName) }
        return .invalidValue(key, text: String(text), expected: context?.debugDescription ?? "value", in: shape.typeName)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedFieldDecoder<Key>(source: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw TypedRouteError.unsupportedShape(nil, "a list, not a struct of properties", in: shape.typeName)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw TypedRouteError.unsupportedShape(nil, "a single value, not a struct of properties", in: shape.typeName)
    }
}

/// The route's properties.
struct KeyedFieldDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let source: RouteValueDecoder
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        var names = parameters(source.parameters)
        for item in source.query { names.append(String(item.name)) }
        names += source.shape.defaults.keys
        return names.compactMap { Key(stringValue: $0) }
    }

    private func parameters(_ parameters: PathParameters) -> [String] {
        parameters.map { String($0.name) }
    }

    func contains(_ key: Key) -> Bool { source.text(key.stringValue) != nil || !source.texts(key.stringValue).isEmpty }
    func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try source.scalar(type, key.stringValue) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try source.scalar(type, key.stringValue) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try source.scalar(type, key.stringValue) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try source.scalar(type, key.stringValue) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try source.scalar(type, key.stringValue) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try source.scalar(type, key.stringValue) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try source.scalar(type, key.stringValue) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try source.scalar(type, key.stringValue) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try source.scalar(type, key.stringValue) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try source.scalar(type, key.stringValue) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try source.scalar(type, key.stringValue) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try source.scalar(type, key.stringValue) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try source.scalar(type, key.stringValue) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try source.scalar(type, key.stringValue) }

    // An optional scalar is read once, instead of `contains`, `decodeNil` and `decode`
    // each looking it up.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try source.optionalScalar(type, key.stringValue) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try source.optionalScalar(type, key.stringValue) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try source.optionalScalar(type, key.stringValue) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try source.optionalScalar(type, key.stringValue) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try source.optionalScalar(type, key.stringValue) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try source.optionalScalar(type, key.stringValue) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try source.optionalScalar(type, key.stringValue) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try source.optionalScalar(type, key.stringValue) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try source.optionalScalar(type, key.stringValue) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try source.optionalScalar(type, key.stringValue) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try source.optionalScalar(type, key.stringValue) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try source.optionalScalar(type, key.stringValue) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try source.optionalScalar(type, key.stringValue) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try source.optionalScalar(type, key.stringValue) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let field = FieldDecoder(key: key.stringValue, source: source)
        do {
            return try T(from: field)
        } catch let error as TypedRouteError {
            throw error
        } catch {
            guard let text = source.text(key.stringValue) else { throw TypedRouteError.missing(key.stringValue, in: source.shape.typeName) }
            throw TypedRouteError.invalidValue(key.stringValue, text: String(text), expected: "\(T.self)", in: source.shape.typeName)
        }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw TypedRouteError.unsupportedShape(key.stringValue, "a nested type", in: source.shape.typeName)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try FieldDecoder(key: key.stringValue, source: source).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        throw TypedRouteError.unsupportedShape(nil, "a subclass", in: source.shape.typeName)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        throw TypedRouteError.unsupportedShape(key.stringValue, "a subclass", in: source.shape.typeName)
    }
}

/// One property whose type decodes itself: a single value (`UUID`, a raw-value enum) or a
/// list (repeated query items).
struct FieldDecoder: Decoder, URLScalarDecodingContainer {
    let key: String
    let source: RouteValueDecoder
    var codingPath: [any CodingKey] { [AnyKey(stringValue: key)] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw TypedRouteError.unsupportedShape(key, "a nested type", in: source.shape.typeName)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if source.parameters[key] != nil { throw TypedRouteError.unsupportedShape(key, "a list in the path", in: source.shape.typeName) }
        return FieldListDecoder(key: key, source: source, texts: source.texts(key))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { source.text(key) == nil }
    func scalar<T: URLScalar>(_ type: T.Type) throws -> T { try source.scalar(type, key) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}

/// An array property: the query items of its name, in order.
struct FieldListDecoder: UnkeyedDecodingContainer {
    let key: String
    let source: RouteValueDecoder
    let texts: [Substring]
    var codingPath: [any CodingKey] { [AnyKey(stringValue: key)] }
    var count: Int? { texts.count }
    var isAtEnd: Bool { currentIndex >= texts.count }
    private(set) var currentIndex = 0

    init(key: String, source: RouteValueDecoder, texts: [Substring]) {
        self.key = key
        self.source = source
        self.texts = texts
    }

    private mutating func next<T: URLScalar>(_ type: T.Type) throws(TypedRouteError) -> T {
        guard currentIndex < texts.count else { throw .missing(key, in: source.shape.typeName) }
        let text = texts[currentIndex]
        guard let value = T(urlText: text) else {
            throw .invalidValue(key, text: String(text), expected: "\(T.self)", in: source.shape.typeName)
        }
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard currentIndex < texts.count else { throw TypedRouteError.missing(key, in: source.shape.typeName) }
        let text = texts[currentIndex]
        do {
            let value = try T(from: ListElementDecoder(key: key, text: text, source: source))
            currentIndex += 1
            return value
        } catch let error as TypedRouteError {
            throw error
        } catch {
            throw TypedRouteError.invalidValue(key, text: String(text), expected: "\(T.self)", in: source.shape.typeName)
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw TypedRouteError.unsupportedShape(key, "a list of nested types", in: source.shape.typeName)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw TypedRouteError.unsupportedShape(key, "a list of lists", in: source.shape.typeName)
    }

    mutating func superDecoder() throws -> any Decoder {
        throw TypedRouteError.unsupportedShape(key, "a subclass", in: source.shape.typeName)
    }
}

/// One element of a list whose type decodes itself from a single value.
struct ListElementDecoder: Decoder, URLScalarDecodingContainer {
    let key: String
    let text: Substring
    let source: RouteValueDecoder
    var codingPath: [any CodingKey] { [AnyKey(stringValue: key)] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw TypedRouteError.unsupportedShape(key, "a list of nested types", in: source.shape.typeName)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw TypedRouteError.unsupportedShape(key, "a list of lists", in: source.shape.typeName)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func scalar<T: URLScalar>(_ type: T.Type) throws(TypedRouteError) -> T {
        guard let value = T(urlText: text) else {
            throw .invalidValue(key, text: String(text), expected: "\(T.self)", in: source.shape.typeName)
        }
        return value
    }

    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}

/// A single-value container that reads every scalar type through one generic method, so each
/// container states how it finds a value once instead of once per type.
protocol URLScalarDecodingContainer: SingleValueDecodingContainer {
    func scalar<T: URLScalar>(_ type: T.Type) throws -> T
}

extension URLScalarDecodingContainer {
    func decode(_ type: Bool.Type) throws -> Bool { try scalar(type) }
    func decode(_ type: String.Type) throws -> String { try scalar(type) }
    func decode(_ type: Double.Type) throws -> Double { try scalar(type) }
    func decode(_ type: Float.Type) throws -> Float { try scalar(type) }
    func decode(_ type: Int.Type) throws -> Int { try scalar(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try scalar(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try scalar(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try scalar(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try scalar(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try scalar(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar(type) }
}
