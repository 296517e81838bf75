/// How error and result descriptions quote text that came from outside: URLs, patterns,
/// parameter values.
///
/// Such text may be huge (a 200 KB URL of combining marks), may hold line breaks or other
/// control characters (a forged log line) and may carry credentials (`user:password@`).
/// Every description that echoes it goes through ``quoted(_:limit:)`` or
/// ``quotedURL(_:limit:)``, so that it is bounded in UTF-8 bytes, prints each control
/// character as an escape, and (for URLs) shows userinfo as `***@`.
package enum Echo {
    /// The most UTF-8 bytes of quoted text a description shows, escapes included.
    package static let defaultLimit = 200

    /// `text` with control characters escaped (`\n` as `\u{0A}`), cut to at most `limit`
    /// UTF-8 bytes on a scalar boundary; a cut text ends with `…`.
    package static func quoted(_ text: String, limit: Int = defaultLimit) -> String {
        var shown = ""
        var bytes = 0
        var cut = false
        for scalar in text.unicodeScalars {
            let piece = isControl(scalar) ? escape(scalar) : String(scalar)
            if bytes + piece.utf8.count > limit {
                cut = true
                break
            }
            shown += piece
            bytes += piece.utf8.count
        }
        return cut ? shown + "…" : shown
    }

    /// ``quoted(_:limit:)`` of a URL whose userinfo, if any, is replaced by `***`:
    /// `reader://user:secret@host/p` shows as `reader://***@host/p`.
    package static func quotedURL(_ url: String, limit: Int = defaultLimit) -> String {
        quoted(redactingUserinfo(url), limit: limit)
    }

    /// `url` with the userinfo of its authority (everything before the authority's last
    /// `@`) replaced by `***`; other text is returned as it is.
    package static func redactingUserinfo(_ url: String) -> String {
        let utf8 = Array(url.utf8)
        guard let authorityStart = authorityStart(utf8) else { return url }
        var end = authorityStart
        var lastAt = -1
        while end < utf8.count, utf8[end] != ASCII.slash, utf8[end] != ASCII.question, utf8[end] != ASCII.hash {
            if utf8[end] == ASCII.at { lastAt = end }
            end += 1
        }
        guard lastAt >= 0 else { return url }
        return String(decoding: utf8[..<authorityStart], as: UTF8.self) + "***"
            + String(decoding: utf8[lastAt...], as: UTF8.self)
    }

    /// Where the authority begins: after `scheme://`, when the URL has a scheme and `//`.
    private static func authorityStart(_ utf8: [UInt8]) -> Int? {
        guard let first = utf8.first, ASCII.isAlpha(first) else { return nil }
        var i = 1
        while i < utf8.count, ASCII.isSchemeCharacter(utf8[i]) { i += 1 }
        guard i + 2 < utf8.count, utf8[i] == ASCII.colon, utf8[i + 1] == ASCII.slash, utf8[i + 2] == ASCII.slash
        else { return nil }
        return i + 3
    }

    /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators and
    /// bidirectional overrides, which can make a log line read as something else.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u{" + (hex.count < 2 ? "0" + hex : hex) + "}"
    }
}
