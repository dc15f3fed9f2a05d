#!/bin/bash
# usage: run.sh BINARY OUTDIR [project...]
# Trees are /tmp/realworld/<project>; run from /tmp/realworld so the JSON paths are "<project>/...".
# swift-with-mpi = the swift tree with --config swift-with-mpi.toml (beside this script) (defines WITH_MPI, HAVE_MPI).
HERE=$(cd "$(dirname "$0")" && pwd)
BIN=$(realpath "${1:?binary}"); OUT=$(realpath -m "${2:?outdir}"); shift 2
PROJECTS=${@:-mpich-datatype mpich-romio pnetcdf 2decomp-fft swift swift-with-mpi}
mkdir -p "$OUT"; cd /tmp/realworld || exit 1
for p in $PROJECTS; do
  dir=/tmp/realworld/$p; extra=()
  if [ "$p" = swift-with-mpi ]; then dir=/tmp/realworld/swift; extra=(--config "$HERE/swift-with-mpi.toml"); fi
  /usr/bin/time -v -o "$OUT/$p.lint.time" timeout 600 "$BIN" "${extra[@]}" --format json "$dir" > "$OUT/$p.lint.json" 2> "$OUT/$p.lint.err"; echo "$?" > "$OUT/$p.lint.rc"
  /usr/bin/time -v -o "$OUT/$p.types.time" timeout 600 "$BIN" types "${extra[@]}" --format json "$dir" > "$OUT/$p.types.json" 2> "$OUT/$p.types.err"; echo "$?" > "$OUT/$p.types.rc"
  echo "$p lint rc=$(cat $OUT/$p.lint.rc) types rc=$(cat $OUT/$p.types.rc)"
done
