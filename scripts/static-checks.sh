#!/bin/sh
# The checks that read the code without running it: types, lint (the layer boundaries included) and
# formatting. They run side by side, and each prints its own output; any failure fails the run.
set -u
npm run -s typecheck & types=$!
npm run -s lint & lint=$!
npm run -s format:check > /dev/null & format=$!
status=0
wait "$types" || { echo "typecheck failed" >&2; status=1; }
wait "$lint" || { echo "lint failed (npm run lint)" >&2; status=1; }
wait "$format" || { echo "formatting differs from Prettier's (npm run format)" >&2; status=1; }
exit "$status"
