#!/usr/bin/env bash
# Headless Neovim test of the plugin: opens C and fixed-form Fortran fixtures, waits for the
# server, checks diagnostics and hovers (hover_test.lua). Exits non-zero on any failure.
#   MPI_DTYPE_LINT   the server binary (default: target/debug/mpi-dtype-lint)
#   FIXTURES         space-separated files, relative to the repository root
#   EXPECT_LSP_PATH  native (vim.lsp.config/enable, 0.11+) or fallback: the path the plugin must take
#   NVIM_PROGRAM     the Neovim to run (default: nvim on PATH)
set -euo pipefail
test_dir="$(cd "$(dirname "$0")" && pwd)"
plugin_dir="$(dirname "$test_dir")"
repo="$(cd "$plugin_dir/../.." && pwd)"

binary="${MPI_DTYPE_LINT:-$repo/target/debug/mpi-dtype-lint}"
if [ ! -x "$binary" ]; then
  echo "run.sh: no server binary at $binary (cargo build -p mpi-dtype-lint, or set MPI_DTYPE_LINT)" >&2
  exit 2
fi
nvim="${NVIM_PROGRAM:-nvim}"
command -v "$nvim" >/dev/null || { echo "run.sh: $nvim not found" >&2; exit 2; }

export MPI_DTYPE_LINT="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
export FIXTURES="${FIXTURES:-testdata/c/transpose_hvector.c testdata/fortran/seed_4_13_section3d.f testdata/c/header_inline_row_type.h}"

# A private home and state directory: no user configuration, no shada, logs kept apart.
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
export HOME="$scratch" XDG_CONFIG_HOME="$scratch/config" XDG_DATA_HOME="$scratch/data" \
  XDG_STATE_HOME="$scratch/state" XDG_CACHE_HOME="$scratch/cache"

cd "$repo"
status=0
timeout 180 "$nvim" --headless -u NONE -i NONE -n \
  --cmd "set runtimepath^=$plugin_dir" \
  -c "lua local ok, err = pcall(dofile, [[$test_dir/hover_test.lua]]); if not ok then io.stderr:write('hover_test.lua: ' .. tostring(err) .. '\\n'); vim.cmd('cquit 3') end" \
  || status=$?
if [ "$status" -ne 0 ]; then
  echo "run.sh: Neovim plugin test failed (exit $status)" >&2
  for log in "$scratch"/state/nvim/lsp.log "$scratch"/cache/nvim/lsp.log; do
    [ -s "$log" ] && { echo "--- $log" >&2; tail -n 40 "$log" >&2; }
  done
fi
exit "$status"
