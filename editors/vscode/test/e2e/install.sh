#!/usr/bin/env bash
# Installs code-server (VS Code in a browser), playwright-core and node-gyp for the end-to-end
# test, without any download but from the npm registry:
# - every npm install runs with --ignore-scripts: code-server's postinstall would fetch a
#   ripgrep build and node headers from hosts this machine cannot reach;
# - what the postinstall would have done is done here: VS Code's own dependencies
#   (lib/vscode, lib/vscode/extensions) from code-server's shrinkwrap, its native modules built
#   with node-gyp against the installed Node's headers, Debian's `rg` where @vscode/ripgrep
#   expects its binary, and the symlinks VS Code looks for.
# Needs Debian's build-essential, python3, libkrb5-dev, libx11-dev, libxkbfile-dev,
# libsecret-1-dev and ripgrep (.ci/install-test-deps). Idempotent: a finished install is kept
# (the marker file names the lockfile it was made from).
set -euo pipefail
cd "$(dirname "$0")"
here="$(pwd)"

marker="node_modules/.e2e-installed"
lock_hash="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ -f "$marker" ] && [ "$(cat "$marker")" = "$lock_hash" ]; then
  exit 0
fi

rg_binary="$(command -v rg || true)"
if [ -z "$rg_binary" ]; then
  echo "install.sh: Debian's ripgrep (rg) is required" >&2
  exit 1
fi

# code-server runs VS Code's server on the Node it is installed with, and its native modules
# are built for that Node: the major version must be the one code-server is made for.
required_node="$(node -p 'require("./package-lock.json").packages["node_modules/code-server"].engines.node')"
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" != "$required_node" ]; then
  echo "install.sh: code-server needs Node $required_node, this is Node $(node --version)" >&2
  exit 1
fi

# node-gyp finds the headers of the running Node under PREFIX/include/node (Debian's nodejs
# and libnode-dev put them in /usr); without them it would try to download them.
node_prefix="$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")"
if [ ! -f "$node_prefix/include/node/node_api.h" ]; then
  echo "install.sh: no Node headers in $node_prefix/include/node (Debian: libnode-dev)" >&2
  exit 1
fi
export npm_config_nodedir="$node_prefix"

npm_quiet=(--ignore-scripts --no-audit --no-fund --loglevel=error)
npm ci "${npm_quiet[@]}"

vscode="$here/node_modules/code-server/lib/vscode"
(cd "$vscode" && npm install --omit=dev "${npm_quiet[@]}")
(cd "$vscode/extensions" && npm install --omit=dev "${npm_quiet[@]}")

node_gyp=("$here/node_modules/.bin/node-gyp" rebuild --jobs=max --nodedir="$node_prefix" --loglevel=warn)

# The native modules code-server loads on Linux. @parcel/watcher ships a prebuilt binary for
# linux-x64-glibc as an optional dependency; the Windows-only modules are never loaded here.
for module in @vscode/spdlog node-pty kerberos native-watchdog @vscode/deviceid; do
  echo "install.sh: building $module"
  (cd "$vscode/node_modules/$module" && "${node_gyp[@]}" >/dev/null)
done
# argon2 (password hashing; loaded at start even with --auth none) places its binary where
# node-pre-gyp would have.
echo "install.sh: building argon2"
(cd node_modules/argon2 && "$here/node_modules/.bin/node-pre-gyp" rebuild \
  --build-from-source --nodedir="$node_prefix" --loglevel=warn >/dev/null)

mkdir -p "$vscode/node_modules/@vscode/ripgrep/bin"
ln -sf "$rg_binary" "$vscode/node_modules/@vscode/ripgrep/bin/rg"

# As code-server's postinstall.sh: VS Code looks for node_modules.asar, and for the `code`
# CLI script that extensions' terminals use.
ln -sfn node_modules "$vscode/node_modules.asar"
ln -sf code-linux.sh "$vscode/bin/remote-cli/code-server"
ln -sf browser-linux.sh "$vscode/bin/helpers/browser.sh"

echo "$lock_hash" >"$marker"
