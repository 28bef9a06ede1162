#!/usr/bin/env bash
# Fuzzes the practice answer parser with libFuzzer and AddressSanitizer (clang, native).
#   scripts/fuzz.sh [SECONDS]     default 300; npm test runs 60
# A crash, a sanitizer report, a leak or an input slower than 10 s fails the run; the input that
# did it is kept in build/fuzz/ for reproduction.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
mkdir -p build/fuzz/corpus
CXX=$(command -v clang++-14 || command -v clang++ || true)
if [ -z "$CXX" ]; then echo "fuzz: clang++ is missing (Debian: clang-14 and libclang-rt-14-dev)"; exit 1; fi
bin=build/fuzz/answer_fuzz
sources=(tests/fuzz/answer_fuzz.cpp cpp/lab/*/*.cpp cpp/lab/practice/families/*.cpp)  # the whole engine: problems use all of it
if [ ! -x "$bin" ] || [ -n "$(find "${sources[@]}" cpp/lab -newer "$bin" -name '*.?pp' | head -1)" ]; then
  "$CXX" -std=c++17 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -Icpp "${sources[@]}" -o "$bin"
fi
cp -n tests/fuzz/corpus/* build/fuzz/corpus/ 2>/dev/null || true
log=build/fuzz/last-run.log
if "$bin" build/fuzz/corpus -max_total_time="$seconds" -timeout=10 -max_len=10000 -print_final_stats=1 \
  -artifact_prefix=build/fuzz/ >"$log" 2>&1; then
  tail -n 12 "$log"
else
  # The harness's own line says which check failed and on what; the report around it says where.
  grep -m1 '^answer_fuzz:' "$log" || true
  tail -n 60 "$log"
  exit 1
fi
