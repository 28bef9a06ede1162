#!/usr/bin/env bash
# Installs what is missing and builds, incrementally:
#   scripts/build.sh        everything npm test needs: native library + tests, wasm modules + tests, page
#   scripts/build.sh web    only what the page needs: the wasm module and the page bundle
#   scripts/build.sh bench  everything, and the benchmarks (native and wasm)
set -euo pipefail
cd "$(dirname "$0")/.."
what=${1:-all}

bash scripts/setup.sh

# npm dependencies: install when node_modules is absent or older than the lock file. No package's
# install script runs (npm 11 asks before it runs one; an older npm would run a test dependency's
# own `npm install`), which is how the project is built and tested.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --ignore-scripts
fi

# Emscripten's JS tools need Debian's acorn (see cmake/Wasm.cmake).
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}

# The benchmarks' targets (excluded from the default build).
benches=()
[ "$what" = bench ] && benches=(lab_bench lab_train_bench lab_gpt2_bench)

if [ "$what" != web ]; then
  [ -f build/native/build.ninja ] || cmake -S . -B build/native -G Ninja -DLAB_ASSERTS=ON
  cmake --build build/native --target all "${benches[@]}"
fi

[ -f build/wasm/build.ninja ] ||
  emcmake cmake -S . -B build/wasm -G Ninja -DCMAKE_CROSSCOMPILING_EMULATOR="$(command -v node)"
if [ "$what" != web ]; then cmake --build build/wasm --target all "${benches[@]}"; else cmake --build build/wasm --target attention_lab attention_lab_site attention_lab_site_extras; fi

node scripts/build-page.mjs
