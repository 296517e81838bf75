#!/usr/bin/env python3
"""Fails when the hosted CI workflow or the Swift Package Index manifest drifts from Package.swift.

The workflow (.github/workflows/ci.yml) and .spi.yml cannot run where the package is developed
(no Mac), so nothing else notices when a product or a platform is added to Package.swift and
not to them. This script reads the products and platforms with `swift package dump-package`,
parses both files as YAML and checks that:

- the workflow runs `xcodebuild build -scheme <product> -destination 'generic/platform=<P>'`
  for every library product and every platform P Package.swift declares other than macOS
  (matrices expanded), never with the generated <Package>-Package scheme; that a job on a
  macOS runner runs `swift build` and `swift test` (macOS), the Swift 5 language-mode client
  and .ci/check-docc.sh; and that a Linux job runs `bash .ci/run`;
- .spi.yml is version 1, uses only keys and platforms the Swift Package Index knows, lists
  every library product's targets in `documentation_targets`, and names for every declared
  platform a scheme that is a library product building every library target.

YAML is read by a small, strict parser of the subset these files use (block mappings and
sequences, plain and quoted scalars, literal block scalars `|` and `|-`, one-line flow
sequences, comments): anything else is an error, as is malformed YAML (a tab, a stray
indentation, a duplicate key, an unclosed quote or bracket). The self-test compares its
reading of both files with PyYAML's where PyYAML is installed. Standard library only.

    .ci/check-publishing.py [ROOT]      check ROOT (default: the repository)
    .ci/check-publishing.py --self-test
"""
import copy
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile

WORKFLOW = os.path.join(".github", "workflows", "ci.yml")
SPI = ".spi.yml"

# Package.swift's platform names, as xcodebuild's generic destinations spell them.
DESTINATIONS = {"ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"}
# Package.swift's platform names, as .spi.yml's `platform:` spells them (SPIManifest's Platform).
SPI_PLATFORMS = {"ios": "ios", "macos": "macos-xcodebuild", "tvos": "tvos", "watchos": "watchos",
                 "visionos": "visionos"}
SPI_PLATFORM_NAMES = {"ios", "linux", "macos-spm", "macos-xcodebuild", "tvos", "visionos", "watchos"}
SPI_CONFIG_KEYS = {"platform", "swift_version", "image", "scheme", "target", "documentation_targets",
                   "custom_documentation_parameters"}


# MARK: YAML (a strict subset)

class YAMLError(Exception):
    pass


def strip_comment(text):
    """The line without its comment: a `#` at the start or after a blank, outside a quoted
    scalar. A quote opens a scalar only where a value or key starts (at the start, after
    `- `, `: `, `[` or `,`): inside a plain scalar it is a character like any other."""
    quote, start, depth = None, True, 0
    i = 0
    while i < len(text):
        c = text[i]
        if quote == "'":
            if c == "'" and text[i + 1:i + 2] == "'":
                i += 1
            elif c == "'":
                quote = None
        elif quote == '"':
            if c == "\\":
                i += 1
            elif c == '"':
                quote = None
        elif c == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i].rstrip()
        elif c == " ":
            pass
        elif c in "'\"" and start:
            quote, start = c, False
        elif c == "[" and (start or depth):
            depth, start = depth + 1, True
        elif c == "]" and depth:
            depth, start = depth - 1, False
        elif c == "," and depth:
            start = True
        elif c == "-" and start and not depth and text[i + 1:i + 2] in ("", " "):
            pass
        elif c == ":" and not depth and text[i + 1:i + 2] in ("", " "):
            start = True
        else:
            start = False
        i += 1
    return text.rstrip()


def scalar_end(text, start):
    """Where the quoted scalar opening at `start` closes (the index after its closing quote)."""
    q = text[start]
    i = start + 1
    while i < len(text):
        if text[i] == "\\" and q == '"':
            i += 2
            continue
        if text[i] == q:
            if q == "'" and text[i + 1:i + 2] == "'":
                i += 2
                continue
            return i + 1
        i += 1
    raise YAMLError(f"unclosed {q} quote")


ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "/": "/", "0": "\0", "r": "\r", " ": " "}


def unquote(token):
    if token[0] == "'":
        return token[1:-1].replace("''", "'")
    out, i, body = [], 0, token[1:-1]
    while i < len(body):
        if body[i] == "\\":
            e = body[i + 1:i + 2]
            if e in ESCAPES:
                out.append(ESCAPES[e])
                i += 2
            elif e == "u" and re.fullmatch(r"[0-9a-fA-F]{4}", body[i + 2:i + 6]):
                out.append(chr(int(body[i + 2:i + 6], 16)))
                i += 6
            else:
                raise YAMLError(f"unknown escape \\{e}")
        else:
            out.append(body[i])
            i += 1
    return "".join(out)


def plain(token):
    """A plain scalar, resolved as YAML's core schema does."""
    if token[0] in "[]{},#&*!|>%@`" or token[:2] in ("- ", "? ", ": ") or token in ("-", "?", ":"):
        raise YAMLError(f"unsupported or malformed value {token!r}")
    if ": " in token or token.endswith(":"):
        raise YAMLError(f"a mapping value is not allowed here: {token!r}")
    if token in ("null", "Null", "NULL", "~"):
        return None
    if token in ("true", "True", "TRUE"):
        return True
    if token in ("false", "False", "FALSE"):
        return False
    if re.fullmatch(r"[-+]?[0-9]+", token):
        return int(token)
    if re.fullmatch(r"[-+]?(\.[0-9]+|[0-9]+\.[0-9]*)([eE][-+]?[0-9]+)?", token):
        return float(token)
    return token


def inline_value(text):
    """A value written on one line: quoted, a flow sequence, or plain."""
    if text[0] in "'\"":
        end = scalar_end(text, 0)
        if text[end:].strip():
            raise YAMLError(f"text after a quoted value: {text!r}")
        return unquote(text)
    if text[0] == "[":
        items, i = [], 1
        while True:
            while i < len(text) and text[i] == " ":
                i += 1
            if i >= len(text):
                raise YAMLError(f"unclosed [ in {text!r}")
            if text[i] == "]" and not items:
                i += 1
                break
            if text[i] in "'\"":
                end = scalar_end(text, i)
                items.append(unquote(text[i:end]))
            else:
                end = i
                while end < len(text) and text[end] not in ",]":
                    if text[end] in "[{":
                        raise YAMLError(f"nested flow collections are not supported: {text!r}")
                    end += 1
                token = text[i:end].strip()
                if not token:
                    raise YAMLError(f"empty item in {text!r}")
                items.append(plain(token))
            i = end
            while i < len(text) and text[i] == " ":
                i += 1
            if i >= len(text):
                raise YAMLError(f"unclosed [ in {text!r}")
            if text[i] == "]":
                i += 1
                break
            if text[i] != ",":
                raise YAMLError(f"expected , or ] in {text!r}")
            i += 1
        if text[i:].strip():
            raise YAMLError(f"text after ]: {text!r}")
        return items
    return plain(text)


def split_key(text):
    """(key, rest) of a `key: value` line, or None when the line is not one."""
    if text[0] in "'\"":
        end = scalar_end(text, 0)
        if text[end:end + 1] != ":" or text[end + 1:end + 2] not in ("", " "):
            return None
        return unquote(text[:end]), text[end + 1:].strip()
    match = re.search(r":( |$)", text)
    if not match:
        return None
    key = text[:match.start()]
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_./ -]*", key):
        raise YAMLError(f"unsupported key {key!r}")
    return key, text[match.end():].strip()


def is_item(text):
    return text == "-" or text.startswith("- ")


class Parser:
    def __init__(self, source):
        if "\t" in "".join(line[:len(line) - len(line.lstrip(" \t"))] for line in source.splitlines()):
            raise YAMLError("a tab in indentation")
        self.raw = source.splitlines()
        self.lines = []  # (line number, indent, text): structural lines, comments stripped
        self.i = 0
        self.skip_to_structure(0)

    def skip_to_structure(self, start):
        self.lines = []
        for n in range(start, len(self.raw)):
            text = strip_comment(self.raw[n])
            if text.strip():
                self.lines.append((n, len(text) - len(text.lstrip(" ")), text.strip()))
        self.i = 0

    def peek(self):
        return self.lines[self.i] if self.i < len(self.lines) else None

    def fail(self, message, line=None):
        line = line or self.peek()
        where = f"line {line[0] + 1}: " if line else "at the end: "
        raise YAMLError(where + message)

    def document(self):
        if not self.peek():
            return None
        first = self.peek()
        if first[2] in ("---", "...") or first[2].startswith("%"):
            self.fail("directives and document markers are not supported")
        value = self.block(first[1])
        if self.peek():
            self.fail("unexpected indentation or text after the document")
        return value

    def block(self, indent):
        return (self.sequence if is_item(self.peek()[2]) else self.mapping)(indent)

    def entry(self, indent):
        """The next line of the block at `indent`, or None where the block ends."""
        line = self.peek()
        if not line or line[1] < indent:
            return None
        if line[1] > indent:
            self.fail("unexpected indentation")
        return line

    def sequence(self, indent):
        items = []
        while line := self.entry(indent):
            n, col, text = line
            if not is_item(text):
                return items if items else self.fail("expected a sequence item")
            rest = text[1:].lstrip(" ")
            if not rest:
                self.i += 1
                nxt = self.peek()
                items.append(self.block(nxt[1]) if nxt and nxt[1] > indent else None)
                continue
            # The item's content starts a block of its own at its column ("- key: value").
            inner = col + len(text) - len(rest)
            if is_item(rest) or split_key(rest):
                self.lines[self.i] = (n, inner, rest)
                items.append(self.block(inner))
            else:
                self.i += 1
                items.append(self.value(rest, n, indent))
        return items

    def mapping(self, indent):
        result = {}
        while line := self.entry(indent):
            n, col, text = line
            if is_item(text):
                return result if result else self.fail("expected a mapping key")
            split = split_key(text)
            if split is None:
                self.fail(f"expected 'key: value', found {text!r}")
            key, rest = split
            if key in result:
                self.fail(f"duplicate key {key!r}")
            self.i += 1
            if rest:
                result[key] = self.value(rest, n, indent)
                continue
            nxt = self.peek()
            if nxt and nxt[1] > indent:
                result[key] = self.block(nxt[1])
            elif nxt and nxt[1] == indent and is_item(nxt[2]):
                result[key] = self.sequence(indent)  # a sequence may sit at its key's column
            else:
                result[key] = None
        return result

    def value(self, rest, n, indent):
        """The value after a key or a dash on line n; a block scalar reads the raw lines below."""
        if re.fullmatch(r"\|-?", rest):
            return self.block_scalar(rest, n, indent)
        value = inline_value(rest)
        nxt = self.peek()
        if nxt and nxt[1] > indent:
            self.fail("unexpected indentation (a value continued on the next line is not supported)")
        return value

    def block_scalar(self, style, n, indent):
        body = []
        m = n + 1
        content = None
        while m < len(self.raw):
            raw = self.raw[m]
            if raw.strip():
                col = len(raw) - len(raw.lstrip(" "))
                if col <= indent:
                    break
                content = col if content is None else content
                if col < content:
                    raise YAMLError(f"line {m + 1}: less indented than the block scalar's first line")
                body.append(raw[content:])
            else:
                body.append("")
            m += 1
        # Continue with the structural lines after the block scalar.
        while self.peek() and self.peek()[0] < m:
            self.i += 1
        while body and body[-1] == "":
            body.pop()
        text = "\n".join(body)
        if style.endswith("-") or not body:
            return text
        return text + "\n"


def parse_yaml(source):
    return Parser(source).document()


# MARK: What Package.swift declares

def package_description(root):
    """Library products (name -> targets), declared platforms, targets' dependencies, the name."""
    try:
        out = subprocess.run(["swift", "package", "dump-package", "--package-path", root],
                             check=True, capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        sys.exit(f"check-publishing: `swift package dump-package` failed: {error}")
    dump = json.loads(out)
    libraries = {p["name"]: p["targets"] for p in dump["products"] if "library" in p["type"]}
    platforms = [p["platformName"] for p in dump.get("platforms") or []]
    dependencies = {}
    for target in dump["targets"]:
        names = []
        for dependency in target.get("dependencies", []):
            for kind in ("byName", "target"):
                if kind in dependency:
                    names.append(dependency[kind][0])
        dependencies[target["name"]] = names
    return {"name": dump["name"], "libraries": libraries, "platforms": platforms,
            "dependencies": dependencies}


def closure(targets, dependencies):
    seen, stack = set(), list(targets)
    while stack:
        target = stack.pop()
        if target not in seen:
            seen.add(target)
            stack += dependencies.get(target, [])
    return seen


# MARK: The workflow

def matrix_rows(job):
    """Every combination of the job's matrix (lists crossed, then `include` rows added)."""
    matrix = (job.get("strategy") or {}).get("matrix") or {}
    if isinstance(matrix, str):
        raise YAMLError("a matrix computed by an expression cannot be checked")
    rows = [{}]
    for key, values in matrix.items():
        if key in ("include", "exclude"):
            continue
        if not isinstance(values, list):
            raise YAMLError(f"matrix.{key} is not a list")
        rows = [dict(row, **{key: value}) for row in rows for value in values]
    excluded = matrix.get("exclude") or []
    rows = [row for row in rows if not any(all(row.get(k) == v for k, v in e.items()) for e in excluded)]
    return rows + list(matrix.get("include") or [])


def expand(text, row):
    def value(match):
        key = match.group(1)
        if key not in row:
            raise YAMLError(f"${{{{ matrix.{key} }}}} is not in the job's matrix")
        return str(row[key])
    return re.sub(r"\$\{\{\s*matrix\.([A-Za-z0-9_-]+)\s*\}\}", value, text)


def commands(run):
    """The shell commands of a run block: one per line, continuations joined, split on && ; |."""
    logical = re.sub(r"\\\n", " ", run)
    for line in logical.splitlines():
        lexer = shlex.shlex(line, posix=True, punctuation_chars=";&|")
        lexer.whitespace_split = True
        lexer.commenters = "#"
        words = []
        for token in lexer:
            if token and set(token) <= set(";&|"):
                if words:
                    yield words
                words = []
            else:
                words.append(token)
        if words:
            yield words


def option(words, name):
    return words[words.index(name) + 1] if name in words[:-1] else None


def check_workflow(workflow, package):
    problems = []
    if not isinstance(workflow, dict) or not isinstance(workflow.get("jobs"), dict) or not workflow["jobs"]:
        return [f"{WORKFLOW}: no jobs"]
    if "on" not in workflow and True not in workflow:
        problems.append(f"{WORKFLOW}: no `on:` (what triggers it)")
    builds, macos, linux = set(), set(), set()
    for name, job in workflow["jobs"].items():
        steps = job.get("steps") if isinstance(job, dict) else None
        if not isinstance(steps, list) or not steps:
            problems.append(f"{WORKFLOW}: job {name} has no steps")
            continue
        if not any(isinstance(s, dict) and str(s.get("uses", "")).startswith("actions/checkout@") for s in steps):
            problems.append(f"{WORKFLOW}: job {name} does not check the repository out")
        for row in matrix_rows(job):
            runner = expand(str(job.get("runs-on", "")), row)
            ran = set()
            for step in steps:
                if not isinstance(step, dict) or not ("run" in step or "uses" in step):
                    problems.append(f"{WORKFLOW}: job {name} has a step with neither run nor uses")
                    continue
                for words in commands(expand(str(step.get("run", "")), row)):
                    ran.add(" ".join(words))
                    if words[:1] == ["xcodebuild"] and "build" in words:
                        scheme, destination = option(words, "-scheme"), option(words, "-destination")
                        if scheme == f"{package['name']}-Package":
                            problems.append(f"{WORKFLOW}: job {name} builds the generated {scheme} scheme, "
                                            "which also builds the test targets: use a product's scheme")
                        builds.add((scheme, destination))
            if runner.startswith("macos-"):
                macos |= ran
            elif runner.startswith("ubuntu-"):
                linux |= ran
    for platform in package["platforms"]:
        if platform == "macos":
            continue
        if platform not in DESTINATIONS:
            problems.append(f"Package.swift declares platform {platform}, which this check does not know: "
                            "add it to DESTINATIONS and SPI_PLATFORMS")
            continue
        for product in package["libraries"]:
            if (product, f"generic/platform={DESTINATIONS[platform]}") not in builds:
                problems.append(f"{WORKFLOW}: no `xcodebuild build -scheme {product} "
                                f"-destination 'generic/platform={DESTINATIONS[platform]}'`")
    wanted = ["swift run --package-path Examples Swift5Client", "bash .ci/check-docc.sh"]
    if "macos" in package["platforms"]:
        wanted = ["swift build", "swift test"] + wanted
    for command in wanted:
        if command not in macos:
            problems.append(f"{WORKFLOW}: no job on a macOS runner runs `{command}`")
    if "bash .ci/run" not in linux:
        problems.append(f"{WORKFLOW}: no job on a Linux runner runs `bash .ci/run`")
    return problems


# MARK: .spi.yml

def check_spi(spi, package):
    if not isinstance(spi, dict):
        return [f"{SPI}: not a mapping"]
    problems = []
    if spi.get("version") != 1:
        problems.append(f"{SPI}: version is {spi.get('version')!r}, not 1")
    configs = (spi.get("builder") or {}).get("configs") if isinstance(spi.get("builder"), dict) else None
    if not isinstance(configs, list) or not all(isinstance(c, dict) for c in configs):
        return problems + [f"{SPI}: builder.configs is not a list of mappings"]
    documented, schemes = set(), {}
    for config in configs:
        for key in sorted(set(config) - SPI_CONFIG_KEYS):
            problems.append(f"{SPI}: unknown key {key!r} in builder.configs")
        targets = config.get("documentation_targets") or []
        documented |= set(targets) if isinstance(targets, list) else set()
        platform = config.get("platform")
        if platform is not None and platform not in SPI_PLATFORM_NAMES:
            problems.append(f"{SPI}: unknown platform {platform!r} (one of {', '.join(sorted(SPI_PLATFORM_NAMES))})")
        if platform is not None and "scheme" in config:
            schemes[platform] = config["scheme"]
    for product, targets in package["libraries"].items():
        for target in targets:
            if target not in documented:
                problems.append(f"{SPI}: documentation_targets does not list {target} (product {product})")
    every_target = {t for targets in package["libraries"].values() for t in targets}
    for platform in package["platforms"]:
        name = SPI_PLATFORMS.get(platform)
        if name is None:
            problems.append(f"Package.swift declares platform {platform}, which this check does not know: "
                            "add it to DESTINATIONS and SPI_PLATFORMS")
            continue
        scheme = schemes.get(name)
        if scheme is None:
            problems.append(f"{SPI}: no config with `platform: {name}` and a scheme (else the index picks "
                            f"the {package['name']}-Package scheme, which also builds the test targets)")
        elif scheme not in package["libraries"]:
            problems.append(f"{SPI}: scheme {scheme!r} for {name} is not a library product")
        elif not every_target <= closure(package["libraries"][scheme], package["dependencies"]):
            missing = every_target - closure(package["libraries"][scheme], package["dependencies"])
            problems.append(f"{SPI}: scheme {scheme!r} for {name} does not build {', '.join(sorted(missing))}")
    return problems


# MARK: Running

def check(root, package=None):
    package = package or package_description(root)
    problems = []
    parsed = {}
    for path in (WORKFLOW, SPI):
        try:
            with open(os.path.join(root, path), encoding="utf-8") as f:
                parsed[path] = parse_yaml(f.read())
        except OSError as error:
            problems.append(f"{path}: {error.strerror}")
        except YAMLError as error:
            problems.append(f"{path}: not valid YAML: {error}")
    if WORKFLOW in parsed:
        try:
            problems += check_workflow(parsed[WORKFLOW], package)
        except (YAMLError, ValueError) as error:  # a matrix it cannot expand, a command shlex cannot split
            problems.append(f"{WORKFLOW}: {error}")
    if SPI in parsed:
        problems += check_spi(parsed[SPI], package)
    return list(dict.fromkeys(problems))


def self_test(root):
    package = package_description(root)
    with open(os.path.join(root, WORKFLOW), encoding="utf-8") as f:
        workflow = f.read()
    with open(os.path.join(root, SPI), encoding="utf-8") as f:
        spi = f.read()
    product = sorted(package["libraries"])[0]
    platform = [p for p in package["platforms"] if p != "macos"][-1]
    gained = copy.deepcopy(package)
    gained["libraries"]["Extra"] = ["Extra"]
    new_platform = copy.deepcopy(package)
    new_platform["platforms"].append("driverkit")

    def drop_line(text, needle):
        return "\n".join(line for line in text.splitlines() if needle not in line) + "\n"

    # (what drifted, workflow, .spi.yml, package, a phrase the report must hold; None: no problem)
    cases = [
        ("the files as committed", workflow, spi, package, None),
        (f"the workflow without product {product}", drop_line(workflow, f"-scheme {product} "), spi, package,
         f"-scheme {product} -destination"),
        (f"the workflow's matrix without {DESTINATIONS[platform]}",
         workflow.replace(f", {DESTINATIONS[platform]}]", "]"), spi, package,
         f"generic/platform={DESTINATIONS[platform]}"),
        ("the workflow without its Linux job", workflow.replace("bash .ci/run", "echo .ci/run"), spi, package,
         "bash .ci/run"),
        ("the workflow without swift test", drop_line(workflow, "run: swift test"), spi, package, "swift test"),
        ("the workflow on the generated scheme", workflow.replace(f"-scheme {product} -dest",
                                                                  f"-scheme {package['name']}-Package -dest"),
         spi, package, "generated"),
        ("a product added to Package.swift", workflow, spi, gained, "-scheme Extra"),
        ("a platform added to Package.swift", workflow, spi, new_platform, "driverkit"),
        ("the workflow with a tab", workflow.replace("\n    runs-on", "\n\truns-on", 1), spi, package,
         "not valid YAML"),
        ("the workflow with a stray indentation", workflow.replace("\n    runs-on", "\n     runs-on", 1), spi,
         package, "not valid YAML"),
        ("the workflow with a duplicate key", workflow.replace("\njobs:\n", "\njobs:\n  linux:\n    steps: []\n"),
         spi, package, "not valid YAML"),
        ("the workflow with an unclosed quote", workflow.replace("name: CI", "name: 'CI"), spi, package,
         "not valid YAML"),
        ("the workflow with an unclosed bracket", workflow.replace("branches: [main]", "branches: [main"), spi,
         package, "not valid YAML"),
        ("the workflow with a key and no colon", workflow.replace("runs-on: macos-15", "runs-on macos-15", 1),
         spi, package, "not valid YAML"),
        (f".spi.yml without documentation target {product}", workflow,
         spi.replace(f"[{product}, ", "[").replace(f", {product}]", "]"), package,
         f"does not list {package['libraries'][product][0]}"),
        (f".spi.yml without platform {SPI_PLATFORMS[platform]}", workflow,
         spi.replace(f"platform: {SPI_PLATFORMS[platform]}\n", "platform: linux\n"), package,
         f"platform: {SPI_PLATFORMS[platform]}"),
        (".spi.yml with a misspelt key", workflow, spi.replace("documentation_targets", "documentation_target"),
         package, "unknown key"),
        (".spi.yml with version 2", workflow, spi.replace("version: 1", "version: 2"), package, "version"),
        (".spi.yml malformed", workflow, spi.replace("  configs:", "  configs: [", 1), package, "not valid YAML"),
    ]
    failures = 0
    with tempfile.TemporaryDirectory() as scratch:
        os.makedirs(os.path.join(scratch, os.path.dirname(WORKFLOW)))
        for what, workflow_text, spi_text, described, phrase in cases:
            with open(os.path.join(scratch, WORKFLOW), "w", encoding="utf-8") as f:
                f.write(workflow_text)
            with open(os.path.join(scratch, SPI), "w", encoding="utf-8") as f:
                f.write(spi_text)
            if phrase is not None and described is package and (workflow_text, spi_text) == (workflow, spi):
                failures += 1
                print(f"self-test: {what}: the files did not change (the case no longer fits them)")
                continue
            problems = check(scratch, described)
            if phrase is None and problems:
                failures += 1
                print(f"self-test: {what}: expected no problem, found:\n  " + "\n  ".join(problems))
            elif phrase is not None and not any(phrase in p for p in problems):
                failures += 1
                print(f"self-test: {what}: expected a problem saying {phrase!r}, found:\n  "
                      + "\n  ".join(problems or ["none"]))
    print(f"self-test: {len(cases) - failures} of {len(cases)} cases as expected")
    return compare_with_pyyaml(root) and failures == 0


def compare_with_pyyaml(root):
    """Where PyYAML happens to be installed, the subset parser must read both files as it does."""
    try:
        import yaml
    except ImportError:
        print("self-test: PyYAML is not installed; the parser is not compared with it")
        return True
    failures = 0
    for path in (WORKFLOW, SPI):
        with open(os.path.join(root, path), encoding="utf-8") as f:
            text = f.read()
        theirs = yaml.safe_load(text)
        if isinstance(theirs, dict) and True in theirs:  # YAML 1.1 reads the key `on` as true
            theirs = {("on" if k is True else k): v for k, v in theirs.items()}
        if parse_yaml(text) != theirs:
            failures += 1
            print(f"self-test: {path} reads differently with PyYAML")
    if not failures:
        print(f"self-test: {WORKFLOW} and {SPI} read as PyYAML reads them")
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
        print(f"{len(problems)} publishing problem(s): {WORKFLOW} and {SPI} must follow Package.swift")
        sys.exit(1)
    package = package_description(root)
    print(f"publishing: {WORKFLOW} and {SPI} name every library product "
          f"({', '.join(package['libraries'])}) and platform ({', '.join(package['platforms'])})")
