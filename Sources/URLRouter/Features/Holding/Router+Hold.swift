import PatternMatcher

extension Router {
    /// Holds external opens until ``releaseHeldOpens()``: a deep link that arrives before the
    /// app is ready (its root screen, session or onboarding) waits instead of being lost.
    ///
    /// ```swift
    /// router.holdExternalOpens()                               // at launch
    /// router.open(launchURL, source: .external)                // .held(HeldOpen)
    /// // ... onboarding ...
    /// let release = router.releaseHeldOpens()                  // replays the link now
    /// ```
    /// While holding, an open from ``OpenSource/external`` made outside any handler, including
    /// a universal link of a declared origin, is queued at once, and nothing is looked up yet:
    /// `open` and `openAndWait` return ``OpenResult/held(_:)``, `open(_:expecting:)` returns
    /// ``RouteReply/notHandled(_:)`` with it, and `navigate(to:source:)` throws a
    /// ``NavigationError`` whose ``NavigationError/stopped`` is it. Never held: opens from
    /// ``OpenSource/app``, opens made inside a handler or the observer, redirects, and dry runs
    /// (`canOpen`, `resolve`, `plan`, `restore`, `previewInterceptors`). An external object
    /// lookup (`object(for:as:)`, `requireObject`) cannot wait: it is refused
    /// (``Refusal/holdingExternalOpens``), not queued. See <doc:OpeningURLs>, "Links that
    /// arrive before the app is ready".
    ///
    /// Calling it again while holding keeps the queued opens and applies the new limits.
    /// Called while ``releaseHeldOpens()`` is replaying (from a replayed handler, say), it
    /// stops the replay: the opens not yet replayed stay held for the next release.
    ///
    /// A dropped open's completion gets `nil` and the observer is told, after the open that
    /// pushed it out is held, never inside another dropped open's completion: a completion
    /// that opens its link again runs one after another with the others, whatever the limit.
    /// A router released while it holds opens ends them at once (``Refusal/routerReleased``).
    /// - Parameters:
    ///   - limit: how many opens are held at most; when one more comes, the oldest is
    ///     dropped (``Refusal/tooManyHeld(limit:)``). At least 1; default 8.
    ///   - maxAge: how many seconds an open may wait; one that waited longer is dropped
    ///     when the opens are released, not replayed (``Refusal/heldTooLong(maxAge:)``).
    ///     Counted on a monotonic clock, which stops while the device sleeps. Default: 300.
    /// - Complexity: O(1) per open held or dropped, at any limit.
    public func holdExternalOpens(limit: Int = 8, maxAge: Double = 300) {
        let pushedOut = holds.withLock { $0.startHolding(limit: max(limit, 1), maxAge: max(maxAge, 0)) }
        // After the lock: a completion and the observer are the app's code.
        end(pushedOut)
    }

    /// Stops holding external opens and replays the held ones, in the order they arrived,
    /// each once, through its own verb (a held navigation is shown by the navigator), from its
    /// own source, with its own user info and completion, before it returns.
    ///
    /// ```swift
    /// func onboardingDidFinish() {
    ///     let release = router.releaseHeldOpens()
    ///     for drop in release.dropped { log.notice("\(drop)") }
    /// }
    /// ```
    /// Each open is replayed as the synchronous `open` runs it, on the calling thread and
    /// outside any open: it is looked up against the routes registered by then, and its
    /// completion is called by the rules of `open`. An open too old to replay, or pushed out
    /// of a full queue, is dropped: its completion is called with `nil`, and the result
    /// lists it. External opens that arrive from other threads while this call replays are
    /// held, then replayed by it after the ones before them, so that the order stays the
    /// order of arrival.
    ///
    /// Every held open it replays or drops is told to the observer before it returns (a
    /// replayed one with its outcome, a dropped one refused with the reason), and every
    /// dropped open's completion has been called. A drop's completion or observer call runs
    /// after the replay or drop before it returns, never inside it.
    ///
    /// Calling it when nothing is held replays nothing. Called while another call is
    /// replaying (from a replayed handler, or another thread), it returns at once with
    /// nothing replayed: the call already replaying replays everything.
    /// - Returns: the opens replayed, each with its result, and the opens dropped since the
    ///   last release, each with the reason.
    /// - Complexity: O(1) per held open, besides the opens replayed, at any limit.
    @discardableResult
    public func releaseHeldOpens() -> HeldOpenRelease {
        guard let release = holds.withLock({ $0.startReleasing() }) else {
            return HeldOpenRelease(replayed: [], dropped: [], unlistedDrops: 0)
        }
        // The drops made while replaying (too old, or pushed out by a replayed handler or a
        // completion that holds again) end here, one after another, before this call returns.
        let dropped = DroppedOpens()
        return DroppedOpens.$current.withValue(dropped) {
            var replayed: [HeldOpen.Replay] = []
            while true {
                switch holds.withLock({ $0.next(in: release, now: MonotonicClock.now()) }) {
                case .replay(let entry):
                    // A held open was made outside any open: it is replayed as one, through its
                    // own verb, from the URL as it arrived (so a universal link keeps its origin).
                    let call = entry.call
                    var purpose = call.purpose
                    // The first release replays the launch links: a cold start for the placement.
                    if case .navigate = purpose { purpose = .navigate(coldStart: release == 1) }
                    var state = RunState()
                    let result = OpenContext.$current.withValue(.outside) {
                        run(call.url, purpose, source: entry.open.source, userInfo: call.userInfo,
                            channel: call.channel, holds: false, state: &state)
                    }
                    replayed.append(HeldOpen.Replay(open: entry.open, result: result))
                case .dropped(let entry, let reason):
                    end([(entry, reason)])
                case .finished(let drops, let unlisted):
                    dropped.endAll(closing: true)
                    return HeldOpenRelease(replayed: replayed, dropped: drops, unlistedDrops: unlisted)
                }
                dropped.endAll(closing: false)
            }
        }
    }

    /// Queues `call` if external opens are held (or being released): ``OpenResult/held(_:)``,
    /// or, for an object lookup, which cannot wait, its refusal; `nil` when opens pass.
    /// - Parameter shown: the URL as it is looked up (a universal link in its custom-scheme form).
    func hold(_ call: HeldOpens.Call, shown: String, from source: OpenSource) -> OpenResult? {
        if call.purpose == .object {
            return holds.withLock { $0.isHolding } ? .refused(.holdingExternalOpens) : nil
        }
        let (held, pushedOut) = holds.withLock { $0.hold(call, shown: shown, from: source, now: MonotonicClock.now()) }
        // The open pushed out ends after the lock, and after any drop running on this thread.
        if let pushedOut { end([pushedOut]) }
        return held.map(OpenResult.held)
    }

    /// Ends the opens a router held when it is released: their completions get `nil` and the
    /// observer is told (``Refusal/routerReleased``), at once. A view bound to a source
    /// shares the holds of its router, and ends nothing.
    func endHeldOpens() {
        guard boundSource == nil else { return }
        let held = holds.withLock { $0.stopHolding() }
        // In the router's `deinit`: not added to a list being ended on this thread, which
        // would keep the router past its `deinit`.
        for entry in held { end(entry, .routerReleased) }
    }

    /// How many held opens and drops were moved in memory, over the router's life: at most two
    /// per open held (in the queue, then in the drop list), whatever the limit (for the tests
    /// of that bound).
    package var heldOpenMoves: Int { holds.withLock { $0.moves } }
}

/// A router's held external opens, and whether it holds them: the state behind
/// ``Router/holdExternalOpens(limit:maxAge:)`` and ``Router/releaseHeldOpens()``, always
/// reached under the router's lock. No user code runs here: what a change removes is
/// handed back, so that the caller calls its completion after the lock.
struct HeldOpens: Sendable {
    /// What a held open's replay calls again: its verb, with the URL as it arrived.
    struct Call: Sendable {
        let url: String
        let purpose: Purpose
        let userInfo: [String: any Sendable]
        /// Where a replayed `open` replies (its completion).
        let channel: ReplyChannel?
    }

    /// One held open, with what its replay needs.
    struct Entry: Sendable {
        let open: HeldOpen
        let call: Call
        /// When it was held, in seconds of `MonotonicClock.now()`.
        let heldAt: Double
    }

    private enum Phase: Equatable {
        /// External opens run at once.
        case passing
        /// External opens are queued.
        case holding
        /// The release numbered so is replaying; external opens are queued behind the held ones.
        case releasing(Int)
    }

    /// What a release does next.
    enum Step {
        case replay(Entry)
        /// Too old: dropped (and listed), its completion still to be called.
        case dropped(Entry, Refusal)
        /// Nothing more to replay for this release: the drops to report.
        case finished([HeldOpen.Drop], unlisted: Int)
    }

    private var phase = Phase.passing
    private var limit = 8
    private var maxAge = 300.0
    private var queue = HeldQueue<Entry>()
    /// The most recent drops not yet reported, at most `limit`; `unlisted` counts the others.
    private var drops = HeldQueue<HeldOpen.Drop>()
    private var unlisted = 0
    private var opensHeld = 0
    private var releases = 0

    /// Holds from now on with these limits; returns the opens they push out.
    mutating func startHolding(limit: Int, maxAge: Double) -> [(Entry, Refusal)] {
        phase = .holding
        self.limit = limit
        self.maxAge = maxAge
        var pushedOut: [(Entry, Refusal)] = []
        while let oldest = queue.count > limit ? pushOutOldest() : nil { pushedOut.append(oldest) }
        return pushedOut
    }

    /// Stops holding, and returns the opens held, in order (the router is released).
    mutating func stopHolding() -> [Entry] {
        phase = .passing
        let held = queue.elements
        queue.removeAll()
        drops.removeAll()
        unlisted = 0
        return held
    }

    /// Queues an open if opens are held or being released: the open, and the one it pushed out.
    mutating func hold(_ call: Call, shown: String, from source: OpenSource,
                       now: Double) -> (HeldOpen?, pushedOut: (Entry, Refusal)?) {
        guard phase != .passing else { return (nil, nil) }
        opensHeld += 1
        let open = HeldOpen(url: shown, source: source, number: opensHeld)
        let pushedOut = queue.count >= limit ? pushOutOldest() : nil
        queue.append(Entry(open: open, call: call, heldAt: now))
        return (open, pushedOut)
    }

    /// Whether external opens are held (or being released) now.
    var isHolding: Bool { phase != .passing }

    /// The number of a new release, or `nil` when one is replaying already.
    mutating func startReleasing() -> Int? {
        if case .releasing = phase { return nil }
        releases += 1
        phase = .releasing(releases)
        return releases
    }

    /// What release `release` does next: replay or drop the oldest open, or finish (when the
    /// queue is empty, or when opens are held again or another release took over).
    mutating func next(in release: Int, now: Double) -> Step {
        guard phase == .releasing(release) else { return takeDrops() }
        guard let entry = queue.popFirst() else {
            phase = .passing
            return takeDrops()
        }
        guard now - entry.heldAt <= maxAge else {
            let reason = Refusal.heldTooLong(maxAge: maxAge)
            record(HeldOpen.Drop(open: entry.open, reason: reason))
            return .dropped(entry, reason)
        }
        return .replay(entry)
    }

    /// Drops the oldest open, if there is one.
    private mutating func pushOutOldest() -> (Entry, Refusal)? {
        guard let oldest = queue.popFirst() else { return nil }
        let reason = Refusal.tooManyHeld(limit: limit)
        record(HeldOpen.Drop(open: oldest.open, reason: reason))
        return (oldest, reason)
    }

    private mutating func record(_ drop: HeldOpen.Drop) {
        drops.append(drop)
        while drops.count > limit, drops.popFirst() != nil { unlisted += 1 }
    }

    private mutating func takeDrops() -> Step {
        defer {
            drops.removeAll()
            unlisted = 0
        }
        return .finished(drops.elements, unlisted: unlisted)
    }

    /// How many held opens and drops were moved in memory, over these holds' life.
    var moves: Int { queue.moves + drops.moves }
}
