/// A value a URL carries as text: the property types a ``TypedRoute`` may hold directly.
protocol URLScalar {
    init?(urlText: Substring)
    var urlText: String { get }
    /// A value for registration to probe a type with; later ones are tried when a type
    /// refuses the earlier ones.
    static var placeholders: [Self] { get }
}

extension String: URLScalar {
    init?(urlText: Substring) { self = String(urlText) }
    var urlText: String { self }
    static var placeholders: [String] { ["1", "00000000-0000-0000-0000-000000000000", "a", "true", ""] }
}

extension Bool: URLScalar {
    init?(urlText: Substring) {
        switch urlText {
        case "true", "1": self = true
        case "false", "0": self = false
        default: return nil
        }
    }
    var urlText: String { self ? "true" : "false" }
    static var placeholders: [Bool] { [true, false] }
}

// Integers and doubles are read with the `<int>` and `<double>` converters' grammars: the
// standard library's parsers also take `+5`, `.5`, `inf` or `0x1p3`, which a pattern refuses.
extension URLScalar where Self: FixedWidthInteger {
    init?(urlText: Substring) {
        guard NumberGrammar.isInteger(urlText, signed: Self.isSigned) else { return nil }
        self.init(urlText, radix: 10)
    }
    var urlText: String { String(self) }
    static var placeholders: [Self] { [1, 0] }
}

extension Int: URLScalar {}
extension Int8: URLScalar {}
extension Int16: URLScalar {}
extension Int32: URLScalar {}
extension Int64: URLScalar {}
extension UInt: URLScalar {}
extension UInt8: URLScalar {}
extension UInt16: URLScalar {}
extension UInt32: URLScalar {}
extension UInt64: URLScalar {}

// Only finite values are read or written: NaN is never equal to itself, and neither it nor an
// infinity has a text in the `<double>` grammar, so neither could come back from its own URL.
extension Double: URLScalar {
    init?(urlText: Substring) {
        guard NumberGrammar.isFiniteDouble(urlText), let value = Double(urlText), value.isFinite else { return nil }
        self = value
    }
    var urlText: String { description }
    static var placeholders: [Double] { [1] }
}

extension Float: URLScalar {
    init?(urlText: Substring) {
        guard NumberGrammar.isFiniteDouble(urlText), let value = Float(urlText), value.isFinite else { return nil }
        self = value
    }
    var urlText: String { description }
    static var placeholders: [Float] { [1] }
}

/// What encoding a value collected: the path values by name, and the query already written.
final class EncodedFields {
    let shape: TypedRouteShape
    /// The query items in encoding order, escaped, each after its `?` or `&`: written as they
    /// come, in the buffer the URL is then finished in (``TypedRouteShape/url(for:)`` appends
    /// the path and puts it first). A list of items, then a buffer, cost an allocation each.
    /// Unchecked: no user code runs during an access, so none can overlap; the runtime's check
    /// was a call on each access.
    @exclusivity(unchecked) var bytes: [UInt8] = []
    @exclusivity(unchecked) var path = PathValues()
    /// Every key written, in order, once per value (a list's key once per item), when
    /// registration checks what a type's `encode(to:)` writes; `nil` otherwise.
    var writtenKeys: [String]?

    init(shape: TypedRouteShape) {
        self.shape = shape
    }

    /// A number's text; NaN and infinities are refused here as they are when read, so a value
    /// that cannot come back is never written.
    func number<F: BinaryFloatingPoint & URLScalar>(_ value: F, _ key: String) throws(TypedRouteError) -> String {
        guard value.isFinite else {
            throw .invalidValue(key, text: value.urlText, expected: "a finite \(F.self)", in: shape.typeName)
        }
        return value.urlText
    }

    func put(_ text: String, for key: String, asListItem: Bool = false) throws(TypedRouteError) {
        writtenKeys?.append(key)
        guard shape.pathNames.contains(key) else {
            // A value equal to its default is left out: the URL reads the same without it.
            if !asListItem, shape.defaults[key] == text { return }
            // Registration's check collects the keys alone: no URL is made of them.
            if writtenKeys == nil { QueryEscaping.appendItem(key, text, to: &bytes) }
            return
        }
        if asListItem { throw .unsupportedShape(key, "a list in the path", in: shape.typeName) }
        path.set(text, for: key)
    }

    func unsupported(_ key: String?, _ shape: String) -> TypedRouteError {
        .unsupportedShape(key, shape, in: self.shape.typeName)
    }
}

/// The path values a value wrote, by name; a later value of a name replaces the earlier one.
/// The first is held apart: most patterns capture one value, and a list of them cost an
/// allocation on every ``TypedRoute/url()``.
struct PathValues {
    private var first: (name: String, value: String)?
    private var others: [(name: String, value: String)] = []

    mutating func set(_ value: String, for name: String) {
        if first == nil || first?.name == name {
            first = (name, value)
        } else if let index = others.firstIndex(where: { $0.name == name }) {
            others[index].value = value
        } else {
            others.append((name, value))
        }
    }

    /// The value written for path parameter `name`.
    func value(_ name: String) -> String? {
        if let first, first.name == name { return first.value }
        return others.first { $0.name == name }?.value
    }
}

/// Writes a ``TypedRoute`` value as path values and query items.
struct RouteValueEncoder: Encoder {
    let fields: EncodedFields
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedFieldEncoder<Key>(fields: fields))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        RefusingEncoder<AnyKey>(error: fields.unsupported(nil, "a list, not a struct of properties"))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        RefusingEncoder<AnyKey>(error: fields.unsupported(nil, "a single value, not a struct of properties"))
    }
}

/// The route's properties: each becomes a path value or query items.
struct KeyedFieldEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let fields: EncodedFields
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws {}
    mutating func encode(_ value: Bool, forKey key: Key) throws { try fields.put(value.urlText, for: key.stringValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { try fields.put(value, for: key.stringValue) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try fields.put(fields.number(value, key.stringValue), for: key.stringValue) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try fields.put(fields.number(value, key.stringValue), for: key.stringValue) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try fields.put(value.urlText, for: key.stringValue) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try fields.put(value.urlText, for: key.stringValue) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try fields.put(value.urlText, for: key.stringValue) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try fields.put(value.urlText, for: key.stringValue) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try fields.put(value.urlText, for: key.stringValue) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try fields.put(value.urlText, for: key.stringValue) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try fields.put(value.urlText, for: key.stringValue) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try fields.put(value.urlText, for: key.stringValue) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try fields.put(value.urlText, for: key.stringValue) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try fields.put(value.urlText, for: key.stringValue) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try value.encode(to: FieldEncoder(key: key.stringValue, fields: fields))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingEncoder<NestedKey>(error: fields.unsupported(key.stringValue, "a nested type")))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        FieldListEncoder(key: key.stringValue, fields: fields)
    }

    mutating func superEncoder() -> any Encoder {
        RefusingEncoder<Key>(error: fields.unsupported(nil, "a subclass"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        RefusingEncoder<Key>(error: fields.unsupported(key.stringValue, "a subclass"))
    }
}

/// One property whose type encodes itself: a single value (`UUID`, a raw-value enum) or a
/// list (an array: repeated query items).
struct FieldEncoder: Encoder, SingleValueEncodingContainer {
    let key: String
    let fields: EncodedFields
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RefusingEncoder<Key>(error: fields.unsupported(key, "a nested type")))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { FieldListEncoder(key: key, fields: fields) }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    mutating func encodeNil() throws {}
    mutating func encode(_ value: Bool) throws { try fields.put(value.urlText, for: key) }
    mutating func encode(_ value: String) throws { try fields.put(value, for: key) }
    mutating func encode(_ value: Double) throws { try fields.put(fields.number(value, key), for: key) }
    mutating func encode(_ value: Float) throws { try fields.put(fields.number(value, key), for: key) }
    mutating func encode(_ value: Int) throws { try fields.put(value.urlText, for: key) }
    mutating func encode(_ value: Int8) throws { try fields.put(value.urlText, for: key) }
    mutating func encode(_ value: Int16) throws { try fields.put(value.urlText, for: key) }
    mutating func encode(_ value: Int32) throws { try fields.put(value.urlText, for: key) }
    mutating func encode(_ value: Int64) throws { try fields.put(value.urlText, for: key) }
    mutating func encode(_ value: UInt) throws { try fields.put(value.urlText, for: key) }
    mutating func encode(_ value: UInt8) throws { try fields.put(value.urlText, for: key) }
    mutating func encode(_ value: UInt16) throws { try fields.put(value.urlText, for: key) }
    mutating func encode(_ value: UInt32) throws { try fields.put(value.urlText, for: key) }
    mutating func encode(_ value: UInt64) throws { try fields.put(value.urlText, for: key) }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: self) }
}

/// An array property: one query item per element, in order.
struct FieldListEncoder: UnkeyedEncodingContainer {
    let key: String
    let fields: EncodedFields
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(key: String, fields: EncodedFields) {
        self.key = key
        self.fields = fields
    }

    private mutating func put(_ text: String) throws {
        try fields.put(text, for: key, asListItem: true)
        count += 1
    }

    mutating func encodeNil() throws { throw fields.unsupported(key, "a list with nil elements") }
    mutating func encode(_ value: Bool) throws { try put(value.urlText) }
    mutating func encode(_ value: String) throws { try put(value) }
    mutating func encode(_ value: Double) throws { try put(fields.number(value, key)) }
    mutating func encode(_ value: Float) throws { try put(fields.number(value, key)) }
    mutating func encode(_ value: Int) throws { try put(value.urlText) }
    mutating func encode(_ value: Int8) throws { try put(value.urlText) }
    mutating func encode(_ value: Int16) throws { try put(value.urlText) }
    mutating func encode(_ value: Int32) throws { try put(value.urlText) }
    mutating func encode(_ value: Int64) throws { try put(value.urlText) }
    mutating func encode(_ value: UInt) throws { try put(value.urlText) }
    mutating func encode(_ value: UInt8) throws { try put(value.urlText) }
    mutating func encode(_ value: UInt16) throws { try put(value.urlText) }
    mutating func encode(_ value: UInt32) throws { try put(value.urlText) }
    mutating func encode(_ value: UInt64) throws { try put(value.urlText) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        // An element that encodes itself (a UUID, a raw-value enum) must give one value.
        let element = ListElementEncoder(key: key, fields: fields)
        try value.encode(to: element)
        guard let text = element.box.text else { throw fields.unsupported(key, "a list of values that are not single values") }
        try put(text)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingEncoder<NestedKey>(error: fields.unsupported(key, "a list of nested types")))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        RefusingEncoder<AnyKey>(error: fields.unsupported(key, "a list of lists"))
    }

    mutating func superEncoder() -> any Encoder {
        RefusingEncoder<AnyKey>(error: fields.unsupported(key, "a subclass"))
    }
}

/// One element of a list that encodes itself: it must give exactly one value.
struct ListElementEncoder: Encoder, SingleValueEncodingContainer {
    final class Box {
        var text: String?
    }
    let key: String
    let fields: EncodedFields
    let box = Box()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RefusingEncoder<Key>(error: fields.unsupported(key, "a list of nested types")))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        RefusingEncoder<AnyKey>(error: fields.unsupported(key, "a list of lists"))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    private func set(_ text: String) throws {
        guard box.text == nil else { throw fields.unsupported(key, "a list element of several values") }
        box.text = text
    }

    mutating func encodeNil() throws { throw fields.unsupported(key, "a list with nil elements") }
    mutating func encode(_ value: Bool) throws { try set(value.urlText) }
    mutating func encode(_ value: String) throws { try set(value) }
    mutating func encode(_ value: Double) throws { try set(fields.number(value, key)) }
    mutating func encode(_ value: Float) throws { try set(fields.number(value, key)) }
    mutating func encode(_ value: Int) throws { try set(value.urlText) }
    mutating func encode(_ value: Int8) throws { try set(value.urlText) }
    mutating func encode(_ value: Int16) throws { try set(value.urlText) }
    mutating func encode(_ value: Int32) throws { try set(value.urlText) }
    mutating func encode(_ value: Int64) throws { try set(value.urlText) }
    mutating func encode(_ value: UInt) throws { try set(value.urlText) }
    mutating func encode(_ value: UInt8) throws { try set(value.urlText) }
    mutating func encode(_ value: UInt16) throws { try set(value.urlText) }
    mutating func encode(_ value: UInt32) throws { try set(value.urlText) }
    mutating func encode(_ value: UInt64) throws { try set(value.urlText) }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: self) }
}

/// A coding key for containers that have none of their own.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

/// A container for a shape a URL cannot carry: every use throws the error that names it.
/// (Encoders cannot throw where a container is asked for, only where it is used.)
struct RefusingEncoder<Key: CodingKey>: Encoder, KeyedEncodingContainerProtocol, UnkeyedEncodingContainer,
    SingleValueEncodingContainer {
    let error: TypedRouteError
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var count: Int { 0 }

    func container<K: CodingKey>(keyedBy type: K.Type) -> KeyedEncodingContainer<K> {
        KeyedEncodingContainer(RefusingEncoder<K>(error: error))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { self }
    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    mutating func encodeNil(forKey key: Key) throws { throw error }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw error }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type,
                                                        forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingEncoder<NestedKey>(error: error))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { self }
    mutating func superEncoder() -> any Encoder { self }
    mutating func superEncoder(forKey key: Key) -> any Encoder { self }

    mutating func encodeNil() throws { throw error }
    mutating func encode<T: Encodable>(_ value: T) throws { throw error }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RefusingEncoder<NestedKey>(error: error))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { self }
}
