import PatternMatcher

/// The README's "The matcher" snippet, compiled and run by `ReadmeSnippetTests`.
/// - Returns: the lines the snippet prints.
func runMatcherSnippet() throws -> [String] {
    // Collects what the snippet prints, so a test can compare it with the README's comments.
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    // snippet:begin matcher
    var builder = RouteTableBuilder<String>()
    builder.add("reader://book/<int:id>", value: "book by id", owner: "BookDetail")
    builder.add("reader://book/:slug", value: "book by slug", owner: "BookDetail")
    builder.add("reader://**", value: "fallback", owner: "App")
    let table = try builder.build()          // throws every invalid pattern and conflict at once

    if let match = table.match("reader://book/42?from=shelf").match {
        print(match.value, match.parameters["id"]!, match.query["from"]!)   // book by id 42 shelf
    }
    print(try table.url(for: "reader://book/:slug", parameters: ["slug": "war and peace"]))
    // reader://book/war%20and%20peace
    // snippet:end matcher

    return printed
}
