import URLRouter

/// The README's "Outcomes" snippet, compiled and run by `ReadmeSnippetTests`.
/// - Returns: the lines the snippet prints.
func runOutcomesSnippet() throws -> [String] {
    // Collects what the snippet prints, so a test can compare it with the README's comments.
    let printed = Shared<[String]>([])
    @Sendable func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    // snippet:begin outcomes
    let router = try Router { routes in
        routes.action("reader://book/<int:id>", exposure: .external) { request in
            guard try request.require("id", as: Int.self) > 0 else { throw Decline() }   // no book 0
        }
    }

    for url in ["reader://book/42", "reader://book/0", "reader://shelf", "reader://book/%zz"] {
        let result = router.open(url, source: .external)
        switch result {
        case .handled(let route):
            print("handled by \(route.pattern)")
        case .declined(let routes):
            print("declined by \(routes.map(\.pattern))")
        case .unmatched:
            print("no route matches")
        case .malformed(let error):
            print(error)
        default:   // pending, refused, failed, rejected, redirected, intercepting, held, and cases to come
            print(result)
        }
    }
    // handled by reader://book/<int:id>
    // declined by ["reader://book/<int:id>"]
    // no route matches
    // malformed URL: '%' is not followed by two hexadecimal digits (byte 14 in 'reader://book/%zz')
    // snippet:end outcomes
    return printed.current
}
