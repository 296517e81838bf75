/// Where a string enters the engine, its UTF-8 is made contiguous, once.
///
/// Every native Swift string already is, and pays one flag test. A string bridged lazily
/// from an `NSString` (an Objective-C module's `mgj://category/家居`) is UTF-16 and is not:
/// it is copied here once, and that copy is what the match keeps and every later read of
/// parameters, the query and the fragment uses. Downstream, ``withBytes(of:_:)`` never
/// traps: it reads a copy if it is ever handed a string that did not enter this way.
@usableFromInline
enum ContiguousUTF8 {
    /// `text` itself when its UTF-8 is contiguous; otherwise a contiguous copy.
    @inlinable
    static func entering(_ text: String) -> String {
        var text = text
        text.makeContiguousUTF8()
        return text
    }

    /// The copy ``entering(_:)`` makes of a string that is not contiguous: what a bridged
    /// string goes through (tests force it through `@_spi(Testing)` entry points, since
    /// Linux never makes such strings).
    @usableFromInline
    static func copying(_ text: String) -> String {
        String(decoding: Array(text.utf8), as: UTF8.self)
    }

    /// Runs `body` over the UTF-8 bytes of `text`.
    ///
    /// Nothing reads `text` after `body` has run: when a fallback after the fast path read it
    /// there, `text` was retained and released around every call of `body`.
    static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        guard text.isContiguousUTF8 else { return try Array(text.utf8).withUnsafeBufferPointer(body) }
        if let result = try text.utf8.withContiguousStorageIfAvailable(body) { return result }
        preconditionFailure("the UTF-8 view of a contiguous string gives its storage")
    }
}
