import Foundation
import URLRouter

/// An association file's `applinks.details` entries, each with the app IDs it names and its
/// components, every option resolved: the component's own, then the entry's `defaults`, then
/// `applinks.defaults`, then true. An entry without `components` is read from the old `paths`
/// key, as iOS reads it.
struct AssociationFile {
    struct Entry {
        /// `appIDs`, or the old `appID` alone.
        let appIDs: [String]
        let components: [ComponentPattern]
    }

    let entries: [Entry]

    /// Reads `text` with `JSONSerialization`.
    /// - Throws: ``AssociationFileError``; text that looks like a path is said to be one.
    init(_ text: String) throws(AssociationFileError) {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        } catch {
            if Self.looksLikePath(text) {
                throw .malformedJSON("'\(Echo.quoted(text))' looks like a path, not the file's JSON text: read the file first, "
                                     + "or give the path to assertAssociationFile(_:path:host:appIDs:)")
            }
            throw .malformedJSON(String(describing: error))
        }
        guard let root = object as? [String: Any] else { throw .malformedJSON("the top level is not an object") }
        guard let applinks = root["applinks"] as? [String: Any], let details = applinks["details"] as? [[String: Any]]
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
        var entries: [Entry] = []
        for detail in details {
            let appIDs = (detail["appIDs"] as? [String]) ?? (detail["appID"] as? String).map { [$0] } ?? []
            guard !appIDs.isEmpty else { continue }
            let defaults = try Self.options(detail["defaults"], over: outer)
            let components: [ComponentPattern]
            if let listed = detail["components"] {
                guard let listed = listed as? [Any] else { throw .invalidComponent("'components' is not a list") }
                components = try listed.enumerated().map { (index, component) throws(AssociationFileError) in
                    try Self.component(component, index: index, defaults: defaults, variables: variables)
                }
            } else if let paths = detail["paths"] {
                guard let paths = paths as? [Any] else { throw .invalidComponent("'paths' is not a list") }
                components = try paths.enumerated().map { (index, path) throws(AssociationFileError) in try Self.oldPath(path, index: index) }
            } else {
                components = []
            }
            entries.append(Entry(appIDs: appIDs, components: components))
        }
        guard !entries.isEmpty else { throw .missingDetails }
        self.entries = entries
    }

    /// The components iOS applies for an app with one of `appIDs`: those of every entry that
    /// names one, in the file's order (the first that matches a link decides).
    func components(for appIDs: [String]) -> [ComponentPattern] {
        entries.filter { !Set($0.appIDs).isDisjoint(with: appIDs) }.flatMap(\.components)
    }

    /// Text that was meant as a path: one line, not an object, a name a file system could hold.
    private static func looksLikePath(_ text: String) -> Bool {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return !trimmed.isEmpty && trimmed.utf8.count < 4096 && !trimmed.contains("\n")
            && !trimmed.hasPrefix("{") && !trimmed.hasPrefix("[") && !trimmed.hasPrefix("\"")
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

    /// One string of the old `paths` key: a path pattern, `NOT ` before one that excludes;
    /// it matches the path alone, case-sensitively, as written.
    private static func oldPath(_ value: Any, index: Int) throws(AssociationFileError) -> ComponentPattern {
        guard let text = value as? String else { throw .invalidComponent("path \(index) of 'paths' is not a string") }
        let exclude = text.hasPrefix("NOT ")
        let pattern = exclude ? String(text.dropFirst(4)) : text
        let glob = try ComponentGlob(pattern, caseSensitive: true, percentEncoded: true, variables: [:], substitutes: false)
        return ComponentPattern(path: glob, query: nil, fragment: nil, exclude: exclude, text: Echo.quoted(pattern))
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
