import Testing
@testable import PatternMatcher

/// What descriptions echo of outside text is bounded, escaped and redacted (hostile probe:
/// 200 KB of combining marks printed whole, CR/LF forging log lines, a password echoed).
@Suite("Echoed text in descriptions")
struct EchoTests {
    @Test("bounded in bytes, not characters: 100,000 combining marks are one character")
    func boundedInBytes() {
        let url = "reader://book/a" + String(repeating: "\u{0301}", count: 100_000)
        #expect(url.count == 15)
        let error = MalformedURLError(url: url, reason: .tooLong, offset: nil)
        #expect(error.description.utf8.count < 200, "\(error.description.utf8.count) bytes")
        #expect(Echo.quoted(url).utf8.count <= Echo.defaultLimit + "…".utf8.count)
    }

    @Test("a cut never splits a scalar")
    func scalarBoundary() {
        for limit in 0..<12 {
            let shown = Echo.quoted("家居家居家居", limit: limit)
            #expect(shown.utf8.count <= limit + "…".utf8.count)
            #expect(shown.unicodeScalars.allSatisfy { $0 != "\u{FFFD}" })
        }
    }

    @Test("control characters are escaped, so a URL cannot forge a log line",
          arguments: [("a\nb", "a\\u{0A}b"), ("a\r\nb", "a\\u{0D}\\u{0A}b"), ("\u{0}", "\\u{00}"),
                      ("a\u{2028}b", "a\\u{2028}b"), ("\u{202E}x", "\\u{202E}x"), ("\u{85}", "\\u{85}"),
                      ("tab\there", "tab\\u{09}here"), ("plain/é", "plain/é")])
    func escaped(_ pair: (String, String)) {
        #expect(Echo.quoted(pair.0) == pair.1)
    }

    @Test("userinfo is shown as ***",
          arguments: [("reader://user:secret@host/p", "reader://***@host/p"),
                      ("reader://a@b@evil.com/p?x=@", "reader://***@evil.com/p?x=@"),
                      ("reader://host/p@q", "reader://host/p@q"),
                      ("mailto:me@example.com", "mailto:me@example.com"),
                      ("/user@host", "/user@host"),
                      ("reader://@host", "reader://***@host")])
    func redacted(_ pair: (String, String)) {
        #expect(Echo.quotedURL(pair.0) == pair.1)
    }

    @Test("a malformed URL's message escapes CR/LF and hides the password")
    func malformedMessage() {
        let error = MalformedURLError(url: "reader://me:hunter2@h/%zz\n- [App] forged", reason: .badEscape, offset: 22)
        #expect(!error.description.contains("\n"))
        #expect(!error.description.contains("hunter2"))
        #expect(error.description.contains("***@h/%zz\\u{0A}- [App] forged"))
    }
}
