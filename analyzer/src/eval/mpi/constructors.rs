//! Constructor calls: the datatype the engine builds from the evaluated arguments, and the
//! handle it is bound to.

use std::sync::Arc;

use super::RawArg;
use crate::catalog::{ConstructorKind, Effect, MpiFunction};
use crate::dtype::{
    Api, Constructor, Datatype, Distribution, DtypeError, Order, Partial, PartialCall,
};
use crate::eval::value::{HandleState, Place, State, Tri, Value};
use crate::eval::{knowledge, DefinitionKey, Evaluator, Handle, TypeDefinition, Variant};
use crate::ir::spans;
use crate::source::Span;
use ConstructorKind as K;

/// Handles one constructor call may make in one evaluation (see `Evaluator::define`).
const MAX_HANDLES_PER_CALL: usize = 64;

/// What one evaluation of a constructor call made.
#[derive(Clone, Debug)]
pub(in crate::eval) struct Built {
    /// The datatype, or the engine's error; `None` when an argument is unknown.
    pub(in crate::eval) datatype: Option<Result<Datatype, DtypeError>>,
    /// When the datatype is unknown: what MPI fixes of it.
    pub(in crate::eval) partial: Option<Partial>,
}

/// Folds one more evaluation into what the earlier ones of a call made: the datatype when they
/// all built the same one, else what they all know alike.
pub(in crate::eval) fn join(
    datatype: &mut Option<Result<Datatype, DtypeError>>,
    partial: &mut Option<Partial>,
    built: &Built,
) {
    let before = knowledge(datatype, partial);
    if !same_result(datatype, &built.datatype) {
        *datatype = None;
    }
    *partial = match (
        &datatype,
        before,
        knowledge(&built.datatype, &built.partial),
    ) {
        (None, Some(a), Some(b)) => a.meet(&b),
        _ => None,
    };
}

fn int(raw: &[RawArg], i: usize) -> Option<i128> {
    raw.get(i)?.value()?.as_int()
}

fn ints(raw: &[RawArg], i: usize) -> Option<Vec<i128>> {
    raw.get(i)?.array()?.iter().map(Value::as_int).collect()
}

impl Evaluator<'_> {
    /// Builds the datatype a constructor call describes, or, when an argument is unknown, what
    /// MPI fixes of it.
    pub(super) fn build(&mut self, kind: ConstructorKind, api: Api, raw: &[RawArg]) -> Built {
        match self.build_known(kind, api, raw) {
            Some(datatype) => Built {
                datatype: Some(datatype),
                partial: None,
            },
            None => Built {
                datatype: None,
                partial: self.build_partial(kind, api, raw),
            },
        }
    }

    /// Everything known of the datatype a handle value holds.
    pub(super) fn knowledge_of(&self, v: &Value) -> Option<Partial> {
        match v {
            Value::Handle(h) => self.handles.get(*h)?.knowledge(),
            _ => None,
        }
    }

    /// What MPI fixes of a call's datatype from the arguments that are known (see
    /// `dtype::partial`).
    fn build_partial(&self, kind: ConstructorKind, api: Api, raw: &[RawArg]) -> Option<Partial> {
        let int = |i: usize| int(raw, i);
        let ints = |i: usize| ints(raw, i);
        let blocks = |count: usize, blocklength: usize| {
            Some(PartialCall::Blocks {
                count: int(count)?,
                blocklength: int(blocklength)?,
            })
        };
        // The constructor's arguments and where its one old type is (struct: none).
        let (call, old) = match kind {
            K::Contiguous => (
                PartialCall::Blocks {
                    count: 1,
                    blocklength: int(0)?,
                },
                Some(1),
            ),
            K::Vector | K::Hvector | K::IndexedBlock | K::HindexedBlock => (blocks(0, 1)?, Some(3)),
            K::Indexed | K::Hindexed | K::Struct => (
                PartialCall::Lengths {
                    blocklengths: ints(1)?,
                },
                (kind != K::Struct).then_some(3),
            ),
            K::Subarray => (
                PartialCall::Subarray {
                    sizes: ints(1),
                    subsizes: ints(2)?,
                },
                Some(5),
            ),
            K::Resized => (
                PartialCall::Resized {
                    lb: int(1),
                    extent: int(2),
                },
                Some(0),
            ),
            K::Dup => (PartialCall::Dup, Some(0)),
            K::Darray | K::F90Real | K::F90Complex | K::F90Integer | K::MatchSize => return None,
        };
        let olds: Vec<Option<Partial>> = match old {
            Some(i) => {
                let value = raw.get(i)?.value()?;
                // A bound marker is no old type but for struct: the call fails.
                if self
                    .datatype_of(value)
                    .is_some_and(|d| d.marker().is_some())
                {
                    return None;
                }
                vec![self.knowledge_of(value)]
            }
            None => raw
                .get(3)?
                .array()?
                .iter()
                .map(|v| self.knowledge_of(v))
                .collect(),
        };
        self.engine.partial(&call, api, &olds)
    }

    /// Builds the datatype a constructor call describes; `None` when an argument is unknown.
    fn build_known(
        &mut self,
        kind: ConstructorKind,
        api: Api,
        raw: &[RawArg],
    ) -> Option<Result<Datatype, DtypeError>> {
        let int = |i: usize| int(raw, i);
        let ints = |i: usize| ints(raw, i);
        // Byte displacements: numbers, or absolute addresses (for use with MPI_BOTTOM) that all
        // lie in one object, which then give the type relative to that object.
        let byte_displacements = |i: usize| -> Option<Vec<i128>> {
            let values = raw.get(i)?.array()?;
            ints(i).or_else(|| {
                let first = match values.first()? {
                    Value::Addr { object, .. } => *object,
                    _ => return None,
                };
                values
                    .iter()
                    .map(|v| match v {
                        Value::Addr { object, offset } if *object == first => Some(*offset),
                        _ => None,
                    })
                    .collect()
            })
        };
        let old = |ev: &Self, i: usize| ev.datatype_of(raw.get(i)?.value()?);
        let order = |i: usize| match raw.get(i)?.value()? {
            Value::Named("MPI_ORDER_C") => Some(Order::C),
            Value::Named("MPI_ORDER_FORTRAN") => Some(Order::Fortran),
            _ => None,
        };
        let optional = |i: usize| match raw.get(i)?.value()? {
            Value::Named("MPI_UNDEFINED") => Some(None),
            Value::Int(v) => Some(Some(*v)),
            _ => None,
        };
        let (ctor, olds) = match kind {
            K::Contiguous => (
                Constructor::Contiguous { count: int(0)? },
                vec![old(self, 1)?],
            ),
            K::Vector => (
                Constructor::Vector {
                    count: int(0)?,
                    blocklength: int(1)?,
                    stride: int(2)?,
                },
                vec![old(self, 3)?],
            ),
            K::Hvector => (
                Constructor::Hvector {
                    count: int(0)?,
                    blocklength: int(1)?,
                    stride: int(2)?,
                },
                vec![old(self, 3)?],
            ),
            K::Indexed => (
                Constructor::Indexed {
                    blocklengths: ints(1)?,
                    displacements: ints(2)?,
                },
                vec![old(self, 3)?],
            ),
            K::Hindexed => (
                Constructor::Hindexed {
                    blocklengths: ints(1)?,
                    displacements: byte_displacements(2)?,
                },
                vec![old(self, 3)?],
            ),
            K::IndexedBlock => (
                Constructor::IndexedBlock {
                    blocklength: int(1)?,
                    displacements: ints(2)?,
                },
                vec![old(self, 3)?],
            ),
            K::HindexedBlock => (
                Constructor::HindexedBlock {
                    blocklength: int(1)?,
                    displacements: byte_displacements(2)?,
                },
                vec![old(self, 3)?],
            ),
            K::Struct => {
                let types: Option<Vec<Datatype>> = raw
                    .get(3)?
                    .array()?
                    .iter()
                    .map(|v| self.datatype_of(v))
                    .collect();
                (
                    Constructor::Struct {
                        blocklengths: ints(1)?,
                        displacements: byte_displacements(2)?,
                    },
                    types?,
                )
            }
            K::Subarray => (
                Constructor::Subarray {
                    sizes: ints(1)?,
                    subsizes: ints(2)?,
                    starts: ints(3)?,
                    order: order(4)?,
                },
                vec![old(self, 5)?],
            ),
            K::Darray => {
                let distribs: Option<Vec<Distribution>> =
                    raw.get(4)?.array()?.iter().map(distribution).collect();
                let ctor = Constructor::Darray {
                    size: int(0)?,
                    rank: int(1)?,
                    gsizes: ints(3)?,
                    distribs: distribs?,
                    dargs: ints(5)?,
                    psizes: ints(6)?,
                    order: order(7)?,
                };
                (ctor, vec![old(self, 8)?])
            }
            K::Resized => (
                Constructor::Resized {
                    lb: int(1)?,
                    extent: int(2)?,
                },
                vec![old(self, 0)?],
            ),
            K::Dup => (Constructor::Dup, vec![old(self, 0)?]),
            K::F90Real => (
                Constructor::F90Real {
                    precision: optional(0)?,
                    range: optional(1)?,
                },
                vec![],
            ),
            K::F90Complex => (
                Constructor::F90Complex {
                    precision: optional(0)?,
                    range: optional(1)?,
                },
                vec![],
            ),
            K::F90Integer => (Constructor::F90Integer { range: int(0)? }, vec![]),
            // Which of the types of that size it is, is the library's choice (MPICH returns
            // MPI_REAL4 where Open MPI returns MPI_REAL).
            K::MatchSize => return None,
        };
        Some(self.engine.construct(&ctor, api, &olds))
    }

    /// Records a new handle made by a constructor call and stores it in the output argument.
    /// A call that has made [`MAX_HANDLES_PER_CALL`] handles already stores an unknown value
    /// instead: a constructor in a long loop would otherwise make the handle states, and every
    /// join of them, grow with the iterations.
    pub(super) fn define(
        &mut self,
        state: &mut State,
        function: &'static MpiFunction,
        span: Span,
        target: &crate::ir::Expr,
        out: Option<&Place>,
        built: Built,
    ) -> Option<usize> {
        let target_span = target.span;
        let key: DefinitionKey = (
            span,
            target_span,
            function.name,
            target.root_name().map(str::to_owned),
        );
        let made = self
            .definition_index
            .get(&key)
            .map_or(0, |&i| self.definitions[i].handles.len());
        if made >= MAX_HANDLES_PER_CALL {
            self.note(
                span,
                "the datatypes this call makes after its first 64 are not followed",
            );
            if let Some(out) = out {
                self.write_place(state, out, Value::Unknown);
            }
            return None;
        }
        self.handles.push(Handle {
            datatype: built.datatype.clone(),
            partial: built.partial.clone(),
            predefined: None,
            returned_predefined: matches!(function.effect, Effect::Construct(k) if k.returns_predefined()),
        });
        let h = self.handles.len() - 1;
        state.handles.insert(
            h,
            HandleState {
                committed: Tri::No,
                freed: Tri::No,
            },
        );
        if let Some(out) = out {
            self.write_place(state, out, Value::Handle(h));
        }
        let variant = Variant {
            via: self.call_sites.clone(),
            datatype: built.datatype.clone(),
            partial: built.partial.clone(),
        };
        match self.definition_index.get(&key) {
            Some(&i) => {
                let d = &mut self.definitions[i];
                join(&mut d.datatype, &mut d.partial, &built);
                Arc::make_mut(&mut d.handles).push(h);
                let variants = Arc::make_mut(&mut d.variants);
                match variants.iter_mut().find(|v| v.via == variant.via) {
                    Some(v) => join(&mut v.datatype, &mut v.partial, &built),
                    None => variants.push(variant),
                }
            }
            None => {
                self.definition_index.insert(key, self.definitions.len());
                self.definitions.push(TypeDefinition {
                    span,
                    constructor: function,
                    target_span,
                    target: Arc::new(spans::expr_without_positions(target.clone())),
                    datatype: built.datatype,
                    partial: built.partial,
                    committed: Tri::No,
                    unfollowed: false,
                    handles: Arc::new(vec![h]),
                    variants: Arc::new(vec![variant]),
                });
            }
        }
        Some(h)
    }
}

fn distribution(v: &Value) -> Option<Distribution> {
    match v {
        Value::Named("MPI_DISTRIBUTE_BLOCK") => Some(Distribution::Block),
        Value::Named("MPI_DISTRIBUTE_CYCLIC") => Some(Distribution::Cyclic),
        Value::Named("MPI_DISTRIBUTE_NONE") => Some(Distribution::None),
        _ => None,
    }
}

/// Two evaluations of one constructor call agree when they built the same datatype.
fn same_result(
    a: &Option<Result<Datatype, DtypeError>>,
    b: &Option<Result<Datatype, DtypeError>>,
) -> bool {
    match (a, b) {
        (Some(Ok(x)), Some(Ok(y))) => x.same_as(y),
        (Some(Err(x)), Some(Err(y))) => x == y,
        _ => false,
    }
}
