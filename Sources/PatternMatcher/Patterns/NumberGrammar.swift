/// The number grammars of the built-in converters (Matching rules, "Pattern syntax"), for
/// every reader of a number in a URL: a typed route's properties read integers and doubles
/// with exactly these grammars, so one text is a number on every path or on none.
package enum NumberGrammar {
    /// Whether `text` is written `-?[0-9]+` (`[0-9]+` when `signed` is `false`): no `+`, no
    /// spaces, no other radix. The range is the reader's to check.
    package static func isInteger(_ text: Substring, signed: Bool) -> Bool {
        var utf8 = text.utf8[...]
        if signed, utf8.first == ASCII.minus { utf8 = utf8.dropFirst() }
        return !utf8.isEmpty && utf8.allSatisfy(ASCII.isDigit)
    }

    /// Whether `text` is written `-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?` and its value is a
    /// finite `Double`: no `+` sign, no leading or trailing `.`, no `inf`, `nan` or hexadecimal.
    package static func isFiniteDouble(_ text: Substring) -> Bool {
        // A substring of a native string is contiguous: read in place, with no copy.
        if let read = text.utf8.withContiguousStorageIfAvailable(BuiltInConverter.isFiniteDouble) { return read }
        return Array(text.utf8).withUnsafeBufferPointer(BuiltInConverter.isFiniteDouble)
    }
}
