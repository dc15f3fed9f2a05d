//! The program's types by name, as the evaluation looks them up, and what it read of them: the
//! typedefs and aggregates it asked for while it was recording, found or not. A root's result
//! kept for the next version of a file is reused only when every type it read is what the
//! program now declares under that name (`eval/roots.rs`): an edit to a struct evaluates again
//! the roots that read it, not the others.

use std::cell::RefCell;
use std::sync::Arc;

use crate::fingerprint::Fingerprint;
use crate::hash::{HashMap, HashSet};
use crate::ir::{spans, Aggregate, Program, Ty};

thread_local! {
    /// The names looked up since the innermost recording on this thread began.
    static READS: RefCell<Option<Names>> = const { RefCell::new(None) };
}

#[derive(Default)]
struct Names {
    typedefs: HashSet<String>,
    aggregates: HashSet<String>,
}

/// A name the evaluation looked a type up by.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum TypeName {
    Typedef(String),
    /// `struct s`, `union u`, a derived type's or a COMMON block's name.
    Aggregate(String),
}

/// The types an evaluation read, sorted, each with what it found: the fingerprint of the type
/// without its positions, `None` when the program declares none of that name.
pub(crate) type TypeReads = Arc<[(TypeName, Option<Fingerprint>)]>;

/// The type the last typedef of `name` names.
pub(super) fn typedef<'p>(program: &'p Program, name: &str) -> Option<&'p Ty> {
    note(name, |names| &mut names.typedefs);
    last_typedef(program, name)
}

/// The last aggregate of `name`: a later declaration of the tag is the complete one.
pub(super) fn aggregate<'p>(program: &'p Program, name: &str) -> Option<&'p Aggregate> {
    note(name, |names| &mut names.aggregates);
    last_aggregate(program, name)
}

fn last_typedef<'p>(program: &'p Program, name: &str) -> Option<&'p Ty> {
    let mut typedefs = program.typedefs.iter().rev();
    typedefs.find(|(n, _)| n == name).map(|(_, ty)| ty)
}

fn last_aggregate<'p>(program: &'p Program, name: &str) -> Option<&'p Aggregate> {
    program.aggregates.iter().rev().find(|a| a.name == name)
}

fn note(name: &str, set: fn(&mut Names) -> &mut HashSet<String>) {
    READS.with_borrow_mut(|reads| {
        if let Some(set) = reads.as_mut().map(set) {
            if !set.contains(name) {
                set.insert(name.to_owned());
            }
        }
    });
}

/// Runs `f`, recording the types it reads; those names, sorted. A recording inside another
/// adds its names to the outer one's too.
pub(crate) fn recording<R>(f: impl FnOnce() -> R) -> (R, Vec<TypeName>) {
    /// The outer recording, put back when `f` returns or unwinds.
    struct Outer(Option<Names>);
    impl Drop for Outer {
        fn drop(&mut self) {
            let inner = READS.replace(self.0.take());
            READS.with_borrow_mut(|outer| {
                if let (Some(outer), Some(inner)) = (outer, inner) {
                    outer.typedefs.extend(inner.typedefs);
                    outer.aggregates.extend(inner.aggregates);
                }
            });
        }
    }
    let outer = Outer(READS.replace(Some(Names::default())));
    let result = f();
    let mut names: Vec<TypeName> = READS.with_borrow(|reads| {
        let Some(names) = reads else {
            return Vec::new();
        };
        let typedefs = names.typedefs.iter().cloned().map(TypeName::Typedef);
        let aggregates = names.aggregates.iter().cloned().map(TypeName::Aggregate);
        typedefs.chain(aggregates).collect()
    });
    drop(outer);
    names.sort_unstable();
    (result, names)
}

/// What the program declares under each type name asked for, made once per name. The same for
/// every version of a file whose declarations are the same, positions aside: shared by them,
/// and copied only to add a name.
#[derive(Clone, Debug, Default)]
pub(crate) struct TypeValues(Arc<HashMap<TypeName, Option<Fingerprint>>>);

impl TypeValues {
    fn value(&mut self, program: &Program, name: &TypeName) -> Option<Fingerprint> {
        if let Some(value) = self.0.get(name) {
            return *value;
        }
        let value = match name {
            TypeName::Typedef(n) => last_typedef(program, n)
                .map(|ty| Fingerprint::default().mix_debug(&spans::without_positions(ty.clone()))),
            TypeName::Aggregate(n) => last_aggregate(program, n)
                .map(|a| Fingerprint::default().mix_debug(&spans::aggregate_without_positions(a))),
        };
        Arc::make_mut(&mut self.0).insert(name.clone(), value);
        value
    }

    /// The types `names` with what the program declares under them.
    pub(crate) fn reads(&mut self, program: &Program, names: Vec<TypeName>) -> TypeReads {
        names
            .into_iter()
            .map(|name| {
                let value = self.value(program, &name);
                (name, value)
            })
            .collect()
    }

    /// Whether every type of `reads` is what the program declares under its name.
    pub(crate) fn unchanged(&mut self, program: &Program, reads: &TypeReads) -> bool {
        reads
            .iter()
            .all(|(name, value)| self.value(program, name) == *value)
    }
}
