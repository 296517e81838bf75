#!/usr/bin/env python3
"""Fails when Sources/ uses an API newer than the package's deployment floors without an
availability check.

The package declares iOS 13, macOS 10.15, tvOS 13, watchOS 6 and visionOS 1 (Package.swift).
No Apple SDK exists where it is developed, so the Linux build cannot catch an API that exists
on Linux but is newer than those floors on Apple platforms. This script is that guard: it
strips comments and string literals, finds each API of the table below, and accepts a use only
when an `@available(iOS N, ...)` or `if #available(iOS N, ...)` with N at least the API's
floor stands in the same top-level declaration, before the use.

    .ci/check-availability.py [ROOT]     check ROOT/Sources (default: the repository)
    .ci/check-availability.py --self-test
"""
import os
import re
import sys
import tempfile

FLOOR_IOS = 13

# (pattern, first iOS release that has it, what it is). iOS stands for the Apple platforms:
# each API below arrived on iOS, macOS, tvOS, watchOS and visionOS in the same release wave.
TABLE = [
    (r"\bimport\s+Synchronization\b", 18, "the Synchronization module (Mutex, Atomic)"),
    (r"\bMutex\s*[<(]", 18, "Synchronization.Mutex"),
    (r"\bAtomic\s*[<(]", 18, "Synchronization.Atomic"),
    (r"\bRegex\s*[<({]", 16, "Regex"),
    (r"#/", 16, "a regex literal"),
    (r"\bDuration\b", 16, "Duration"),
    (r"\b(ContinuousClock|SuspendingClock)\b|\bany\s+Clock\b|:\s*Clock\b", 16, "Clock"),
    (r"\bTask\.sleep\(\s*(for|until):", 16, "Task.sleep(for:) / (until:)"),
    (r"\bwithDiscardingTaskGroup\b|\bwithThrowingDiscardingTaskGroup\b", 17, "discarding task groups"),
    (r"\bAsyncStream\.makeStream\b|\bAsyncThrowingStream\.makeStream\b", 17, "AsyncStream.makeStream"),
    (r"@Observable\b", 17, "the Observation framework"),
    (r"\bString\(\s*validating:", 18, "String(validating:)"),
    (r"\b(U?Int128)\b", 18, "Int128 / UInt128"),
    (r"\bTaskExecutor\b|\bwithTaskExecutorPreference\b", 18, "task executors"),
    (r"\bInlineArray\b", 26, "InlineArray"),
    (r"\b(Span|RawSpan|MutableSpan|MutableRawSpan|OutputSpan|UTF8Span)\b", 26, "Span and its relatives"),
    (r"\bTask\.immediate\b|\bTask\s*\.\s*immediateDetached\b", 26, "Task.immediate"),
    (r"\b(as[?!]?|is)\s+(any\s+)?\(?\s*any\s+\w+\s*<", 16, "a dynamic cast to a parameterized protocol type (any P<T>)"),
    (r"\b(as[?!]?|is)\s+\(?\s*any\s+\w+\s*<", 16, "a dynamic cast to a parameterized protocol type (any P<T>)"),
]

AVAILABILITY = re.compile(r"[@#]available\s*\(\s*iOS\s+(\d+)")


def strip(source):
    """Source with comments and string literal contents blanked, newlines kept."""
    out = []
    i, n = 0, len(source)
    while i < n:
        c = source[i]
        if source.startswith("//", i):
            j = source.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif source.startswith("/*", i):
            depth, j = 1, i + 2
            while j < n and depth:
                if source.startswith("/*", j):
                    depth, j = depth + 1, j + 2
                elif source.startswith("*/", j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append("".join(ch if ch == "\n" else " " for ch in source[i:j]))
            i = j
        elif c == '"' or (c == "#" and re.match(r'#+"', source[i:])):
            hashes = len(re.match(r"#*", source[i:]).group(0))
            start = i + hashes
            delimiter = '"""' if source.startswith('"""', start) else '"'
            close = delimiter + "#" * hashes
            j = start + len(delimiter)
            while j < n and not source.startswith(close, j):
                j += 2 if (source[j] == "\\" and hashes == 0) else 1
            j = min(n, j + len(close))
            out.append("".join(ch if ch == "\n" else " " for ch in source[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def declaration_start(text, offset):
    """Where the top-level declaration holding `offset` begins."""
    depth = 0
    for i in range(offset - 1, -1, -1):
        if text[i] == "}":
            depth += 1
        elif text[i] == "{":
            depth -= 1
        if depth == 0 and text[i] == "\n" and i + 1 < len(text) and not text[i + 1].isspace() \
                and text[i + 1] != "}" and text[:i].count("{") == text[:i].count("}"):
            return i + 1
    return 0


def check_file(path):
    with open(path, encoding="utf-8") as f:
        text = strip(f.read())
    problems = []
    for pattern, floor, what in TABLE:
        if floor <= FLOOR_IOS:
            continue
        for match in re.finditer(pattern, text):
            start = declaration_start(text, match.start())
            guards = [int(v) for v in AVAILABILITY.findall(text[start:match.start()])]
            # An attribute just above the declaration belongs to it too.
            guards += [int(v) for v in AVAILABILITY.findall(text[max(0, start - 200):start])[-1:]]
            if any(v >= floor for v in guards):
                continue
            line = text.count("\n", 0, match.start()) + 1
            problems.append(f"{path}:{line}: {what} needs iOS {floor} (and its macOS, tvOS, watchOS, visionOS "
                            f"peers), above the floor iOS {FLOOR_IOS}: add @available / #available")
    return sorted(set(problems))


def check(root):
    problems = []
    for directory, _, files in os.walk(os.path.join(root, "Sources")):
        for name in sorted(files):
            if name.endswith(".swift"):
                problems += check_file(os.path.join(directory, name))
    return problems


def self_test():
    cases = {
        "let m = Mutex(0)\n": 1,
        "import Synchronization\n": 1,
        "func f() { let d: Duration = .seconds(1) }\n": 1,
        "@available(iOS 18, macOS 15, *)\nfunc f() { let m = Mutex(0) }\n": 0,
        "func f() {\n    if #available(iOS 16, *) { let d = Duration.seconds(1) }\n}\n": 0,
        "func f() {\n    if #available(iOS 15, *) { let d = Duration.seconds(1) }\n}\n": 1,
        "// a Mutex(0) in a comment\nlet s = \"Mutex(0)\"\n": 0,
        "let x = y as? any Collection<Int>\n": 1,
        "let x = y as? any Equatable\n": 0,
        "let a: InlineArray<3, Int> = [1, 2, 3]\n": 1,
        "Task.immediate { }\n": 1,
    }
    failures = 0
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "Sources"))
        for source, expected in cases.items():
            path = os.path.join(root, "Sources", "Case.swift")
            with open(path, "w") as f:
                f.write(source)
            found = len(check(root))
            if found != expected:
                failures += 1
                print(f"self-test: expected {expected} problem(s), found {found}, in:\n{source}")
    print(f"self-test: {len(cases) - failures} of {len(cases)} cases as expected")
    return failures == 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--self-test"]:
        sys.exit(0 if self_test() else 1)
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
    problems = check(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} use(s) of APIs above the deployment floors")
        sys.exit(1)
    print("availability: no API above the deployment floors (iOS 13, macOS 10.15, tvOS 13, watchOS 6, visionOS 1)")
