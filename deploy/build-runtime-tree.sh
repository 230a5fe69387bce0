#!/bin/sh
# Builds the runtime tree of every process (or of the processes named) into a folder: the same
# commands deploy/Dockerfile runs in its build stage, so the tree is what the image's /app holds.
# Run from the repository root, in an installed workspace (`pnpm install`):
#
#   sh deploy/build-runtime-tree.sh [out-dir] [process ...]     # out-dir: .tmp/runtime
#
# <out-dir>/<process>/main.mjs is the entry (`node main.mjs`); see deploy/runner/src/runtime-tree.ts
# for what else a tree holds. Only packages with native code (sharp) are installed, with
# production dependencies only, from a package.json the bundler writes.
set -eu

OUT=${1:-.tmp/runtime}
[ "$#" -gt 0 ] && shift

# The web client is built here, never when the gateway starts.
pnpm --filter @acg/web build
pnpm exec tsx deploy/runner/src/runtime-tree.ts "$OUT" "$@"

for tree in "$OUT"/*/; do
  [ -f "$tree/package.json" ] || continue
  if [ "$#" -gt 0 ]; then
    case " $* " in *" $(basename "$tree") "*) ;; *) continue ;; esac
  fi
  if grep -q '"dependencies": {}' "$tree/package.json"; then continue; fi
  # A flat node_modules (hoisted), outside the workspace, without a lockfile left behind:
  # the externals are pinned to the workspace's exact versions by the bundler.
  (cd "$tree" && pnpm install --prod --ignore-workspace --config.node-linker=hoisted \
    --prefer-offline --no-lockfile --reporter=append-only)
done
