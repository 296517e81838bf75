/// Finds a ``TypedRoute`` type's keys at registration by decoding it from placeholders:
/// which properties it reads, whether each is required (`decode`) or optional
/// (`decodeIfPresent`), a list, or a nested type a URL cannot carry.
///
/// A type may refuse a placeholder (a `UUID` refuses `"1"`, a raw-value enum refuses a
/// text that is none of its cases): the probe then tries the next placeholder for the key
/// that was read last, a bounded number of times, and last the key's own text in
/// ``TypedRoute/queryDefaults``, which the type is meant to accept. When none fits, probing
/// fails and registration uses ``TypedRoute/declaredKeys``.
struct TypedRouteProbe {
    struct KeyUse: Equatable {
        var isOptional = false
        var isList = false
    }

    enum Reading {
        /// The keys read, in order; the value decoded from the placeholders, and the optional
        /// keys it holds no value for (no placeholder fits them).
        case keys([(name: String, use: KeyUse)], value: any Encodable, absent: Set<String>)
        /// The type has a shape a URL cannot carry.
        case unsupported(TypedRouteError)
        /// No placeholder fits: the last error the type threw, the key read last, and what
        /// refused its placeholders when it is a type of the app's own (an enum), not a string
        /// or a number.
        case failed(String, key: String?, unfit: Unfit?)
    }

    /// A type of the app's own that took no placeholder, and whether the key is a list of it.
    struct Unfit: Equatable {
        let type: String
        let isList: Bool
    }

    static let maxAttempts = 64

    /// - Parameter fixed: texts to give some keys instead of placeholders (a default
    ///   being checked); a key whose text does not decode fails the probe.
    static func probe<R: TypedRoute>(_ type: R.Type, typeName: String, fixed: [String: String] = [:]) -> Reading {
        var choices: [String: Int] = [:]
        var absent: Set<String> = []
        var lastError = ""
        for _ in 0..<maxAttempts {
            let state = ProbeState(typeName: typeName, choices: choices)
            state.absent = absent
            state.fixed = fixed
            state.defaults = R.queryDefaults
            do {
                let value = try R(from: ProbeDecoder(state: state))
                return .keys(state.keys, value: value, absent: absent)
            } catch let error as TypedRouteError where state.unsupported != nil {
                return .unsupported(state.unsupported ?? error)
            } catch {
                lastError = String(describing: error)
                guard let key = state.lastKey, fixed[key] == nil else {
                    return .failed(lastError, key: state.lastKey, unfit: state.lastKey.flatMap(state.unfit))
                }
                if state.exhausted {
                    // An optional property no placeholder fits is probed as absent.
                    guard state.use(of: key)?.isOptional == true, !absent.contains(key) else {
                        return .failed(lastError, key: key, unfit: state.unfit(key))
                    }
                    absent.insert(key)
                    choices[key] = nil
                } else {
                    choices[key, default: 0] += 1
                }
            }
        }
        return .failed(lastError, key: nil, unfit: nil)
    }
}

/// One probing attempt: the placeholder chosen for each key, and what was read.
final class ProbeState {
    let typeName: String
    let choices: [String: Int]
    /// Texts given for some keys instead of placeholders (a default being checked).
    var fixed: [String: String] = [:]
    /// The type's ``TypedRoute/queryDefaults``: a key's default is its last placeholder.
    var defaults: [String: String] = [:]
    /// The type of the app's own that each key decodes (an enum), innermost: what a message
    /// names when no placeholder fits it.
    var valueTypes: [String: String] = [:]
    /// Optional keys probed as absent: no placeholder fits them.
    var absent: Set<String> = []
    /// The keys read, in order, and how: a few, searched in order (a dictionary and a list
    /// of its keys cost their hashing and storage for every type registration probes).
    var keys: [(name: String, use: TypedRouteProbe.KeyUse)] = []
    var lastKey: String?
    var exhausted = false
    var unsupported: TypedRouteError?

    init(typeName: String, choices: [String: Int]) {
        self.typeName = typeName
        self.choices = choices
    }

    func note(_ key: String, optional: Bool = false, list: Bool = false) {
        guard let index = keys.firstIndex(where: { $0.name == key }) else {
            keys.append((key, TypedRouteProbe.KeyUse(isOptional: optional, isList: list)))
            return
        }
        keys[index].use.isOptional = keys[index].use.isOptional || optional
        keys[index].use.isList = keys[index].use.isList || list
    }

    /// How `key` was read, if it was.
    func use(of key: String) -> TypedRouteProbe.KeyUse? {
        keys.first { $0.name == key }?.use
    }

    func placeholder<T: URLScalar>(_ type: T.Type, _ key: String) throws -> T {
        note(key)
        lastKey = key
        if let text = fixed[key] {
            guard let value = T(urlText: Substring(text)) else {
                throw TypedRouteError.invalidValue(key, text: text, expected: TypeName.plain(T.self), in: typeName)
            }
            return value
        }
        let choice = choices[key] ?? 0
        if choice < T.placeholders.count { return T.placeholders[choice] }
        // Last, the key's own default: an enum that is not `CaseIterable` accepts it.
        if choice == T.placeholders.count, let text = defaults[key], let value = T(urlText: Substring(text)) {
            return value
        }
        exhausted = true
        throw TypedRouteError.other("no placeholder fits", key: key, in: typeName)
    }

    /// Notes that `key` decodes `type`, one of the app's own (not a scalar the probe fills).
    func decoding<T>(_ type: T.Type, for key: String) {
        valueTypes[key] = TypeName.plain(type)
    }

    /// The type of the app's own that `key` decodes, if it decodes one.
    func unfit(_ key: String) -> TypedRouteProbe.Unfit? {
        valueTypes[key].map { TypedRouteProbe.Unfit(type: $0, isList: use(of: key)?.isList == true) }
    }

    func refuse(_ key: String?, _ shape: String) -> TypedRouteError {
        let error = TypedRouteError.unsupportedShape(key, shape, in: typeName)
        unsupported = error
        return error
    }
}

struct ProbeDecoder: Decoder {
    let state: ProbeState
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ProbeKeyed<Key>(state: state))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw state.refuse(nil, "a list, not a struct of properties")
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw state.refuse(nil, "a single value, not a struct of properties")
    }
}

struct ProbeKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let state: ProbeState
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool {
        state.note(key.stringValue, optional: true)
        return !state.absent.contains(key.stringValue)
    }
    func decodeNil(forKey key: Key) throws -> Bool {
        state.note(key.stringValue, optional: true)
        return false
    }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try state.placeholder(type, key.stringValue) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try state.placeholder(type, key.stringValue) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try state.placeholder(type, key.stringValue) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try state.placeholder(type, key.stringValue) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try state.placeholder(type, key.stringValue) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try state.placeholder(type, key.stringValue) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try state.placeholder(type, key.stringValue) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try state.placeholder(type, key.stringValue) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try state.placeholder(type, key.stringValue) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try state.placeholder(type, key.stringValue) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try state.placeholder(type, key.stringValue) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try state.placeholder(type, key.stringValue) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try state.placeholder(type, key.stringValue) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try state.placeholder(type, key.stringValue) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        state.note(key.stringValue)
        if let first = firstCase(of: type) { return first }
        state.decoding(type, for: key.stringValue)
        return try T(from: ProbeField(key: key.stringValue, state: state))
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type,
                                               forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw state.refuse(key.stringValue, "a nested type")
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ProbeField(key: key.stringValue, state: state).unkeyedContainer()
    }
    func superDecoder() throws -> any Decoder { throw state.refuse(nil, "a subclass") }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw state.refuse(key.stringValue, "a subclass") }
}

/// One property that decodes itself: a single value, or a list of single values.
struct ProbeField: Decoder, URLScalarDecodingContainer {
    let key: String
    let state: ProbeState
    var isInList = false
    var codingPath: [any CodingKey] { [AnyKey(stringValue: key)] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw state.refuse(key, isInList ? "a list of nested types" : "a nested type")
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard !isInList else { throw state.refuse(key, "a list of lists") }
        state.note(key, list: true)
        state.valueTypes[key] = nil     // the list itself; its elements' type is noted next
        return ProbeList(key: key, state: state)
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { false }
    func scalar<T: URLScalar>(_ type: T.Type) throws -> T { try state.placeholder(type, key) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let first = firstCase(of: type) { return first }
        state.decoding(type, for: key)
        return try T(from: self)
    }
}

/// The first case of a `CaseIterable` type (an enum), a value it surely accepts.
func firstCase<T>(of type: T.Type) -> T? {
    func first<C: CaseIterable>(_ type: C.Type) -> T? { C.allCases.first as? T }
    guard let iterable = type as? any CaseIterable.Type else { return nil }
    return first(iterable)
}

/// A list property: probed with one element.
struct ProbeList: UnkeyedDecodingContainer {
    let key: String
    let state: ProbeState
    var codingPath: [any CodingKey] { [AnyKey(stringValue: key)] }
    var count: Int? { 1 }
    var isAtEnd: Bool { currentIndex >= 1 }
    private(set) var currentIndex = 0

    init(key: String, state: ProbeState) {
        self.key = key
        self.state = state
    }

    mutating func decodeNil() throws -> Bool { false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if firstCase(of: type) == nil { state.decoding(type, for: key) }
        return try element(type)
    }
    private mutating func element<T: Decodable>(_ type: T.Type) throws -> T {
        currentIndex += 1
        if let first = firstCase(of: type) { return first }
        return try T(from: ProbeField(key: key, state: state, isInList: true))
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try element(Element<Bool>.self).value }
    mutating func decode(_ type: String.Type) throws -> String { try element(Element<String>.self).value }
    mutating func decode(_ type: Double.Type) throws -> Double { try element(Element<Double>.self).value }
    mutating func decode(_ type: Float.Type) throws -> Float { try element(Element<Float>.self).value }
    mutating func decode(_ type: Int.Type) throws -> Int { try element(Element<Int>.self).value }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try element(Element<Int8>.self).value }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try element(Element<Int16>.self).value }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try element(Element<Int32>.self).value }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try element(Element<Int64>.self).value }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try element(Element<UInt>.self).value }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try element(Element<UInt8>.self).value }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try element(Element<UInt16>.self).value }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try element(Element<UInt32>.self).value }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try element(Element<UInt64>.self).value }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        throw state.refuse(key, "a list of nested types")
    }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw state.refuse(key, "a list of lists") }
    mutating func superDecoder() throws -> any Decoder { throw state.refuse(key, "a subclass") }

    /// A scalar element, decoded through its single value like any other element.
    private struct Element<Value: URLScalar & Decodable>: Decodable {
        let value: Value
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Value.self) }
    }
}
