#!/bin/sh
# The checks that read the code without running it: types and lint (the layer boundaries included)
# on one TypeScript program (scripts/typecheck-and-lint.ts: `npm run typecheck` and `npm run lint`
# at once), and formatting beside them. Each prints its own output; any failure fails the run.
set -u
tsx scripts/typecheck-and-lint.ts & code=$!
npm run -s format:check > /dev/null & format=$!
status=0
wait "$code" || { echo "type check or lint failed (npm run typecheck, npm run lint)" >&2; status=1; }
wait "$format" || { echo "formatting differs from Prettier's (npm run format)" >&2; status=1; }
exit "$status"
