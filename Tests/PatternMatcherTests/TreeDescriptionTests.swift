import PatternMatcher
import Testing

/// `table.description` draws the trie with children in the order the matcher tries them;
/// pinned here so that a change to it is a decision, not an accident.
@Suite("Tree rendering")
struct TreeDescriptionTests {
    @Test("a small table, drawn exactly")
    func smallTable() throws {
        var builder = RouteTableBuilder<String>()
        builder.declare(HexConverter())
        builder.add("reader://book/:slug", value: "", owner: "Books")
        builder.add("reader://shelf", value: "")
        builder.add("/<hex:h>", value: "")
        builder.add("reader://book/<int:id>", value: "", owner: "Books")
        builder.add("/settings/**rest", value: "", owner: "Settings")
        builder.add("app-settings:", value: "")
        builder.add("/settings", value: "", owner: "Settings")
        let table = try builder.build()
        #expect(table.description == """
            without scheme
            ├─ settings  →  /settings  [Settings]
            │  └─ **  →  /settings/**rest  [Settings]
            └─ <hex>  →  /<hex:h>
            with scheme
            ├─ app-settings  →  app-settings:
            └─ reader
               ├─ book
               │  ├─ <int>  →  reader://book/<int:id>  [Books]
               │  └─ *  →  reader://book/:slug  [Books]
               └─ shelf  →  reader://shelf
            """)
    }

    @Test("a catch-all at the root, wildcards and an empty table")
    func edges() throws {
        #expect(try makeTable(["**", "/~/x", "/a/*/b"]).description == """
            without scheme
            ├─ a
            │  └─ *
            │     └─ b  →  /a/*/b
            ├─ *
            │  └─ x  →  /~/x
            └─ **  →  **
            """)
        #expect(try makeTable([]).description == "(no routes)")
    }
}
