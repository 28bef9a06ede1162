#!/usr/bin/env bash
# Fuzzes what reads students' input with libFuzzer, AddressSanitizer and UBSan (clang, native):
#   answer       the practice answer parser (tests/fuzz/answer_fuzz.cpp)
#   safetensors  the checkpoint file reader (tests/fuzz/safetensors_fuzz.cpp)
#   scripts/fuzz.sh [SECONDS]     each target for SECONDS, default 300; npm test runs 60
# The two targets are built one source file per core, and fuzzed side by side.
# A crash, a sanitizer report, a leak or an input slower than 10 s fails the run; the input that
# did it is kept in build/fuzz/ for reproduction.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-300}
CXX=$(command -v clang++-14 || command -v clang++ || true)
if [ -z "$CXX" ]; then echo "fuzz: clang++ is missing (Debian: clang-14 and libclang-rt-14-dev)"; exit 1; fi
export CXX
export FLAGS="-std=c++17 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -Icpp"

# compile_one <object dir> <source>: one object, named after the source's path.
compile_one() {
  # shellcheck disable=SC2086 # FLAGS is a list of words
  "$CXX" $FLAGS -c "$2" -o "$1/$(echo "$2" | tr / _).o"
}
export -f compile_one

# build <name> <sources...>: the harness and the engine's files it reads, again when any changed
# (the whole engine: practice problems use it all).
build() {
  local name=$1
  shift
  local bin=build/fuzz/${name}_fuzz objects=build/fuzz/${name}-objects
  if [ ! -x "$bin" ] || [ -n "$(find "$@" cpp/lab -newer "$bin" -name '*.?pp' | head -1)" ]; then
    echo "fuzz: building $name ($# files)"
    rm -rf "$objects"
    mkdir -p "$objects"
    printf '%s\n' "$@" | xargs -P "$(nproc)" -I{} bash -c 'compile_one "$0" "$1"' "$objects" {}
    # shellcheck disable=SC2086
    "$CXX" $FLAGS "$objects"/*.o -o "$bin"
  fi
}

# run <name> <seed corpus> <max input length>: fuzz for `seconds`; the log is build/fuzz/<name>-last-run.log.
run() {
  local name=$1 seeds=$2 max_len=$3
  local corpus=build/fuzz/${name}-corpus
  mkdir -p "$corpus"
  cp -n "$seeds"/* "$corpus"/ 2>/dev/null || true
  "build/fuzz/${name}_fuzz" "$corpus" -max_total_time="$seconds" -timeout=10 -max_len="$max_len" \
    -print_final_stats=1 -artifact_prefix="build/fuzz/${name}-" >"build/fuzz/${name}-last-run.log" 2>&1
}

# report <name> <status>: the end of a good run; for a failed one, the harness's own line (which
# check failed and on what) and the report around it (where).
report() {
  local log=build/fuzz/$1-last-run.log
  if [ "$2" -eq 0 ]; then
    tail -n 12 "$log"
  else
    grep -m1 "^$1_fuzz:" "$log" || true
    tail -n 60 "$log"
  fi
}

mkdir -p build/fuzz
build answer tests/fuzz/answer_fuzz.cpp cpp/lab/*/*.cpp cpp/lab/practice/families/*.cpp
build safetensors tests/fuzz/safetensors_fuzz.cpp cpp/lab/boundary/safetensors.cpp
echo "fuzz: answer and safetensors, ${seconds} s each, side by side"
run answer tests/fuzz/corpus 10000 &
answer=$!
run safetensors tests/fuzz/safetensors-corpus 4096 &
safetensors=$!
status=0
wait "$answer" || status=$?
echo "fuzz: answer"
report answer "$status"
st=0
wait "$safetensors" || st=$?
echo "fuzz: safetensors"
report safetensors "$st"
[ "$status" -eq 0 ] && [ "$st" -eq 0 ]
