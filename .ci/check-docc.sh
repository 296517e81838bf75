#!/usr/bin/env bash
# Builds the three DocC catalogs with the toolchain's own `docc`, from symbol graphs (no plugin),
# and fails on any warning. On a Mac, `docc` is Xcode's (through xcrun).
set -euo pipefail
cd "$(dirname "$0")/.."
docc=(docc)
if ! command -v docc >/dev/null && command -v xcrun >/dev/null; then docc=(xcrun docc); fi
graphs=$(mktemp -d)
trap 'rm -rf "$graphs"' EXIT
swift build --scratch-path .build-docc -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs/all"
for module in PatternMatcher URLRouter URLRouterTesting; do
  # Each catalog gets its own module's symbol graphs only.
  mkdir -p "$graphs/$module"
  cp "$graphs/all/$module".*symbols.json "$graphs/$module/"
  "${docc[@]}" convert "Sources/$module/Documentation.docc" \
    --additional-symbol-graph-dir "$graphs/$module" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.urlrouter.$module" \
    --output-path "$graphs/$module.doccarchive" --warnings-as-errors
  echo "docc: $module builds without warnings"
done
