#!/usr/bin/env bash
# Runs every test suite on what scripts/build.sh built; exits non-zero if any fails.
#   1. the Catch2 tests, native (CTest)
#   2. the same Catch2 tests compiled to wasm, run by Node (CTest)
#   3. the JS API tests and the browser tests (node --test, two files at a time: a browser test
#      waits on Chromium for about half its time), then the responsiveness test alone, since a
#      long task's length is wall time and another file beside it would lengthen it
#   4. 60 seconds of libFuzzer on each of the two fuzz targets (npm run fuzz runs longer)
#   5. the layout check: every C++ and JS file as clang-format and Prettier lay it out, and
#      ESLint's recommended rules on the JS
# `scripts/test.sh quick` (npm run test:quick) is the edit-test loop's tier: the native Catch2
# tests, the JS API tests but the training presets' long runs, and one browser walk
# (page.test.mjs: every worked example, its inputs and the single file); the wasm Catch2 run, the
# other browser files, fuzzing and the layout check are left to npm test.
set -uo pipefail
cd "$(dirname "$0")/.."
status=0
run() { echo; echo "== $1"; shift; "$@" || status=1; }
run "Catch2, native" ctest --test-dir build/native --output-on-failure -j2
if [ "${1:-}" = quick ]; then
  run "JS API tests and the worked examples' browser walk" \
    node --test --test-concurrency=2 $(ls tests/js/*.test.mjs | grep -v training-presets) tests/browser/page.test.mjs
  echo
  if [ $status -eq 0 ]; then echo "the quick tier passed (npm test runs everything)"; else echo "SOME QUICK TESTS FAILED"; fi
  exit $status
fi
run "Catch2, wasm under Node" ctest --test-dir build/wasm --output-on-failure -j2
# Two lanes of test files side by side, one file at a time in each (a browser test waits on
# Chromium for about half its time, so two files share the two cores well): the five longest
# files (about 100 s each but inputs, 57 s) in one, the other 36 in the other, about 8 minutes
# each. Fixed lanes, because node --test sorts the files it is given, and alphabetical order
# started the training panel's 90 s file last.
long=(tests/browser/a11y.test.mjs tests/browser/page.test.mjs tests/js/training-presets.test.mjs
  tests/browser/training.test.mjs tests/browser/inputs.test.mjs)
rest=$(ls tests/js/*.test.mjs tests/browser/*.test.mjs | grep -v -e responsive "${long[@]/#/-e}")
lanes() {
  local out first second
  out=$(mktemp)
  node --test --test-concurrency=1 "${long[@]}" >"$out" 2>&1 &
  first=$!
  # shellcheck disable=SC2086 # rest is a list of paths without spaces
  node --test --test-concurrency=1 $rest
  second=$?
  wait "$first"
  local status_first=$?
  cat "$out"
  rm -f "$out"
  [ "$status_first" -eq 0 ] && [ "$second" -eq 0 ]
}
run "JS API and browser tests, in two lanes (the five longest files' report after the others')" lanes
run "The page answering while it reads and draws, alone (long tasks are wall time)" \
  node --test tests/browser/responsive.test.mjs
run "Fuzzing the answer parser and the checkpoint reader for 60 s" bash scripts/fuzz.sh 60
run "Layout and lint (clang-format, Prettier, ESLint)" bash scripts/format.sh --check
echo
if [ $status -eq 0 ]; then echo "all test suites passed"; else echo "SOME TEST SUITES FAILED"; fi
exit $status
