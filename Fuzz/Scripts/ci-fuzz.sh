#!/usr/bin/env bash
# Builds the fuzz targets with libFuzzer and AddressSanitizer, then runs each one for
# FUZZ_SECONDS (default 60) on a copy of its seed corpus, so the repository's corpus is
# never modified. Fails if any target finds a crash, a leak, a timeout, a property
# violation or an input still slow when run again; each such input is copied to FailCases/<target>/
# (the reopen and features targets' to FailCases/router/), where Tests/URLRouterTests/HostileFailCaseTests replays it.
#
#   Fuzz/Scripts/ci-fuzz.sh                      # what .ci/run calls
#   FUZZ_SECONDS=600 Fuzz/Scripts/ci-fuzz.sh     # a longer run
#   FUZZ_TARGETS=router Fuzz/Scripts/ci-fuzz.sh  # one target
#   FUZZ_CONFIGURATION=debug ...                 # with Swift assertions, about 3x slower
#   FUZZ_INTERNAL_CHECKS=0 ...                   # without the engine's internal checks (on by default:
#                                                # trie invariants at every freeze, every lookup the
#                                                # direct walk decides searched again and compared)
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${FUZZ_SECONDS:-60}"
configuration="${FUZZ_CONFIGURATION:-release}"
checks=()
if [ "${FUZZ_INTERNAL_CHECKS:-1}" = 1 ]; then checks=(-Xswiftc -DURLROUTER_INTERNAL_CHECKS); fi
targets="${FUZZ_TARGETS:-matching registration router reopen features rules}"
# The router, reopen and features targets read one input format, so they share the router's
# seeds and fail cases: HostileFailCaseTests replays each through the properties of all three.
corpus_of() { case "$1" in reopen | features) echo router ;; *) echo "$1" ;; esac; }
# libFuzzer reports crashes itself; Swift's backtracer would hold a crashing run for seconds.
export SWIFT_BACKTRACE=enable=no

echo "=== building the fuzz targets ($configuration, -sanitize=fuzzer,address${checks:+, internal checks})"
# ld.gold warns once per ASan helper symbol; nothing to act on, so those lines are dropped.
swift build -c "$configuration" --scratch-path .build \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library "${checks[@]}" 2>&1 \
    | { grep -v "Cannot export local symbol '__asan" || true; }
bin=".build/$configuration"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
summary=()
for target in $targets; do
    executable="$bin/Fuzz$(tr '[:lower:]' '[:upper:]' <<<"${target:0:1}")${target:1}"
    corpus="$(corpus_of "$target")"
    mkdir -p "$work/$target/corpus" "$work/$target/artifacts"
    cp Corpus/"$corpus"/* "$work/$target/corpus/"
    echo "=== $target: ${seconds}s"
    set +e
    "$executable" "$work/$target/corpus" \
        -dict=fuzz.dict -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1 -artifact_prefix="$work/$target/artifacts/" >"$work/$target/log" 2>&1
    code=$?
    set -e
    executions="$(awk '/stat::number_of_executed_units/ { print $2 }' "$work/$target/log")"
    per_second="$(awk '/stat::average_exec_per_sec/ { print $2 }' "$work/$target/log")"
    # libFuzzer saves an input that took over 10 s of wall clock as slow-unit-*. A paused or
    # overloaded VM can make any input that slow once, so such an input is run again on its own:
    # it fails the run only if it is still slow (over 2 s); a real hang is also a -timeout crash.
    for artifact in "$work/$target/artifacts"/slow-unit-*; do
        [ -e "$artifact" ] || continue
        started=$(date +%s%N)
        "$executable" "$artifact" >/dev/null 2>&1 || true
        elapsed_ms=$(( ($(date +%s%N) - started) / 1000000 ))
        if [ "$elapsed_ms" -le 2000 ]; then
            echo "    note: $target reported a slow unit that reran in ${elapsed_ms} ms; not a failure"
            rm "$artifact"
        fi
    done
    summary+=("$(printf '%-13s %10s executions in %ss (%s/s)' "$target" "${executions:-?}" "$seconds" "${per_second:-?}")")
    if [ "$code" -ne 0 ] || [ -n "$(ls -A "$work/$target/artifacts")" ]; then
        status=1
        echo "!!! $target failed (exit $code):"
        grep -E -A12 'property violated|ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer)' "$work/$target/log" | head -40 || true
        mkdir -p "FailCases/$corpus"
        for artifact in "$work/$target/artifacts"/*; do
            [ -e "$artifact" ] || continue
            cp "$artifact" "FailCases/$corpus/"
            echo "    saved FailCases/$corpus/$(basename "$artifact") (replayed by HostileFailCaseTests)"
        done
    fi
done

echo "=== fuzzing summary"
printf '%s\n' "${summary[@]}"
exit "$status"
