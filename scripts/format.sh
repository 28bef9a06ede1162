#!/usr/bin/env bash
# Lays out every C++ file with clang-format (.clang-format) and every JS and TypeScript file with
# Prettier (.prettierrc.json).  --check changes nothing and fails naming the files that differ,
# and runs ESLint's recommended rules (eslint.config.mjs) on every JS file; npm test runs it
# that way.
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
mapfile -t cxx < <(git ls-files --cached --others --exclude-standard -- '*.cpp' '*.hpp')
mapfile -t js < <(git ls-files --cached --others --exclude-standard -- '*.js' '*.mjs')
mapfile -t ts < <(git ls-files --cached --others --exclude-standard -- '*.ts')
if [ "$mode" = --check ]; then
  status=0
  clang-format --dry-run --Werror "${cxx[@]}" || status=1
  node_modules/.bin/prettier --check --log-level warn "${js[@]}" "${ts[@]}" || status=1
  node_modules/.bin/eslint --max-warnings 0 "${js[@]}" || status=1
  [ $status -eq 0 ] && echo "format: every C++ and JS file is laid out as configured, and ESLint finds nothing" || echo "format: run 'bash scripts/format.sh' to lay these out; ESLint's findings are fixed by hand"
  exit $status
fi
clang-format -i "${cxx[@]}"
node_modules/.bin/prettier --write --log-level warn "${js[@]}" "${ts[@]}"
