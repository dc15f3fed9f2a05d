#!/usr/bin/env bash
# Runs every benchmark of the project, one after the other (2-core machines: one heavy job at a
# time), and the adversarial tests in release with their timings; output in target/bench-results/.
#   server/benches/run-all.sh            # everything (about 6 minutes on 2 cores)
#   QUICK=1 server/benches/run-all.sh    # criterion's --quick for the micro-benchmarks
# The clang-tidy comparison needs `apt-get install clang-tidy mpich libmpich-dev`; without them
# it prints that it was skipped.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=target/bench-results
mkdir -p "$out"
quick=()
[ -n "${QUICK:-}" ] && quick=(--quick)

{ nproc; lscpu | grep -E 'Model name|^CPU\(s\)|MHz|L2|L3'; date -u; rustc --version; } >"$out/machine.txt"
cargo bench -p mpi-dtype-analyzer --bench engine -- "${quick[@]}" 2>&1 | tee "$out/engine.txt"
cargo bench -p mpi-dtype-analyzer --bench c_frontend -- "${quick[@]}" 2>&1 | tee "$out/c_frontend.txt"
cargo bench -p mpi-dtype-lint --bench lsp_latency 2>&1 | tee "$out/lsp_latency.txt"
cargo bench -p mpi-dtype-lint --bench edit_analysis -- "${quick[@]}" 2>&1 | tee "$out/edit_analysis.txt"
cargo bench -p mpi-dtype-lint --bench cli_throughput 2>&1 | tee "$out/cli_throughput.txt"
cargo bench -p mpi-dtype-lint --bench clang_tidy 2>&1 | tee "$out/clang_tidy.txt"
# The adversarial inputs, timed, in release (peak memory: /usr/bin/time on the test binary).
/usr/bin/time -v cargo test --release -p mpi-dtype-analyzer --test adversarial -- \
  --nocapture --test-threads=1 2>&1 | tee "$out/adversarial.txt"
