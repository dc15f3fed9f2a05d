#!/usr/bin/env bash
# Runs every fuzz target of the project one after the other, each for SECONDS (default 600),
# seeded with the repository's fixtures; crashes land in analyzer/fuzz/artifacts/TARGET and
# server/fuzz/artifacts/TARGET. Needs cargo-fuzz (`cargo install cargo-fuzz`); RUSTC_BOOTSTRAP
# lets it use the stable toolchain. One libFuzzer process at a time (machines have 2 cores).
# No sanitizer (`-s none`): the project forbids unsafe code, so AddressSanitizer would find
# nothing and would slow every input several times (its slowdown turned 0.5 s inputs into
# 20 s timeouts).
#   analyzer/fuzz/run-all.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
seconds=${1:-600}
shift || true
# The project's bound per file (issue 18): no input may take over 2 s or 500 MB in the release
# binary. The fuzz build's coverage instrumentation makes the analysis 8.0-8.6 times slower
# (the fifth round's inputs, BENCHMARKS.md), so its timeout is 2 s times 8: an input past it
# is one the release binary may take more than 2 s on. Memory is not inflated: 500 MB stands.
timeout=${FUZZ_TIMEOUT:-16}
rss_mb=${FUZZ_RSS_MB:-500}
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(c_frontend fortran_fixed fortran_free engine lsp_messages)
export RUSTC_BOOTSTRAP=1

seed() { # seed DIR FIND-ARGS...: copies the matching fixtures into a corpus directory
  local dir=$1
  shift
  mkdir -p "$dir"
  local f
  find "$root/testdata" -type f \( "$@" \) -size -64k -print0 |
    while IFS= read -r -d '' f; do
      cp "$f" "$dir/$(sha1sum <"$f" | cut -c1-16)"
    done
}

for t in "${targets[@]}"; do
  if [ "$t" = lsp_messages ]; then crate=server/fuzz; else crate=analyzer/fuzz; fi
  corpus=$root/$crate/corpus/$t
  case $t in
    c_frontend) seed "$corpus" -name '*.c' -o -name '*.h' ;;
    fortran_fixed) seed "$corpus" -name '*.f' -o -name '*.F' -o -name '*.for' -o -name '*.f77' ;;
    fortran_free) seed "$corpus" -name '*.f90' -o -name '*.F90' ;;
    *) mkdir -p "$corpus" ;;
  esac
  (cd "$crate" && cargo fuzz build -s none "$t")
  start=$(date +%s)
  status=0
  (cd "$crate" && cargo fuzz run -s none "$t" "corpus/$t" -- -max_total_time="$seconds" \
    -timeout="$timeout" -rss_limit_mb="$rss_mb" -max_len=65536 -print_final_stats=1) \
    >"$root/$crate/fuzz-$t.log" 2>&1 || status=$?
  echo "$t: ran $(($(date +%s) - start)) s, exit status $status, log $crate/fuzz-$t.log"
  grep -E '^stat::(number_of_executed_units|peak_rss_mb)|^#[0-9]+.*DONE|SUMMARY|panicked' \
    "$root/$crate/fuzz-$t.log" | tail -5 || true
done
