//! Comparing the engine with what the libraries measured, and the report.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use analyzer::dtype::{Datatype, MpiModel};

use super::bridge::{packed_bytes, values, FIELDS};
use super::run::{Lib, Measured, Outcome, Packed};
use super::tree::{c_function, Tree};

/// Work budget of the typemap walks (entries); the oracle's types are far smaller.
pub const WALK_BUDGET: u64 = 1 << 24;

pub struct Case {
    pub id: usize,
    pub label: String,
    pub tree: Tree,
    pub dt: Datatype,
}

fn model_of(lib: Lib) -> MpiModel {
    match lib {
        Lib::Mpich => MpiModel::Mpich,
        Lib::OpenMpi => MpiModel::OpenMpi,
    }
}

const MODELS: [MpiModel; 3] = MpiModel::ALL;

fn midx(m: MpiModel) -> usize {
    MODELS.iter().position(|&x| x == m).unwrap()
}

#[derive(Default)]
pub struct Stats {
    /// Cases built by the engine and measured by at least one library.
    pub compared: usize,
    /// Per model (standard, mpich, openmpi): cases where that model was checked on at least
    /// one value, and cases where every checked value agreed.
    pub checked: [usize; 3],
    pub agree: [usize; 3],
    /// Per model: cases with at least one disagreement.
    pub disagree: [usize; 3],
    /// Typemap walks over budget (offsets not compared).
    pub over_budget: usize,
    /// Trees the engine rejected (never built in C).
    pub engine_rejected: usize,
    /// Trees regenerated because they were too big.
    pub regenerated: usize,
    /// Cases where MPICH and Open MPI report something different.
    pub lib_divergent: usize,
    pub lib_divergent_examples: Vec<String>,
    /// Cases the engine built and a library rejected or crashed on (in a constructor, a query
    /// or `MPI_Pack`): library bugs and limits, where the standard model decides.
    pub lib_failures: Vec<String>,
    /// Detailed reports of disagreements with the engine.
    pub reports: Vec<String>,
}

/// Are two packed-offset vectors the same, where `None` (a byte never written) matches anything?
fn bytes_match(lib: &[Option<i128>], engine: &[i128]) -> bool {
    lib.len() == engine.len()
        && lib
            .iter()
            .zip(engine)
            .all(|(a, b)| a.is_none_or(|a| a == *b))
}

/// `start:len` runs of a byte-offset vector, at most `max` runs shown.
pub fn show_bytes(bytes: &[Option<i128>], max: usize) -> String {
    let mut runs: Vec<(Option<i128>, i128)> = Vec::new();
    for &b in bytes {
        match (runs.last_mut(), b) {
            (Some((Some(s), l)), Some(x)) if *s + *l == x => *l += 1,
            (Some((None, l)), None) => *l += 1,
            _ => runs.push((b, 1)),
        }
    }
    let n = runs.len();
    let mut out: Vec<String> = runs
        .iter()
        .take(max)
        .map(|(s, l)| match s {
            Some(s) => format!("{s}..{}", s + l),
            None => format!("?x{l}"),
        })
        .collect();
    if n > max {
        out.push(format!("... ({} runs, {} bytes)", n, bytes.len()));
    }
    format!("[{}]", out.join(" "))
}

fn engine_bytes(dt: &Datatype, m: MpiModel) -> Option<Vec<i128>> {
    packed_bytes(dt, m, WALK_BUDGET)
}

fn opt(v: &[i128]) -> Vec<Option<i128>> {
    v.iter().map(|&x| Some(x)).collect()
}

/// Differences between one library's measurement and the engine's values under `model`.
fn diff_model(
    dt: &Datatype,
    model: MpiModel,
    lib_name: &str,
    m: &Measured,
    over_budget: &mut usize,
) -> Vec<String> {
    let mut d = Vec::new();
    let lib = [m.size, m.lb, m.extent, m.true_lb, m.true_extent];
    let eng = values(dt, model);
    for i in 0..5 {
        if lib[i] != eng[i] {
            d.push(format!(
                "{}: {lib_name} {} vs engine({model}) {}",
                FIELDS[i], lib[i], eng[i]
            ));
        }
    }
    if let Some(bytes) = m.packed.bytes() {
        match engine_bytes(dt, model) {
            None => *over_budget += 1,
            Some(e) => {
                if !bytes_match(&bytes, &e) {
                    d.push(format!(
                        "offsets: {lib_name} {} vs engine({model}) {}",
                        show_bytes(&bytes, 16),
                        show_bytes(&opt(&e), 16)
                    ));
                }
            }
        }
    }
    d
}

fn merge_bytes(a: &[Option<i128>], b: &[Option<i128>]) -> Option<Vec<Option<i128>>> {
    if a.len() != b.len() {
        return None;
    }
    a.iter()
        .zip(b)
        .map(|(x, y)| match (x, y) {
            (Some(x), Some(y)) if x != y => Err(()),
            _ => Ok(x.or(*y)),
        })
        .collect::<Result<Vec<_>, ()>>()
        .ok()
}

fn describe_outcome(o: Option<&Outcome>) -> String {
    match o {
        None => "no output".into(),
        Some(Outcome::Ok(m)) => format!(
            "size {} lb {} extent {} true_lb {} true_extent {} offsets {}",
            m.size,
            m.lb,
            m.extent,
            m.true_lb,
            m.true_extent,
            match &m.packed {
                Packed::Runs(_) => show_bytes(&m.packed.bytes().unwrap(), 8),
                Packed::Skipped => "not packed".into(),
                Packed::Failed(e) => format!("pack failed: {e}"),
            }
        ),
        Some(Outcome::Error { step, rc, msg }) => format!("error at call #{step}: rc {rc} {msg}"),
        Some(Outcome::Crash(why)) => format!("crashed: {why}"),
    }
}

fn engine_line(dt: &Datatype, m: MpiModel) -> String {
    let v = values(dt, m);
    let offs = match engine_bytes(dt, m) {
        Some(b) => show_bytes(&opt(&b), 8),
        None => "over budget".into(),
    };
    format!(
        "size {} lb {} extent {} true_lb {} true_extent {} offsets {offs}",
        v[0], v[1], v[2], v[3], v[4]
    )
}

impl Stats {
    /// Compares one case with both libraries' outcomes.
    pub fn check(
        &mut self,
        seed: &str,
        case: &Case,
        res: &BTreeMap<Lib, BTreeMap<usize, Outcome>>,
    ) {
        let get = |lib: Lib| res.get(&lib).and_then(|r| r.get(&case.id));
        let outs = [get(Lib::Mpich), get(Lib::OpenMpi)];
        if outs.iter().all(|o| o.is_none()) {
            return;
        }
        self.compared += 1;
        let mut diffs: Vec<String> = Vec::new();
        let mut bad = [false; 3];
        let mut checked = [false; 3];
        let mut measured: [Option<&Measured>; 2] = [None, None];
        for (k, lib) in Lib::ALL.into_iter().enumerate() {
            match outs[k] {
                Some(Outcome::Ok(m)) => {
                    measured[k] = Some(m);
                    let model = model_of(lib);
                    checked[midx(model)] = true;
                    let d = diff_model(&case.dt, model, lib.name(), m, &mut self.over_budget);
                    if !d.is_empty() {
                        bad[midx(model)] = true;
                        diffs.extend(d);
                    }
                    if let Packed::Failed(e) = &m.packed {
                        self.lib_failures.push(format!(
                            "{} #{} ({seed}): {} measured it but MPI_Pack failed: {e}\n{}",
                            case.label,
                            case.id,
                            lib.name(),
                            c_function(&case.tree, case.id)
                        ));
                    }
                }
                other => self.lib_failures.push(format!(
                    "{} #{} ({}): engine built it, {}: {}\n{}",
                    case.label,
                    case.id,
                    seed,
                    lib.name(),
                    describe_outcome(other),
                    c_function(&case.tree, case.id)
                )),
            }
        }
        // The standard model must match wherever the two libraries agree.
        let mut divergent = outs[0] != outs[1];
        if let [Some(a), Some(b)] = measured {
            let la = [a.size, a.lb, a.extent, a.true_lb, a.true_extent];
            let lb = [b.size, b.lb, b.extent, b.true_lb, b.true_extent];
            let st = values(&case.dt, MpiModel::Standard);
            divergent = la != lb;
            for i in 0..5 {
                if la[i] == lb[i] {
                    checked[0] = true;
                    if st[i] != la[i] {
                        bad[0] = true;
                        diffs.push(format!(
                            "{}: MPICH and Open MPI {} vs engine(standard) {}",
                            FIELDS[i], la[i], st[i]
                        ));
                    }
                }
            }
            match (a.packed.bytes(), b.packed.bytes()) {
                (Some(x), Some(y)) => match merge_bytes(&x, &y) {
                    Some(both) => {
                        checked[0] = true;
                        match engine_bytes(&case.dt, MpiModel::Standard) {
                            None => self.over_budget += 1,
                            Some(e) if !bytes_match(&both, &e) => {
                                bad[0] = true;
                                diffs.push(format!(
                                    "offsets: MPICH and Open MPI {} vs engine(standard) {}",
                                    show_bytes(&both, 16),
                                    show_bytes(&opt(&e), 16)
                                ));
                            }
                            Some(_) => {}
                        }
                    }
                    None => divergent = true,
                },
                (x, y) => divergent |= x.is_some() != y.is_some(),
            }
        }
        for i in 0..3 {
            if checked[i] {
                self.checked[i] += 1;
                if bad[i] {
                    self.disagree[i] += 1;
                } else {
                    self.agree[i] += 1;
                }
            }
        }
        if divergent {
            self.lib_divergent += 1;
            if self.lib_divergent_examples.len() < 5 {
                self.lib_divergent_examples.push(format!(
                    "{} #{}: {}\n      MPICH:    {}\n      Open MPI: {}",
                    case.label,
                    case.id,
                    case.dt.describe(),
                    describe_outcome(outs[0]),
                    describe_outcome(outs[1])
                ));
            }
        }
        if !diffs.is_empty() {
            let mut r = String::new();
            let _ = writeln!(
                r,
                "DISAGREEMENT {} case #{} (seed {seed})",
                case.label, case.id
            );
            let _ = writeln!(r, "  engine: {}", case.dt.describe());
            for d in &diffs {
                let _ = writeln!(r, "  {d}");
            }
            let _ = writeln!(r, "  MPICH:            {}", describe_outcome(outs[0]));
            let _ = writeln!(r, "  Open MPI:         {}", describe_outcome(outs[1]));
            for m in MODELS {
                let _ = writeln!(r, "  engine({:8}): {}", m.name(), engine_line(&case.dt, m));
            }
            let _ = write!(r, "{}", indent(&c_function(&case.tree, case.id)));
            self.reports.push(r);
        }
    }

    pub fn summary(&self, what: &str) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "oracle {what}: {} types compared; agreements standard {}/{}, mpich {}/{}, openmpi {}/{}; \
             engine rejected {}; regenerated (too big) {}; over budget {}; library failures {}; \
             MPICH vs Open MPI divergent {}",
            self.compared,
            self.agree[0],
            self.checked[0],
            self.agree[1],
            self.checked[1],
            self.agree[2],
            self.checked[2],
            self.engine_rejected,
            self.regenerated,
            self.over_budget,
            self.lib_failures.len(),
            self.lib_divergent,
        );
        for e in &self.lib_divergent_examples {
            let _ = writeln!(s, "  divergence {e}");
        }
        s
    }

    /// Prints everything; returns whether the engine agreed everywhere.
    pub fn print(&self, what: &str, max_reports: usize) -> bool {
        for r in self.reports.iter().take(max_reports) {
            eprintln!("{r}");
        }
        if self.reports.len() > max_reports {
            eprintln!(
                "... {} more disagreements",
                self.reports.len() - max_reports
            );
        }
        for f in self.lib_failures.iter().take(max_reports) {
            eprintln!("LIBRARY FAILURE {f}");
        }
        eprintln!("{}", self.summary(what));
        self.reports.is_empty()
    }
}

fn indent(s: &str) -> String {
    s.lines().map(|l| format!("    {l}\n")).collect()
}
