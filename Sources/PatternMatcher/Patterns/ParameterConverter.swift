/// A named test that a path segment must pass to be captured by `<name:parameter>`.
///
/// The built-in converters are `int`, `double`, `uuid` and `string`; declare others on the
/// ``RouteTableBuilder`` before the patterns that use them are built:
///
/// ```swift
/// struct ISBNConverter: ParameterConverter {
///     var name: String { "isbn" }
///     func accepts(_ text: Substring) -> Bool { text.count == 13 && text.allSatisfy(\.isNumber) }
/// }
/// var builder = RouteTableBuilder<String>()
/// builder.declare(ISBNConverter())
/// builder.add("reader://book/<isbn:code>", value: "book")
/// ```
///
/// Declared converters are tried after the built-in typed parameters, in the order of
/// their names, and before `:name` (Matching rules, "Which route wins").
public protocol ParameterConverter: Sendable {
    /// The name used in patterns: `<name:parameter>`. Must be `[A-Za-z_][A-Za-z0-9_]*`.
    var name: String { get }
    /// Whether the percent-decoded segment `text` is a value of this type.
    func accepts(_ text: Substring) -> Bool
}

/// The converters built in (Matching rules, "Pattern syntax"); they work on bytes so that matching allocates nothing.
@usableFromInline
enum BuiltInConverter: Int, Sendable {
    /// The name of converter `id`: ids 0, 1 and 2 are built in, `3 + i` is the i-th declared
    /// converter, named by `declared(i)`.
    static func name(ofConverter id: Int32, declared: (Int) -> String) -> String {
        id < 3 ? BuiltInConverter(rawValue: Int(id))!.name : declared(Int(id) - 3)
    }

    // Raw values are the precedence among typed parameters (Matching rules, "Which route wins").
    case int = 0, uuid = 1, double = 2

    var name: String {
        switch self {
        case .int: "int"
        case .uuid: "uuid"
        case .double: "double"
        }
    }

    /// The type of a typed parameter that is a plain one: `<string:name>` is `:name`.
    static let plainType = "string"

    private static let all: [BuiltInConverter] = [.int, .uuid, .double]

    /// The converter a pattern names by `type` (the bytes before the `:` of `<type:name>`):
    /// lengths compared first, so that most types are refused without reading a byte.
    init?(named type: UnsafeBufferPointer<UInt8>) {
        guard let found = Self.all.first(where: { $0.name.utf8.count == type.count && type.elementsEqual($0.name.utf8) })
        else { return nil }
        self = found
    }

    /// The built-in converter named `name` (a declared converter's name, a typed parameter's
    /// converter when its URL is written), or `nil`.
    init?(name: String) {
        guard let found = Self.all.first(where: { $0.name == name }) else { return nil }
        self = found
    }

    func accepts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        switch self {
        case .int: Self.isInt64(bytes)
        case .uuid: Self.isUUID(bytes)
        case .double: Self.isFiniteDouble(bytes)
        }
    }

    /// `-?[0-9]+` within `Int64`.
    static func isInt64(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let negative = !bytes.isEmpty && bytes[0] == ASCII.minus
        if negative { i = 1 }
        guard i < bytes.count else { return false }
        var magnitude: UInt64 = 0
        while i < bytes.count {
            let byte = bytes[i]
            guard ASCII.isDigit(byte) else { return false }
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte &- 0x30))
            if overflow1 || overflow2 { return false }
            magnitude = sum
            i += 1
        }
        return magnitude <= (negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max))
    }

    /// 8-4-4-4-12 hexadecimal digits, any case.
    static func isUUID(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for i in 0..<36 {
            if i == 8 || i == 13 || i == 18 || i == 23 {
                if bytes[i] != ASCII.minus { return false }
            } else if ASCII.hexValue(bytes[i]) == nil {
                return false
            }
        }
        return true
    }

    /// `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?` and finite.
    ///
    /// Finiteness is decided from the decimal magnitude, so only a value within one power
    /// of ten of `Double.greatestFiniteMagnitude` is handed to `Double`'s parser.
    static func isFiniteDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = bytes.count
        if i < n, bytes[i] == ASCII.minus { i += 1 }
        let integerStart = i
        while i < n, ASCII.isDigit(bytes[i]) { i += 1 }
        let integerEnd = i
        guard integerEnd > integerStart else { return false }
        var fractionStart = i
        var fractionEnd = i
        if i < n, bytes[i] == ASCII.dot {
            i += 1
            fractionStart = i
            while i < n, ASCII.isDigit(bytes[i]) { i += 1 }
            fractionEnd = i
            guard fractionEnd > fractionStart else { return false }
        }
        var exponent = 0
        if i < n, bytes[i] | 0x20 == 0x65 {  // e or E
            i += 1
            var negativeExponent = false
            if i < n, bytes[i] == ASCII.plus || bytes[i] == ASCII.minus {
                negativeExponent = bytes[i] == ASCII.minus
                i += 1
            }
            let exponentStart = i
            while i < n, ASCII.isDigit(bytes[i]) {
                exponent = min(exponent * 10 + Int(bytes[i] &- 0x30), 1_000_000)
                i += 1
            }
            guard i > exponentStart else { return false }
            if negativeExponent { exponent = -exponent }
        }
        guard i == n else { return false }

        // The position of the first significant digit, as a power of ten.
        var firstDigit = integerStart
        while firstDigit < integerEnd, bytes[firstDigit] == 0x30 { firstDigit += 1 }
        var magnitude: Int
        if firstDigit < integerEnd {
            magnitude = integerEnd - firstDigit - 1
        } else {
            var j = fractionStart
            while j < fractionEnd, bytes[j] == 0x30 { j += 1 }
            if j == fractionEnd { return true }  // zero
            magnitude = -(j - fractionStart + 1)
        }
        magnitude += exponent
        if magnitude < 308 { return true }
        if magnitude > 308 { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        return Double(text)?.isFinite ?? false
    }
}
