//! Per-model summaries: how each MPI model computes size, bounds and alignment of a node from the
//! summaries of its children. Everything here is O(blocks of the node).

use super::node::{Datatype, Kind, Summary, Unit};
use super::{DtypeError, MpiModel, Predefined};

mod mpich;
pub(crate) mod openmpi;
mod standard;

pub(crate) type Result<T> = std::result::Result<T, DtypeError>;

/// Checked arithmetic: values stay far inside i128 because every summary is checked against
/// the `MPI_Aint` range, so an overflow here means the user's type overflows MPI's integers.
pub(crate) fn mul(a: i128, b: i128) -> Result<i128> {
    a.checked_mul(b).ok_or(DtypeError::Overflow {
        what: "size or bounds",
    })
}

pub(crate) fn add(a: i128, b: i128) -> Result<i128> {
    a.checked_add(b).ok_or(DtypeError::Overflow {
        what: "size or bounds",
    })
}

/// Copies of one old type at `origin + i * stride + j * extent(old)`, `i < count`,
/// `j < blocklength`: one vector, one block of an indexed or struct type.
#[derive(Clone, Copy)]
pub(crate) struct Grid<'a> {
    pub(crate) ty: &'a Datatype,
    pub(crate) old: &'a Summary,
    pub(crate) origin: i128,
    pub(crate) count: i128,
    pub(crate) stride: i128,
    pub(crate) blocklength: i128,
}

impl Grid<'_> {
    pub(crate) fn copies(&self) -> Result<i128> {
        mul(self.count, self.blocklength)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.count == 0 || self.blocklength == 0
    }

    /// The least and greatest displacement of a copy; `None` when there is no copy.
    pub(crate) fn offsets(&self) -> Result<Option<(i128, i128)>> {
        if self.is_empty() {
            return Ok(None);
        }
        let along_count = mul(self.count - 1, self.stride)?;
        let along_block = mul(self.blocklength - 1, self.old.extent())?;
        let lo = add(add(self.origin, along_count.min(0))?, along_block.min(0))?;
        let hi = add(add(self.origin, along_count.max(0))?, along_block.max(0))?;
        Ok(Some((lo, hi)))
    }
}

/// Which constructor the grids come from: the libraries treat each differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    Contiguous,
    /// The stride as given, when it was given in extents of the old type (`MPI_Type_vector`).
    Vector {
        stride_in_extents: Option<i128>,
    },
    /// `block` when every block has the same length by construction (`indexed_block`); the
    /// displacements are as given, in extents of the old type when `in_extents`.
    Indexed {
        block: bool,
        in_extents: bool,
    },
    Struct,
}

/// The per-model rules.
pub(crate) trait Rules {
    fn basic(p: Predefined, size: i128, align: i128) -> Summary;
    fn marker_lb() -> Summary;
    fn marker_ub() -> Summary;
    fn grids(shape: Shape, grids: &[Grid]) -> Result<Summary>;
    /// A predefined pair type: the C struct of its two members.
    fn pair(members: &[Grid; 2]) -> Result<Summary>;
    fn resized(ty: &Datatype, old: &Summary, lb: i128, extent: i128) -> Result<Summary>;
}

/// A type with one basic entry at 0 (also the base case of every model).
pub(crate) fn plain(size: i128, align: i128) -> Summary {
    Summary {
        size,
        lb: 0,
        ub: size,
        true_lb: 0,
        true_ub: size,
        align,
        explicit_lb: None,
        explicit_ub: None,
        data: Some((0, size)),
        span: Some((0, size)),
    }
}

/// The libraries' padding: `e = (ub - lb) % align` with C's remainder (the sign of the
/// dividend); a non-zero `e` moves ub up by `align - e`.
pub(crate) fn c_pad(lb: i128, ub: i128, align: i128) -> i128 {
    if align <= 1 {
        return ub;
    }
    match (ub - lb) % align {
        0 => ub,
        e => ub + align - e,
    }
}

/// Smallest non-negative increment that rounds `extent` up to a multiple of `align`.
pub(crate) fn epsilon(extent: i128, align: i128) -> i128 {
    if align <= 1 {
        0
    } else {
        (align - extent.rem_euclid(align)).rem_euclid(align)
    }
}

pub(crate) fn min_opt(a: Option<i128>, b: Option<i128>) -> Option<i128> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) | (None, x) => x,
    }
}

pub(crate) fn max_opt(a: Option<i128>, b: Option<i128>) -> Option<i128> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.max(y)),
        (x, None) | (None, x) => x,
    }
}

pub(crate) fn span_union(a: Option<(i128, i128)>, b: Option<(i128, i128)>) -> Option<(i128, i128)> {
    match (a, b) {
        (Some((l1, h1)), Some((l2, h2))) => Some((l1.min(l2), h1.max(h2))),
        (x, None) | (None, x) => x,
    }
}

/// Summarises a kernel node under `model`. Pairs are summarised as the struct they are.
pub(crate) fn summarize(
    kind: &Kind,
    model: MpiModel,
    layout: Option<(i128, i128)>,
) -> Result<Summary> {
    match model {
        MpiModel::Standard => summarize_with::<standard::Standard>(kind, model, layout),
        MpiModel::Mpich => summarize_with::<mpich::Mpich>(kind, model, layout),
        MpiModel::OpenMpi => summarize_with::<openmpi::OpenMpi>(kind, model, layout),
    }
}

/// `layout` is the (size, alignment) of a basic type, known only for `Kind::Basic`.
fn summarize_with<R: Rules>(
    kind: &Kind,
    model: MpiModel,
    layout: Option<(i128, i128)>,
) -> Result<Summary> {
    let s = |d: &Datatype| *d.summary(model);
    let summary = match kind {
        Kind::Basic(p) => {
            let (size, align) = layout.unwrap_or((0, 1));
            R::basic(*p, size, align)
        }
        Kind::Marker(super::Marker::Lb) => R::marker_lb(),
        Kind::Marker(super::Marker::Ub) => R::marker_ub(),
        Kind::Pair {
            first,
            second,
            second_offset,
        } => {
            let (a, b) = (s(first), s(second));
            let grids = [
                Grid {
                    ty: first,
                    old: &a,
                    origin: 0,
                    count: 1,
                    stride: 0,
                    blocklength: 1,
                },
                Grid {
                    ty: second,
                    old: &b,
                    origin: *second_offset,
                    count: 1,
                    stride: 0,
                    blocklength: 1,
                },
            ];
            R::pair(&grids)?
        }
        Kind::Vector {
            count,
            blocklength,
            stride,
            unit,
            old,
            contiguous,
        } => {
            let ty = old;
            let old = s(old);
            let shape = if *contiguous {
                Shape::Contiguous
            } else {
                Shape::Vector {
                    stride_in_extents: matches!(unit, Unit::Extents).then_some(*stride),
                }
            };
            let stride = mul(*stride, unit_size(unit, &old, model))?;
            R::grids(
                shape,
                &[Grid {
                    ty,
                    old: &old,
                    origin: 0,
                    count: *count,
                    stride,
                    blocklength: *blocklength,
                }],
            )?
        }
        Kind::Indexed {
            blocks,
            unit,
            old,
            same_length,
            ..
        } => {
            let ty = old;
            let old = s(old);
            let scale = unit_size(unit, &old, model);
            let grids = blocks
                .iter()
                .map(|&(blocklength, disp)| {
                    Ok(Grid {
                        ty,
                        old: &old,
                        origin: mul(disp, scale)?,
                        count: 1,
                        stride: 0,
                        blocklength,
                    })
                })
                .collect::<Result<Vec<_>>>()?;
            let shape = Shape::Indexed {
                block: *same_length,
                in_extents: matches!(unit, Unit::Extents),
            };
            R::grids(shape, &grids)?
        }
        Kind::Struct { blocks, unit, .. } => {
            let olds: Vec<Summary> = blocks.iter().map(|b| s(&b.old)).collect();
            let grids = blocks
                .iter()
                .zip(&olds)
                .map(|(b, old)| {
                    let origin = mul(b.displacement, unit_size(unit, old, model))?;
                    Ok(Grid {
                        ty: &b.old,
                        old,
                        origin,
                        count: 1,
                        stride: 0,
                        blocklength: b.blocklength,
                    })
                })
                .collect::<Result<Vec<_>>>()?;
            R::grids(Shape::Struct, &grids)?
        }
        Kind::Resized {
            lb,
            extent,
            unit,
            old,
        } => {
            let ty = old;
            let old = s(old);
            let scale = unit_size(unit, &old, model);
            R::resized(ty, &old, mul(*lb, scale)?, mul(*extent, scale)?)?
        }
        Kind::Dup(old) => s(old),
    };
    check_aint(&summary, model)?;
    Ok(summary)
}

/// Bytes per unit under `model`; `old` is the summary of the node's old type.
pub(crate) fn unit_size(unit: &Unit, old: &Summary, model: MpiModel) -> i128 {
    match unit {
        Unit::Bytes => 1,
        Unit::Extents => old.extent(),
        Unit::ExtentsOf(base) => base.summary(model).extent(),
    }
}

/// Whether a value fits a 64-bit `MPI_Aint`/`MPI_Count`.
pub(crate) fn in_aint(v: i128) -> bool {
    (i64::MIN as i128..=i64::MAX as i128).contains(&v)
}

/// Every value MPI reports must fit its `MPI_Aint`/`MPI_Count` (64 bits on every target we model
/// for `MPI_Count`; the engine holds i128 so that this check, not a wrap, decides).
/// Open MPI's bounds are `ptrdiff_t` and may sit at its sentinels, so its extent may wrap.
fn check_aint(s: &Summary, model: MpiModel) -> Result<()> {
    let extent = if model == MpiModel::OpenMpi {
        0
    } else {
        s.ub - s.lb
    };
    let values = [s.size, s.lb, s.ub, s.true_lb, s.true_ub, extent];
    if values.into_iter().all(in_aint) {
        Ok(())
    } else {
        Err(DtypeError::Overflow {
            what: "size or bounds",
        })
    }
}
