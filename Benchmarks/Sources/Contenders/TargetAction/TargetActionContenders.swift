import Foundation
import MediatorTargets
import Workloads

/// How a workload's requests become target-action calls: a target-action mediator has no route
/// table, so route `r` of any table is served by action `Action_a<r mod 8>:` of `Target_T<(r / 8) mod 400>`,
/// one of the hundreds of generated target classes. Misses ask for a target that does not exist, an
/// action the target lacks, or (through a URL) a `native` action that URLs may not reach.
public enum TargetActionMapping {
    /// What a typed call site passes: the target and action names and the parameter values.
    public struct Call {
        let target: String
        let action: String
        let parameters: [Request.Parameter]
    }

    static func call(for request: Request, position: Int) -> Call {
        let targets = MediatorTargetCatalog.targetCount
        let actions = MediatorTargetCatalog.actionsPerTarget
        guard let route = request.expectedRoute else {
            switch position % 3 {
            case 0: return Call(target: "Missing\(position % 50)", action: "a0", parameters: request.parameters)
            case 1: return Call(target: "T\(position % targets)", action: "a\(actions + 1)", parameters: request.parameters)
            default: return Call(target: "T\(position % targets)", action: "nativeA0", parameters: request.parameters)
            }
        }
        return Call(target: "T\((route / actions) % targets)", action: "a\(route % actions)", parameters: request.parameters)
    }

    /// What the generated action answers: its index among all actions of all targets.
    static func expectedAnswer(for request: Request) -> Int {
        guard let route = request.expectedRoute else { return -1 }
        let actions = MediatorTargetCatalog.actionsPerTarget
        return ((route / actions) % MediatorTargetCatalog.targetCount) * actions + route % actions
    }
}

/// A typed call site of a target-action mediator, as a CTMediator category method is: it builds the
/// params dictionary and calls `performTarget` without the target cache, so every call looks the
/// class up by name and makes a new target.
public struct TargetActionUncached: Contender {
    public static let name = "Target-action"

    let mediator = Mediator(urlTargetModuleName: MediatorTargetCatalog.moduleName)

    public init(routes: [String]) throws {}

    public func call(for request: Request, position: Int) -> TargetActionMapping.Call {
        TargetActionMapping.call(for: request, position: position)
    }

    public func lookup(_ call: TargetActionMapping.Call) -> Int {
        perform(call, on: mediator, shouldCacheTarget: false)
    }

    public func expectedAnswer(for request: Request, position: Int) -> Int {
        TargetActionMapping.expectedAnswer(for: request)
    }
}

/// The same call site with `shouldCacheTarget: true`: after the first call, the target instance
/// comes from the mediator's cache, behind its lock, instead of the class table and `init`.
public struct TargetActionCached: Contender {
    public static let name = "Target-action cached"

    let mediator = Mediator(urlTargetModuleName: MediatorTargetCatalog.moduleName)

    public init(routes: [String]) throws {}

    public func call(for request: Request, position: Int) -> TargetActionMapping.Call {
        TargetActionMapping.call(for: request, position: position)
    }

    public func lookup(_ call: TargetActionMapping.Call) -> Int {
        perform(call, on: mediator, shouldCacheTarget: true)
    }

    public func expectedAnswer(for request: Request, position: Int) -> Int {
        TargetActionMapping.expectedAnswer(for: request)
    }
}

/// The mediator's URL entry point: `app://T<k>/a<j>?name=value` parsed with Foundation into target,
/// action and params, `native` actions refused, then `performTarget` without the cache.
public struct TargetActionURL: Contender {
    public static let name = "Target-action URL"

    let mediator = Mediator(urlTargetModuleName: MediatorTargetCatalog.moduleName)

    public init(routes: [String]) throws {}

    public func call(for request: Request, position: Int) -> String {
        let call = TargetActionMapping.call(for: request, position: position)
        let query = call.parameters.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        return "app://\(call.target)/\(call.action)" + (query.isEmpty ? "" : "?" + query)
    }

    public func lookup(_ url: String) -> Int {
        guard let url = URL(string: url) else { return -1 }
        return (mediator.performAction(url: url) as? NSNumber)?.intValue ?? -1
    }

    public func expectedAnswer(for request: Request, position: Int) -> Int {
        TargetActionMapping.expectedAnswer(for: request)
    }
}

private func perform(_ call: TargetActionMapping.Call, on mediator: Mediator, shouldCacheTarget: Bool) -> Int {
    var params: [AnyHashable: Any] = [Mediator.swiftTargetModuleNameKey: MediatorTargetCatalog.moduleName]
    for parameter in call.parameters { params[parameter.name] = parameter.value }
    let result = mediator.performTarget(call.target, action: call.action, params: params,
                                       shouldCacheTarget: shouldCacheTarget)
    return (result as? NSNumber)?.intValue ?? -1
}
