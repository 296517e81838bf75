import URLRouter
import URLRouterTesting

/// The README's "Testing" snippet, compiled and run by `ReadmeSnippetTests`.
/// - Returns: the lines the snippet prints.
func runTestingSnippet() throws -> [String] {
    let printed = Shared<[String]>([])
    @Sendable func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    // snippet:begin testing
    let recording = try RecordingRouter { routes in
        routes.action("reader://book/<int:id>", name: "book", exposure: .external) { request in
            request.router?.open("reader://reviews/\(request.parameters["id"]!)")   // another module's URL
        }
    }
    try assertOpens(recording.router, "reader://book/42", reaches: "book", source: .external)
    do {
        try assertOpens(recording.router, "reader://book/x", reaches: "book")
    } catch {
        print(error)
    }
    // assertOpens: 'reader://book/x' from app reaches *://** [RecordingRouter], not 'book'
    recording.router.open("reader://book/42", source: .external)
    print(recording.opened.map(\.url))      // ["reader://book/42", "reader://reviews/42"]
    // snippet:end testing
    return printed.current
}
