// End-to-end test of the extension in real VS Code (code-server), driven through Debian's
// chromium by Playwright, as a user would: open a file, read the Problems panel, hover a handle,
// apply a quick fix. Every expected value comes from the command line (`mpi-dtype-lint
// --format json` and `types --format json`) on the same file. Started by run.sh, which installs
// code-server and the extensions; this file only drives the browser.
//
// Environment: MPI_DTYPE_LINT (server binary), CODE_SERVER_URL (workbench URL with ?folder=),
// WORKSPACE (the folder opened, holding copies of the fixtures), FIXTURES (space-separated file
// names in WORKSPACE, each opened and checked), QUICK_FIX_FIXTURE (the one whose
// `MPI_Type_struct` is fixed), CHROMIUM (browser executable), ARTIFACTS (screenshots on failure).
import { strict as assert } from "node:assert";
import { execFileSync } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { chromium } from "playwright-core";

const env = (name) => {
  const value = process.env[name];
  assert.ok(value, `${name} is not set`);
  return value;
};
const binary = env("MPI_DTYPE_LINT");
const workbenchUrl = env("CODE_SERVER_URL");
const workspace = env("WORKSPACE");
const fixtures = env("FIXTURES").split(" ").filter((name) => name !== "");
const quickFixFixture = env("QUICK_FIX_FIXTURE");
const artifacts = env("ARTIFACTS");
const TIMEOUT_MS = Number(process.env.E2E_TIMEOUT_MS ?? "60000");
// The deprecated routine whose quick fix is applied.
const FIXED_ROUTINE = "MPI_Type_struct";

function log(message) {
  process.stderr.write(`e2e: ${message}\n`);
}

/** The command line's JSON for `arguments` on `file` (exit 1 only means findings). */
function cliJson(args, file) {
  let stdout;
  try {
    stdout = execFileSync(binary, [...args, "--format", "json", file], { encoding: "utf8" });
  } catch (error) {
    if (error.status !== 1) {
      throw error;
    }
    stdout = error.stdout;
  }
  return JSON.parse(stdout);
}

/** `line:column severity [rule] message` of every finding the command line reports for `file`. */
function expectedProblems(file) {
  return cliJson([], file)
    .diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} [${d.rule}] ${d.message}`)
    .sort();
}

/** Applies the command line's edits (1-based line and column, end exclusive) to `text`. */
function applyEdits(text, edits) {
  const lines = text.split("\n");
  const offset = (line, column) =>
    lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0) + column - 1;
  const ordered = edits
    .map((e) => ({ start: offset(e.line, e.column), end: offset(e.end_line, e.end_column), text: e.new_text }))
    .sort((a, b) => b.start - a.start);
  let result = text;
  for (const edit of ordered) {
    result = result.slice(0, edit.start) + edit.text + result.slice(edit.end);
  }
  return result;
}

/** 1-based (line, column) of the first whole-word `name` on or up to 5 lines after `line`. */
function findHandle(text, name, line) {
  const lines = text.split("\n");
  const word = new RegExp(`(?<![A-Za-z0-9_])${name}(?![A-Za-z0-9_])`);
  for (let index = line - 1; index < Math.min(lines.length, line + 5); index++) {
    const match = word.exec(lines[index]);
    if (match) {
      return { line: index + 1, column: match.index + 1 };
    }
  }
  return undefined;
}

/** "size 59" / "extent **64**": the label, then no letters or digits, then the number. */
function showsValue(text, label, value) {
  return new RegExp(`${label}[^A-Za-z0-9]*${value}(?![0-9])`).test(text);
}

// A last resort: a hang anywhere (the browser, the workbench) ends the test with a message.
const OVERALL_TIMEOUT_MS = 10 * TIMEOUT_MS;
setTimeout(() => {
  log(`FAILED: no result after ${OVERALL_TIMEOUT_MS} ms`);
  process.exit(2);
}, OVERALL_TIMEOUT_MS).unref();

log(`launching ${env("CHROMIUM")}`);
const browser = await chromium.launch({
  executablePath: env("CHROMIUM"),
  timeout: TIMEOUT_MS,
  // As root chromium needs --no-sandbox; the rest keeps it off the (closed) network.
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
const page = await browser.newPage({ viewport: { width: 1400, height: 1200 } });
page.setDefaultTimeout(TIMEOUT_MS);

async function screenshot(name) {
  const file = path.join(artifacts, `${name}.png`);
  await page.screenshot({ path: file }).catch(() => {});
  return file;
}

// Command id -> the key bound to it in keybindings.json (which run.sh installs).
const keys = new Map(
  JSON.parse(
    fs
      .readFileSync(new URL("keybindings.json", import.meta.url), "utf8")
      .replace(/^\s*\/\/.*$/gm, ""),
  ).map((binding) => [binding.command, playwrightKey(binding.key)]),
);

/** "ctrl+alt+shift+1" (VS Code) -> "Control+Alt+Shift+Digit1" (Playwright). */
function playwrightKey(key) {
  const modifiers = { ctrl: "Control", alt: "Alt", shift: "Shift" };
  return key
    .split("+")
    .map((part) => modifiers[part] ?? (/^[0-9]$/.test(part) ? `Digit${part}` : part))
    .join("+");
}

/** Runs a VS Code command by its id. */
async function command(id) {
  const key = keys.get(id);
  assert.ok(key, `no key for ${id} in keybindings.json`);
  await page.keyboard.press(key);
}

async function openFile(name) {
  await command("workbench.action.quickOpen");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ state: "visible" });
  await input.fill(name);
  // Quick open lists workspace files through ripgrep (Debian's rg, see install.sh).
  // Enter once the file is the focused entry (the list is filtered as results come in).
  await page.locator(".quick-input-widget .monaco-list-row.focused", { hasText: name }).waitFor();
  await input.press("Enter");
  await page.locator(".tab.active", { hasText: name }).waitFor();
  await page.locator(".monaco-editor .view-lines").first().waitFor();
}

async function goTo(line, column) {
  await page.locator(".monaco-editor .view-lines").first().click();
  await command("workbench.action.gotoLine");
  const input = page.locator(".quick-input-widget input");
  await input.waitFor({ state: "visible" });
  // Go to Line is quick access with the prefix ":" (fill replaces the whole input).
  await input.fill(`:${line}:${column}`);
  await input.press("Enter");
  await page.locator(".quick-input-widget").waitFor({ state: "hidden" });
  await page
    .locator("#status\\.editor\\.selection", { hasText: `Ln ${line}, Col ${column}` })
    .waitFor();
}

/** The Problems panel's rows, as text. */
async function problemRows() {
  return page.locator(".markers-panel .monaco-list-row").evaluateAll((elements) =>
    elements.map((element) => ({
      text: element.innerText.replace(/\s+/g, " ").trim(),
      label: element.getAttribute("aria-label") ?? "",
    })),
  );
}

/** The Problems panel's rows of `file`, as `line:column severity [rule] message`, sorted. */
function problemsOf(file, rows) {
  // A file row is labelled "N problems in file NAME of folder ..."; under it, a marker row
  // reads "message mpi-dtype-lint rule [Ln L, Col C]" (the parentheses around the rule are
  // drawn by CSS) and its label starts with the severity. Other rows (a finding's related
  // places) are neither.
  const fileRow = /^\d+ problems? in file (.+) of folder /;
  const markerRow = /^(.*) mpi-dtype-lint \(?([a-z0-9-]+)\)? ?\[Ln (\d+), Col (\d+)\]$/;
  const problems = [];
  let currentFile;
  for (const row of rows) {
    const fileName = fileRow.exec(row.label);
    if (fileName !== null) {
      currentFile = fileName[1];
      continue;
    }
    const marker = markerRow.exec(row.text);
    if (marker !== null && currentFile === file) {
      const severity = row.label.split(":")[0].toLowerCase();
      problems.push(`${marker[3]}:${marker[4]} ${severity} [${marker[2]}] ${marker[1]}`);
    }
  }
  return problems.sort();
}

/** Waits until the Problems panel shows exactly the command line's findings for `file`. */
async function expectProblems(file) {
  const expected = expectedProblems(path.join(workspace, file));
  assert.ok(expected.length > 0, `${file}: the command line finds nothing to show`);
  let rows = [];
  let shown = [];
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline) {
    rows = await problemRows();
    shown = problemsOf(file, rows);
    if (JSON.stringify(shown) === JSON.stringify(expected)) {
      log(`${file}: the Problems panel shows the command line's ${expected.length} findings`);
      return;
    }
    await page.waitForTimeout(250);
  }
  log(`the Problems panel's rows:\n${rows.map((row) => JSON.stringify(row)).join("\n")}`);
  assert.deepEqual(shown, expected, `${file}: Problems panel against the command line`);
}

/** Hovers every handle whose size and extent the command line knows; checks both. */
async function expectHovers(file) {
  const absolute = path.join(workspace, file);
  const text = fs.readFileSync(absolute, "utf8");
  const known = cliJson(["types"], absolute).types.filter((t) => t.size !== null && t.extent !== null);
  assert.ok(known.length > 0, `${file}: no datatype with a known size and extent`);
  for (const type of known) {
    const at = findHandle(text, type.name, type.line);
    assert.ok(at, `${file}:${type.line}: handle ${type.name} not in the text`);
    await goTo(at.line, at.column + 1);
    await command("editor.action.showHover");
    const hover = page.locator(".monaco-hover:not(.hidden)").filter({ hasText: type.name }).first();
    await hover.waitFor({ state: "visible" });
    const shown = await hover.innerText();
    assert.ok(
      showsValue(shown, "size", type.size) && showsValue(shown, "extent", type.extent),
      `${file}:${at.line}:${at.column} hover on ${type.name}: expected size ${type.size} and extent ${type.extent} (mpi-dtype-lint types) in:\n${shown}`,
    );
    log(`${file}:${at.line}:${at.column} hover on ${type.name}: size ${type.size}, extent ${type.extent}`);
    await page.keyboard.press("Escape");
    await hover.waitFor({ state: "hidden" });
  }
}

/** Applies the quick fix of the first `routine` finding and checks the saved text. */
async function applyQuickFix(file, routine) {
  const absolute = path.join(workspace, file);
  const before = fs.readFileSync(absolute, "utf8");
  const finding = cliJson([], absolute).diagnostics.find(
    (d) => d.message.startsWith(`\`${routine}\``) && d.fixes.length > 0,
  );
  assert.ok(finding, `${file}: the command line offers no fix for ${routine}`);
  const [fix] = finding.fixes;
  const expected = applyEdits(before, fix.edits);
  assert.notEqual(expected, before, "the fix changes nothing");

  await goTo(finding.line, finding.column);
  await command("editor.action.quickFix");
  // Chosen with the arrow keys, as a keyboard user does (the menu's pointer block takes clicks).
  const rows = page.locator(".action-widget .monaco-list-row.action");
  await rows.first().waitFor({ state: "visible" });
  const titles = await rows.evaluateAll((elements) =>
    elements.map((element) => element.getAttribute("aria-label")),
  );
  assert.ok(titles.includes(fix.title), `quick fix "${fix.title}" not offered; the menu: ${titles.join(" | ")}`);
  for (let step = 0; step < titles.length; step++) {
    const focused = await page.locator(".action-widget .monaco-list-row.focused").getAttribute("aria-label");
    if (focused === fix.title) {
      break;
    }
    await page.keyboard.press("ArrowDown");
  }
  await page.keyboard.press("Enter");
  await page.locator(".action-widget").waitFor({ state: "hidden" });
  await command("workbench.action.files.save");
  const deadline = Date.now() + TIMEOUT_MS;
  while (fs.readFileSync(absolute, "utf8") === before && Date.now() < deadline) {
    await page.waitForTimeout(100);
  }
  const after = fs.readFileSync(absolute, "utf8");
  assert.equal(after, expected, `${file}: the text after "${fix.title}" and saving`);
  log(`${file}:${finding.line}:${finding.column} quick fix "${fix.title}" applied as the command line edits`);
}

/** Fails on an error notification of the extension (e.g. the server did not start). */
async function expectNoExtensionErrors() {
  const toasts = await page.locator(".notifications-toasts .notification-toast").allInnerTexts();
  const errors = toasts.filter((t) => t.includes("mpi-dtype-lint"));
  assert.deepEqual(errors, [], "error notifications of the extension");
}

let failed = false;
try {
  log(`loading ${workbenchUrl}`);
  await page.goto(workbenchUrl);
  await page.locator(".monaco-workbench").waitFor();
  await page.locator(".explorer-folders-view .monaco-list-row", { hasText: fixtures[0] }).waitFor();
  log("workbench loaded");

  await command("workbench.actions.view.problems");
  for (const fixture of fixtures) {
    await openFile(fixture);
    const mode = await page.locator("#status\\.editor\\.mode").innerText();
    log(`${fixture}: language mode ${mode}`);
    // The panel maximized while it is read shows all the rows (its list draws only those in view).
    await command("workbench.action.toggleMaximizedPanel");
    await expectProblems(fixture);
    await command("workbench.action.toggleMaximizedPanel");
    await expectHovers(fixture);
  }

  await openFile(quickFixFixture);
  await applyQuickFix(quickFixFixture, FIXED_ROUTINE);
  // The server analyses the edited text: the Problems panel follows the command line again.
  await command("workbench.action.toggleMaximizedPanel");
  await expectProblems(quickFixFixture);
  await expectNoExtensionErrors();
  log("all checks passed");
} catch (error) {
  failed = true;
  const shot = await screenshot("failure");
  log(`FAILED: ${error instanceof Error ? error.stack ?? error.message : String(error)}`);
  log(`screenshot: ${shot}`);
} finally {
  await browser.close();
}
process.exit(failed ? 1 : 0);
