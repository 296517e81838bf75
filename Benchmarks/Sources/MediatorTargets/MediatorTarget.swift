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

/// The targets that `Scripts/generate-targets.sh` wrote, and the actions each has.
public enum MediatorTargetCatalog {
    /// The module the target classes live in: a Swift class name is qualified by its module.
    public static let moduleName = "MediatorTargets"
}
