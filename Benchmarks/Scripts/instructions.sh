#!/usr/bin/env bash
# Instructions per lookup, counted by valgrind's callgrind (a count, not a time, so it does
# not drift with the machine's load): the InstructionCount loop is run with 0 rounds and with
# ROUNDS rounds, and the difference is divided by the lookups made.
#
#   Benchmarks/Scripts/instructions.sh                       # matcher and open on github.txt
#   CONTENDERS="matcher dictionary" WORKLOAD=Routes/static.txt Benchmarks/Scripts/instructions.sh
#   WORKLOAD="app static" CONTENDERS="open intercepted" Benchmarks/Scripts/instructions.sh
#   WORKLOAD="typed book" CONTENDERS="typed by-name typed-url typed-decode" Benchmarks/Scripts/instructions.sh
#   ROUNDS=1 WORKLOAD=table CONTENDERS=launch Benchmarks/Scripts/instructions.sh   # the launch table's first build
#   ROUNDS=1 WORKLOAD=table CONTENDERS="floor launch" Benchmarks/Scripts/instructions.sh  # and its floor (no router)
#
# Scripts/instruction-gate.py counts the same way and holds six figures to Thresholds/instructions.json.
#
# Needs valgrind (apt-get install valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
contenders="${CONTENDERS:-matcher open}"
workload="${WORKLOAD:-Routes/github.txt}"
rounds="${ROUNDS:-20}"
command -v valgrind >/dev/null || { echo "valgrind is not installed (apt-get install valgrind)"; exit 1; }
swift build -c release --scratch-path .build --product InstructionCount >/dev/null
bin=".build/release/InstructionCount"
count() {  # instructions of one run: contender, rounds
    local out
    out=$(mktemp)
    valgrind --tool=callgrind --callgrind-out-file="$out" "$bin" "$1" "$workload" "$2" >/dev/null 2>&1
    callgrind_annotate "$out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
    rm -f "$out"
}
for contender in $contenders; do
    lookups=$("$bin" "$contender" "$workload" "$rounds" | awk '{ print $2 }')
    base=$(count "$contender" 0)
    loaded=$(count "$contender" "$rounds")
    printf '%-11s %-22s %8d instructions per lookup (%d lookups)\n' "$contender" "$workload" \
        $(( (loaded - base) / lookups )) "$lookups"
done
