#!/usr/bin/env bash
# Builds the VS Code extension: clean install from the lockfile, type check, lint, unit tests,
# and a .vsix (packaging only; no editor is downloaded). Run by server/tests/editors.rs.
set -euo pipefail
cd "$(dirname "$0")"

rm -f ./*.vsix
npm ci
npx --no-install tsc -p .
npm run lint
npm test
npx --no-install vsce package --out mpi-dtype-lint.vsix
ls -l mpi-dtype-lint.vsix
