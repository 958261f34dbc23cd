#!/usr/bin/env bash
# Builds MiniMalloc's `minimalloc` binary (github.com/google/minimalloc; M. D. Moffitt, ASPLOS 2023) offline against
# Debian 12's abseil (apt-get install cmake g++ libabsl-dev), for scripts/vs-minimalloc.sh. Not part of CI.
#
#   scripts/build-minimalloc.sh /path/to/minimalloc-checkout [BUILD_DIR]   (default BUILD_DIR: /tmp/minimalloc-build)
#   prints the path of the built binary
#
# The checkout is copied; in the copy the bundled abseil and googletest submodules are replaced by Debian's abseil
# (find_package), the tests are not built, and Debian's abseil 20220623 lacks absl/log: three small headers stand in
# for absl/log/{log,globals,initialize}.h (LOG prints to stderr, DLOG prints nothing); converter.cc iterates over
# absl::string_view instead of std::string_view (Debian's abseil does not alias them). The solver is not changed.
set -euo pipefail
src="${1:?usage: build-minimalloc.sh /path/to/minimalloc-checkout [BUILD_DIR]}"
out="${2:-/tmp/minimalloc-build}"
[ -f "$src/src/solver.cc" ] || { echo "build-minimalloc.sh: $src/src/solver.cc not found; give a MiniMalloc checkout" >&2; exit 2; }
rm -rf "$out"
mkdir -p "$out"
cp -r "$src/src" "$src/CMakeLists.txt" "$src/LICENSE" "$out/"
cd "$out"
sed -i 's|^cmake_minimum_required(VERSION .*)|cmake_minimum_required(VERSION 3.25)|;
        s|^add_subdirectory(external/abseil-cpp EXCLUDE_FROM_ALL)|find_package(absl REQUIRED)|;
        s|^add_subdirectory(external/googletest EXCLUDE_FROM_ALL)||;
        s|^  enable_testing()|  return()|;
        s|^\s*absl::log_initialize\s*$||; s|^\s*absl::log\s*$||;
        s|^target_include_directories(minimalloc_core PUBLIC|target_include_directories(minimalloc_core BEFORE PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/shim|' \
  CMakeLists.txt
sed -i 's/const std::string_view& record/absl::string_view record/' src/converter.cc
mkdir -p shim/absl/log
cat > shim/absl/log/log.h <<'H'
#pragma once
#include <iostream>
namespace shimlog {
struct Line {
  std::ostream& out;
  bool on;
  ~Line() { if (on) out << std::endl; }
  template <class T> Line& operator<<(const T& t) { if (on) out << t; return *this; }
};
}  // namespace shimlog
#define LOG(severity) shimlog::Line{std::cerr, true} << #severity << ": "
#define DLOG(severity) shimlog::Line{std::cerr, false}
H
cat > shim/absl/log/globals.h <<'H'
#pragma once
#include "absl/base/log_severity.h"
namespace absl {
template <class T> inline void SetStderrThreshold(T) {}
inline void EnableLogPrefix(bool) {}
}  // namespace absl
H
cat > shim/absl/log/initialize.h <<'H'
#pragma once
namespace absl { inline void InitializeLog() {} }
H
mkdir -p build
cd build
cmake .. -DCMAKE_BUILD_TYPE=Release > cmake.log 2>&1 || { cat cmake.log >&2; exit 1; }
make -j1 minimalloc > make.log 2>&1 || { tail -n 30 make.log >&2; exit 1; }
echo "$out/build/minimalloc"
