#!/usr/bin/env bash
# Runs every test suite on what scripts/build.sh built; exits non-zero if any fails.
#   1. the Catch2 tests, native (CTest)
#   2. the same Catch2 tests compiled to wasm, run by Node (CTest)
#   3. the JS API tests and the browser tests (node --test, two files at a time: a browser test
#      waits on Chromium for about half its time)
#   4. 60 seconds of libFuzzer on each of the two fuzz targets (npm run fuzz runs longer)
#   5. the layout check: every C++ and JS file as clang-format and Prettier lay it out, and
#      ESLint's recommended rules on the JS
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
run() { echo; echo "== $1"; shift; "$@" || status=1; }
run "Catch2, native" ctest --test-dir build/native --output-on-failure -j2
run "Catch2, wasm under Node" ctest --test-dir build/wasm --output-on-failure -j2
run "JS API and browser tests" node --test --test-concurrency=2 tests/js/ tests/browser/
run "Fuzzing the answer parser and the checkpoint reader for 60 s" bash scripts/fuzz.sh 60
run "Layout and lint (clang-format, Prettier, ESLint)" bash scripts/format.sh --check
echo
if [ $status -eq 0 ]; then echo "all test suites passed"; else echo "SOME TEST SUITES FAILED"; fi
exit $status
