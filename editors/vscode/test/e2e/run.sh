#!/usr/bin/env bash
# End-to-end test of the VS Code extension in real VS Code: installs code-server (install.sh),
# installs the built .vsix into a throwaway extensions directory with `mpiDtypeLint.path` set
# to the server binary, starts code-server on a free loopback port (no auth), and drives it
# with Playwright in Debian's chromium (e2e.mjs). Exits non-zero on any failure.
#   MPI_DTYPE_LINT   the server binary (default: target/debug/mpi-dtype-lint)
#   VSIX             the extension (default: editors/vscode/mpi-dtype-lint.vsix, from build.sh)
#   CHROMIUM         the browser (default: /usr/bin/chromium)
#   E2E_KEEP=1       keep the scratch directory (logs, screenshots) after the run
set -euo pipefail
e2e_dir="$(cd "$(dirname "$0")" && pwd)"
extension_dir="$(cd "$e2e_dir/../.." && pwd)"
repo="$(cd "$extension_dir/../.." && pwd)"

binary="${MPI_DTYPE_LINT:-$repo/target/debug/mpi-dtype-lint}"
vsix="${VSIX:-$extension_dir/mpi-dtype-lint.vsix}"
chromium="${CHROMIUM:-/usr/bin/chromium}"
vsce="$extension_dir/node_modules/.bin/vsce"
for needed in "$binary" "$chromium"; do
  [ -x "$needed" ] || { echo "run.sh: $needed is missing or not executable" >&2; exit 2; }
done
[ -f "$vsix" ] || { echo "run.sh: no $vsix (run editors/vscode/build.sh)" >&2; exit 2; }
[ -x "$vsce" ] || { echo "run.sh: no $vsce (run editors/vscode/build.sh)" >&2; exit 2; }
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"

"$e2e_dir/install.sh"

scratch="$(mktemp -d)"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then
    # code-server, its extension host and the language server share one process group.
    kill -- "-$server_pid" 2>/dev/null || true
    for _ in $(seq 1 50); do
      kill -0 "$server_pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -KILL -- "-$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
  fi
  if [ "${E2E_KEEP:-}" = 1 ]; then
    echo "run.sh: scratch directory kept: $scratch" >&2
  else
    rm -rf "$scratch"
  fi
}
trap cleanup EXIT

# A private home for code-server: nothing is read from or written to the user's.
mkdir -p "$scratch"/{home,data/User,extensions,workspace,artifacts}
export HOME="$scratch/home" XDG_CONFIG_HOME="$scratch/home/.config" \
  XDG_DATA_HOME="$scratch/home/.local/share" XDG_CACHE_HOME="$scratch/home/.cache"

# deprecated-api findings with fixes, MPI_Type_struct among them; a missing-commit error with
# related places; fixed-form Fortran (deprecated-api). Each has handles of known extent.
fixtures=(
  testdata/c/legacy/seed_4_17_particles_mpi1.c
  testdata/rules/missing-commit/commit_after_send.c
  testdata/fortran/seed_4_13_section3d.f
)
quick_fix_fixture="seed_4_17_particles_mpi1.c"
names=()
for fixture in "${fixtures[@]}"; do
  cp "$repo/$fixture" "$scratch/workspace/"
  names+=("$(basename "$fixture")")
done

cp "$e2e_dir/keybindings.json" "$scratch/data/User/keybindings.json"
cat >"$scratch/data/User/settings.json" <<EOF
{
  "mpiDtypeLint.path": "$binary",
  "mpiDtypeLint.trace.server": "messages",
  "workbench.startupEditor": "none",
  "workbench.tips.enabled": false,
  "security.workspace.trust.enabled": false,
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "telemetry.telemetryLevel": "off",
  "update.mode": "none",
  "files.autoSave": "off"
}
EOF
printf 'auth: none\nbind-addr: 127.0.0.1:0\n' >"$scratch/config.yaml"

code_server=(node "$e2e_dir/node_modules/code-server/out/node/entry.js"
  --config "$scratch/config.yaml" --user-data-dir "$scratch/data"
  --extensions-dir "$scratch/extensions")

# VS Code has no Fortran language of its own: a package-only extension declares the ids that
# Modern Fortran declares (FortranFixedForm, FortranFreeForm), as a user's setup would.
(cd "$e2e_dir/fortran-language" &&
  "$vsce" package --allow-missing-repository --skip-license \
    --out "$scratch/fortran-language.vsix" >/dev/null)
"${code_server[@]}" --install-extension "$scratch/fortran-language.vsix" >/dev/null
"${code_server[@]}" --install-extension "$vsix" >/dev/null
"${code_server[@]}" --list-extensions --show-versions

# Created first: the loop below reads it before the background job may have opened it.
: >"$scratch/code-server.log"
setsid "${code_server[@]}" --disable-telemetry --disable-update-check \
  --disable-workspace-trust --disable-getting-started-override --ignore-last-opened \
  "$scratch/workspace" >"$scratch/code-server.log" 2>&1 &
server_pid=$!

url=""
for _ in $(seq 1 300); do
  url="$(sed -n 's|.*HTTP server listening on \(http://127\.0\.0\.1:[0-9]*/\).*|\1|p' "$scratch/code-server.log")"
  [ -n "$url" ] && break
  kill -0 "$server_pid" 2>/dev/null || break
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "run.sh: code-server did not start:" >&2
  cat "$scratch/code-server.log" >&2
  exit 1
fi
echo "run.sh: code-server at $url"

status=0
MPI_DTYPE_LINT="$binary" CODE_SERVER_URL="${url}?folder=$scratch/workspace" \
  WORKSPACE="$scratch/workspace" FIXTURES="${names[*]}" QUICK_FIX_FIXTURE="$quick_fix_fixture" \
  CHROMIUM="$chromium" ARTIFACTS="$scratch/artifacts" \
  timeout 900 node "$e2e_dir/e2e.mjs" || status=$?

if [ "$status" -ne 0 ]; then
  echo "run.sh: the end-to-end test failed (exit $status)" >&2
  echo "--- code-server.log" >&2
  tail -n 40 "$scratch/code-server.log" >&2
  # The extension's output channel (server stderr and the LSP trace) and the extension host log.
  while IFS= read -r -d '' log; do
    echo "--- $log" >&2
    tail -n 60 "$log" >&2
  done < <(find "$scratch/data/logs" \( -name '*mpi-dtype-lint*.log' -o -name 'exthost.log' \) -print0)
  export E2E_KEEP=1
fi
exit "$status"
