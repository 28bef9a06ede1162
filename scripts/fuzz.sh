#!/usr/bin/env bash
# Fuzzes what reads students' input with libFuzzer, AddressSanitizer and UBSan (clang, native):
#   answer       the practice answer parser (tests/fuzz/answer_fuzz.cpp)
#   safetensors  the checkpoint file reader (tests/fuzz/safetensors_fuzz.cpp)
#   scripts/fuzz.sh [SECONDS]     each target for SECONDS, default 300; npm test runs 60
# A crash, a sanitizer report, a leak or an input slower than 10 s fails the run; the input that
# did it is kept in build/fuzz/ for reproduction.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
CXX=$(command -v clang++-14 || command -v clang++ || true)
if [ -z "$CXX" ]; then echo "fuzz: clang++ is missing (Debian: clang-14 and libclang-rt-14-dev)"; exit 1; fi

# fuzz <name> <seed corpus> <max input length> <sources...>
fuzz() {
  local name=$1 seeds=$2 max_len=$3
  shift 3
  local bin=build/fuzz/${name}_fuzz corpus=build/fuzz/${name}-corpus
  mkdir -p "$corpus"
  if [ ! -x "$bin" ] || [ -n "$(find "$@" cpp/lab -newer "$bin" -name '*.?pp' | head -1)" ]; then
    "$CXX" -std=c++17 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
      -Icpp "$@" -o "$bin"
  fi
  cp -n "$seeds"/* "$corpus"/ 2>/dev/null || true
  local log=build/fuzz/${name}-last-run.log
  echo "fuzz: $name for ${seconds} s"
  if "$bin" "$corpus" -max_total_time="$seconds" -timeout=10 -max_len="$max_len" -print_final_stats=1 \
    -artifact_prefix="build/fuzz/${name}-" >"$log" 2>&1; then
    tail -n 12 "$log"
  else
    # The harness's own line says which check failed and on what; the report around it says where.
    grep -m1 "^${name}_fuzz:" "$log" || true
    tail -n 60 "$log"
    exit 1
  fi
}

mkdir -p build/fuzz
fuzz answer tests/fuzz/corpus 10000 tests/fuzz/answer_fuzz.cpp cpp/lab/*/*.cpp cpp/lab/practice/families/*.cpp # problems use the whole engine
fuzz safetensors tests/fuzz/safetensors-corpus 4096 tests/fuzz/safetensors_fuzz.cpp cpp/lab/boundary/safetensors.cpp
