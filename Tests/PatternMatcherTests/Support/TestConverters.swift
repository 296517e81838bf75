import PatternMatcher

/// `<hex:…>`: one or more lowercase hexadecimal digits.
struct HexConverter: ParameterConverter {
    var name: String { "hex" }
    func accepts(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// `<even:…>`: decimal digits ending in an even digit.
struct EvenConverter: ParameterConverter {
    var name: String { "even" }
    func accepts(_ text: Substring) -> Bool {
        guard let last = text.utf8.last else { return false }
        return text.utf8.allSatisfy { (0x30...0x39).contains($0) } && (last - 0x30) % 2 == 0
    }
}

/// `<slug:…>`: lowercase ASCII letters and `-`.
struct SlugConverter: ParameterConverter {
    var name: String { "slug" }
    func accepts(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { (0x61...0x7A).contains($0) || $0 == 0x2D }
    }
}

/// Accepts exactly one text, compared byte for byte: shows what a converter is handed.
struct ExactConverter: ParameterConverter {
    let name: String
    let expected: String
    func accepts(_ text: Substring) -> Bool { text.utf8.elementsEqual(expected.utf8) }
}

/// Accepts every segment; many of them make wide sibling lists.
struct AcceptAllConverter: ParameterConverter {
    let name: String
    func accepts(_ text: Substring) -> Bool { true }
}

/// The declared converters the generated tables use, in the order they are declared.
let testConverters: [any ParameterConverter] = [SlugConverter(), HexConverter(), EvenConverter()]
