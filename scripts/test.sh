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
# node --test sorts the files it is given and runs two at a time: a browser test waits on
# Chromium for about half its time. (Two fixed lanes of one file each, the longest files in one,
# measured 620 s against 538: Chromium beside Chromium is slower than beside a JS test.)
run "JS API and browser tests" node --test --test-concurrency=2 tests/js/ $(ls tests/browser/*.test.mjs | grep -v responsive)
run "The page answering while it reads and draws, alone (long tasks are wall time)" \
  node --test tests/browser/responsive.test.mjs
run "Fuzzing the answer parser and the checkpoint reader for 60 s" bash scripts/fuzz.sh 60
run "Layout and lint (clang-format, Prettier, ESLint)" bash scripts/format.sh --check
echo
if [ $status -eq 0 ]; then echo "all test suites passed"; else echo "SOME TEST SUITES FAILED"; fi
exit $status
