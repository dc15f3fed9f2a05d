//! MPICH 4.0.2's arithmetic. MPICH takes bounds from its bundled yaksa library
//! (src/frontend/types/yaksa_*.c) after its own preprocessing (src/mpi/datatype/type_create.c):
//! bounds propagate from the old types' lb/ub, never from the typemap; only structs are padded,
//! and not when every member is the same yaksa object; bound markers are stripped from structs
//! and applied as a plain resize, so they are not sticky.

use std::sync::Arc;

use super::{add, c_pad, mul, Grid, Result, Rules, Shape};
use crate::dtype::node::{Datatype, Kind, Summary};
use crate::dtype::{MpiModel, Predefined};

pub(crate) struct Mpich;

/// Bounds under construction: (lb, ub, true_lb, true_ub).
type Bounds = (i128, i128, i128, i128);

impl Rules for Mpich {
    fn basic(p: Predefined, size: i128, align: i128) -> Summary {
        // MPICH gives its quad-precision Fortran types no alignment.
        let align = if matches!(p, Predefined::Real16 | Predefined::Complex32) {
            1
        } else {
            align
        };
        super::plain(size, align)
    }

    fn marker_lb() -> Summary {
        zerolen()
    }

    fn marker_ub() -> Summary {
        zerolen()
    }

    fn pair(members: &[Grid; 2]) -> Result<Summary> {
        let size = total_size(members)?;
        Ok(with_size(padded_union(members)?, size))
    }

    fn grids(shape: Shape, grids: &[Grid]) -> Result<Summary> {
        let size = total_size(grids)?;
        let summary = match shape {
            Shape::Contiguous => contiguous(&grids[0], grids[0].blocklength)?,
            Shape::Vector { .. } => vector(&grids[0])?,
            Shape::Indexed { block, .. } => indexed(grids, block)?,
            Shape::Struct => structure(grids)?,
        };
        Ok(with_size(summary, size))
    }

    fn resized(_: &Datatype, old: &Summary, lb: i128, extent: i128) -> Result<Summary> {
        Ok(Summary {
            lb,
            ub: add(lb, extent)?,
            ..*old
        })
    }
}

fn total_size(grids: &[Grid]) -> Result<i128> {
    grids
        .iter()
        .try_fold(0, |acc, g| add(acc, mul(g.copies()?, g.old.size)?))
}

fn with_size(summary: Summary, size: i128) -> Summary {
    let data = (size > 0).then_some((summary.true_lb, summary.true_ub));
    Summary {
        size,
        data,
        ..summary
    }
}

/// The empty type MPICH substitutes for anything without data (`MPII_Type_zerolen`).
fn zerolen() -> Summary {
    from_bounds((0, 0, 0, 0), 1)
}

fn from_bounds((lb, ub, true_lb, true_ub): Bounds, align: i128) -> Summary {
    Summary {
        size: 0,
        lb,
        ub,
        true_lb,
        true_ub,
        align,
        explicit_lb: None,
        explicit_ub: None,
        data: None,
        span: None,
    }
}

/// `n` copies of `old` starting anywhere in `[lo, hi]`: MPICH's block rule, which reads the
/// old type's lb/ub and extends by `n - 1` extents on the side the extent points to. MPICH applies
/// it to empty blocks too, where `n - 1 = -1` pulls the far bound back by one extent.
fn run_bounds(old: &Summary, lo: i128, hi: i128, n: i128) -> Result<Bounds> {
    let ext = old.extent();
    let (lb, ub) = if ext >= 0 {
        (add(lo, old.lb)?, add(add(hi, old.ub)?, mul(n - 1, ext)?)?)
    } else {
        (add(add(lo, old.lb)?, mul(n - 1, ext)?)?, add(hi, old.ub)?)
    };
    Ok((lb, ub, lb - old.lb + old.true_lb, ub - old.ub + old.true_ub))
}

fn union(a: Option<Bounds>, b: Bounds) -> Bounds {
    match a {
        None => b,
        Some((l, u, tl, tu)) => (l.min(b.0), u.max(b.1), tl.min(b.2), tu.max(b.3)),
    }
}

fn contiguous(g: &Grid, n: i128) -> Result<Summary> {
    if n == 0 || g.old.size == 0 {
        return Ok(zerolen());
    }
    if n == 1 {
        return Ok(*g.old);
    }
    Ok(from_bounds(run_bounds(g.old, 0, 0, n)?, g.old.align))
}

fn vector(g: &Grid) -> Result<Summary> {
    if g.count == 0 || g.old.size == 0 {
        return Ok(zerolen());
    }
    if g.count == 1 && g.blocklength > 0 {
        return contiguous(g, g.blocklength);
    }
    let along = mul(g.count - 1, g.stride)?;
    Ok(from_bounds(
        run_bounds(g.old, along.min(0), along.max(0), g.blocklength)?,
        g.old.align,
    ))
}

/// Indexed and hindexed (`block` for the `_block` variants). A zero block length is dropped by
/// the general variants but bounds the type in the block variants.
fn indexed(grids: &[Grid], block: bool) -> Result<Summary> {
    let Some(first) = grids.first() else {
        return Ok(zerolen());
    };
    if first.old.size == 0 {
        return Ok(zerolen());
    }
    if grids.iter().all(|g| g.blocklength == 0) {
        if !block {
            return Ok(zerolen());
        }
        let lo = grids.iter().map(|g| g.origin).min().unwrap_or(0);
        let hi = grids.iter().map(|g| g.origin).max().unwrap_or(0);
        return Ok(from_bounds(
            run_bounds(first.old, lo, hi, 0)?,
            first.old.align,
        ));
    }
    let mut bounds = None;
    for g in grids.iter().filter(|g| g.blocklength > 0) {
        bounds = Some(union(
            bounds,
            run_bounds(g.old, g.origin, g.origin, g.blocklength)?,
        ));
    }
    Ok(from_bounds(bounds.unwrap_or_default(), first.old.align))
}

fn structure(grids: &[Grid]) -> Result<Summary> {
    // Markers are stripped whatever their block length; the last of each kind wins.
    let (mut lb_marker, mut ub_marker) = (None, None);
    let mut members = Vec::with_capacity(grids.len());
    for g in grids {
        match g.ty.predefined() {
            Some(Predefined::Lb) => lb_marker = Some(g.origin),
            Some(Predefined::Ub) => ub_marker = Some(g.origin),
            _ => members.push(*g),
        }
    }
    let same_object = members
        .windows(2)
        .all(|w| yaksa_object(w[0].ty) == yaksa_object(w[1].ty));
    let mut summary = if total_size(&members)? == 0 {
        zerolen()
    } else if same_object {
        indexed(&members, false)?
    } else {
        padded_union(&members)?
    };
    summary.lb = lb_marker.unwrap_or(summary.lb);
    summary.ub = ub_marker.unwrap_or(summary.ub);
    Ok(summary)
}

/// The general struct: the union of the members' block bounds, padded to the largest member
/// alignment.
fn padded_union(members: &[Grid]) -> Result<Summary> {
    let mut bounds = None;
    let mut align = 1;
    for g in members.iter().filter(|g| g.blocklength > 0) {
        bounds = Some(union(
            bounds,
            run_bounds(g.old, g.origin, g.origin, g.blocklength)?,
        ));
        align = align.max(g.old.align);
    }
    let (lb, ub, true_lb, true_ub) = bounds.unwrap_or_default();
    Ok(from_bounds(
        (lb, c_pad(lb, ub, align), true_lb, true_ub),
        align,
    ))
}

/// Which yaksa object a handle maps to: yaksa aliases integer types of equal size (signed or
/// not, `MPI_BYTE` among the one-byte ones) and the three chars, and returns the input object
/// itself for a dup, a contiguous of one, or a resize that changes nothing.
#[derive(PartialEq, Eq)]
enum YaksaObject {
    Integer(i128),
    Char,
    Builtin(Predefined),
    Derived(usize),
}

fn yaksa_object(ty: &Datatype) -> YaksaObject {
    use Predefined::*;
    match ty.kind() {
        Kind::Basic(p) => match p {
            Char | SignedChar | UnsignedChar => YaksaObject::Char,
            Byte | Short | UnsignedShort | Int | Unsigned | Long | UnsignedLong | LongLong
            | UnsignedLongLong | Int8 | Int16 | Int32 | Int64 | UInt8 | UInt16 | UInt32
            | UInt64 | Aint | Offset | Count | Integer | Integer1 | Integer2 | Integer4
            | Integer8 | Integer16 => YaksaObject::Integer(ty.size()),
            other => YaksaObject::Builtin(*other),
        },
        Kind::Pair { .. } | Kind::Marker(_) => match ty.predefined() {
            Some(p) => YaksaObject::Builtin(p),
            None => YaksaObject::Derived(Arc::as_ptr(&ty.0) as usize),
        },
        Kind::Dup(old) => yaksa_object(old),
        Kind::Vector {
            count,
            blocklength,
            contiguous,
            old,
            ..
        } if *blocklength == 1 && (*contiguous || *count == 1) => yaksa_object(old),
        Kind::Resized { old, .. } if same_bounds(ty, old) => yaksa_object(old),
        _ => YaksaObject::Derived(Arc::as_ptr(&ty.0) as usize),
    }
}

fn same_bounds(a: &Datatype, b: &Datatype) -> bool {
    let (a, b) = (a.summary(MpiModel::Mpich), b.summary(MpiModel::Mpich));
    a.lb == b.lb && a.ub == b.ub
}
