import Workloads

/// A router under test: it registers a table once, then answers lookups.
///
/// `lookup(_:)` does everything a caller of that router waits for, from the caller's input to the
/// handler having run, and returns the index of the route it dispatched to (`-1` for none), which
/// the caller black-holes, so that no part of the work can be optimized away.
public protocol Contender {
    /// What the caller hands to the router: a URL string for URL routers, a target/action/params
    /// call for a target-action mediator.
    associatedtype Call

    /// The name in tables and the chart.
    static var name: String { get }

    /// Registers `routes` (patterns in `:name` syntax) in order; route `i` answers `i`.
    init(routes: [String]) throws

    /// How a caller of this router asks for `request`, the `position`-th of its workload. Not timed.
    func call(for request: Request, position: Int) -> Call

    /// One lookup and dispatch, timed.
    func lookup(_ call: Call) -> Int

    /// What a correct `lookup` answers for the call made from `request`.
    func expectedAnswer(for request: Request, position: Int) -> Int
}

extension Contender where Call == String {
    public func call(for request: Request, position: Int) -> String { request.url }
}

extension Contender {
    public func expectedAnswer(for request: Request, position: Int) -> Int { request.expectedRoute ?? -1 }
}

/// A contender that has been set up on one workload, with its calls prepared: what the timing loop
/// drives, without knowing the contender's types.
public struct PreparedContender {
    public let name: String
    public let requestCount: Int
    /// Runs `repetitions` passes over every call and returns a checksum of the answers.
    public let run: (_ repetitions: Int) -> Int
    /// The answers of one pass that differ from what a correct router answers.
    public let wrongAnswers: () -> Int
    /// The requests answered wrong: URL, expected answer, answer.
    public let wrongAnswerDetails: () -> [(url: String, expected: Int, answer: Int)]

    public init<C: Contender>(_ contender: C, requests: [Request]) {
        let calls = requests.enumerated().map { contender.call(for: $1, position: $0) }
        let expected = requests.enumerated().map { contender.expectedAnswer(for: $1, position: $0) }
        name = C.name
        requestCount = calls.count
        run = { repetitions in
            var checksum = 0
            for _ in 0..<repetitions {
                for call in calls { checksum &+= contender.lookup(call) }
            }
            return checksum
        }
        wrongAnswers = {
            // An index loop, not `zip`: the first `zip` over a new call type makes the runtime
            // instantiate `Zip2Sequence`'s metadata, which would be counted as the contender's
            // allocations (the Report counts this pass).
            var wrong = 0
            for index in calls.indices where contender.lookup(calls[index]) != expected[index] { wrong += 1 }
            return wrong
        }
        wrongAnswerDetails = {
            zip(requests, zip(calls, expected)).compactMap { request, pair in
                let answer = contender.lookup(pair.0)
                return answer == pair.1 ? nil : (request.url, pair.1, answer)
            }
        }
    }
}

/// Keeps a value alive past the optimizer: the timing loops pass every checksum here.
@inline(never)
public func opaqueSink<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
