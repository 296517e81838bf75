import PatternMatcher

/// What an observer may see of one open: the rule of <doc:OpeningURLs>, "Observing every
/// open", in one place, for ``OpenEvent``.
///
/// - A URL shows its scheme, host, port, path and the names of its query items. A query
///   value is `•` unless its item is observed (``TypedRoute/observedQueryItems``); an item
///   without `=` is its name when observed and `•` when not; the fragment and the userinfo
///   are left out.
/// - The values a URL of the open hides (each value above, each item without `=`, the
///   fragment and its parts, the userinfo and its parts, as written and percent-decoded) are
///   its secrets. Text that the app's code wrote about the open (an interceptor's reason, a
///   handler's error, a typed value's rejected text) is shown with each occurrence of a
///   secret replaced by `•`; a secret of one or two bytes only where it stands alone (not
///   next to a letter or a digit), so that a hidden `page=1` does not make `10` read `•0`.
///   When the URLs hold more secrets than ``maxSecrets`` or ``maxSecretBytes``, such text is
///   shown as `•` whole: the replacement's work stays bounded whatever the URL.
///
/// The router's own words, route patterns and names, and path values are shown.
struct Redaction {
    /// Most UTF-8 bytes of any one form: a URL, a text, a description, a dump.
    static let formBytes = 4096
    /// Most secrets that are looked for in text; past it the text is hidden whole.
    static let maxSecrets = 256
    /// Most UTF-8 bytes of secrets looked for in text; past it the text is hidden whole.
    static let maxSecretBytes = 8192

    /// The query items whose values and names the observer may see.
    let shown: Set<String>
    /// The secrets of every URL, longest first (a longer one is replaced before any part of
    /// it), or `nil` when there are too many to look for.
    private let secrets: [[UInt8]]?

    /// The rule for URLs alone, showing the items `shown`: it looks for no secret in text.
    init(showing shown: Set<String>) {
        self.shown = shown
        secrets = []
    }

    /// The rule for the URLs `urls` of one open, showing the items `shown`.
    init(urls: [String], showing shown: Set<String>) {
        self.shown = shown
        var found = Set<[UInt8]>()
        var bytes = 0
        for url in urls {
            for secret in Self.secrets(of: url, showing: shown) where !secret.isEmpty && found.insert(secret).inserted {
                bytes += secret.count
            }
            if found.count > Self.maxSecrets || bytes > Self.maxSecretBytes { break }
        }
        secrets = found.count > Self.maxSecrets || bytes > Self.maxSecretBytes
            ? nil : found.sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
    }

    // MARK: URLs

    /// `url` redacted, escaped and cut to `bytes` UTF-8 bytes.
    func url(_ url: String, bytes: Int = formBytes) -> String {
        Self.bounded(redacted(url), bytes: bytes)
    }

    /// `url` redacted, not yet escaped nor cut.
    func redacted(_ url: String) -> String {
        let utf8 = Array(url.utf8)
        let parts = URLParts(utf8)
        var text = Array(utf8[parts.base])
        if let userinfo = parts.userinfo { text.removeSubrange(userinfo) }
        guard let query = parts.query else { return String(decoding: text, as: UTF8.self) }
        text.append(Byte.question)
        for (index, item) in utf8[query].split(separator: Byte.ampersand, omittingEmptySubsequences: false).enumerated() {
            if index > 0 { text.append(Byte.ampersand) }
            if let equals = item.firstIndex(of: Byte.equals), !isShown(item[..<equals]) {
                text += item[...equals]
                text += Self.dot
            } else if item.isEmpty || item.contains(Byte.equals) || isShown(item) {
                text += item
            } else {
                text += Self.dot
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// What a hidden value reads as.
    private static let dot = Array("•".utf8)

    private func isShown(_ name: ArraySlice<UInt8>) -> Bool { Self.isShown(name, in: shown) }

    /// Whether the item whose name is written `name` is one of `shown`: its name as written, or
    /// as the router reads it.
    private static func isShown(_ name: ArraySlice<UInt8>, in shown: Set<String>) -> Bool {
        guard !shown.isEmpty else { return false }
        return [Array(name), decoded(name, plusAsSpace: false), decoded(name, plusAsSpace: true)].contains {
            shown.contains(String(decoding: $0, as: UTF8.self))
        }
    }

    // MARK: Text

    /// `text` with the secrets replaced, cut to ``formBytes``, and whether anything was
    /// replaced; not escaped (a description escapes it where it quotes it).
    func text(_ text: String) -> (text: String, replaced: Bool) {
        guard let secrets else { return ("•", true) }
        // Each step writes at least one byte and reads at most the longest secret: reading
        // this much, the text is shown up to the budget and a secret across the cut is whole.
        let longest = max(1, secrets.first?.count ?? 1)
        let utf8 = Array(text.utf8.prefix((Self.formBytes + 2) * longest))
        var out: [UInt8] = []
        out.reserveCapacity(min(utf8.count, Self.formBytes + 4))
        var replaced = false
        var i = 0
        while i < utf8.count && out.count <= Self.formBytes {
            if let length = secretLength(in: utf8, at: i, secrets) {
                out += Self.dot
                i += length
                replaced = true
            } else {
                out.append(utf8[i])
                i += 1
            }
        }
        return (Self.prefix(String(decoding: out, as: UTF8.self), bytes: Self.formBytes), replaced)
    }

    /// The length of the secret written at `i` of `utf8`, if one is. Secrets are valid UTF-8,
    /// so a match starts and ends on scalar boundaries.
    private func secretLength(in utf8: [UInt8], at i: Int, _ secrets: [[UInt8]]) -> Int? {
        for secret in secrets where i + secret.count <= utf8.count && utf8[i] == secret[0] {
            guard utf8[i..<(i + secret.count)].elementsEqual(secret) else { continue }
            if secret.count < 3 {
                let before = i > 0 ? utf8[i - 1] : 0
                let after = i + secret.count < utf8.count ? utf8[i + secret.count] : 0
                if Self.isWordByte(before) || Self.isWordByte(after) { continue }
            }
            return secret.count
        }
        return nil
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
    }

    // MARK: Campaigns

    /// Most campaign items an event shows, and most UTF-8 bytes of each value.
    static let maxCampaignItems = 16
    static let campaignValueBytes = 256

    /// The query items of `url` whose names (as written or decoded) are in `names`, by name,
    /// their values decoded, escaped and cut; the last of a repeated item wins.
    static func campaign(of url: String, named names: Set<String>, plusAsSpace: Bool) -> [String: String] {
        guard !names.isEmpty else { return [:] }
        let utf8 = Array(url.utf8)
        guard let query = URLParts(utf8).query else { return [:] }
        var found: [String: String] = [:]
        for item in utf8[query].split(separator: Byte.ampersand) {
            guard let equals = item.firstIndex(of: Byte.equals) else { continue }
            let written = String(decoding: item[..<equals], as: UTF8.self)
            let name = names.contains(written)
                ? written : String(decoding: decoded(item[..<equals], plusAsSpace: plusAsSpace), as: UTF8.self)
            guard names.contains(name), found[name] != nil || found.count < maxCampaignItems else { continue }
            let value = String(decoding: decoded(item[(equals + 1)...], plusAsSpace: plusAsSpace), as: UTF8.self)
            found[name] = bounded(value, bytes: campaignValueBytes)
        }
        return found
    }

    // MARK: Bounds

    /// `text` with control characters escaped, cut to at most `bytes` UTF-8 bytes (`…` included).
    static func bounded(_ text: some StringProtocol, bytes: Int) -> String {
        Echo.quoted(String(text), limit: max(0, bytes - 3))
    }

    /// `text` cut to at most `bytes` UTF-8 bytes, on a scalar boundary, not escaped.
    static func prefix(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var end = text.unicodeScalars.startIndex
        var count = 0
        for index in text.unicodeScalars.indices {
            let length = UTF8.width(text.unicodeScalars[index])
            if count + length > bytes { break }
            count += length
            end = text.unicodeScalars.index(after: index)
        }
        return String(text.unicodeScalars[..<end])
    }

    // MARK: Secrets

    /// What `url` hides, as written and percent-decoded (with `+` kept and as a space).
    private static func secrets(of url: String, showing shown: Set<String>) -> [[UInt8]] {
        let utf8 = Array(url.utf8)
        let parts = URLParts(utf8)
        var pieces: [ArraySlice<UInt8>] = []
        if let userinfo = parts.userinfo {
            let text = utf8[userinfo].dropLast()   // without its `@`
            pieces.append(text)
            pieces += text.split(separator: Byte.colon)
        }
        for item in parts.query.map({ utf8[$0].split(separator: Byte.ampersand) }) ?? [] {
            if let equals = item.firstIndex(of: Byte.equals) {
                if !isShown(item[..<equals], in: shown) { pieces.append(item[(equals + 1)...]) }
            } else if !isShown(item, in: shown) {
                pieces.append(item)
            }
        }
        if let fragment = parts.fragment {
            // The whole, each `&` part, and each part's value (`access_token=…`).
            pieces.append(utf8[fragment])
            for part in utf8[fragment].split(separator: Byte.ampersand) {
                pieces.append(part)
                if let equals = part.firstIndex(of: Byte.equals) { pieces.append(part[(equals + 1)...]) }
            }
        }
        // Decoded bytes that are not UTF-8 are looked for as they would be printed.
        return pieces.flatMap { piece in
            [Array(piece), decoded(piece, plusAsSpace: false), decoded(piece, plusAsSpace: true)]
                .map { Array(String(decoding: $0, as: UTF8.self).utf8) }
        }
    }

    /// `bytes` percent-decoded once, an escape that is not one kept as written.
    static func decoded(_ bytes: ArraySlice<UInt8>, plusAsSpace: Bool) -> [UInt8] {
        guard bytes.contains(where: { $0 == Byte.percent || (plusAsSpace && $0 == Byte.plus) }) else { return Array(bytes) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            if bytes[i] == Byte.percent, i + 2 < bytes.endIndex, let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) {
                out.append(high << 4 | low)
                i += 3
            } else {
                out.append(plusAsSpace && bytes[i] == Byte.plus ? Byte.space : bytes[i])
                i += 1
            }
        }
        return out
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

/// A URL's UTF-8 cut where a reader of its text would cut it, byte by byte as the router
/// reads it: the fragment from the first `#`, the query from the first `?` before it, the
/// userinfo from the first `//` to the last `@` before the next `/`. Cut by text, not
/// parsed: a URL the router refuses as malformed is cut the same way.
private struct URLParts {
    /// Everything before the query and the fragment, userinfo included.
    let base: Range<Int>
    /// The userinfo, its `@` included.
    let userinfo: Range<Int>?
    /// The query, without its `?`.
    let query: Range<Int>?
    /// The fragment, without its `#`.
    let fragment: Range<Int>?

    init(_ utf8: [UInt8]) {
        let hash = utf8.firstIndex(of: Byte.hash)
        fragment = hash.map { ($0 + 1)..<utf8.count }
        let end = hash ?? utf8.count
        let question = utf8[..<end].firstIndex(of: Byte.question)
        query = question.map { ($0 + 1)..<end }
        base = 0..<(question ?? end)
        var authority: Int?
        var i = 0
        while i + 1 < base.upperBound {
            if utf8[i] == Byte.slash && utf8[i + 1] == Byte.slash {
                authority = i + 2
                break
            }
            i += 1
        }
        if let authority {
            let authorityEnd = utf8[authority..<base.upperBound].firstIndex(of: Byte.slash) ?? base.upperBound
            userinfo = utf8[authority..<authorityEnd].lastIndex(of: Byte.at).map { authority..<($0 + 1) }
        } else {
            userinfo = nil
        }
    }
}

/// The bytes that cut a URL.
private enum Byte {
    static let slash = UInt8(ascii: "/")
    static let colon = UInt8(ascii: ":")
    static let question = UInt8(ascii: "?")
    static let hash = UInt8(ascii: "#")
    static let percent = UInt8(ascii: "%")
    static let at = UInt8(ascii: "@")
    static let plus = UInt8(ascii: "+")
    static let space = UInt8(ascii: " ")
    static let ampersand = UInt8(ascii: "&")
    static let equals = UInt8(ascii: "=")
}

extension Redaction {
    /// `result` as an observer may see it: the same cases, routes and interceptors, with every
    /// URL in it redacted (as ``url(_:bytes:)``) and every text the app's code wrote about the
    /// open shown as ``text(_:)`` shows it.
    func result(_ result: OpenResult) -> OpenResult {
        // A chain of redirects is as long as the router's `maxRedirects` allows: walked, not recursed.
        var steps: [(InterceptorInfo, String)] = []
        var last = result
        while case .redirected(let interceptor, let target, let next) = last {
            steps.append((interceptor, url(target)))
            last = next
        }
        return steps.reversed().reduce(ended(last)) { .redirected($1.0, to: $1.1, $0) }
    }

    /// An outcome that is not a redirect, redacted.
    private func ended(_ result: OpenResult) -> OpenResult {
        switch result {
        case .malformed(let error): .malformed(malformed(error))
        case .refused(let refusal): .refused(self.refusal(refusal))
        case .failed(let route, let error): .failed(route, self.error(error))
        case .rejected(let interceptor, let reason): .rejected(interceptor, text(reason).text)
        // A held open is told when it is replayed or dropped, never as held; the rest quote no
        // URL and no text of the app's.
        case .handled, .pending, .declined, .unmatched, .intercepting, .held, .redirected: result
        }
    }

    /// `error` with its URL redacted. A too-long URL's error names the byte where the URL
    /// broke the limit, since the redacted text's length is not the URL's.
    func malformed(_ error: MalformedURLError) -> MalformedURLError {
        let offset = error.reason == .tooLong ? error.offset ?? error.limit : error.offset
        return MalformedURLError(url: url(error.url), reason: error.reason, offset: offset, limit: error.limit,
                                 segmentCount: error.segmentCount)
    }

    private func refusal(_ refusal: Refusal) -> Refusal {
        if let chain = refusal.redirectChain { return .redirectLoop(chain.map { url($0) }) }
        if let limit = refusal.nestingLimit, let first = refusal.chainStart { return .nestingLimit(limit, firstURL: url(first)) }
        if let error = refusal.typedRouteError { return .unwritable(typed(error)) }
        if let rule = refusal.disabledRule, let fallback = refusal.fallbackURL { return .disabled(rule, fallback: url(fallback)) }
        return refusal
    }

    /// A handler's error: itself when its description shows no secret, else an error whose
    /// description is the redacted text. A typed route's error stays a ``TypedRouteError``.
    private func error(_ error: any Error) -> any Error {
        if let typed = error as? TypedRouteError { return self.typed(typed) }
        let shown = text(String(describing: error))
        return shown.replaced ? RedactedError(description: shown.text) : error
    }

    private func typed(_ error: TypedRouteError) -> TypedRouteError {
        error.redacted(text: { text($0).text }, url: { url($0) }, malformed: malformed)
    }
}

/// A handler's error whose description quoted a secret of the open, as an observer sees it.
struct RedactedError: Error, Sendable, CustomStringConvertible {
    let description: String
}
