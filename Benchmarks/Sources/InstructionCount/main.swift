// The loop `Scripts/instructions.sh` counts instructions of under `valgrind --tool=callgrind`:
// every request of one workload looked up `rounds` times by one contender. Run once with
// 0 rounds and once with many; the difference divided by the lookups is what one lookup
// executes, whatever the machine's load (callgrind counts, it does not time).
//
//   InstructionCount <contender> <workload> <rounds>
//   contender: matcher | open | intercepted | dictionary     workload: a file of Routes/, or "app static"
//   (`intercepted` is the open with three interceptors that match every URL and let it through;
//   `observed` the open with an empty observer, `unobserved` the same router's twin without one)
//   On a typed workload ("typed book", "typed scalars"): typed (router.open(value)) | by-name (the
//   string open whose handler reads by name) | typed-url (value.url()) | typed-decode
//   (request.decode on a kept request).
//   InstructionCount launch table <builds>: the launch table (Workloads' `LaunchTable`) registered
//   `builds` times; with 1 against 0, what the first `Router(modules:)` of a process executes.
//   InstructionCount floor table <passes>: the launch table's floor, each of its typed route types
//   decoded with JSONDecoder (`LaunchTable.decodeEachTypeOnce()`); with 1 against 0, what meeting
//   the types costs a process without a router.
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Contenders
import Workloads

let arguments = CommandLine.arguments
guard arguments.count == 4, let rounds = Int(arguments[3]), rounds >= 0 else {
    print("usage: InstructionCount <matcher|open|intercepted|observed|unobserved|dictionary|typed|by-name|typed-url|typed-decode> "
        + "<Routes/ file, 'app static', 'typed book' or 'typed scalars'> <rounds>\n"
        + "       InstructionCount launch|floor table <builds>")
    exit(2)
}

if arguments[1] == "launch" || arguments[1] == "floor" {
    var routes = 0
    do {
        for _ in 0..<rounds {
            routes &+= arguments[1] == "launch" ? try LaunchTable.build().routes.count : try LaunchTable.decodeEachTypeOnce()
        }
    } catch {
        print("\(error)")
        exit(2)
    }
    print("lookups \(rounds) checksum \(routes)")
    exit(0)
}

/// The typed contender named `name` on `Route`'s workload, its calls prepared.
func typedContender<Route: BenchmarkedRoute>(_ name: String, _ route: Route.Type) throws -> PreparedContender? {
    let workload = Route.workload
    switch name {
    case "typed": return PreparedContender(try URLRouterTypedOpen<Route>(routes: workload.routes), requests: workload.requests)
    case "by-name":
        return PreparedContender(try URLRouterOpenReadingByName<Route>(routes: workload.routes), requests: workload.requests)
    case "typed-url": return PreparedContender(try TypedURLWriting<Route>(routes: workload.routes), requests: workload.requests)
    case "typed-decode":
        return PreparedContender(try KeptRequestDecode<Route>(routes: workload.routes), requests: workload.requests)
    default: return nil
    }
}

let typed: PreparedContender?
do {
    switch arguments[2] {
    case BookRoute.workloadName: typed = try typedContender(arguments[1], BookRoute.self)
    case NoteRoute.workloadName: typed = try typedContender(arguments[1], NoteRoute.self)
    default: typed = nil
    }
} catch {
    print("\(error)")
    exit(2)
}
if let typed {
    // One pass first, in every run: what the first call does once (a typed route's shape, metadata
    // the runtime instantiates) is then in both counts and cancels out of the difference.
    let checksum = typed.run(1) &+ typed.run(rounds)
    print("lookups \(rounds * typed.requestCount) checksum \(checksum)")
    exit(0)
}

let workload: Workload
if arguments[2] == "app static" {
    workload = AppTable.staticLookups
} else {
    do {
        workload = try RouteFile.workload(atPath: arguments[2])
    } catch {
        print("\(error)")
        exit(2)
    }
}
let urls = workload.requests.map(\.url)
let lookup: (String) -> Int
do {
    switch arguments[1] {
    case "matcher": lookup = try URLRouterMatcher(routes: workload.routes).lookup
    case "open": lookup = try URLRouterOpen(routes: workload.routes).lookup
    case "intercepted": lookup = try URLRouterOpenIntercepted(routes: workload.routes).lookup
    case "dictionary": lookup = try ExactStringDictionary(routes: workload.routes).lookup
    case "observed", "unobserved":
        let opens = try ObservedOpen(routes: workload.routes)
        let isObserved = arguments[1] == "observed"
        lookup = { opens.open($0, observed: isObserved) }
    default:
        print("unknown contender \(arguments[1])")
        exit(2)
    }
} catch {
    print("\(error)")
    exit(2)
}
var checksum = 0
for _ in 0..<rounds {
    for url in urls { checksum &+= lookup(url) }
}
// Printed, so the loop cannot be optimised away; the script reads the lookup count.
print("lookups \(rounds * urls.count) checksum \(checksum)")
