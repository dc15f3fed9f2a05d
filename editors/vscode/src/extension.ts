// VS Code client for `mpi-dtype-lint lsp`: starts the server for C and Fortran documents,
// passes the settings on, restarts on demand, and says clearly when the binary is missing.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import * as vscode from "vscode";
import {
  DocumentSelector,
  LanguageClient,
  LanguageClientOptions,
  ServerOptions,
  State,
  TransportKind,
} from "vscode-languageclient/node";
import { serverCommand, serverOptionsFromSettings } from "./config";

const SECTION = "mpiDtypeLint";

/**
 * Language ids that C and Fortran documents get: `c` from the C/C++ extensions; for Fortran,
 * Modern Fortran (fortran-lang) registers `FortranFreeForm` and `FortranFixedForm`, and other
 * Fortran extensions use `fortran`, `fortran90`, `fortran-modern`, `fortran_free-form` or
 * `fortran_fixed-form`. Ids no installed extension registers are harmless.
 */
export const LANGUAGE_IDS = [
  "c",
  "fortran",
  "fortran90",
  "fortran-modern",
  "FortranFreeForm",
  "FortranFixedForm",
  "fortran_free-form",
  "fortran_fixed-form",
];

/** VS Code opens `.h` headers as C++: those documents (and no other C++) are served, as C. */
export const HEADER_LANGUAGE_IDS = ["cpp"];

let client: LanguageClient | undefined;
let outputChannel: vscode.OutputChannel | undefined;

function settings(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration(SECTION);
}

function isExecutableFile(candidate: string): boolean {
  try {
    if (!fs.statSync(candidate).isFile()) {
      return false;
    }
    if (process.platform !== "win32") {
      fs.accessSync(candidate, fs.constants.X_OK);
    }
    return true;
  } catch {
    return false;
  }
}

/** The absolute path of `command` (a path, or a name looked up on PATH), or undefined. */
function findExecutable(command: string): string | undefined {
  const extensions =
    process.platform === "win32" ? ["", ...(process.env.PATHEXT ?? ".EXE").split(";")] : [""];
  const hasDirectory = command.includes("/") || command.includes(path.sep);
  const directories = hasDirectory
    ? [""]
    : (process.env.PATH ?? "").split(path.delimiter).filter((entry) => entry !== "");
  for (const directory of directories) {
    for (const extension of extensions) {
      const candidate = path.resolve(directory, command + extension);
      if (isExecutableFile(candidate)) {
        return candidate;
      }
    }
  }
  return undefined;
}

async function reportMissingBinary(command: string): Promise<void> {
  const configured = (settings().get<string>("path") ?? "").trim() !== "";
  const where = configured
    ? `The file set in "mpiDtypeLint.path" (${command}) does not exist or is not executable.`
    : `"${command}" was not found on PATH.`;
  const message =
    `mpi-dtype-lint: cannot start the language server. ${where} ` +
    `Install it (cargo install --path server in the mpi-dtype-lint sources) or set ` +
    `"mpiDtypeLint.path" to the executable, then run "mpi-dtype-lint: Restart Language Server".`;
  const openSettings = "Open Setting";
  const choice = await vscode.window.showErrorMessage(message, openSettings);
  if (choice === openSettings) {
    await vscode.commands.executeCommand("workbench.action.openSettings", `${SECTION}.path`);
  }
}

function documentSelector(): DocumentSelector {
  return [
    ...LANGUAGE_IDS.flatMap((language) => [
      { scheme: "file", language },
      { scheme: "untitled", language },
    ]),
    ...HEADER_LANGUAGE_IDS.map((language) => ({ scheme: "file", language, pattern: "**/*.h" })),
  ];
}

async function startClient(): Promise<void> {
  const command = serverCommand(settings(), os.homedir());
  const executable = findExecutable(command);
  if (executable === undefined) {
    void reportMissingBinary(command);
    return;
  }
  const run = { command: executable, args: ["lsp"], transport: TransportKind.stdio };
  const serverOptions: ServerOptions = { run, debug: run };
  const clientOptions: LanguageClientOptions = {
    documentSelector: documentSelector(),
    initializationOptions: serverOptionsFromSettings(settings()),
    outputChannel,
  };
  // The client id makes vscode-languageclient honour `mpiDtypeLint.trace.server`.
  client = new LanguageClient(SECTION, "mpi-dtype-lint", serverOptions, clientOptions);
  try {
    await client.start();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    void vscode.window.showErrorMessage(
      `mpi-dtype-lint: the language server (${executable} lsp) failed to start: ${reason}`,
    );
  }
}

async function stopClient(): Promise<void> {
  const running = client;
  client = undefined;
  if (running !== undefined && running.state !== State.Stopped) {
    await running.stop();
  }
}

async function restartClient(): Promise<void> {
  await stopClient();
  await startClient();
}

/** Target, MPI model and rules change without a restart; a new executable path needs one. */
async function onConfigurationChanged(event: vscode.ConfigurationChangeEvent): Promise<void> {
  if (!event.affectsConfiguration(SECTION)) {
    return;
  }
  if (event.affectsConfiguration(`${SECTION}.path`)) {
    await restartClient();
    return;
  }
  if (client !== undefined && client.state === State.Running) {
    await client.sendNotification("workspace/didChangeConfiguration", {
      settings: serverOptionsFromSettings(settings()),
    });
  }
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  outputChannel = vscode.window.createOutputChannel("mpi-dtype-lint");
  context.subscriptions.push(
    outputChannel,
    vscode.commands.registerCommand(`${SECTION}.restartServer`, restartClient),
    vscode.commands.registerCommand(`${SECTION}.showOutput`, () => outputChannel?.show(true)),
    vscode.workspace.onDidChangeConfiguration(onConfigurationChanged),
  );
  await startClient();
}

export async function deactivate(): Promise<void> {
  await stopClient();
}
