#!/bin/bash
# usage: run.sh BINARY OUTDIR [project...]
# Runs summarize.py --run (see its docstring: one run per project from /tmp/realworld, a
# project with configs/<project>.toml runs with it; swift-with-mpi is the swift tree) and
# writes OUTDIR/summary.md.
HERE=$(cd "$(dirname "$0")" && pwd)
BIN=$(realpath "${1:?binary}"); OUT=$(realpath -m "${2:?outdir}"); shift 2
PROJECTS=${*:-mpich-datatype mpich-romio pnetcdf 2decomp-fft swift swift-with-mpi}
exec python3 "$HERE/summarize.py" "$BIN" "$OUT" --run --projects "${PROJECTS// /,}"
