#!/usr/bin/env python3
"""Fails when the URLRouter module declares more public types than its budget allows.

Every public name is a promise at 1.0, and a type is the biggest one: the budget keeps the
surface from growing by accident. This script counts the public `struct`, `class`, `enum`,
`actor` and `protocol` declarations in Sources/URLRouter/**/*.swift (`open` ones too; nested
types count; `.docc` catalogs are skipped) and compares the count with the integer in
.ci/public-types-budget. Over the budget, it lists every public type and fails. A new public
type is paid for by merging or hiding another; build- and CI-time helpers go in
URLRouterTesting.

Comments and string literals (interpolations and raw strings included) are blanked first.
A declaration counts when its own modifiers say `public` or `open`, whatever attributes stand
before it (`@MainActor` on the line above or on the same line), or when it has no access
modifier and stands directly in a `public extension`. Standard library only.

    .ci/check-api-budget.py [ROOT]      check ROOT (default: the repository)
    .ci/check-api-budget.py --self-test
"""
import os
import re
import sys
import tempfile

MODULE = os.path.join("Sources", "URLRouter")
BUDGET = os.path.join(".ci", "public-types-budget")

TYPE_KEYWORDS = {"struct", "class", "enum", "actor", "protocol"}
ACCESS = {"public", "open", "package", "internal", "fileprivate", "private"}
# Modifiers that may stand between the attributes and the keyword of a type declaration.
MODIFIERS = ACCESS | {"final", "indirect", "nonisolated", "sending", "consuming", "borrowing"}


# MARK: Reading Swift

def skip_string(source, i):
    """The index just past the string literal that opens at `i` (at its `#`s or quote)."""
    n = len(source)
    hashes = len(re.match(r"#*", source[i:]).group(0))
    start = i + hashes
    delimiter = '"""' if source.startswith('"""', start) else '"'
    close = delimiter + "#" * hashes
    escape = "\\" + "#" * hashes
    j = start + len(delimiter)
    while j < n:
        if source.startswith(escape, j):
            after = j + len(escape)
            if source.startswith("(", after):
                j = skip_code(source, after + 1, closing=")")
            else:
                j = after + 1
        elif source.startswith(close, j):
            return j + len(close)
        elif delimiter == '"' and source[j] == "\n":
            return j  # an unterminated single-line string ends at the line's end
        else:
            j += 1
    return n


def skip_code(source, i, closing):
    """The index just past the `closing` that ends code starting at `i` (an interpolation)."""
    depth, n = 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            i = source.find("\n", i)
            i = n if i < 0 else i
        elif source.startswith("/*", i):
            i = skip_block_comment(source, i)
        elif c == '"' or (c == "#" and re.match(r'#+"', source[i:])):
            i = skip_string(source, i)
        elif c == "(":
            depth, i = depth + 1, i + 1
        elif c == closing and depth == 0:
            return i + 1
        elif c == ")":
            depth, i = depth - 1, i + 1
        else:
            i += 1
    return n


def skip_block_comment(source, i):
    """The index just past the (nestable) block comment that opens at `i`."""
    depth, j, n = 1, i + 2, len(source)
    while j < n and depth:
        if source.startswith("/*", j):
            depth, j = depth + 1, j + 2
        elif source.startswith("*/", j):
            depth, j = depth - 1, j + 2
        else:
            j += 1
    return j


def blank(text):
    return "".join(ch if ch == "\n" else " " for ch in text)


def strip(source):
    """Source with comments and string literals blanked, newlines kept, so offsets and line
    numbers stay those of the file."""
    out, i, n = [], 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
        elif source.startswith("/*", i):
            j = skip_block_comment(source, i)
        elif c == '"' or (c == "#" and re.match(r'#+"', source[i:])):
            j = skip_string(source, i)
        else:
            out.append(c)
            i += 1
            continue
        out.append(blank(source[i:j]))
        i = j
    return "".join(out)


def modifiers_before(text, end):
    """The modifiers written before the keyword that starts at `end`, attributes skipped."""
    found, i = [], end
    while True:
        while i > 0 and text[i - 1].isspace():
            i -= 1
        if i > 0 and text[i - 1] == ")":
            # An attribute's or a modifier's arguments: `@available(...)`, `private(set)`.
            depth, j = 0, i - 1
            while j >= 0:
                depth += {")": 1, "(": -1}.get(text[j], 0)
                if depth == 0:
                    break
                j -= 1
            i = j
            continue
        word = re.search(r"@?[A-Za-z_][A-Za-z0-9_]*$", text[:i])
        if not word:
            return found
        if word.group(0).startswith("@"):
            i = word.start()
        elif word.group(0) in MODIFIERS:
            found.append(word.group(0))
            i = word.start()
        else:
            return found


DECLARATION = re.compile(r"\b(struct|class|enum|actor|protocol|extension)\s+([A-Za-z_][A-Za-z0-9_.]*)|[{}]")


def public_types(source):
    """(line, kind, qualified name) of each public type declared in `source`."""
    text = strip(source)
    found = []
    scopes = []         # one entry per open brace: (type or extension name or None, public extension?)
    pending = None      # the declaration whose body the next `{` opens
    for match in DECLARATION.finditer(text):
        token = match.group(0)
        if token == "{":
            scopes.append(pending or (None, False))
            pending = None
            continue
        if token == "}":
            if scopes:
                scopes.pop()
            continue
        keyword, name = match.group(1), match.group(2)
        # `class func`, `class var`: a member, not a type.
        if keyword == "class" and name in {"func", "var", "let", "subscript", "init", "deinit", "override", "final"}:
            continue
        modifiers = modifiers_before(text, match.start())
        outer = [scope[0] for scope in scopes if scope[0]]
        if keyword == "extension":
            pending = (name, "public" in modifiers or "open" in modifiers)
            continue
        pending = (name, False)
        in_public_extension = bool(scopes) and scopes[-1][1]
        explicit = [m for m in modifiers if m in ACCESS]
        if "public" in explicit or "open" in explicit or (not explicit and in_public_extension):
            line = text.count("\n", 0, match.start()) + 1
            found.append((line, keyword, ".".join(outer + [name])))
    return found


# MARK: The check

def count(root):
    """Every public type of the module, as (path, line, kind, name), in path order."""
    types = []
    base = os.path.join(root, MODULE)
    for directory, folders, files in os.walk(base):
        folders[:] = sorted(f for f in folders if not f.endswith(".docc"))
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(directory, name)
                with open(path, encoding="utf-8") as f:
                    for line, kind, qualified in public_types(f.read()):
                        types.append((os.path.relpath(path, root), line, kind, qualified))
    return types


def read_budget(path):
    """The one integer of the budget file; `#` lines are comments."""
    with open(path, encoding="utf-8") as f:
        values = [line.strip() for line in f if line.strip() and not line.strip().startswith("#")]
    if len(values) != 1 or not values[0].isdigit():
        raise ValueError(f"{path}: expected one integer besides '#' comment lines, found {values}")
    return int(values[0])


def check(root):
    """(passed, report lines)."""
    budget = read_budget(os.path.join(root, BUDGET))
    types = count(root)
    if len(types) <= budget:
        slack = f"; lower the budget to {len(types)} to keep the room closed" if len(types) < budget else ""
        return True, [f"public API budget: URLRouter declares {len(types)} public types, budget {budget}{slack}"]
    lines = [f"{path}:{line}: {kind} {name}" for path, line, kind, name in types]
    lines.append(f"URLRouter declares {len(types)} public types, over its budget of {budget} ({BUDGET}): "
                 "merge or hide one for each new one, or move build- and CI-time helpers to URLRouterTesting")
    return False, lines


def self_test():
    # Each source, and the public types it declares.
    cases = [
        ("public struct A {}\n", ["A"]),
        ("struct A {}\npackage struct B {}\ninternal enum C {}\nprivate class D {}\n", []),
        ("public final class A: Sendable {}\n", ["A"]),
        ("public indirect enum A { case a(A) }\n", ["A"]),
        ("open class A {}\n", ["A"]),
        ("public actor A {}\npublic protocol B: Sendable {}\n", ["A", "B"]),
        ("@MainActor\npublic final class A {}\n", ["A"]),
        ("@MainActor public protocol A: AnyObject {}\n", ["A"]),
        ("@available(iOS 15, *)\n@preconcurrency\npublic struct A {}\n", ["A"]),
        ("public struct A<T: Sendable>: Sendable where T: Hashable {}\n", ["A"]),
        ("public struct A {\n    public struct B {\n        public enum C {}\n        enum D {}\n    }\n"
         "    struct E { public struct F {} }\n}\n", ["A", "A.B", "A.B.C", "A.E.F"]),
        ("extension A {\n    public struct B {}\n    struct C {}\n}\n", ["A.B"]),
        ("public extension A {\n    struct B {}\n    internal struct C {}\n    func f() { struct D {} }\n}\n", ["A.B"]),
        ("// public struct A {}\n/* public struct B {} /* nested */ public struct C {} */\n"
         "/// public struct D {}\nstruct E {}\n", []),
        ('let a = "public struct A {}"\nlet b = #"public "struct" B {}"#\n'
         'let c = """\n    public struct C {}\n    """\n', []),
        ('let a = "\\(x ?? "{")public struct A {}"\npublic struct B {}\n', ["B"]),
        (r'''let a = "\("\"")public struct A {}"''' + "\n", []),
        ("public struct A {\n    public private(set) var x = 0\n    class func f() {}\n    public class var y: Int { 0 }\n}\n", ["A"]),
        ("public let x: Int\nstruct A {}\n", []),
        ("public enum A {\n    case a\n}\npublic struct B { let url = \"reader://**\" }\n", ["A", "B"]),
    ]
    failures = 0
    for source, expected in cases:
        got = [name for _, _, name in public_types(source)]
        if got != expected:
            failures += 1
            print(f"self-test: expected {expected}, found {got}, in:\n{source}")

    # The whole check: over the budget lists every type and fails; at the budget passes;
    # .docc folders are skipped; a malformed budget is an error.
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, MODULE, "Opening"))
        os.makedirs(os.path.join(root, MODULE, "Documentation.docc"))
        os.makedirs(os.path.join(root, ".ci"))
        with open(os.path.join(root, MODULE, "Router.swift"), "w") as f:
            f.write("public final class Router {\n    public struct Options {}\n}\n")
        with open(os.path.join(root, MODULE, "Opening", "OpenResult.swift"), "w") as f:
            f.write("public enum OpenResult {}\n")
        with open(os.path.join(root, MODULE, "Documentation.docc", "Snippet.swift"), "w") as f:
            f.write("public struct NotCounted {}\n")
        for budget, passes in [(2, False), (3, True), (4, True)]:
            with open(os.path.join(root, BUDGET), "w") as f:
                f.write(f"# a comment line\n{budget}\n")
            passed, lines = check(root)
            listed = [line for line in lines if re.match(r".*:\d+: ", line)]
            if passed != passes or (not passed and len(listed) != 3):
                failures += 1
                print(f"self-test: budget {budget}: expected passed={passes}, got {passed}:\n" + "\n".join(lines))
        with open(os.path.join(root, BUDGET), "w") as f:
            f.write("2\n")
        listing = check(root)[1]
        if os.path.join(MODULE, "Router.swift") + ":2: struct Router.Options" not in listing:
            failures += 1
            print("self-test: the listing names a nested type by file, line and qualified name:\n" + "\n".join(listing))
        with open(os.path.join(root, BUDGET), "w") as f:
            f.write("# no number\n")
        try:
            check(root)
            failures += 1
            print("self-test: a budget file without an integer is accepted")
        except ValueError:
            pass
    total = len(cases) + 5
    print(f"self-test: {total - failures} of {total} cases as expected")
    return failures == 0


if __name__ == "__main__":
    arguments = sys.argv[1:]
    if arguments == ["--self-test"]:
        sys.exit(0 if self_test() else 1)
    root = arguments[0] if arguments else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    try:
        passed, lines = check(root)
    except (OSError, ValueError) as error:
        print(f"check-api-budget: {error}")
        sys.exit(1)
    for line in lines:
        print(line)
    sys.exit(0 if passed else 1)
