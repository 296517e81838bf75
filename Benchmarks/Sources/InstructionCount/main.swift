// The loop `Scripts/instructions.sh` counts instructions of under `valgrind --tool=callgrind`:
// every request of one workload looked up `rounds` times by one contender. Run once with
// 0 rounds and once with many; the difference divided by the lookups is what one lookup
// executes, whatever the machine's load (callgrind counts, it does not time).
//
//   InstructionCount <contender> <workload> <rounds>
//   contender: matcher | open | intercepted | dictionary     workload: a file of Routes/, or "app static"
//   (`intercepted` is the open with three interceptors that match every URL and let it through)
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Contenders
import Workloads

let arguments = CommandLine.arguments
guard arguments.count == 4, let rounds = Int(arguments[3]), rounds >= 0 else {
    print("usage: InstructionCount <matcher|open|intercepted|dictionary> <Routes/ file or 'app static'> <rounds>")
    exit(2)
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
