import Testing
import URLRouter
import URLRouterTesting

/// One label, one meaning: `json:` takes the file's text, `path:` a path; each says so when
/// given the other. The `file:` spellings forward for one release.
@Suite("Association file: json: and path:")
struct AssociationLabelTests {
    static let appIDs = ["ABCDE12345.com.example.reader"]

    @Test("a path given as JSON text fails with a message that says it is a path", .bug(id: "39", "newcomer trial 4, finding 10"))
    func pathGivenAsText() throws {
        let router = try releasedRouter()
        for path in ["Site/.well-known/apple-app-site-association", "/tmp/aasa.json", "apple-app-site-association"] {
            let error = #expect(throws: AssociationFileError.malformedJSON) {
                try AssociationCheck(router: router, json: path, host: "reader.example.com", appIDs: Self.appIDs)
            }
            #expect(error?.description.contains("looks like a path, not the file's JSON text") == true, "\(String(describing: error))")
            #expect(error?.description.contains("assertAssociationFile(_:path:host:appIDs:)") == true)
        }
        // Text that is meant as JSON is reported as JSON.
        let error = #expect(throws: AssociationFileError.malformedJSON) {
            try AssociationCheck(router: router, json: "{\"applinks\": ", host: "reader.example.com", appIDs: Self.appIDs)
        }
        #expect(error?.description.contains("looks like a path") == false)
    }

    @Test("JSON text given as a path fails with a message that says it is text")
    func textGivenAsPath() throws {
        let router = try releasedRouter()
        let text = router.routeMap.appleAppSiteAssociation(appIDs: Self.appIDs)
        let caught = failure { try assertAssociationFile(router, path: text, host: "reader.example.com", appIDs: Self.appIDs) }
        #expect(caught?.problems.count == 1)
        #expect(caught?.problems.first?.contains("is JSON text, not a path") == true, "\(String(describing: caught))")
    }

    @Test("the file: spellings still work, for one release")
    func deprecatedSpellings() throws {
        let folder = try TemporaryFolder()
        let router = try releasedRouter()
        let text = router.routeMap.appleAppSiteAssociation(appIDs: Self.appIDs)
        let legacy: any LegacyAssociationCalls = Legacy()
        #expect(try legacy.check(router: router, file: text).isClean)
        try legacy.assert(router: router, file: try folder.file("aasa.json", text))
        let stale = #"{"applinks": {"details": [{"appIDs": ["T.app"], "components": [{"/": "/gone"}]}]}}"#
        #expect(failure { try legacy.assert(router: router, file: try folder.file("stale.json", stale)) } != nil)
    }
}

/// The deprecated calls, reached through a protocol so that this test target builds without
/// deprecation warnings (CI builds it with warnings as errors).
protocol LegacyAssociationCalls {
    func check(router: Router, file: String) throws -> AssociationCheck
    func assert(router: Router, file: String) throws
}

struct Legacy: LegacyAssociationCalls {
    @available(*, deprecated)
    func check(router: Router, file: String) throws -> AssociationCheck {
        try AssociationCheck(router: router, file: file, host: "reader.example.com")
    }

    @available(*, deprecated)
    func assert(router: Router, file: String) throws {
        try assertAssociationFile(router, file: file, host: "reader.example.com")
    }
}
