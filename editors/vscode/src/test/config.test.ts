// Unit tests of the settings -> server options mapping (run with `node --test`).
import { strict as assert } from "node:assert";
import { test } from "node:test";
import { serverCommand, serverOptionsFromSettings, SettingsReader } from "../config";

function settings(values: Record<string, unknown>): SettingsReader {
  return {
    get<T>(key: string): T | undefined {
      return values[key] as T | undefined;
    },
  };
}

void test("defaults send nothing, so the project's configuration applies", () => {
  const defaults = { path: "", target: "", mpi: "", select: [], ignore: [] };
  assert.deepEqual(serverOptionsFromSettings(settings(defaults)), {});
  assert.deepEqual(serverOptionsFromSettings(settings({})), {});
});

void test("every setting is passed under the server's key", () => {
  const options = serverOptionsFromSettings(
    settings({
      target: "i686-linux-gnu",
      mpi: "openmpi",
      select: ["missing-commit", "extent-mismatch"],
      ignore: ["deprecated-api"],
    }),
  );
  assert.deepEqual(options, {
    target: "i686-linux-gnu",
    mpi: "openmpi",
    select: ["missing-commit", "extent-mismatch"],
    ignore: ["deprecated-api"],
  });
});

void test("rule lists: comma-separated strings, blanks and stray values", () => {
  const options = serverOptionsFromSettings(
    settings({ select: " missing-commit, ,type-leak ", ignore: ["", 3, " use-after-free "] }),
  );
  assert.deepEqual(options, {
    select: ["missing-commit", "type-leak"],
    ignore: ["use-after-free"],
  });
});

void test("strings are trimmed; blank or non-string values are unset", () => {
  assert.deepEqual(serverOptionsFromSettings(settings({ target: "  aarch64-linux-gnu " })), {
    target: "aarch64-linux-gnu",
  });
  assert.deepEqual(serverOptionsFromSettings(settings({ target: "   ", mpi: 7 })), {});
});

void test("server command: PATH lookup by default, ~ expanded", () => {
  assert.equal(serverCommand(settings({}), "/home/u"), "mpi-dtype-lint");
  assert.equal(serverCommand(settings({ path: " " }), "/home/u"), "mpi-dtype-lint");
  assert.equal(serverCommand(settings({ path: "~/bin/mpi-dtype-lint" }), "/home/u"), "/home/u/bin/mpi-dtype-lint");
  assert.equal(serverCommand(settings({ path: "/opt/mdl/bin/mpi-dtype-lint" }), "/home/u"), "/opt/mdl/bin/mpi-dtype-lint");
});
