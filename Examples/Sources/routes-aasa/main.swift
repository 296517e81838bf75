import Foundation
import ReaderApp
import URLRouter
import URLRouterTesting

// Prints the reading app's apple-app-site-association file, generated from its routes:
//
//     swift run --package-path Examples routes-aasa > Examples/apple-app-site-association
//
// With `--check PATH`, checks the file at PATH against the routes instead, and exits 1 with
// the report when it drifts: a route it leaves to Safari, a claim that opens nothing, or
// text that is not what the routes generate now.
//
//     swift run --package-path Examples routes-aasa --check Examples/apple-app-site-association

let appIDs = ["ABCDE12345.com.example.reader"]
let host = "reader.example.com"

let router: Router
do {
    router = try ReaderApp.makeRouter()
} catch {
    FileHandle.standardError.write(Data("routes-aasa: \(error)\n".utf8))
    exit(2)
}
let generated = router.routeMap.appleAppSiteAssociation(appIDs: appIDs)

let arguments = CommandLine.arguments.dropFirst()
guard let flag = arguments.first else {
    print(generated, terminator: "")
    exit(0)
}
guard flag == "--check", arguments.count == 2, let path = arguments.last else {
    FileHandle.standardError.write(Data("usage: routes-aasa [--check PATH]\n".utf8))
    exit(2)
}
guard let data = FileManager.default.contents(atPath: path) else {
    FileHandle.standardError.write(Data("routes-aasa: cannot read \(path)\n".utf8))
    exit(2)
}
let file = String(decoding: data, as: UTF8.self)
do {
    let check = try AssociationCheck(router: router, json: file, host: host, appIDs: appIDs)
    print(check)
    if file != generated {
        print("\(path) is not what the routes generate now: regenerate it with `routes-aasa > \(path)`")
    }
    exit(check.isClean && file == generated ? 0 : 1)
} catch {
    print("routes-aasa: \(error)")
    exit(1)
}
