import PatternMatcher
import Testing

@Suite("Conformance vectors")
struct ConformanceTests {
    @Test("every suite is found")
    func suitesAreLoaded() {
        let files = Set(ConformanceSuites.all.map(\.file))
        #expect(files.count >= 9, "found \(files.sorted())")
        #expect(!ConformanceSuites.all.contains { $0.label.hasPrefix("unreadable") })
    }

    @Test(arguments: ConformanceSuites.all)
    func vector(_ vector: ConformanceCase) throws {
        switch vector.check {
        case .match(let url, let route, let params, let query, let fragment):
            let table = try vector.makeTable()
            let result = table.match(url)
            guard let route else {
                if case .malformed(let error) = result { Issue.record("unexpectedly malformed: \(error)") }
                #expect(result.match == nil, "matched \(result.match.map { String($0.pattern) } ?? "")")
                return
            }
            let match = try #require(result.match, "no match for '\(url)', got \(result)")
            #expect(match.value == route)
            if let params { #expect(match.parameters.dictionary == params) }
            if let query { #expect(match.query.map { [String($0.name), String($0.value)] } == query) }
            if let fragment { #expect(match.fragment.map(String.init) == fragment) }

        case .malformed(let url):
            let table = try vector.makeTable()
            guard case .malformed = table.match(url) else {
                Issue.record("'\(url.prefix(60))' should be malformed, got \(table.match(url))")
                return
            }

        case .valid(let pattern):
            #expect(throws: Never.self) { try RoutePattern(pattern) }

        case .invalid(let pattern):
            let error = #expect(throws: PatternError.self) { try RoutePattern(pattern) }
            if let error { #expect(error.pattern == pattern && error.column >= 1) }

        case .conflicts(let routes, let pairs):
            var builder = RouteTableBuilder<String>()
            for route in routes { builder.add(route, value: route) }
            do {
                _ = try builder.build()
                #expect(pairs.isEmpty, "expected conflicts \(pairs)")
            } catch {
                #expect(error.problems.allSatisfy { $0.conflictingRoute != nil }, "\(error)")
                let found = Set(error.problems.compactMap { problem in
                    problem.conflictingRoute.map { Set([problem.pattern, $0.pattern]) }
                })
                #expect(found == Set(pairs.map(Set.init)), "\(error)")
            }

        case .generate(let route, let params, let url, let isError):
            var builder = RouteTableBuilder<String>()
            builder.add(route, value: route)
            let table = try builder.build()
            if isError {
                #expect(throws: GenerationError.self) { try table.url(for: route, parameters: params) }
                return
            }
            let generated = try table.url(for: route, parameters: params)
            if let url { #expect(generated == url) }
            let match = try #require(table.match(generated).match, "'\(generated)' does not match back")
            #expect(match.value == route)
            #expect(match.parameters.dictionary == params)
        }
    }
}
