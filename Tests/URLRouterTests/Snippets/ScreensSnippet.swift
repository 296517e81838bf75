import URLRouter

/// The README's "Screens and results" snippet, compiled and run by `ReadmeSnippetTests`.
/// - Returns: the lines the snippet prints.
@MainActor
func runScreensSnippet() throws -> [String] {
    // Collects what the snippet prints, so a test can compare it with the README's comments.
    let printed = Shared<[String]>([])
    @Sendable func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    // snippet:begin screens
    @MainActor final class BookScreen {             // stands in for a UIViewController
        let id: Int
        init(id: Int) { self.id = id }
    }

    let router = try Router { routes in
        // "Give me the screen for this URL" (MGJRouter's toObjectHandler:, a CTMediator action).
        routes.mainActorObject("reader://book/<int:id>", exposure: .external) { request in
            BookScreen(id: try request.require("id", as: Int.self))
        }
        // "Show a picker and tell me what the user chose": the handler replies, now or later.
        routes.mainActorAction("reader://picker/shelf") { request in
            request.reply("Favourites")   // a real picker keeps `request` and replies on a tap
        }
        // Forwarding an inner link: the nested open keeps the outer open's source.
        routes.action("reader://go/**url", exposure: .external) { request in
            request.open(String(request.parameters["url"] ?? ""))
        }
    }

    // On the main actor, the screen comes back at once, ready to push:
    let screen = router.object(for: "reader://book/42", as: BookScreen.self)
    print(screen?.id ?? 0)                                                  // 42
    do {
        _ = try router.requireObject(for: "reader://picker/shelf", as: BookScreen.self)
    } catch {
        print(error)   // reader://picker/shelf [App] is an action route, not an object route
    }
    router.open("reader://picker/shelf") { choice in                       // on the main actor: at once
        print(choice ?? "no choice")                                        // Favourites
    }
    // Opened, a screen route hands the screen to the router's Navigator, if any, and to the
    // completion wrapped in a MainActorObject (`reply as? BookScreen` is nil): read it there.
    router.open("reader://book/7") { reply in                              // on the main actor: at once
        MainActor.assumeIsolated {
            guard let object = reply as? MainActorObject else { return }
            do {
                print(try object.value(as: BookScreen.self).id)                // 7
                _ = try object.value(as: String.self)
            } catch {
                print(error)   // the main-actor object is a 'BookScreen', not a 'String'
            }
        }
    }
    print(router.resolve("reader://book/7?from=mail").route?.parameters ?? [:])   // ["id": "7"]
    print(router.open("reader://go/reader://book/1", source: .external))   // handled by reader://go/**url [App]
    // snippet:end screens
    return printed.current
}
