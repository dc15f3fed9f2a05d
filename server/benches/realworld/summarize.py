#!/usr/bin/env python3
"""Summarise mpi-dtype-lint runs on the real-world trees under /tmp/realworld.

usage:
  summarize.py BINARY OUTDIR [--run] [--projects p1,p2,...] [--compare OTHER_OUTDIR]

  BINARY   the mpi-dtype-lint binary whose outputs OUTDIR holds (its --version is recorded;
           with --run it is also the binary that is run)
  OUTDIR   directory with <project>.{lint,types}.{json,err,rc,time}
  --run    first run the binary on every project, one run at a time (run.sh calls this):
             cd /tmp/realworld
             /usr/bin/time -v -o OUTDIR/P.lint.time  timeout 600 BINARY [--config C] --format json /tmp/realworld/T
             /usr/bin/time -v -o OUTDIR/P.types.time timeout 600 BINARY types [--config C] --format json /tmp/realworld/T
           T is P's tree (swift-with-mpi: the swift tree). A project with configs/P.toml beside
           this script (the `.mpi-dtype-lint.toml` a user of that project would write at the top
           of its tree) runs with it: C = OUTDIR/P.toml, the same file with its include paths
           resolved against the tree, since the trees stay read-only.
  --compare OTHER_OUTDIR   add a second table: per project, the change against OTHER_OUTDIR
                           (e.g. the baseline), and list findings that appeared / disappeared

Writes OUTDIR/summary.md and prints it.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys
import tomllib

ROOT = "/tmp/realworld"
PROJECTS = ["mpich-datatype", "mpich-romio", "pnetcdf", "2decomp-fft", "swift", "swift-with-mpi",
            "mpich", "ompi", "petsc", "scalapack", "osu", "mitgcm", "qe", "cp2k", "e3sm", "pnetcdf-f"]
# project -> its tree under ROOT, where the project is not a tree of its own
TREES = {"swift-with-mpi": "swift"}
CONFIGS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "configs")
# Built-in extensions of mpi-dtype-lint (analyzer/src/source/language.rs, case-sensitive)
C_EXT = {"c", "h"}
F_EXT = {"f", "for", "f77", "ftn", "F", "FOR", "F77", "FTN", "fpp", "FPP",
         "f90", "f95", "f03", "f08", "f18", "F90", "F95", "F03", "F08", "F18"}


def tree(project):
    return os.path.join(ROOT, TREES.get(project, project))


def config_options(project, outdir):
    """`--config OUTDIR/P.toml`: configs/P.toml with its include paths made absolute against
    the tree (one-line arrays only), so that the run reads it as the tree's own file."""
    path = os.path.join(CONFIGS, f"{project}.toml")
    if not os.path.exists(path):
        return []
    text = open(path).read()
    config = tomllib.loads(text)
    paths = config.get("c", {}).get("include-paths", [])
    resolved = json.dumps([os.path.join(tree(project), p) for p in paths])
    text, n = re.subn(r"(?m)^include-paths\s*=.*$", lambda _: f"include-paths = {resolved}", text)
    expected = json.loads(json.dumps(config))
    if paths:
        expected["c"]["include-paths"] = json.loads(resolved)
    if n != (1 if paths else 0) or tomllib.loads(text) != expected:
        sys.exit(f"{path}: write include-paths as a one-line array")
    out = os.path.join(outdir, f"{project}.toml")
    with open(out, "w") as f:
        f.write(text)
    return ["--config", out]


def run(binary, outdir, projects):
    os.makedirs(outdir, exist_ok=True)
    for p in projects:
        d = tree(p)
        opts = config_options(p, outdir)
        for kind, extra in (("lint", []), ("types", ["types"])):
            cmd = ["/usr/bin/time", "-v", "-o", f"{outdir}/{p}.{kind}.time",
                   "timeout", "600", binary] + extra + opts + ["--format", "json", d]
            with open(f"{outdir}/{p}.{kind}.json", "w") as out, \
                    open(f"{outdir}/{p}.{kind}.err", "w") as err:
                rc = subprocess.call(cmd, stdout=out, stderr=err, cwd=ROOT)
            with open(f"{outdir}/{p}.{kind}.rc", "w") as f:
                f.write(f"{rc}\n")
            print(f"{p} {kind} rc={rc}", file=sys.stderr)


def count_tree(project):
    c = f = 0
    for dirpath, _, files in os.walk(tree(project)):
        for name in files:
            ext = name.rsplit(".", 1)[1] if "." in name else ""
            if ext in C_EXT:
                c += 1
            elif ext in F_EXT:
                f += 1
    return c, f


def read_time(path):
    wall = rss = None
    if not os.path.exists(path):
        return None, None
    for line in open(path):
        m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", line)
        if m:
            parts = [float(x) for x in m.group(1).split(":")]
            wall = sum(v * 60 ** i for i, v in enumerate(reversed(parts)))
        m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", line)
        if m:
            rss = int(m.group(1))
    return wall, rss


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def read_rc(path):
    try:
        return open(path).read().strip()
    except OSError:
        return "?"


def note_kinds(path):
    kinds = collections.Counter()
    if not os.path.exists(path):
        return kinds
    for line in open(path, errors="replace"):
        if ": note:" not in line:
            kinds["other stderr"] += 1
        elif "syntax error" in line or "could not parse" in line or "parse errors" in line:
            kinds["parse"] += 1
        elif "budget" in line or "not followed" in line or "not evaluated" in line:
            kinds["budget"] += 1
        else:
            kinds["other note"] += 1
    return kinds


def summarise(outdir, p):
    lint = load(f"{outdir}/{p}.lint.json")
    types = load(f"{outdir}/{p}.types.json")
    c, f = count_tree(p)
    s = {"project": p, "c_files": c, "f_files": f}
    s["files"] = lint["summary"]["files"] if lint else None
    diags = lint["diagnostics"] if lint else []
    s["rules"] = collections.Counter(d["rule"] for d in diags)
    s["findings"] = len(diags)
    s["diag_keys"] = collections.Counter(
        (os.path.relpath(os.path.join(ROOT, d["file"]) if not os.path.isabs(d["file"]) else d["file"], ROOT),
         d["line"], d["rule"]) for d in diags)
    ts = types["types"] if types else []
    # One constructor call may have several entries (a helper reached through other calls
    # with other results, each with its `via`): it counts once, known when all its entries are.
    calls = collections.defaultdict(list)
    for t in ts:
        calls[(t["file"], t["line"], t["column"])].append(
            t.get("size") is not None and t.get("extent") is not None)
    s["types"] = len(calls)
    s["known"] = sum(1 for known in calls.values() if all(known))
    s["lint_rc"] = read_rc(f"{outdir}/{p}.lint.rc")
    s["types_rc"] = read_rc(f"{outdir}/{p}.types.rc")
    s["lint_wall"], s["lint_rss"] = read_time(f"{outdir}/{p}.lint.time")
    s["types_wall"], s["types_rss"] = read_time(f"{outdir}/{p}.types.time")
    s["notes"] = note_kinds(f"{outdir}/{p}.lint.err")
    return s


def fmt(v, spec="{}"):
    return "n/a" if v is None else spec.format(v)


def table(rows):
    out = ["| project | files analysed (tree C / Fortran) | types | size & extent known | findings | by rule | lint rc | types rc | lint wall s | lint peak RSS MiB | types wall s | types peak RSS MiB | stderr notes (parse / budget / other) |",
           "|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for s in rows:
        share = f"{s['known']} ({100 * s['known'] / s['types']:.0f}%)" if s["types"] else "0"
        rules = ", ".join(f"{r} {n}" for r, n in sorted(s["rules"].items(), key=lambda x: -x[1])) or "-"
        n = s["notes"]
        out.append(
            f"| {s['project']} | {fmt(s['files'])} ({s['c_files']} / {s['f_files']}) | {s['types']} | {share} | "
            f"{s['findings']} | {rules} | {s['lint_rc']} | {s['types_rc']} | "
            f"{fmt(s['lint_wall'], '{:.2f}')} | {fmt(s['lint_rss'] and s['lint_rss'] / 1024, '{:.1f}')} | "
            f"{fmt(s['types_wall'], '{:.2f}')} | {fmt(s['types_rss'] and s['types_rss'] / 1024, '{:.1f}')} | "
            f"{n['parse']} / {n['budget']} / {n['other note'] + n['other stderr']} |")
    return "\n".join(out)


def compare(rows, old_rows):
    old = {s["project"]: s for s in old_rows}
    out = ["| project | types (old -> new) | known (old -> new) | findings (old -> new) | rule deltas |",
           "|---|---|---|---|---|"]
    details = []
    for s in rows:
        o = old.get(s["project"])
        if not o:
            continue
        deltas = []
        for r in sorted(set(s["rules"]) | set(o["rules"])):
            d = s["rules"][r] - o["rules"][r]
            if d:
                deltas.append(f"{r} {d:+d}")
        out.append(f"| {s['project']} | {o['types']} -> {s['types']} | {o['known']} -> {s['known']} | "
                   f"{o['findings']} -> {s['findings']} | {', '.join(deltas) or '-'} |")
        gone = o["diag_keys"] - s["diag_keys"]
        new = s["diag_keys"] - o["diag_keys"]
        for (f, line, rule), n in sorted(gone.items()):
            details.append(f"- {s['project']}: gone  {f}:{line} {rule}" + (f" (x{n})" if n > 1 else ""))
        for (f, line, rule), n in sorted(new.items()):
            details.append(f"- {s['project']}: new   {f}:{line} {rule}" + (f" (x{n})" if n > 1 else ""))
    return "\n".join(out) + ("\n\nFindings that disappeared / appeared:\n\n" + "\n".join(details) if details else "")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("binary")
    ap.add_argument("outdir")
    ap.add_argument("--run", action="store_true")
    ap.add_argument("--projects", default=",".join(PROJECTS))
    ap.add_argument("--compare")
    a = ap.parse_args()
    projects = [p for p in a.projects.split(",") if p]
    outdir = os.path.abspath(a.outdir)
    if a.run:
        run(a.binary, outdir, projects)
    try:
        version = subprocess.run([a.binary, "--version"], capture_output=True, text=True).stdout.strip()
    except OSError:
        version = "?"
    rows = [summarise(outdir, p) for p in projects if os.path.exists(f"{outdir}/{p}.lint.json")]
    md = [f"# mpi-dtype-lint real-world summary", "",
          f"binary: `{a.binary}` ({version}); outputs: `{outdir}`", "",
          "files analysed = the JSON summary's `files`; in parentheses the tree's files with a built-in C / Fortran extension. "
          "Types = constructor calls listed; known = calls whose every entry has non-null `size` and `extent`. rc: 0 clean, 1 findings, 2 errors, 124 timeout.", "",
          table(rows)]
    if a.compare:
        old_rows = [summarise(os.path.abspath(a.compare), p) for p in projects
                    if os.path.exists(f"{a.compare}/{p}.lint.json")]
        md += ["", f"## Against `{a.compare}`", "", compare(rows, old_rows)]
    text = "\n".join(md) + "\n"
    with open(os.path.join(outdir, "summary.md"), "w") as f:
        f.write(text)
    print(text)


if __name__ == "__main__":
    main()
