extension FrozenTrie {
    /// The trie as an indented tree, children in the order the matcher tries them:
    ///
    /// ```
    /// with scheme
    /// └─ reader
    ///    └─ book
    ///       ├─ <int>  →  reader://book/<int:id>
    ///       └─ *  →  reader://book/:slug
    /// ```
    func treeDescription() -> String {
        var lines: [String] = []
        for (title, root) in [("without scheme", pathRoot), ("with scheme", schemeRoot)]
        where !isEmpty(root) {
            lines.append(title + routeSuffix(nodes[Int(root)].route))
            appendChildren(of: root, indent: "", into: &lines)
        }
        return lines.isEmpty ? "(no routes)" : lines.joined(separator: "\n")
    }

    private func isEmpty(_ node: Int32) -> Bool {
        let n = nodes[Int(node)]
        return !n.hasRoute && !n.hasParamChild && n.literals.isEmpty && extra(of: n).isEmpty
    }

    private func routeSuffix(_ route: Int32) -> String {
        guard route != TrieNode.none else { return "" }
        let owner = self.owner(ofRoute: Int(route))
        return "  →  \(pattern(ofRoute: Int(route)))" + (owner.isEmpty ? "" : "  [\(owner)]")
    }

    private func appendChildren(of index: Int32, indent: String, into lines: inout [String]) {
        let node = nodes[Int(index)]
        let extra = extra(of: node)
        var children: [(label: String, child: Int32?, route: Int32)] = []
        let literals = literalChildren(of: node).map { (literalText(nodes[Int($0)]), $0) }
        for (bytes, child) in literals.sorted(by: { $0.0.lexicographicallyPrecedes($1.0) }) {
            children.append((String(decoding: bytes, as: UTF8.self), child, nodes[Int(child)].route))
        }
        for e in extra.typedRange {
            let edge = typedEdges[e]
            children.append(("<\(converterName(edge.converter))>", edge.child, nodes[Int(edge.child)].route))
        }
        if node.hasParamChild {
            children.append(("*", node.paramChild, nodes[Int(node.paramChild)].route))
        }
        if extra.hasCatchAll {
            children.append(("**", nil, extra.catchAllRoute))
        }
        for (i, child) in children.enumerated() {
            let last = i == children.count - 1
            lines.append(indent + (last ? "└─ " : "├─ ") + child.label + routeSuffix(child.route))
            if let next = child.child {
                appendChildren(of: next, indent: indent + (last ? "   " : "│  "), into: &lines)
            }
        }
    }
}
