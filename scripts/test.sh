#!/bin/sh
# `npm test`: the static checks (types, lint, formatting) side by side with Vitest, which spends a
# good part of its time waiting on pages, child processes and poll intervals. Arguments go to
# Vitest. The checks' output comes after Vitest's; either failing fails the run.
set -u
# Node 24, the active LTS, whatever the machine's own Node is (scripts/node-24.sh).
node24=$(sh scripts/node-24.sh) || exit 1
[ -z "$node24" ] || PATH="$node24:$PATH"
export PATH
echo "Node $(node -v)"
sh scripts/ensure-chromium.sh || exit 1
checks_log=$(mktemp)
trap 'rm -f "$checks_log"' EXIT
started=$(date +%s)
sh scripts/static-checks.sh > "$checks_log" 2>&1 &
checks=$!
vitest run "$@"
tests=$?
wait "$checks"
static=$?
echo
if [ "$static" -eq 0 ]; then
  echo "Static checks (tsc, ESLint, Prettier): passed"
else
  cat "$checks_log"
  echo "Static checks (tsc, ESLint, Prettier): FAILED (above)"
fi
echo "npm test took $(($(date +%s) - started)) s"
[ "$tests" -eq 0 ] && [ "$static" -eq 0 ]
