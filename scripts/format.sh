#!/usr/bin/env bash
# Lays out every C++ file with clang-format (.clang-format) and every JS file with
# Prettier (.prettierrc.json).  --check changes nothing and fails naming the files that differ;
# npm test runs it that way.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
mapfile -t cxx < <(git ls-files --cached --others --exclude-standard -- '*.cpp' '*.hpp')
mapfile -t js < <(git ls-files --cached --others --exclude-standard -- '*.js' '*.mjs')
if [ "$mode" = --check ]; then
  status=0
  clang-format --dry-run --Werror "${cxx[@]}" || status=1
  node_modules/.bin/prettier --check --log-level warn "${js[@]}" || status=1
  [ $status -eq 0 ] && echo "format: every C++ and JS file is laid out as configured" || echo "format: run 'bash scripts/format.sh' to lay these out"
  exit $status
fi
clang-format -i "${cxx[@]}"
node_modules/.bin/prettier --write --log-level warn "${js[@]}"
