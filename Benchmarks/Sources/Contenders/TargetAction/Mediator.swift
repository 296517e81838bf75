import Foundation
import MediatorTargets

/// CTMediator's target-action dispatch, ported to Swift on Linux.
///
/// `performTarget(_:action:params:shouldCacheTarget:)` builds the class name `Module.Target_<name>`,
/// finds the class by name in the runtime's class table (`ClassTable`, as `NSClassFromString`
/// does on Apple platforms), instantiates it (or takes it from the target cache), builds the
/// selector name `Action_<name>:`, looks it up in the class's selector table and invokes it
/// through an invocation that boxes the result; `performAction(url:)` is the entry point for URLs
/// from outside the app. The Objective-C runtime calls are replaced by `MediatorTarget`.
public final class Mediator {
    /// The params key that names the Swift module of a target, as CTMediator's
    /// `kCTMediatorParamsKeySwiftTargetModuleName`.
    public static let swiftTargetModuleNameKey = "kCTMediatorParamsKeySwiftTargetModuleName"

    /// The module of targets named by URLs, which cannot carry it. Objective-C targets need none;
    /// on Linux every class name is qualified by its module.
    let urlTargetModuleName: String
    private var cachedTargets: [String: NSObject] = [:]
    private let cacheLock = NSLock()

    public init(urlTargetModuleName: String) {
        self.urlTargetModuleName = urlTargetModuleName
    }

    /// The entry point for a URL `scheme://<target>/<action>?<params>`; refuses actions whose name
    /// starts with `native`, which only the app itself may call.
    public func performAction(url: URL, completion: (([String: Any]?) -> Void)? = nil) -> Any? {
        var params: [AnyHashable: Any] = [:]
        let components = URLComponents(string: url.absoluteString)
        for item in components?.queryItems ?? [] {
            if let value = item.value { params[item.name] = value }
        }
        params[Self.swiftTargetModuleNameKey] = urlTargetModuleName
        // Security: a remote caller must not reach the app's local-only actions.
        let actionName = url.path.replacingOccurrences(of: "/", with: "")
        if actionName.hasPrefix("native") { return false }
        let result = performTarget(url.host ?? "", action: actionName, params: params, shouldCacheTarget: false)
        if let completion {
            completion(result.map { ["result": $0] })
        }
        return result
    }

    /// Calls the action `actionName` of the target `targetName` with `params`.
    public func performTarget(_ targetName: String, action actionName: String, params: [AnyHashable: Any],
                              shouldCacheTarget: Bool) -> Any? {
        let swiftModuleName = params[Self.swiftTargetModuleNameKey] as? String
        let targetClassString: String
        if let swiftModuleName, !swiftModuleName.isEmpty {
            targetClassString = "\(swiftModuleName).Target_\(targetName)"
        } else {
            targetClassString = "Target_\(targetName)"
        }
        var target = cachedTarget(for: targetClassString)
        if target == nil, let targetClass = ClassTable.lookUp(targetClassString) {
            target = targetClass.init()
        }
        let actionString = "Action_\(actionName):"
        guard let target else {
            noTargetActionResponse(targetString: targetClassString, selectorString: actionString, params: params)
            return nil
        }
        if shouldCacheTarget {
            setCachedTarget(target, for: targetClassString)
        }
        if target.canPerform(actionString) {
            return target.perform(actionString, params: params)
        }
        // The target has no such action: give it a chance to handle it in `notFound:`.
        if target.canPerform("notFound:") {
            return target.perform("notFound:", params: params)
        }
        noTargetActionResponse(targetString: targetClassString, selectorString: actionString, params: params)
        removeCachedTarget(for: targetClassString)
        return nil
    }

    /// Forgets the cached instance of `Target_<targetName>` in `moduleName`.
    public func releaseCachedTarget(named targetName: String, moduleName: String) {
        removeCachedTarget(for: "\(moduleName).Target_\(targetName)")
    }

    /// Where CTMediator lets an app route the request to a fallback target; nothing to do here.
    private func noTargetActionResponse(targetString: String, selectorString: String, params: [AnyHashable: Any]) {}

    private func cachedTarget(for key: String) -> (any MediatorTarget)? {
        cacheLock.lock()
        defer { cacheLock.unlock() }
        return cachedTargets[key] as? any MediatorTarget
    }

    private func setCachedTarget(_ target: any MediatorTarget, for key: String) {
        cacheLock.lock()
        defer { cacheLock.unlock() }
        cachedTargets[key] = target
    }

    private func removeCachedTarget(for key: String) {
        cacheLock.lock()
        defer { cacheLock.unlock() }
        cachedTargets[key] = nil
    }
}
