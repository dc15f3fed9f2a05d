#!/usr/bin/env python3
"""Real code as the oracle: every C program of a tree (a file with `main(`) is compiled with
testdata/oracle/record.h force-included and run once, alone, under MPICH (or Open MPI); every
value the analysis knows of a constructor call that ran (`mpi-dtype-lint types --format json
--mpi mpich TREE`, or openmpi) is compared with what the library computed. Programs that do not
compile or run within 20 s are skipped.

    oracle_tree.py TREE BINARY testdata/oracle/record.h server/benches/realworld/mtest-stub [openmpi]

The stub directory stands in for MPICH's test harness headers (mpitest.h), so that MPICH's own
datatype tests compile without their library. Prints the counts as JSON, then one WRONG line per
value that differs; lb and true_lb that are absolute addresses (MPI_BOTTOM types) are skipped.
Exits 1 when a value is wrong."""
import json, os, re, subprocess, sys
tree, binary, record, stub = sys.argv[1:5]
mpi = sys.argv[5] if len(sys.argv) > 5 else 'mpich'
# Open MPI runs a singleton without its daemon, on the loopback transport only.
env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT='1', OMPI_ALLOW_RUN_AS_ROOT_CONFIRM='1',
           OMPI_MCA_plm_rsh_agent='false', OMPI_MCA_ess_singleton_isolated='1',
           OMPI_MCA_pml='ob1', OMPI_MCA_btl='self')
types = json.loads(subprocess.run([binary, 'types', '--format', 'json', '--mpi', mpi, tree],
                                  capture_output=True, text=True).stdout)
items = types['types'] if isinstance(types, dict) else types
ours = {}
for t in items:
    ours.setdefault((os.path.realpath(t['file']), t['line'], t['name'].replace(' ', '')), t)
stats = dict(programs=0, ran=0, calls=0, seen=0, known=0, values=0, matched=0, wrong=0, unseen=0)
wrong = []
for root, _, files in os.walk(tree):
    for f in sorted(files):
        if not f.endswith('.c'):
            continue
        path = os.path.realpath(os.path.join(root, f))
        src = open(path, errors='replace').read()
        if 'main(' not in src:
            continue
        stats['programs'] += 1
        exe = '/tmp/oracle_prog'
        c = subprocess.run(['mpicc.' + mpi, '-w', '-I' + stub, '-I' + root, '-include', record, path, '-o', exe],
                           capture_output=True, text=True)
        if c.returncode != 0:
            continue
        try:
            r = subprocess.run([exe], capture_output=True, text=True, timeout=20, env=env)
        except subprocess.TimeoutExpired:
            continue
        stats['ran'] += 1
        for line in r.stdout.splitlines():
            m = re.match(r'ORACLE (\d+) (.*) size=(-?\d+) lb=(-?\d+) extent=(-?\d+) true_lb=(-?\d+) true_extent=(-?\d+)', line)
            if not m:
                continue
            stats['calls'] += 1
            ln, name = int(m.group(1)), m.group(2).replace(' ', '').lstrip('&')
            t = ours.get((path, ln, name))
            if t is None:
                stats['unseen'] += 1
                continue
            stats['seen'] += 1
            if t.get('size') is None:
                continue
            stats['known'] += 1
            theirs = dict(size=int(m.group(3)), lb=int(m.group(4)), extent=int(m.group(5)),
                          true_lb=int(m.group(6)), true_extent=int(m.group(7)))
            for k, v in theirs.items():
                mine = t.get(k)
                if mine is None:
                    continue
                if k in ('lb', 'true_lb') and abs(v) > 1 << 32:
                    continue  # an absolute address (MPI_BOTTOM types): differs per run
                stats['values'] += 1
                if mine == v:
                    stats['matched'] += 1
                else:
                    stats['wrong'] += 1
                    wrong.append(f'{path}:{ln} {name} {k}: {mpi} {v}, analysis {mine}')
print(json.dumps(stats))
for w in wrong:
    print('WRONG', w)
sys.exit(1 if wrong else 0)
