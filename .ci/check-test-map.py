#!/usr/bin/env python3
"""Fails when a test file is missing from Tests/README.md, the map of which suite proves what.

Every `*Tests.swift` file under Tests/ must be named in Tests/README.md by its base name (the
file name without `.swift`, as the tables write it: `ConformanceTests`). A name counts only as
a whole word, so `HostileConcurrencyTests` does not stand for `ConcurrencyTests`. Where the
README has a section for the file's test target (a heading `## <Target>...`, e.g.
`## URLRouterTests: the router`), the name must appear in that section: four base names
(`ConcurrencyTests`, `PrecedenceTests`, ...) exist in two targets, and listing one must not
pass for the other. Standard library only.

    .ci/check-test-map.py [ROOT]      check ROOT (default: the repository)
    .ci/check-test-map.py --self-test
"""
import os
import re
import sys
import tempfile

README = os.path.join("Tests", "README.md")


def test_files(root):
    """(target, base name, path relative to ROOT) of every `*Tests.swift` under Tests/."""
    found = []
    tests = os.path.join(root, "Tests")
    for directory, subdirectories, files in os.walk(tests):
        subdirectories.sort()
        for name in sorted(files):
            if name.endswith("Tests.swift"):
                path = os.path.relpath(os.path.join(directory, name), root)
                target = os.path.relpath(directory, tests).split(os.sep)[0]
                found.append((None if target == "." else target, name[:-len(".swift")], path))
    return found


def sections(readme):
    """The README's text under each `## <Target>` heading, by the heading's first word."""
    result = {}
    current = None
    for line in readme.splitlines():
        heading = re.match(r"##\s+([A-Za-z0-9_]+)", line)
        if heading and not line.startswith("###"):
            current = heading.group(1)
            result.setdefault(current, "")
        elif line.startswith("# "):
            current = None
        elif current is not None:
            result[current] += line + "\n"
    return result


def names(text, name):
    return re.search(r"(?<![A-Za-z0-9_])" + re.escape(name) + r"(?![A-Za-z0-9_])", text) is not None


def check(root):
    """One line per test file the README does not name where it should."""
    path = os.path.join(root, README)
    if not os.path.isfile(path):
        return [f"{README} is missing"]
    with open(path, encoding="utf-8") as f:
        readme = f.read()
    by_target = sections(readme)
    problems = []
    for target, name, file in test_files(root):
        if target in by_target:
            if not names(by_target[target], name):
                problems.append(f"{file}: `{name}` is not named in {README} under '## {target}'")
        elif not names(readme, name):
            problems.append(f"{file}: `{name}` is not named in {README}")
    return problems


# The self-test's tree: two targets with sections (one shares a base name with the other, one
# name is the tail of another), a target described in prose, helpers that are not suites.
FIXTURE_README = """# Tests: which suite proves what

## EngineTests: the engine

| what is proved | suites (files) |
| --- | --- |
| Matching | `MatchTests`, `ConcurrencyTests` |
| Hostile | `HostileConcurrencyTests` |

## RouterTests: the router

| what is proved | suites (files) |
| --- | --- |
| Concurrency | `ConcurrencyTests`, `DeepTests` (in `Support/`) |

## ClientTests

A client in another language mode: `ClientTests`.
"""
FIXTURE_FILES = [
    "EngineTests/MatchTests.swift",
    "EngineTests/ConcurrencyTests.swift",
    "EngineTests/HostileConcurrencyTests.swift",
    "EngineTests/Fixtures.swift",
    "EngineTests/Conformance/vectors.json",
    "RouterTests/ConcurrencyTests.swift",
    "RouterTests/Support/DeepTests.swift",
    "RouterTests/Support/ReferenceMatcher.swift",
    "ClientTests/ClientTests.swift",
]


def self_test(root):
    with open(os.path.join(root, README), encoding="utf-8") as f:
        committed = f.read()
    committed_files = [path for _, _, path in test_files(root)]
    first_committed = os.path.basename(committed_files[0])[:-len(".swift")] if committed_files else None

    def unnamed(text, name):
        return re.sub(r"(?<![A-Za-z0-9_])" + re.escape(name) + r"(?![A-Za-z0-9_])", "Gone", text)

    # (what changed, README text, test files under Tests/, a path the report must name; None: no problem)
    # The fixture's cases must report that path alone; the committed README may miss more.
    cases = [
        ("the fixture as written", FIXTURE_README, FIXTURE_FILES, None),
        ("a suite dropped from its row", FIXTURE_README.replace("`MatchTests`, ", ""), FIXTURE_FILES,
         "Tests/EngineTests/MatchTests.swift"),
        ("a new suite file, not in the README", FIXTURE_README, FIXTURE_FILES + ["RouterTests/NewTests.swift"],
         "Tests/RouterTests/NewTests.swift"),
        ("a name present only inside a longer one", FIXTURE_README.replace("`MatchTests`, `ConcurrencyTests`",
                                                                            "`MatchTests`"), FIXTURE_FILES,
         "Tests/EngineTests/ConcurrencyTests.swift"),
        ("a name shared by two targets, listed under one only",
         FIXTURE_README.replace("| Concurrency | `ConcurrencyTests`, ", "| Concurrency | "), FIXTURE_FILES,
         "Tests/RouterTests/ConcurrencyTests.swift"),
        ("a suite in a target's subfolder, dropped", FIXTURE_README.replace(", `DeepTests` (in `Support/`)", ""),
         FIXTURE_FILES, "Tests/RouterTests/Support/DeepTests.swift"),
        ("a target without a section, its suite named elsewhere", FIXTURE_README + "\nAlso `NewTargetTests`.\n",
         FIXTURE_FILES + ["NewTargetTests/NewTargetTests.swift"], None),
        ("a target without a section, its suite named nowhere", FIXTURE_README,
         FIXTURE_FILES + ["NewTargetTests/NewTargetTests.swift"], "Tests/NewTargetTests/NewTargetTests.swift"),
        ("a README that names no suite", "# Tests\n", FIXTURE_FILES, "Tests/ClientTests/ClientTests.swift"),
    ]
    fixture_cases = list(cases)
    if first_committed:
        cases.append((f"the committed {README} without `{first_committed}`", unnamed(committed, first_committed),
                      committed_files, committed_files[0]))
    failures = 0
    for index, (what, readme, files, expected) in enumerate(cases):
        exact = index < len(fixture_cases) and what != "a README that names no suite"
        with tempfile.TemporaryDirectory() as scratch:
            os.makedirs(os.path.join(scratch, "Tests"))
            with open(os.path.join(scratch, README), "w", encoding="utf-8") as f:
                f.write(readme)
            for file in files:
                path = file if file.startswith("Tests" + os.sep) else os.path.join("Tests", file)
                os.makedirs(os.path.dirname(os.path.join(scratch, path)), exist_ok=True)
                open(os.path.join(scratch, path), "w").close()
            problems = check(scratch)
        if expected is None and problems:
            failures += 1
            print(f"self-test: {what}: expected no problem, found:\n  " + "\n  ".join(problems))
        elif expected is not None and not any(p.startswith(expected + ":") for p in problems):
            failures += 1
            print(f"self-test: {what}: expected a problem naming {expected}, found:\n  "
                  + "\n  ".join(problems or ["none"]))
        elif expected is not None and exact and len(problems) != 1:
            failures += 1
            print(f"self-test: {what}: expected only {expected}, found:\n  " + "\n  ".join(problems))
    print(f"self-test: {len(cases) - failures} of {len(cases)} cases as expected")
    return failures == 0


if __name__ == "__main__":
    arguments = sys.argv[1:]
    test = "--self-test" in arguments
    arguments = [a for a in arguments if a != "--self-test"]
    root = arguments[0] if arguments else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    if test:
        sys.exit(0 if self_test(root) else 1)
    problems = check(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"{len(problems)} test file(s) missing from {README}: add each to the row of what it proves")
        sys.exit(1)
    print(f"test map: {README} names all {len(test_files(root))} test files")
