#!/usr/bin/env python3
"""The instruction gate: what the hot paths and the launch execute, counted by valgrind's
callgrind, against the figures committed in Benchmarks/Thresholds/instructions.json.

A count, not a time: the same build executes the same instructions however busy the machine
is, so a regression shows as a figure, not as noise. Each figure is counted as
Scripts/instructions.sh counts it: the InstructionCount executable is run with 0 rounds and with
ROUNDS rounds, and the difference is divided by the calls made. The launch table's figure is the
first `Router(modules:)` of its process (1 build against 0), the cold start an app pays.

  python3 Benchmarks/Scripts/instruction-gate.py            # check: fails when a figure is more
                                                             # than 10% over the committed one, or
                                                             # the observed open is over 1.15× the plain
  python3 Benchmarks/Scripts/instruction-gate.py --record   # measure and write instructions.json

Re-record after a change that moves a figure on purpose (a new feature on the open path, a
toolchain update), and say why in the commit; a figure well under the committed one is reported,
so that a gain is recorded too. Needs valgrind (apt-get install valgrind) and a release build of
the Benchmarks package (Scripts/ci-smoke.sh makes one; this script builds InstructionCount if needed).
"""
import json
import os
import subprocess
import sys
import tempfile

BENCHMARKS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
THRESHOLDS = os.path.join(BENCHMARKS, "Thresholds", "instructions.json")
BINARY = os.path.join(BENCHMARKS, ".build", "release", "InstructionCount")
TOLERANCE = 0.10
# The observed open against the plain one, counted in the same run: an observer costs its two
# clock reads and its event, not a second open.
OBSERVER_RATIO = ("app open with an empty observer (app static)", "app open (app static)", 1.15)

# name: (contender, workload, rounds) as InstructionCount takes them.
MEASURES = {
    "github.txt lookup (matcher)": ("matcher", "Routes/github.txt", 20),
    "app open (app static)": ("open", "app static", 20),
    "app open with 3 interceptors (app static)": ("intercepted", "app static", 20),
    "app open with an empty observer (app static)": ("observed", "app static", 20),
    "typed open (typed book)": ("typed", "typed book", 20),
    "launch table, first Router(modules:)": ("launch", "table", 1),
}

# Swift's hashing is seeded per process unless told otherwise: dictionaries and sets would
# execute a few more or fewer instructions from one run to the next.
ENVIRONMENT = dict(os.environ, SWIFT_DETERMINISTIC_HASHING="1")


def fail(message):
    print(f"instruction gate: {message}", file=sys.stderr)
    sys.exit(1)


def calls(contender, workload, rounds):
    """The calls one run makes (the executable prints them)."""
    output = subprocess.run([BINARY, contender, workload, str(rounds)], cwd=BENCHMARKS, env=ENVIRONMENT,
                            capture_output=True, text=True, check=True).stdout.split()
    return int(output[1])


def instructions(contender, workload, rounds):
    """Every instruction of one run, as callgrind counts them."""
    with tempfile.TemporaryDirectory() as directory:
        out = os.path.join(directory, "callgrind.out")
        subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
                        BINARY, contender, workload, str(rounds)],
                       cwd=BENCHMARKS, env=ENVIRONMENT, capture_output=True, check=True)
        with open(out) as counts:
            for line in counts:
                if line.startswith("summary:") or line.startswith("totals:"):
                    return int(line.split()[1])
    fail(f"callgrind wrote no total for {contender} on {workload}")


def measure(name):
    contender, workload, rounds = MEASURES[name]
    made = calls(contender, workload, rounds)
    per_call = (instructions(contender, workload, rounds) - instructions(contender, workload, 0)) // made
    print(f"  {name}: {per_call:,} instructions", flush=True)
    return per_call


def toolchain():
    first = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    return first[0] if first else "unknown"


def main():
    record = sys.argv[1:] == ["--record"]
    if sys.argv[1:] and not record:
        print(__doc__)
        sys.exit(2)
    if subprocess.run(["which", "valgrind"], capture_output=True).returncode != 0:
        fail("valgrind is not installed (apt-get install valgrind)")
    # Built every time (a no-op when nothing changed): a binary left from an older checkout
    # would count old code.
    subprocess.run(["swift", "build", "-c", "release", "--scratch-path", ".build", "--product", "InstructionCount"],
                   cwd=BENCHMARKS, check=True, stdout=subprocess.DEVNULL)
    print("instruction gate: counting with callgrind", flush=True)
    measured = {name: measure(name) for name in MEASURES}

    if record:
        with open(THRESHOLDS, "w") as file:
            json.dump({
                "about": "Instructions per call counted by Scripts/instruction-gate.py (callgrind); CI fails when a "
                         f"figure is more than {round(TOLERANCE * 100)}% over these. Re-record with "
                         "`python3 Benchmarks/Scripts/instruction-gate.py --record` and say why in the commit.",
                "toolchain": toolchain(),
                "instructions": measured,
            }, file, indent=2, ensure_ascii=False)
            file.write("\n")
        print(f"instruction gate: recorded {THRESHOLDS}")
        return

    try:
        with open(THRESHOLDS) as file:
            committed = json.load(file)
    except FileNotFoundError:
        fail(f"{THRESHOLDS} is missing: record it with --record")
    problems = []
    for name, figure in measured.items():
        limit = committed["instructions"].get(name)
        if limit is None:
            problems.append(f"{name}: no committed figure (record it with --record)")
        elif figure > limit * (1 + TOLERANCE):
            problems.append(f"{name}: {figure:,} instructions, {figure / limit - 1:+.1%} over the committed {limit:,}")
        elif figure < limit * (1 - TOLERANCE):
            print(f"  note: {name} is {figure / limit - 1:+.1%} against the committed {limit:,}: record the gain")
    observed, plain, most = OBSERVER_RATIO
    if measured[observed] > measured[plain] * most:
        problems.append(f"{observed}: {measured[observed] / measured[plain]:.3f}× the {plain}, more than {most}×")
    if committed.get("toolchain") != toolchain():
        print(f"  note: the figures were recorded with {committed.get('toolchain')}")
    if problems:
        fail("over the committed figures (Benchmarks/Thresholds/instructions.json) or the observer's ratio:\n  "
             + "\n  ".join(problems))
    print("instruction gate: every figure within 10% of the committed one")


if __name__ == "__main__":
    main()
