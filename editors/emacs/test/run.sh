#!/usr/bin/env bash
# Batch Emacs test of the Eglot setup (eglot_test.el): opens C and fixed-form Fortran fixtures,
# waits for Eglot to connect to the server, checks the Flymake diagnostics and the hovers, shuts
# the servers down. Exits non-zero on any failure.
#   MPI_DTYPE_LINT   the server binary (default: target/debug/mpi-dtype-lint)
#   FIXTURES         space-separated files, relative to the repository root
#   EMACS_PROGRAM    the Emacs to run (default: emacs on PATH); Eglot must be loadable
set -euo pipefail
test_dir="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$test_dir/../../.." && pwd)"

binary="${MPI_DTYPE_LINT:-$repo/target/debug/mpi-dtype-lint}"
if [ ! -x "$binary" ]; then
  echo "run.sh: no server binary at $binary (cargo build -p mpi-dtype-lint, or set MPI_DTYPE_LINT)" >&2
  exit 2
fi
emacs="${EMACS_PROGRAM:-emacs}"
command -v "$emacs" >/dev/null || { echo "run.sh: $emacs not found" >&2; exit 2; }

export MPI_DTYPE_LINT="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
export FIXTURES="${FIXTURES:-testdata/rules/missing-commit/halo_sendrecv_same_type.c testdata/fortran/seed_4_13_section3d.f}"

# A private home (no user init, no package state); the setup runs "mpi-dtype-lint" from PATH,
# as a user's would, so the binary is put there under that name.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/bin"
ln -s "$MPI_DTYPE_LINT" "$scratch/bin/mpi-dtype-lint"
export HOME="$scratch" PATH="$scratch/bin:$PATH"

cd "$repo"
status=0
timeout 180 "$emacs" --batch -l "$test_dir/eglot_test.el" || status=$?
if [ "$status" -ne 0 ]; then
  echo "run.sh: Eglot test failed (exit $status)" >&2
fi
exit "$status"
