import URLRouter

/// Checks that `router`'s route map (`RouteMap/json`) is the one checked in at `path`: a
/// golden file, reviewed with every change to the app's routes.
///
/// ```swift
/// @Test func routeMap() throws {
///     try assertRouteMap(try AppRouter.make(), matches: "Tests/AppTests/Fixtures/routes.json")
/// }
/// ```
/// Run the tests with the environment variable `URLROUTER_RECORD=1` to write the file (and
/// its folders) instead: the check then passes. The file ends with a newline; trailing
/// newlines are not compared.
/// - Parameters:
///   - router: the app's router, built as the app builds it.
///   - path: the file, absolute or relative to the working directory (`swift test` runs in
///     the package's root).
/// - Throws: ``RouteCheckFailure`` with the first line that differs and the lines around it
///   (at most ten each side), or saying the file cannot be read.
public func assertRouteMap(_ router: Router, matches path: String) throws {
    let check = "assertRouteMap"
    let actual = router.routeMap.json
    if RouteMapFile.isRecording {
        try RouteMapFile.write(actual + "\n", to: path, for: check)
        return
    }
    let expected = try RouteMapFile.read(path, for: check, hint: "; run with \(RouteMapFile.recordVariable)=1 to record it")
    if let difference = LineDifference(expected: expected, actual: actual) {
        throw RouteCheckFailure(check, "the route map differs from '\(path)' "
                                + "(\(RouteMapFile.recordVariable)=1 records it) \(difference)")
    }
}

/// Where two texts differ, line by line: the lines between their common first and last lines.
struct LineDifference: CustomStringConvertible {
    /// At most this many lines of each side are shown.
    static let shownLines = 10

    /// The 1-based number of the first line that differs.
    let line: Int
    let removed: [Substring]
    let added: [Substring]

    /// The difference of `actual` from `expected`, or `nil` when they have the same lines.
    init?(expected: String, actual: String) {
        let old = Self.lines(expected)
        let new = Self.lines(actual)
        guard old != new else { return nil }
        var prefix = 0
        while prefix < min(old.count, new.count), old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        line = prefix + 1
        removed = Array(old[prefix..<(old.count - suffix)])
        added = Array(new[prefix..<(new.count - suffix)])
    }

    /// The lines of `text`, without the trailing newlines a file ends with.
    private static func lines(_ text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    var description: String {
        func shown(_ lines: [Substring], _ mark: String) -> [String] {
            lines.prefix(Self.shownLines).map { "\(mark) \($0)" }
                + (lines.count > Self.shownLines ? ["\(mark) … \(lines.count - Self.shownLines) more lines"] : [])
        }
        return "from line \(line):\n" + (shown(removed, "-") + shown(added, "+")).joined(separator: "\n")
    }
}
