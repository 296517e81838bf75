import Foundation
import Testing

/// Keeps README.md from drifting from the API (STYLE.md: the README's snippets are compiled
/// and run by a test).
///
/// Every ```` ```swift ```` block of the README is preceded by a line
/// `<!-- snippet: NAME -->`, and its text is the region between `// snippet:begin NAME` and
/// `// snippet:end NAME` of a file in `Snippets/`, which this target compiles. A region sits
/// inside a function that a test below runs and whose printed lines it checks, so the
/// comments in the README that show output are checked too. Two things differ on purpose:
/// the region is indented as the function body (it is compared with its common indentation
/// removed), and `import` lines, which Swift allows only at file scope, open the README block
/// but stand at the top of the snippet's file.
@Suite struct ReadmeSnippetTests {
    @Test(arguments: try Readme.load().snippets)
    func readmeBlockIsTheCompiledSnippet(_ snippet: ReadmeSnippet) throws {
        let sources = try SnippetSources.load()
        let region = try #require(sources.regions[snippet.name],
                                  "no '// snippet:begin \(snippet.name)' region in \(SnippetSources.directory.path)")
        if snippet.body != region.lines {
            Issue.record("""
                README snippet '\(snippet.name)' differs from Snippets/\(region.file): \
                \(firstDifference(snippet.body, region.lines))
                """)
        }
        for line in snippet.imports {
            #expect(region.fileImports.contains(line), "\(region.file) lacks '\(line)', which the README snippet opens with")
        }
    }

    @Test func everySwiftBlockIsASnippet() throws {
        let readme = try Readme.load()
        #expect(readme.unmarkedSwiftBlocks.isEmpty,
                "```swift blocks at README lines \(readme.unmarkedSwiftBlocks) lack '<!-- snippet: NAME -->'")
        #expect(readme.snippets.map(\.name).contains("matcher"))
        #expect(readme.snippets.map(\.name).contains("router"))
        #expect(Set(readme.snippets.map(\.name)).count == readme.snippets.count, "a snippet name is used twice")
    }

    @Test func everyRegionIsInTheReadme() throws {
        let shown = Set(try Readme.load().snippets.map(\.name))
        let regions = try SnippetSources.load().regions
        #expect(Set(regions.keys).subtracting(shown).isEmpty, "regions the README does not show")
    }

    @Test func matcherSnippetPrintsWhatTheReadmeSays() throws {
        #expect(try runMatcherSnippet() == [
            "book by id 42 shelf",
            "reader://book/war%20and%20peace",
        ])
    }

    @Test @MainActor func screensSnippetPrintsWhatTheReadmeSays() throws {
        #expect(try runScreensSnippet() == [
            "42",
            "reader://picker/shelf [App] is an action route, not an object route",
            "Favourites",
            "7",
            "the main-actor object is a 'BookScreen', not a 'String'",
            "[\"id\": \"7\"]",
            "handled by reader://go/**url [App]",
        ])
    }

    @Test func gateSnippetPrintsWhatTheReadmeSays() throws {
        #expect(try runGateSnippet() == [
            "redirected by interceptor 'redirect' reader://orders [App] to "
                + "'reader://account/orders', then redirected by interceptor 'login' reader://account/** [App] to "
                + "'reader://login', then handled by reader://login [App]",
            "orders, opened from external",
            "true",
        ])
    }

    @Test func outcomesSnippetPrintsWhatTheReadmeSays() throws {
        #expect(try runOutcomesSnippet() == [
            "handled by reader://book/<int:id>",
            "declined by [\"reader://book/<int:id>\"]",
            "no route matches",
            "malformed URL: '%' is not followed by two hexadecimal digits (byte 14 in 'reader://book/%zz')",
        ])
    }

    @Test func testingSnippetPrintsWhatTheReadmeSays() throws {
        #expect(try runTestingSnippet() == [
            "assertOpens: 'reader://book/x' from app reaches *://** [RecordingRouter], not 'book'",
            "[\"reader://book/42\", \"reader://reviews/42\"]",
        ])
    }

    @Test @MainActor func entrySnippetPrintsWhatTheReadmeSays() async throws {
        #expect(try await runEntrySnippet() == [
            "no plan for 'reader://book/42': held open #1 'reader://book/42', until the app is ready",
            "observed: handled by reader://book/<int:id> (book) [App]",
            "reader://shelf [\"reader://book/42\"]",
            "observed: handled by reader://book/<int:id> (book) [App]",
            "shown: NavigationPlan(root: 'reader://shelf', stack: ['reader://book/7'])",
        ])
    }

    @Test func routerSnippetPrintsWhatTheReadmeSays() throws {
        #expect(try runRouterSnippet() == [
            "handled by reader://book/<int:id> (book) [BookDetailModule]",
            "no route matches",
            "handled by reader://**path (fallback) [App]",
            "true",
            "Ada",
            "reader://book/7?from=mail",
            "7",
        ])
    }
}

/// Where two texts first differ, for a failure message shorter than both texts.
private func firstDifference(_ readme: [String], _ snippet: [String]) -> String {
    let common = min(readme.count, snippet.count)
    let line = (0..<common).first { readme[$0] != snippet[$0] } ?? common
    let shown = { (lines: [String]) in line < lines.count ? "'\(lines[line])'" : "the end" }
    return "line \(line + 1) after the imports is \(shown(readme)) in the README and \(shown(snippet)) in the snippet"
}

/// One ```` ```swift ```` block of the README.
struct ReadmeSnippet: Sendable, CustomTestStringConvertible {
    let name: String
    /// The `import` lines the block opens with.
    let imports: [String]
    /// The rest of the block, without the blank lines that follow the imports.
    let body: [String]

    var testDescription: String { "README snippet '\(name)'" }
}

struct Readme {
    static var url: URL {
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent()   // URLRouterTests
            .deletingLastPathComponent()   // Tests
            .deletingLastPathComponent()   // the package
            .appendingPathComponent("README.md")
    }

    var snippets: [ReadmeSnippet] = []
    /// The 1-based lines of ```` ```swift ```` fences without a snippet marker above them.
    var unmarkedSwiftBlocks: [Int] = []

    static func load() throws -> Readme {
        let lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
        var readme = Readme()
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index].trimmingCharacters(in: .whitespaces) == "```swift" else { continue }
            let marker = index > 0 ? snippetName(inMarker: lines[index - 1]) : nil
            var block: [String] = []
            index += 1
            while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                block.append(lines[index])
                index += 1
            }
            guard let marker else {
                readme.unmarkedSwiftBlocks.append(index - block.count)
                continue
            }
            let imports = block.prefix { $0.hasPrefix("import ") }
            let body = block.dropFirst(imports.count).drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }
            readme.snippets.append(ReadmeSnippet(name: marker, imports: Array(imports), body: Array(body)))
        }
        return readme
    }

    /// `NAME` in `<!-- snippet: NAME -->`.
    private static func snippetName(inMarker line: String) -> String? {
        let text = line.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("<!-- snippet:"), text.hasSuffix("-->") else { return nil }
        return text.dropFirst("<!-- snippet:".count).dropLast("-->".count).trimmingCharacters(in: .whitespaces)
    }
}

/// The regions marked in the files of `Snippets/`.
struct SnippetSources {
    struct Region {
        let file: String
        /// The region's lines, their common indentation removed.
        let lines: [String]
        /// The file's `import` lines.
        let fileImports: [String]
    }

    static var directory: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Snippets")
    }

    var regions: [String: Region] = [:]

    static func load() throws -> SnippetSources {
        var sources = SnippetSources()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".swift") }.sorted()
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            let lines = text.components(separatedBy: "\n")
            let imports = lines.filter { $0.hasPrefix("import ") }
            var open: (name: String, start: Int)?
            for (index, line) in lines.enumerated() {
                let text = line.trimmingCharacters(in: .whitespaces)
                if text.hasPrefix("// snippet:begin ") {
                    open = (String(text.dropFirst("// snippet:begin ".count)), index + 1)
                } else if text.hasPrefix("// snippet:end "), let region = open,
                          text.dropFirst("// snippet:end ".count) == region.name {
                    let body = dedented(Array(lines[region.start..<index]))
                    sources.regions[region.name] = Region(file: file, lines: body, fileImports: imports)
                    open = nil
                }
            }
        }
        return sources
    }

    /// `lines` without the indentation that all non-blank lines share; blank lines become empty.
    private static func dedented(_ lines: [String]) -> [String] {
        let indents = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }
        let common = indents.min() ?? 0
        return lines.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : String($0.dropFirst(common)) }
    }
}
