//! Bodies of the analyzer's fuzz targets: each takes arbitrary bytes and must neither panic nor
//! run away. Compiled by the cargo-fuzz crate (analyzer/fuzz) and, through `#[path]`, by
//! analyzer/tests/adversarial_fuzz.rs, which feeds the seeds and deterministic pseudo-random
//! inputs through them on every CI run.

use analyzer::analysis::{analyze, Analysis, AnalysisOptions};
use analyzer::checks::{check, RuleSelection};
use analyzer::dtype::{
    compare_signatures, Api, Constructor, Datatype, Distribution, Engine, MpiModel, Order,
    Predefined, DFLT_DARG,
};
use analyzer::ide;
use analyzer::layout::Target;
use analyzer::source::{Decoded, FortranForm, Language, SourceText};
use analyzer::syntax::NoIncludes;

/// Work budget of the engine's walks in the targets.
const BUDGET: u64 = 2_000;

/// The C front end, evaluation, every rule and the IDE queries on one file's bytes.
pub fn c_frontend(data: &[u8]) {
    front_end(data, Language::C);
}

/// The same for fixed-form Fortran; an even length means the file is preprocessed (`.F`).
pub fn fortran_fixed(data: &[u8]) {
    front_end(
        data,
        Language::Fortran {
            form: FortranForm::Fixed,
            preprocessed: data.len().is_multiple_of(2),
        },
    );
}

/// The same for free-form Fortran; an even length means the file is preprocessed (`.F90`).
pub fn fortran_free(data: &[u8]) {
    front_end(
        data,
        Language::Fortran {
            form: FortranForm::Free,
            preprocessed: data.len().is_multiple_of(2),
        },
    );
}

fn front_end(data: &[u8], language: Language) {
    let text = match SourceText::decode(data) {
        Decoded::Text(text) => text.into_string(),
        // The CLI reports binary files without analysing them; the front end must still cope
        // with NULs, so analyse the lossy text anyway.
        Decoded::Binary { .. } => String::from_utf8_lossy(data).into_owned(),
    };
    let analysis = analyze(
        &text,
        language,
        &AnalysisOptions::default(),
        &mut NoIncludes,
    );
    queries(&analysis);
}

/// Everything the CLI and the language server ask of an analysis.
fn queries(analysis: &Analysis) {
    let diagnostics = check(analysis, &RuleSelection::default());
    for d in &diagnostics {
        let _ = analysis.slice(d.span);
        let _ = analysis.position(d.span.end);
    }
    for t in analysis.types() {
        if let Some(dt) = &t.datatype {
            let _ = ide::datatype_markdown(analysis, dt);
        }
    }
    let _ = ide::inlay_hints(analysis);
    let _ = ide::type_symbols(analysis);
    let len = analysis.text().len();
    // A handful of offsets spread over the text, the end included.
    for k in 0..=8 {
        let offset = len * k / 8;
        let _ = ide::hover(analysis, &diagnostics, offset);
        let _ = ide::definition(analysis, offset);
        let _ = ide::generate_datatype(analysis, offset);
    }
}

/// Reads the fuzzer's bytes as a constructor program's operands; zeros past the end.
struct Bytes<'a> {
    data: &'a [u8],
    at: usize,
}

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    fn done(&self) -> bool {
        self.at >= self.data.len()
    }

    /// An integer: small values most of the time, edge values (the bounds of `int`,
    /// `MPI_Aint`, `MPI_Count`, powers of two) otherwise.
    fn int(&mut self) -> i128 {
        const EDGES: [i128; 16] = [
            i32::MAX as i128,
            i32::MIN as i128,
            i64::MAX as i128,
            i64::MIN as i128,
            u64::MAX as i128,
            1 << 30,
            1 << 31,
            1 << 32,
            1 << 60,
            1 << 62,
            (1 << 62) + 1,
            -(1 << 60),
            DFLT_DARG,
            1 << 20,
            65_536,
            -1,
        ];
        let b = self.byte();
        match b {
            0..=191 => i128::from(b % 24) - 4,
            192..=223 => i128::from(i16::from_le_bytes([self.byte(), self.byte()])),
            _ => EDGES[usize::from(b & 15)],
        }
    }

    /// A length for array arguments: 0 to 5.
    fn len(&mut self) -> usize {
        usize::from(self.byte() % 6)
    }

    fn ints(&mut self, n: usize) -> Vec<i128> {
        (0..n).map(|_| self.int()).collect()
    }

    fn order(&mut self) -> Order {
        if self.byte().is_multiple_of(2) {
            Order::C
        } else {
            Order::Fortran
        }
    }
}

/// A random program of constructor calls over a stack of datatypes; every type built is
/// summarised under each MPI model, walked, described, and compared with its predecessor.
pub fn engine(data: &[u8]) {
    let mut input = Bytes { data, at: 0 };
    let target = Target::ALL[usize::from(input.byte()) % Target::ALL.len()];
    let engine = Engine::new(target);
    let mut stack: Vec<Datatype> = Vec::new();
    let mut steps = 0;
    while !input.done() && steps < 64 {
        steps += 1;
        let op = input.byte();
        if op.is_multiple_of(16) || stack.is_empty() {
            let p = Predefined::ALL[usize::from(input.byte()) % Predefined::ALL.len()];
            if let Ok(t) = engine.predefined(p) {
                stack.push(t);
            }
            continue;
        }
        let api = match input.byte() % 4 {
            0 => Api::Mpi1,
            1 => Api::LargeCount,
            _ => Api::Standard,
        };
        let ctor = constructor(op, &mut input);
        let n = ctor.old_type_count();
        let old: Vec<Datatype> = (0..n)
            .map(|i| stack[(stack.len() + i + usize::from(input.byte())) % stack.len()].clone())
            .collect();
        if let Ok(t) = engine.construct(&ctor, api, &old) {
            exercise(&t, stack.last());
            stack.push(t);
        }
        if stack.len() > 16 {
            stack.remove(0);
        }
    }
}

fn constructor(op: u8, input: &mut Bytes<'_>) -> Constructor {
    match op % 16 {
        1 => Constructor::Contiguous { count: input.int() },
        2 => Constructor::Vector {
            count: input.int(),
            blocklength: input.int(),
            stride: input.int(),
        },
        3 => Constructor::Hvector {
            count: input.int(),
            blocklength: input.int(),
            stride: input.int(),
        },
        4 | 5 | 8 => {
            let n = input.len();
            let (blocklengths, displacements) = (input.ints(n), input.ints(n));
            match op % 16 {
                4 => Constructor::Indexed {
                    blocklengths,
                    displacements,
                },
                5 => Constructor::Hindexed {
                    blocklengths,
                    displacements,
                },
                _ => Constructor::Struct {
                    blocklengths,
                    displacements,
                },
            }
        }
        6 | 7 => {
            let blocklength = input.int();
            let n = input.len();
            let displacements = input.ints(n);
            if op % 16 == 6 {
                Constructor::IndexedBlock {
                    blocklength,
                    displacements,
                }
            } else {
                Constructor::HindexedBlock {
                    blocklength,
                    displacements,
                }
            }
        }
        9 => {
            let n = input.len();
            Constructor::Subarray {
                sizes: input.ints(n),
                subsizes: input.ints(n),
                starts: input.ints(n),
                order: input.order(),
            }
        }
        10 => {
            let n = input.len();
            let distribs = (0..n)
                .map(|_| match input.byte() % 3 {
                    0 => Distribution::Block,
                    1 => Distribution::Cyclic,
                    _ => Distribution::None,
                })
                .collect();
            Constructor::Darray {
                size: input.int(),
                rank: input.int(),
                gsizes: input.ints(n),
                distribs,
                dargs: input.ints(n),
                psizes: input.ints(n),
                order: input.order(),
            }
        }
        11 => Constructor::Resized {
            lb: input.int(),
            extent: input.int(),
        },
        12 => Constructor::Dup,
        13 => Constructor::F90Real {
            precision: input.byte().is_multiple_of(2).then(|| input.int()),
            range: input.byte().is_multiple_of(2).then(|| input.int()),
        },
        14 => Constructor::F90Complex {
            precision: input.byte().is_multiple_of(2).then(|| input.int()),
            range: input.byte().is_multiple_of(2).then(|| input.int()),
        },
        _ => Constructor::F90Integer { range: input.int() },
    }
}

/// Every query of the engine on one type; a walk that finishes must agree with the summary.
fn exercise(t: &Datatype, previous: Option<&Datatype>) {
    for model in MpiModel::ALL {
        let s = t.summary(model);
        let _ = (s.extent(), s.true_extent(), s.has_explicit_bounds());
        let mut walk = t.typemap(model).with_budget(BUDGET);
        let (mut entries, mut bytes) = (0u128, 0i128);
        for e in walk.by_ref() {
            entries += 1;
            bytes += e.size;
        }
        if !walk.over_budget() {
            assert_eq!(
                entries,
                t.entry_count(),
                "typemap length of {}",
                t.describe()
            );
            assert_eq!(bytes, t.size(), "typemap size of {}", t.describe());
        }
        let _ = t.typemap_from(model, t.entry_count() / 2).take(8).count();
        let _ = t.overlaps(model, BUDGET);
        let _ = t.layout_picture(model, 48);
    }
    let _ = t.describe();
    let _ = t.implementation_dependent();
    let mut runs = t.signature_runs(3).with_budget(BUDGET);
    let _ = runs.by_ref().take(64).count();
    if let Some(p) = previous {
        let _ = t.same_as(p);
        let _ = compare_signatures(t, 2, p, 5, BUDGET);
        let _ = compare_signatures(p, 1, t, 1, BUDGET);
    }
}
