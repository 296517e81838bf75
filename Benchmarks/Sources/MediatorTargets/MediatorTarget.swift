import Foundation

/// What the Objective-C runtime gives CTMediator on Apple platforms, made explicit for Linux.
///
/// There, `[[NSClassFromString(name) alloc] init]` makes the target, `respondsToSelector:` asks for
/// the action and `performSelector:withObject:` runs it, all by name. Linux has no selectors: a target
/// is an `NSObject` subclass that can be made from its class object, and it dispatches an action name
/// with a `switch` over the names it knows, which is the closest equivalent of a method lookup.
public protocol MediatorTarget: NSObject {
    init()

    /// Whether the target has the action `selector` (`Action_<name>:`), as `respondsToSelector:`.
    func canPerform(_ selector: String) -> Bool

    /// Runs the action `selector` with `params`, as `performSelector:withObject:`.
    func perform(_ selector: String, params: [AnyHashable: Any]) -> Any?
}

/// The targets that `Scripts/generate-targets.sh` wrote.
public enum MediatorTargetCatalog {
    /// The module the target classes live in: a Swift class name is qualified by its module.
    public static let moduleName = "MediatorTargets"
    /// How many actions `Action_a<j>:` each target has.
    public static let actionsPerTarget = 8
}

/// What every generated `Target_T<k>` does: actions `Action_a0:` … `Action_a7:`, each answering its
/// index among all actions of all targets (`k × 8 + j`).
///
/// An action is found by name in the class's selector table, a hash table from selector name to
/// method, as `respondsToSelector:` and the method cache find one (`NSSelectorFromString` interns a
/// runtime-built name by hashing it). It runs through an ``Invocation`` that boxes its integer
/// result in an `NSNumber`, as CTMediator's `safePerformAction:` does for a non-object return type
/// with `NSInvocation` and `getReturnValue:`.
open class GeneratedTarget: NSObject, MediatorTarget {
    /// `k` of `Target_T<k>`.
    open class var number: Int { -1 }

    /// The selector table every generated target shares: selector name → method.
    static let selectors: [String: @Sendable (GeneratedTarget, [AnyHashable: Any]) -> Int] = {
        var table: [String: @Sendable (GeneratedTarget, [AnyHashable: Any]) -> Int] = [:]
        for action in 0..<MediatorTargetCatalog.actionsPerTarget {
            table["Action_a\(action):"] = { @Sendable target, _ in
                type(of: target).number * MediatorTargetCatalog.actionsPerTarget + action
            }
        }
        return table
    }()

    public required override init() {
        super.init()
    }

    public func canPerform(_ selector: String) -> Bool {
        Self.selectors[selector] != nil
    }

    public func perform(_ selector: String, params: [AnyHashable: Any]) -> Any? {
        guard let method = Self.selectors[selector] else { return nil }
        let invocation = Invocation(target: self, params: params, method: method)
        invocation.invoke()
        return invocation.returnValue
    }
}

/// `NSInvocation`'s part in a call: made for each call, it holds the target and the argument,
/// invokes the method, and hands the result back boxed.
final class Invocation {
    let target: GeneratedTarget
    let params: [AnyHashable: Any]
    let method: (GeneratedTarget, [AnyHashable: Any]) -> Int
    private(set) var returnValue: NSNumber?

    init(target: GeneratedTarget, params: [AnyHashable: Any], method: @escaping (GeneratedTarget, [AnyHashable: Any]) -> Int) {
        self.target = target
        self.params = params
        self.method = method
    }

    func invoke() {
        returnValue = NSNumber(value: method(target, params))
    }
}

/// The runtime's class table: class name → class, looked up by hashing the name, as
/// `objc_getClass` / `NSClassFromString` do on Apple platforms, where every class is registered
/// when its image loads. On Linux `NSClassFromString` instead scans type metadata, slowly and
/// slowest on a miss; here each name is resolved that way once (the registration) and kept.
public enum ClassTable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var classes: [String: (any MediatorTarget.Type)?] = [:]

    /// The class named `name`, or `nil` when no class has that name.
    public static func lookUp(_ name: String) -> (any MediatorTarget.Type)? {
        lock.lock()
        defer { lock.unlock() }
        if let known = classes[name] { return known }
        let found = NSClassFromString(name) as? any MediatorTarget.Type
        classes[name] = .some(found)
        return found
    }
}
