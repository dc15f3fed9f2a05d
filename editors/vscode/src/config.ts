// Settings -> the server's initializationOptions / didChangeConfiguration payload.
// Kept free of the `vscode` module so that it can be unit-tested with plain Node.

/** What the server reads from `initializationOptions` and `workspace/didChangeConfiguration`. */
export interface ServerOptions {
  target?: string;
  mpi?: string;
  select?: string[];
  ignore?: string[];
}

/** The subset of `vscode.WorkspaceConfiguration` used here. */
export interface SettingsReader {
  get<T>(key: string): T | undefined;
}

/** Trimmed non-empty string, or undefined. */
function nonEmptyString(value: unknown): string | undefined {
  if (typeof value !== "string") {
    return undefined;
  }
  const trimmed = value.trim();
  return trimmed === "" ? undefined : trimmed;
}

/**
 * Rule lists accept an array of ids or a comma-separated string (as on the command line);
 * an empty list means "not set", so that the project's `.mpi-dtype-lint.toml` applies.
 */
function ruleList(value: unknown): string[] | undefined {
  let items: unknown[];
  if (Array.isArray(value)) {
    items = value;
  } else if (typeof value === "string") {
    items = value.split(",");
  } else {
    return undefined;
  }
  const rules = items
    .filter((item): item is string => typeof item === "string")
    .map((item) => item.trim())
    .filter((item) => item !== "");
  return rules.length === 0 ? undefined : rules;
}

/** Settings under `mpiDtypeLint.*` -> server options; unset settings are left out. */
export function serverOptionsFromSettings(settings: SettingsReader): ServerOptions {
  const options: ServerOptions = {};
  const target = nonEmptyString(settings.get("target"));
  if (target !== undefined) {
    options.target = target;
  }
  const mpi = nonEmptyString(settings.get("mpi"));
  if (mpi !== undefined) {
    options.mpi = mpi;
  }
  const select = ruleList(settings.get("select"));
  if (select !== undefined) {
    options.select = select;
  }
  const ignore = ruleList(settings.get("ignore"));
  if (ignore !== undefined) {
    options.ignore = ignore;
  }
  return options;
}

/** The executable to run: the `path` setting with `~` expanded, else the name looked up on PATH. */
export function serverCommand(settings: SettingsReader, homeDirectory: string): string {
  const configured = nonEmptyString(settings.get("path"));
  if (configured === undefined) {
    return "mpi-dtype-lint";
  }
  if (configured === "~" || configured.startsWith("~/")) {
    return homeDirectory + configured.slice(1);
  }
  return configured;
}
