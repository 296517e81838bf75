#!/usr/bin/env bash
# Builds the three DocC catalogs the way the README tells users to, and fails on any warning.
#
#   bash .ci/check-docc.sh              # check only: the archives are deleted
#   bash .ci/check-docc.sh OUTPUT-DIR   # keep PatternMatcher.doccarchive, ... in OUTPUT-DIR
#
# Symbol graphs come from `swift package dump-symbol-graph`, which extracts them as the DocC
# plugin and documentation hosts do. The compiler's `-emit-symbol-graph`, used here before,
# also puts a re-exported module's symbols in the re-exporting module's graph (URLRouter
# re-exports PatternMatcher), so links from URLRouter to PatternMatcher types resolved here and
# nowhere else. Each catalog gets its own module's graphs only; `docc` is the toolchain's
# (Xcode's on a Mac, through xcrun). No plugin: the package has no dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
docc=(docc)
if ! command -v docc >/dev/null && command -v xcrun >/dev/null; then docc=(xcrun docc); fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
output=${1:-"$work/archives"}
mkdir -p "$output"

# On Linux the command also tries the generated test-runner modules, fails on them and exits 1
# after writing the libraries' graphs: what counts is that each library's graph is new.
touch "$work/stamp"
log=$(swift package dump-symbol-graph 2>&1) || true
graphs=$(printf '%s\n' "$log" | sed -n 's/^Files written to //p' | tail -n 1)
for module in PatternMatcher URLRouter URLRouterTesting; do
  if [ ! "$graphs/$module.symbols.json" -nt "$work/stamp" ]; then
    printf '%s\ncheck-docc: no new symbol graph of %s\n' "$log" "$module"
    exit 1
  fi
done

for module in PatternMatcher URLRouter URLRouterTesting; do
  mkdir -p "$work/$module"
  for graph in "$graphs/$module.symbols.json" "$graphs/$module"@*.symbols.json; do
    if [ -e "$graph" ]; then cp "$graph" "$work/$module/"; fi
  done
  "${docc[@]}" convert "Sources/$module/Documentation.docc" \
    --additional-symbol-graph-dir "$work/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.urlrouter.$module" \
    --output-path "$output/$module.doccarchive" --warnings-as-errors
  echo "docc: $module builds without warnings"
done
if [ $# -gt 0 ]; then echo "docc: archives in $output"; fi
