import Testing
import URLRouter

/// The generated `apple-app-site-association` file; URLRouterTestingTests checks it against
/// its routes (`AssociationCheckTests`).
@Suite("Association file: generation")
struct AssociationFileTests {
    static let origins: [Origin] = [.scheme("reader"), .universalLink(host: "reader.example.com", aliases: ["www.reader.example.com"])]

    static func router(_ routes: [(String, Exposure)]) throws -> Router {
        try Router(options: Router.Options(origins: origins)) { registrar in
            for (pattern, exposure) in routes { registrar.action(pattern, exposure: exposure) { _ in } }
        }
    }

    @Test("the generated file is byte-stable: precedence order, encoded literals, ?* and *, a trailing / beside a literal, excludes first")
    func golden() throws {
        // AssociationCheckTests checks the file of this table against it.
        let router = try Self.router([
            ("reader://book/<int:id>", .external),
            ("reader://book/<uuid:u>", .external),
            ("reader://book/<int:id>/screen", .external),
            ("reader://book/new", .internal),
            ("reader://book/:slug", .internal),
            ("reader://category/家居", .external),
            ("reader://collection/**path", .external),
            ("reader://shelf", .external),
            ("reader://a%2Ab", .external),
            ("reader://*", .external),
            ("reader://admin/users", .internal),
            ("reader://admin/**", .internal),
            ("other://book/:id", .external),
            ("/legacy/:id", .external),
        ])
        let expected = #"""
        {
          "applinks": {
            "details": [
              {
                "appIDs": [
                  "ABCDE12345.com.example.reader",
                  "ABCDE12345.com.example.reader.beta"
                ],
                "components": [
                  {"/": "/admin/users", "comment": "internal: reader://admin/users", "exclude": true},
                  {"/": "/admin/users/", "comment": "internal: reader://admin/users", "exclude": true},
                  {"/": "/book/new", "comment": "internal: reader://book/new", "exclude": true},
                  {"/": "/book/new/", "comment": "internal: reader://book/new", "exclude": true},
                  {"/": "/a%2Ab", "comment": "reader://a%2Ab"},
                  {"/": "/a%2Ab/", "comment": "reader://a%2Ab"},
                  {"/": "/book/?*", "comment": "reader://book/<int:id>, reader://book/<uuid:u>"},
                  {"/": "/book/?*/screen", "comment": "reader://book/<int:id>/screen"},
                  {"/": "/book/?*/screen/", "comment": "reader://book/<int:id>/screen"},
                  {"/": "/category/%E5%AE%B6%E5%B1%85", "comment": "reader://category/家居"},
                  {"/": "/category/%E5%AE%B6%E5%B1%85/", "comment": "reader://category/家居"},
                  {"/": "/collection", "comment": "reader://collection/**path"},
                  {"/": "/collection/*", "comment": "reader://collection/**path"},
                  {"/": "/shelf", "comment": "reader://shelf"},
                  {"/": "/shelf/", "comment": "reader://shelf"},
                  {"/": "/?*", "comment": "reader://*"}
                ]
              }
            ]
          }
        }

        """#
        let text = router.routeMap.appleAppSiteAssociation(appIDs: ["ABCDE12345.com.example.reader", "ABCDE12345.com.example.reader.beta"])
        #expect(text == expected)
    }

    @Test("with no origins, no route is reachable as a universal link and the file claims nothing")
    func noOrigins() throws {
        let router = try Router { routes in
            routes.action("reader://book/:id", exposure: .external) { _ in }
        }
        #expect(router.routeMap.appleAppSiteAssociation(appIDs: []).contains(#""components": []"#))
    }
}
