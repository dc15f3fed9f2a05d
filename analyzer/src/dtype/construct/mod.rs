//! Constructor calls: argument checks as MPI makes them, and lowering of every constructor to
//! the kernel of [`Kind`]s.

use std::sync::Arc;

use super::node::{Datatype, Kind, Label, Node, StructBlock, Unit};
use super::predefined::{Predefined, Repr};
use super::summary::{self, add, mul, Result};
use super::{Api, Constructor, Distribution, DtypeError, IntKind, MpiModel, Order, DFLT_DARG};
use crate::layout::{CType, Target};

mod grid;
mod partial;

use grid::{darray, subarray, DarrayGrid};
pub(crate) use partial::partial;

pub(crate) fn predefined(target: Target, p: Predefined) -> Result<Datatype> {
    let kind = match p.repr() {
        Repr::Marker(m) => Kind::Marker(m),
        Repr::Pair(a, b) => {
            let (first, second) = (predefined(target, a)?, predefined(target, b)?);
            let align = i128::from(layout_of(target, b)?.align);
            let second_offset = round_up(first.size(), align);
            Kind::Pair {
                first,
                second,
                second_offset,
            }
        }
        _ => {
            layout_of(target, p)?;
            Kind::Basic(p)
        }
    };
    build(target, kind, Label::Predefined(p))
}

fn layout_of(target: Target, p: Predefined) -> Result<crate::layout::SizeAlign> {
    p.basic_layout(target)
        .ok_or(DtypeError::UnsupportedOnTarget(p.name(), target.triple()))
}

fn round_up(value: i128, align: i128) -> i128 {
    value + summary::epsilon(value, align)
}

/// Builds a node: its summaries under every model and its typemap statistics.
fn build(target: Target, kind: Kind, label: Label) -> Result<Datatype> {
    let layout = match &kind {
        Kind::Basic(p) => {
            let l = layout_of(target, *p)?;
            Some((i128::from(l.size), i128::from(l.align)))
        }
        _ => None,
    };
    let summaries = [
        summary::summarize(&kind, MpiModel::Standard, layout)?,
        summary::summarize(&kind, MpiModel::Mpich, layout)?,
        summary::summarize(&kind, MpiModel::OpenMpi, layout)?,
    ];
    let (entries, uniform, nodes) = statistics(&kind);
    Ok(Datatype::from_node(Node {
        kind,
        label,
        summaries,
        entries,
        uniform,
        nodes,
    }))
}

/// Entry count, uniform basic type and node count of a kind, from its children.
fn statistics(kind: &Kind) -> (u128, Option<Predefined>, u64) {
    let copies = |n: i128, old: &Datatype| (n as u128).saturating_mul(old.entry_count());
    let join = |acc: Option<Option<Predefined>>, old: &Datatype, n: u128| match (acc, n) {
        (acc, 0) => acc,
        (None, _) => Some(old.uniform_basic()),
        (Some(u), _) if u == old.uniform_basic() => Some(u),
        _ => Some(None),
    };
    match kind {
        Kind::Basic(p) => (1, Some(*p), 1),
        Kind::Marker(_) => (0, None, 1),
        Kind::Pair { first, second, .. } => {
            let uniform = (first.uniform_basic() == second.uniform_basic())
                .then_some(first.uniform_basic())
                .flatten();
            (2, uniform, 3)
        }
        Kind::Vector {
            count,
            blocklength,
            old,
            ..
        } => {
            let n = copies(count.saturating_mul(*blocklength), old);
            (
                n,
                old.uniform_basic().filter(|_| n > 0),
                old.node_count().saturating_add(1),
            )
        }
        Kind::Indexed { blocks, old, .. } => {
            let total = blocks
                .iter()
                .fold(0u128, |acc, &(bl, _)| acc.saturating_add(copies(bl, old)));
            (
                total,
                old.uniform_basic().filter(|_| total > 0),
                old.node_count().saturating_add(1),
            )
        }
        Kind::Struct { blocks, .. } => {
            let mut total = 0u128;
            let mut uniform = None;
            let mut nodes = 1u64;
            for b in blocks.iter() {
                let n = copies(b.blocklength, &b.old);
                total = total.saturating_add(n);
                uniform = join(uniform, &b.old, n);
                nodes = nodes.saturating_add(b.old.node_count());
            }
            (total, uniform.flatten(), nodes)
        }
        Kind::Resized { old, .. } | Kind::Dup(old) => (
            old.entry_count(),
            old.uniform_basic(),
            old.node_count().saturating_add(1),
        ),
    }
}

/// Prefix sums of the entries of each block, for random access into the typemap.
fn entries_before(blocks: impl Iterator<Item = u128>) -> Arc<[u128]> {
    blocks
        .scan(0u128, |acc, n| {
            let before = *acc;
            *acc = acc.saturating_add(n);
            Some(before)
        })
        .collect()
}

/// Argument checks for one binding of the API on one target.
struct Checks {
    api: Api,
    aint: IntKind,
    aint_bits: u32,
}

impl Checks {
    fn new(api: Api, target: Target) -> Checks {
        let aint_bits = target.c(CType::MpiAint).size * 8;
        Checks {
            api,
            aint: IntKind::Aint,
            aint_bits,
        }
    }

    fn fits(&self, arg: &'static str, value: i128, kind: IntKind) -> Result<i128> {
        let kind = if self.api == Api::LargeCount {
            IntKind::Count
        } else {
            kind
        };
        let bits = match kind {
            IntKind::Int => 32,
            IntKind::Aint => self.aint_bits,
            IntKind::Count => 64,
        };
        let (min, max) = (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1);
        if (min..=max).contains(&value) {
            Ok(value)
        } else {
            Err(DtypeError::OutOfRange { arg, value, kind })
        }
    }

    /// A count or block length: non-negative `int`.
    fn count(&self, arg: &'static str, value: i128) -> Result<i128> {
        if value < 0 {
            return Err(DtypeError::Negative { arg, value });
        }
        self.fits(arg, value, IntKind::Int)
    }

    fn int(&self, arg: &'static str, value: i128) -> Result<i128> {
        self.fits(arg, value, IntKind::Int)
    }

    fn aint(&self, arg: &'static str, value: i128) -> Result<i128> {
        self.fits(arg, value, self.aint)
    }

    fn counts(&self, arg: &'static str, values: &[i128]) -> Result<()> {
        values
            .iter()
            .try_for_each(|&v| self.count(arg, v).map(drop))
    }

    /// The blocks of an indexed or struct constructor: as many displacements as block lengths,
    /// their number a count, and each block length one.
    fn blocks(&self, blocklengths: &[i128], displacements: &[impl Sized]) -> Result<()> {
        same_length("array_of_displacements", displacements, blocklengths.len())?;
        self.count("count", blocklengths.len() as i128)?;
        self.counts("array_of_blocklengths", blocklengths)
    }

    fn ints(&self, arg: &'static str, values: &[i128]) -> Result<()> {
        values.iter().try_for_each(|&v| self.int(arg, v).map(drop))
    }

    fn aints(&self, arg: &'static str, values: &[i128]) -> Result<()> {
        values.iter().try_for_each(|&v| self.aint(arg, v).map(drop))
    }

    /// Displacements in extents of the old type (`int`) or in bytes (`MPI_Aint`).
    fn displacements(&self, values: &[i128], in_extents: bool) -> Result<Unit> {
        if in_extents {
            self.ints("array_of_displacements", values)?;
            Ok(Unit::Extents)
        } else {
            self.aints("array_of_displacements", values)?;
            Ok(Unit::Bytes)
        }
    }
}

fn same_length(arg: &'static str, values: &[impl Sized], count: usize) -> Result<()> {
    if values.len() == count {
        Ok(())
    } else {
        Err(DtypeError::ArrayLength {
            arg,
            len: values.len(),
            count,
        })
    }
}

fn invalid(message: impl Into<String>) -> DtypeError {
    DtypeError::InvalidArgument(message.into())
}

pub(crate) fn construct(
    target: Target,
    ctor: &Constructor,
    api: Api,
    olds: &[Datatype],
) -> Result<Datatype> {
    let checks = Checks::new(api, target);
    if olds.len() != ctor.old_type_count() {
        return Err(DtypeError::ArrayLength {
            arg: "array_of_types",
            len: olds.len(),
            count: ctor.old_type_count(),
        });
    }
    let call = || Label::Call(api, Box::new(ctor.clone()));
    let single_old = || -> Result<Datatype> {
        let old = olds[0].clone();
        match old.predefined() {
            Some(p) if p.is_marker() => Err(DtypeError::InvalidOldType(p.name())),
            _ => Ok(old),
        }
    };
    match ctor {
        Constructor::Contiguous { count } => {
            let count = checks.count("count", *count)?;
            let kind = Kind::Vector {
                count: 1,
                blocklength: count,
                stride: 0,
                unit: Unit::Extents,
                old: single_old()?,
                contiguous: true,
            };
            build(target, kind, call())
        }
        Constructor::Vector {
            count,
            blocklength,
            stride,
        }
        | Constructor::Hvector {
            count,
            blocklength,
            stride,
        } => {
            let count = checks.count("count", *count)?;
            let blocklength = checks.count("blocklength", *blocklength)?;
            let (stride, unit) = if matches!(ctor, Constructor::Vector { .. }) {
                (checks.int("stride", *stride)?, Unit::Extents)
            } else {
                (checks.aint("stride", *stride)?, Unit::Bytes)
            };
            let kind = Kind::Vector {
                count,
                blocklength,
                stride,
                unit,
                old: single_old()?,
                contiguous: false,
            };
            build(target, kind, call())
        }
        Constructor::Indexed {
            blocklengths,
            displacements,
        }
        | Constructor::Hindexed {
            blocklengths,
            displacements,
        } => {
            checks.blocks(blocklengths, displacements)?;
            let unit =
                checks.displacements(displacements, matches!(ctor, Constructor::Indexed { .. }))?;
            indexed(
                target,
                blocklengths
                    .iter()
                    .copied()
                    .zip(displacements.iter().copied()),
                unit,
                false,
                single_old()?,
                call(),
            )
        }
        Constructor::IndexedBlock {
            blocklength,
            displacements,
        }
        | Constructor::HindexedBlock {
            blocklength,
            displacements,
        } => {
            checks.count("count", displacements.len() as i128)?;
            let blocklength = checks.count("blocklength", *blocklength)?;
            let unit = checks.displacements(
                displacements,
                matches!(ctor, Constructor::IndexedBlock { .. }),
            )?;
            indexed(
                target,
                displacements.iter().map(|&d| (blocklength, d)),
                unit,
                true,
                single_old()?,
                call(),
            )
        }
        Constructor::Struct {
            blocklengths,
            displacements,
        } => {
            checks.blocks(blocklengths, displacements)?;
            checks.aints("array_of_displacements", displacements)?;
            let blocks = blocklengths.iter().zip(displacements).zip(olds).map(
                |((&blocklength, &displacement), old)| StructBlock {
                    blocklength,
                    displacement,
                    old: old.clone(),
                },
            );
            struct_of(target, blocks, Unit::Bytes, call())
        }
        Constructor::Resized { lb, extent } => {
            let lb = checks.aint("lb", *lb)?;
            let extent = checks.aint("extent", *extent)?;
            build(
                target,
                Kind::Resized {
                    lb,
                    extent,
                    unit: Unit::Bytes,
                    old: single_old()?,
                },
                call(),
            )
        }
        Constructor::Dup => build(target, Kind::Dup(single_old()?), call()),
        Constructor::Subarray {
            sizes,
            subsizes,
            starts,
            order,
        } => {
            let old = single_old()?;
            let body = subarray(target, &checks, sizes, subsizes, starts, *order, &old)?;
            relabel(target, body, api, ctor, Some(old))
        }
        Constructor::Darray {
            size,
            rank,
            gsizes,
            distribs,
            dargs,
            psizes,
            order,
        } => {
            let old = single_old()?;
            let grid = DarrayGrid {
                size: *size,
                rank: *rank,
                gsizes,
                distribs,
                dargs,
                psizes,
                order: *order,
            };
            let body = darray(target, &checks, &grid, &old)?;
            relabel(target, body, api, ctor, Some(old))
        }
        Constructor::F90Real { precision, range }
        | Constructor::F90Complex { precision, range } => {
            let kind = super::f90::real_kind(target, *precision, *range)?;
            let p =
                super::f90::predefined_for(matches!(ctor, Constructor::F90Complex { .. }), kind)?;
            relabel(target, predefined(target, p)?, api, ctor, None)
        }
        Constructor::F90Integer { range } => {
            let p = super::f90::integer_for(*range)?;
            relabel(target, predefined(target, p)?, api, ctor, None)
        }
    }
}

/// Wraps a lowered subtree so that it describes itself as the call the user made.
fn relabel(
    target: Target,
    body: Datatype,
    api: Api,
    ctor: &Constructor,
    old: Option<Datatype>,
) -> Result<Datatype> {
    build(
        target,
        Kind::Dup(body),
        Label::Lowered {
            api,
            ctor: Box::new(ctor.clone()),
            old,
        },
    )
}

fn indexed(
    target: Target,
    blocks: impl Iterator<Item = (i128, i128)>,
    unit: Unit,
    same_length: bool,
    old: Datatype,
    label: Label,
) -> Result<Datatype> {
    let blocks: Arc<[(i128, i128)]> = blocks.collect();
    let entries_before = entries_before(
        blocks
            .iter()
            .map(|&(bl, _)| (bl as u128).saturating_mul(old.entry_count())),
    );
    build(
        target,
        Kind::Indexed {
            blocks,
            unit,
            old,
            same_length,
            entries_before,
        },
        label,
    )
}

fn struct_of(
    target: Target,
    blocks: impl Iterator<Item = StructBlock>,
    unit: Unit,
    label: Label,
) -> Result<Datatype> {
    let blocks: Arc<[StructBlock]> = blocks.collect();
    let entries_before = entries_before(
        blocks
            .iter()
            .map(|b| (b.blocklength as u128).saturating_mul(b.old.entry_count())),
    );
    build(
        target,
        Kind::Struct {
            blocks,
            unit,
            entries_before,
        },
        label,
    )
}

fn internal(target: Target, kind: Kind) -> Result<Datatype> {
    build(target, kind, Label::Internal)
}

fn contiguous(target: Target, count: i128, old: Datatype) -> Result<Datatype> {
    internal(
        target,
        Kind::Vector {
            count: 1,
            blocklength: count,
            stride: 0,
            unit: Unit::Extents,
            old,
            contiguous: true,
        },
    )
}

/// `old` with lb 0 and extent `elements` extents of `base`.
fn resized_to(target: Target, old: Datatype, elements: i128, base: &Datatype) -> Result<Datatype> {
    internal(
        target,
        Kind::Resized {
            lb: 0,
            extent: elements,
            unit: Unit::ExtentsOf(base.clone()),
            old,
        },
    )
}
