#!/usr/bin/env bash
# Installs the system packages the build needs, only when something is missing.
# Debian/Ubuntu: apt-get (as root, or through sudo). Elsewhere: a message listing what to install.
set -euo pipefail

# what to look for -> the Debian package that provides it
checks=(
  "command:em++:emscripten"
  "command:cmake:cmake"
  "command:ninja:ninja-build"
  "command:g++:g++"
  "file:/usr/include/xtensor/xtensor.hpp:xtensor-dev"
  "file:/usr/include/xtl/xtl_config.hpp:xtl-dev"
  "file:/usr/include/catch2/catch.hpp:catch2"
  "file:/usr/bin/chromium:chromium"
  "command:clang++-14:clang-14"
  "command:clang-format:clang-format"
  "file:/usr/lib/llvm-14/lib/clang/14.0.6/lib/linux/libclang_rt.fuzzer-x86_64.a:libclang-rt-14-dev"
  "command:pdftotext:poppler-utils"
  "command:xmllint:libxml2-utils"
)

missing=()
for c in "${checks[@]}"; do
  IFS=: read -r kind what pkg <<<"$c"
  if [ "$kind" = command ]; then command -v "$what" >/dev/null 2>&1 || missing+=("$pkg")
  else [ -e "$what" ] || missing+=("$pkg"); fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: missing system packages: ${missing[*]}"
if [ -f /etc/debian_version ] && command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then sudo=(); elif command -v sudo >/dev/null 2>&1; then sudo=(sudo); else
    echo "setup: run as root, or install sudo, to let this script run:"
    echo "  apt-get update && apt-get install -y ${missing[*]}"
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update
  "${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}"
  exit 0
fi

cat <<MSG
setup: this is not Debian or Ubuntu, so nothing was installed. Please install:
  - Emscripten 3.1 or newer (em++, emcmake) with Embind
  - CMake >= 3.21, Ninja, a C++17 compiler (g++ or clang++)
  - xtensor 0.24 and xtl 0.7 headers
  - Catch2 v2 (single header catch2/catch.hpp and its CMake files)
  - Chromium (for the browser tests)
  - clang 14 with its libFuzzer runtime, and clang-format (the fuzzing and the layout check)
  - poppler's pdftotext and libxml2's xmllint (the print and SCORM manifest tests)
Debian's names for them: ${missing[*]}
MSG
exit 1
