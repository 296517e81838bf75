#!/usr/bin/env bash
# The benchmarks' CI check, called by .ci/run. Builds the Benchmarks package, then runs a short smoke of
# every benchmark so that none can rot:
#   1. Report --smoke: every contender on every workload (the route lists of Benchmarks/Routes
#      included), a few lookups each; fails when a URLRouter contender answers a lookup wrong or
#      refuses a table.
#   2. Every ordo-one benchmark for a few iterations, with the matcher's allocation counts checked
#      against the committed Benchmarks/Thresholds (allocation counts are deterministic; wall-clock
#      time is reported but never gated).
#   3. The instruction gate (Scripts/instruction-gate.py): callgrind counts of the github.txt lookup,
#      the app open, the open with three interceptors, the open with an empty observer, the typed open
#      and the launch table's first Router(modules:), each at most 10% over
#      Thresholds/instructions.json, and the observed open at most 1.15x the app open (about 20 seconds).
# Everything it builds goes to Benchmarks/.build.
set -euo pipefail

benchmarks="$(cd "$(dirname "$0")/.." && pwd)"
cd "$benchmarks"

echo "== building the Benchmarks package (release)"
swift build -c release --scratch-path .build

echo "== Report --smoke"
.build/release/Report --smoke

echo "== ordo-one benchmarks, smoke iterations, matcher allocations against Thresholds/"
URLROUTER_BENCHMARK_SMOKE=1 swift package --scratch-path .build \
    benchmark thresholds check --path "$benchmarks/Thresholds" --no-progress

echo "== instruction gate: callgrind counts against Thresholds/instructions.json"
python3 Scripts/instruction-gate.py

echo "ci-smoke: Report smoke, allocation thresholds and instruction gate passed"
