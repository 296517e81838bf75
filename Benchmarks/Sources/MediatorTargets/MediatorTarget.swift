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

/// What every generated `Target_T<k>` does: actions `Action_a0:` … `Action_a7:`, found by name with a
/// `switch`, each answering its index among all actions of all targets (`k × 8 + j`).
open class GeneratedTarget: NSObject, MediatorTarget {
    /// `k` of `Target_T<k>`.
    open class var number: Int { -1 }

    public required override init() {
        super.init()
    }

    public func canPerform(_ selector: String) -> Bool {
        Self.action(named: selector) != nil
    }

    public func perform(_ selector: String, params: [AnyHashable: Any]) -> Any? {
        guard let action = Self.action(named: selector) else { return nil }
        return type(of: self).number * MediatorTargetCatalog.actionsPerTarget + action
    }

    static func action(named selector: String) -> Int? {
        switch selector {
        case "Action_a0:": 0
        case "Action_a1:": 1
        case "Action_a2:": 2
        case "Action_a3:": 3
        case "Action_a4:": 4
        case "Action_a5:": 5
        case "Action_a6:": 6
        case "Action_a7:": 7
        default: nil
        }
    }
}
