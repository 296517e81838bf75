import Contenders
import MallocCounter
import Workloads

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How long and how often to measure.
struct MeasurementPlan {
    /// Requests per workload at most (an even sample of the pass, the same for every contender).
    var maxRequests = 1_000
    /// Timed rounds per contender at most, and at least.
    var maxRounds = 101
    var minRounds = 5
    /// Wall-clock budget of one contender on one workload, in seconds, once `minRounds` are done.
    var budgetPerContender = 0.4
    /// Rounds for a contender whose single pass already takes longer than the budget.
    var minRoundsWhenSlow = 3
    /// The shortest round worth timing, in nanoseconds: a round repeats the pass until it is this long.
    var minRoundNanoseconds: UInt64 = 1_000_000
    /// Registrations of the 10,000-route tables per contender.
    var registrationRounds = 7
    /// Fresh processes that build the launch table.
    var launchProcesses = 11

    /// How often to repeat a pass that takes `pass` nanoseconds so that a round lasts at least
    /// `minRoundNanoseconds`: once when that is 0.
    func repetitions(ofPass pass: UInt64) -> Int {
        minRoundNanoseconds == 0 ? 1 : Int(max(1, (minRoundNanoseconds + pass - 1) / pass))
    }

    static let full = MeasurementPlan()
    static let smoke = MeasurementPlan(maxRequests: 20, maxRounds: 1, minRounds: 1, budgetPerContender: 0,
                                       minRoundNanoseconds: 0, registrationRounds: 1, launchProcesses: 1)
}

/// One contender on one workload.
struct LookupResult {
    enum Outcome {
        case measured(nanosecondsPerLookup: Double, allocationsPerLookup: Double, wrong: Int)
        case refused(String)
    }

    let contender: String
    let outcome: Outcome
    let lookups: Int
    /// A few of the wrong answers, for `--explain`.
    var wrongExamples: [(url: String, expected: Int, answer: Int)] = []

    var nanoseconds: Double? {
        if case .measured(let ns, _, _) = outcome { return ns }
        return nil
    }

    var allocations: Double? {
        if case .measured(_, let allocations, _) = outcome { return allocations }
        return nil
    }

    var wrong: Int? {
        if case .measured(_, _, let wrong) = outcome { return wrong }
        return nil
    }
}

/// The registration of a 10,000-route table by one contender.
struct RegistrationResult {
    let contender: String
    let workload: String
    let routes: Int
    /// Median wall-clock time of one registration, or the reason the table was refused.
    let milliseconds: Double?
    /// Heap bytes the registered router keeps, per route.
    let bytesPerRoute: Double?
    let refusal: String?
}

/// One module registered into a large router after start-up, with its same-run baselines.
struct LateModuleResult {
    let baseRoutes: Int
    let moduleRoutes: Int
    /// Median time of registering the module into the router.
    var milliseconds: Double?
    /// Median time of a new router of the base routes.
    var baseAnewMilliseconds: Double?
    /// Median time of a new router of the module's routes alone.
    var moduleAloneMilliseconds: Double?
    var refusal: String?
}

/// What an empty observer adds to an open.
struct ObserverResult {
    var workload: String
    var plainNanoseconds: Double?
    var observedNanoseconds: Double?
    var refusal: String?
}

/// What resolving a built `.shared` service costs.
struct ServiceResult {
    var nanoseconds: Double?
    var dictionaryNanoseconds: Double?
    var allocations: Double?
    var refusal: String?
}

enum Measurement {
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Measures every contender on `workload`, interleaving their rounds so that a noisy stretch of
    /// the machine slows them all alike and the ratios between them hold.
    static func lookups(on workload: Workload, contenders: [ContenderCatalog.Entry],
                        plan: MeasurementPlan) -> [LookupResult] {
        let requests = workload.sampled(atMost: plan.maxRequests).requests
        var prepared: [(PreparedContender, repetitions: Int, minRounds: Int)] = []
        var refusals: [String: String] = [:]
        for entry in contenders {
            do {
                let contender = try entry.prepare(workload.routes, requests)
                // Calibrate: repeat the pass until a round is long enough for the clock.
                let start = now()
                opaqueSink(contender.run(1))
                let pass = max(now() - start, 1)
                let repetitions = plan.repetitions(ofPass: pass)
                let slow = Double(pass) / 1e9 > plan.budgetPerContender
                prepared.append((contender, repetitions, slow ? min(plan.minRounds, plan.minRoundsWhenSlow) : plan.minRounds))
            } catch {
                refusals[entry.name] = "\(error)"
            }
        }

        var samples = Array(repeating: [Double](), count: prepared.count)
        var spent = Array(repeating: 0.0, count: prepared.count)
        for _ in 0..<plan.maxRounds {
            var anyRan = false
            for (index, (contender, repetitions, minRounds)) in prepared.enumerated() {
                guard samples[index].count < minRounds || spent[index] < plan.budgetPerContender else { continue }
                anyRan = true
                // One untimed pass first: the contender before this one has just filled the
                // caches with its own data, and every contender is timed in its steady state.
                opaqueSink(contender.run(1))
                let start = now()
                opaqueSink(contender.run(repetitions))
                let elapsed = Double(now() - start)
                spent[index] += elapsed / 1e9
                samples[index].append(elapsed / Double(repetitions * max(contender.requestCount, 1)))
            }
            if !anyRan { break }
        }

        var results: [LookupResult] = []
        for entry in contenders {
            if let refusal = refusals[entry.name] {
                results.append(LookupResult(contender: entry.name, outcome: .refused(refusal), lookups: requests.count))
                continue
            }
            guard let index = prepared.firstIndex(where: { $0.0.name == entry.name }) else { continue }
            let contender = prepared[index].0
            // One more pass, counted: it checks every answer too (the check itself allocates nothing).
            malloc_counter_start()
            let wrong = contender.wrongAnswers()
            malloc_counter_stop()
            let allocations = Double(malloc_counter_allocations()) / Double(max(contender.requestCount, 1))
            results.append(LookupResult(
                contender: entry.name,
                outcome: .measured(nanosecondsPerLookup: median(samples[index]), allocationsPerLookup: allocations,
                                   wrong: wrong),
                lookups: requests.count,
                wrongExamples: wrong > 0 ? Array(contender.wrongAnswerDetails().prefix(5)) : []))
        }
        return results
    }

    /// Registration time and footprint of every contender that has a route table. The timed
    /// registrations are interleaved (one of each contender, then again), as lookups are, so
    /// that a noisy stretch of the machine slows them all alike and the ratios hold.
    static func registration(of workload: Workload, contenders: [ContenderCatalog.Entry],
                             plan: MeasurementPlan) -> [RegistrationResult] {
        registration(of: [workload], contenders: contenders, plan: plan)
    }

    /// ``registration(of:contenders:plan:)`` of every contender on each of `workloads`, all of
    /// them interleaved in the same rounds, so that tables set against each other share the
    /// machine's noisy stretches too.
    static func registration(of workloads: [Workload], contenders: [ContenderCatalog.Entry],
                             plan: MeasurementPlan) -> [RegistrationResult] {
        /// One contender's registrations of one workload so far.
        struct Registrations {
            let entry: ContenderCatalog.Entry
            let workload: Workload
            /// Heap bytes the registered router keeps; `nil` when the table was refused.
            var bytes: Double?
            var refusal: String?
            var milliseconds: [Double] = []
        }
        let pairs = workloads.flatMap { workload in contenders.filter(\.hasRouteTable).map { (workload, $0) } }
        var registrations = pairs.map { workload, entry in
            do {
                malloc_counter_start()
                let router = try entry.register(workload.routes)
                malloc_counter_stop()
                let bytes = Double(malloc_counter_live_bytes())
                withExtendedLifetime(router) {}
                return Registrations(entry: entry, workload: workload, bytes: bytes)
            } catch {
                return Registrations(entry: entry, workload: workload, refusal: "\(error)")
            }
        }
        for _ in 0..<plan.registrationRounds {
            for index in registrations.indices where registrations[index].refusal == nil {
                let start = now()
                let router = try? registrations[index].entry.register(registrations[index].workload.routes)
                registrations[index].milliseconds.append(Double(now() - start) / 1e6)
                withExtendedLifetime(router) {}
            }
        }
        return registrations.map { registered in
            let routes = registered.workload.routes.count
            return RegistrationResult(contender: registered.entry.name, workload: registered.workload.name, routes: routes,
                                      milliseconds: registered.refusal == nil ? median(registered.milliseconds) : nil,
                                      bytesPerRoute: registered.bytes.map { $0 / Double(routes) },
                                      refusal: registered.refusal)
        }
    }

    /// One module registered into a router that already holds `base`, after start-up, beside what
    /// the same run costs otherwise: a new router of `base` (which a router that rebuilds its whole
    /// table on every change pays again), and a new router of the module's routes alone (the least
    /// a registration of them can cost). Each round builds a fresh router of `base` (timed as the
    /// first baseline), then registers the module into it (timed).
    static func lateModuleRegistration(base: [String], module: [String], plan: MeasurementPlan)
        -> LateModuleResult {
        var late: [Double] = [], anew: [Double] = [], alone: [Double] = []
        do {
            // The module alone is short: repeated until a round is long enough for the clock, as a
            // lookup pass is.
            var start = now()
            opaqueSink(try LateModuleRouter(routes: module))
            let repetitions = plan.repetitions(ofPass: max(now() - start, 1))
            for _ in 0..<max(plan.registrationRounds, 1) {
                start = now()
                let router = try LateModuleRouter(routes: base)
                anew.append(Double(now() - start) / 1e6)
                start = now()
                try router.register(module: module, named: "Late")
                late.append(Double(now() - start) / 1e6)
                guard router.routeCount == base.count + module.count else {
                    return LateModuleResult(baseRoutes: base.count, moduleRoutes: module.count,
                                            refusal: "the module's routes did not all register")
                }
                start = now()
                for _ in 0..<repetitions { opaqueSink(try LateModuleRouter(routes: module)) }
                alone.append(Double(now() - start) / 1e6 / Double(repetitions))
                withExtendedLifetime(router) {}
            }
        } catch {
            return LateModuleResult(baseRoutes: base.count, moduleRoutes: module.count, refusal: "\(error)")
        }
        return LateModuleResult(baseRoutes: base.count, moduleRoutes: module.count, milliseconds: median(late),
                                baseAnewMilliseconds: median(anew), moduleAloneMilliseconds: median(alone))
    }

    /// `router.service(_:)` of a built `.shared` service against a lookup by name in a dictionary of
    /// as many entries, interleaved round by round, and the allocations of one resolution.
    static func serviceResolution(plan: MeasurementPlan) -> ServiceResult {
        do {
            let resolution = try ServiceResolution()
            var sum = 0
            var start = now()
            for _ in 0..<1_000 { sum &+= try resolution.resolve() }
            let repetitions = plan.repetitions(ofPass: max((now() - start) / 1_000, 1))
            var service: [Double] = [], dictionary: [Double] = []
            for _ in 0..<max(plan.minRounds, 3) {
                start = now()
                for _ in 0..<repetitions { sum &+= try resolution.resolve() }
                service.append(Double(now() - start) / Double(repetitions))
                start = now()
                for _ in 0..<repetitions { sum &+= resolution.lookUpByName() }
                dictionary.append(Double(now() - start) / Double(repetitions))
            }
            malloc_counter_start()
            for _ in 0..<100 { sum &+= try resolution.resolve() }
            malloc_counter_stop()
            opaqueSink(sum)
            return ServiceResult(nanoseconds: median(service), dictionaryNanoseconds: median(dictionary),
                                 allocations: Double(malloc_counter_allocations()) / 100)
        } catch {
            return ServiceResult(refusal: "\(error)")
        }
    }

    /// An open with an empty observer against the plain open, on `workload`'s URLs, interleaved.
    static func observerOverhead(on workload: Workload, plan: MeasurementPlan) -> ObserverResult {
        do {
            let opens = try ObservedOpen(routes: workload.routes)
            let urls = workload.sampled(atMost: plan.maxRequests).requests.map(\.url)
            var start = now()
            var sum = opens.open(urls, observed: true)
            let repetitions = plan.repetitions(ofPass: max(now() - start, 1))
            var plain: [Double] = [], observed: [Double] = []
            for _ in 0..<max(plan.minRounds, 3) {
                start = now()
                for _ in 0..<repetitions { sum &+= opens.open(urls, observed: false) }
                plain.append(Double(now() - start) / Double(repetitions * max(urls.count, 1)))
                start = now()
                for _ in 0..<repetitions { sum &+= opens.open(urls, observed: true) }
                observed.append(Double(now() - start) / Double(repetitions * max(urls.count, 1)))
            }
            opaqueSink(sum)
            return ObserverResult(workload: workload.name, plainNanoseconds: median(plain), observedNanoseconds: median(observed))
        } catch {
            return ObserverResult(workload: workload.name, refusal: "\(error)")
        }
    }

    static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}
