import Foundation
import URLRouter

/// The `components` of an association file's first `applinks.details` entry with `appIDs`,
/// each with its options resolved: the component's own, then the entry's `defaults`, then
/// `applinks.defaults`, then true.
struct AssociationFile {
    let components: [ComponentPattern]

    /// Reads `text` with `JSONSerialization`.
    /// - Throws: ``AssociationFileError``.
    init(_ text: String) throws(AssociationFileError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            throw .malformedJSON(String(describing: error))
        }
        guard let root = object as? [String: Any] else { throw .malformedJSON("the top level is not an object") }
        guard let applinks = root["applinks"] as? [String: Any],
              let details = applinks["details"] as? [[String: Any]],
              let detail = details.first(where: { Self.hasAppIDs($0) })
        else { throw .missingDetails }
        var variables: [String: [String]] = [:]
        if let declared = applinks["substitutionVariables"] as? [String: Any] {
            for (name, values) in declared {
                guard let values = values as? [String] else {
                    throw .invalidComponent("substitution variable '\(Echo.quoted(name, limit: 64))' is not a list of strings")
                }
                variables[name] = values
            }
        }
        let outer = try Self.options(applinks["defaults"], over: (true, true))
        let defaults = try Self.options(detail["defaults"], over: outer)
        guard let components = (detail["components"] ?? [Any]()) as? [Any] else {
            throw .invalidComponent("'components' is not a list")
        }
        self.components = try components.enumerated().map { (index, component) throws(AssociationFileError) in
            try Self.component(component, index: index, defaults: defaults, variables: variables)
        }
    }

    private static func hasAppIDs(_ detail: [String: Any]) -> Bool {
        if let ids = detail["appIDs"] as? [String] { return !ids.isEmpty }
        return detail["appID"] is String
    }

    /// `caseSensitive` and `percentEncoded` from `object`, each falling back to `outer`.
    private static func options(_ object: Any?, over outer: (Bool, Bool)) throws(AssociationFileError) -> (Bool, Bool) {
        guard let object else { return outer }
        guard let dictionary = object as? [String: Any] else { throw .invalidComponent("'defaults' is not an object") }
        return (try flag(dictionary["caseSensitive"], "caseSensitive") ?? outer.0,
                try flag(dictionary["percentEncoded"], "percentEncoded") ?? outer.1)
    }

    private static func flag(_ value: Any?, _ key: String) throws(AssociationFileError) -> Bool? {
        guard let value else { return nil }
        guard let flag = value as? Bool else { throw .invalidComponent("'\(key)' is not a boolean") }
        return flag
    }

    private static func component(_ value: Any, index: Int, defaults: (Bool, Bool),
                                  variables: [String: [String]]) throws(AssociationFileError) -> ComponentPattern {
        guard let dictionary = value as? [String: Any] else {
            throw .invalidComponent("component \(index) is not an object")
        }
        func string(_ key: String) throws(AssociationFileError) -> String? {
            guard let value = dictionary[key] else { return nil }
            guard let text = value as? String else { throw .invalidComponent("'\(key)' of component \(index) is not a string") }
            return text
        }
        let (caseSensitive, percentEncoded) = try options(dictionary, over: defaults)
        func glob(_ text: String?) throws(AssociationFileError) -> ComponentGlob? {
            guard let text else { return nil }
            return try ComponentGlob(text, caseSensitive: caseSensitive, percentEncoded: percentEncoded, variables: variables)
        }
        let path = try string("/")
        var query: ComponentPattern.Query?
        var queryText = ""
        if let items = dictionary["?"] as? [String: Any] {
            var compiled: [(name: String, pattern: ComponentGlob)] = []
            for name in items.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                guard let pattern = items[name] as? String else {
                    throw .invalidComponent("query item '\(Echo.quoted(name, limit: 64))' of component \(index) is not a string")
                }
                compiled.append((name, try glob(pattern)!))
            }
            query = .items(compiled)
            queryText = "?" + compiled.map { "\($0.name)=\(items[$0.name] as? String ?? "")" }.joined(separator: "&")
        } else if let text = try string("?") {
            query = .text(try glob(text)!)
            queryText = "?" + text
        }
        let fragment = try string("#")
        return ComponentPattern(path: try glob(path), query: query, fragment: try glob(fragment),
                                exclude: try flag(dictionary["exclude"], "exclude") ?? false,
                                text: Echo.quoted((path ?? "*") + queryText + (fragment.map { "#" + $0 } ?? "")))
    }
}
