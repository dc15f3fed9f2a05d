//! Open MPI 4.1.4's arithmetic (opal/datatype/opal_datatype_add.c and
//! ompi/datatype/ompi_datatype_create_*.c): every constructor is a left-to-right sequence of
//! "add `n` copies of a type at `disp`, `spacing` apart" steps. Each step widens the bounds and
//! pads the upper bound to the running alignment unless a user bound (resize, MPI_LB/MPI_UB)
//! is set; user bounds are sticky and win over the bounds of unflagged members.

use std::sync::Arc;

use super::{add, mul, Grid, Result, Rules, Shape};
use crate::dtype::node::{Datatype, Summary};
use crate::dtype::Predefined;

pub(crate) struct OpenMpi;

impl Rules for OpenMpi {
    fn basic(_: Predefined, size: i128, align: i128) -> Summary {
        super::plain(size, align)
    }

    fn marker_lb() -> Summary {
        empty()
    }

    fn marker_ub() -> Summary {
        empty()
    }

    fn pair(members: &[Grid; 2]) -> Result<Summary> {
        let mut fold = Fold::new();
        for m in members {
            fold.add(Some(m.ty), m.old, 1, m.origin, m.old.extent())?;
        }
        Ok(fold.finish())
    }

    fn grids(shape: Shape, grids: &[Grid]) -> Result<Summary> {
        match shape {
            Shape::Contiguous => {
                let g = &grids[0];
                if g.blocklength == 0 || g.old.size == 0 {
                    return Ok(empty());
                }
                let mut fold = Fold::new();
                fold.add(Some(g.ty), g.old, g.blocklength, 0, g.old.extent())?;
                Ok(fold.finish())
            }
            Shape::Vector { stride_in_extents } => vector(&grids[0], stride_in_extents),
            Shape::Indexed { block, .. } => indexed(grids, block),
            Shape::Struct => structure(grids),
        }
    }

    fn resized(_: &Datatype, old: &Summary, lb: i128, extent: i128) -> Result<Summary> {
        let ub = add(lb, extent)?;
        Ok(Summary {
            lb,
            ub,
            explicit_lb: Some(lb),
            explicit_ub: Some(ub),
            ..*old
        })
    }
}

/// `MPI_DATATYPE_NULL` duplicated: what every empty constructor returns.
fn empty() -> Summary {
    Summary {
        size: 0,
        lb: 0,
        ub: 0,
        true_lb: 0,
        true_ub: 0,
        align: 1,
        explicit_lb: None,
        explicit_ub: None,
        data: None,
        span: None,
    }
}

fn vector(g: &Grid, stride_in_extents: Option<i128>) -> Result<Summary> {
    if g.count == 0 || g.blocklength == 0 {
        return Ok(empty());
    }
    let extent = g.old.extent();
    let contiguous = match stride_in_extents {
        Some(stride) => stride == g.blocklength,
        None => mul(g.blocklength, extent)? == g.stride,
    };
    let mut fold = Fold::new();
    if contiguous || g.count <= 1 {
        fold.add(Some(g.ty), g.old, g.copies()?, 0, extent)?;
    } else if g.blocklength == 1 {
        fold.add(Some(g.ty), g.old, g.count, 0, g.stride)?;
    } else {
        let mut block = Fold::new();
        block.add(Some(g.ty), g.old, g.blocklength, 0, extent)?;
        let block = block.finish();
        fold.add(None, &block, g.count, 0, g.stride)?;
    }
    Ok(fold.finish())
}

/// The byte distance between the blocks of a vector as Open MPI lays them out: the stride, except
/// that `opal_datatype_add` reads a spacing of -1 as "the extent of the added type", which is
/// the old type for one-element blocks and the (padded) block type otherwise.
pub(crate) fn vector_spacing(g: &Grid) -> Result<i128> {
    if g.stride != -1 || g.count <= 1 {
        return Ok(g.stride);
    }
    if g.blocklength == 1 {
        return Ok(g.old.extent());
    }
    let mut block = Fold::new();
    block.add(Some(g.ty), g.old, g.blocklength, 0, g.old.extent())?;
    Ok(block.finish().extent())
}

/// Indexed types (ompi_datatype_create_indexed.c): the general variants give the empty type when
/// every block is empty or the old type has no data; the `_block` variants only when the block
/// length is 0. Zero-length blocks are skipped, and a block that starts where the previous one
/// ends joins it, so each maximal run is one add. (Open MPI compares element displacements for
/// `indexed`; in bytes that only differs when the extent is 0, where joining changes nothing.)
fn indexed(grids: &[Grid], block: bool) -> Result<Summary> {
    let no_data = if block {
        grids.first().is_none_or(|g| g.blocklength == 0)
    } else {
        grids.iter().all(|g| g.blocklength == 0) || grids[0].old.size == 0
    };
    if no_data {
        return Ok(empty());
    }
    let mut fold = Fold::new();
    let mut run: Option<(Grid, i128)> = None;
    for g in grids.iter().filter(|g| g.blocklength > 0) {
        let extent = g.old.extent();
        run = Some(match run {
            Some((mut r, end)) if g.origin == end => {
                r.blocklength += g.blocklength;
                (r, add(end, mul(g.blocklength, extent)?)?)
            }
            previous => {
                if let Some((r, _)) = previous {
                    fold.add(Some(r.ty), r.old, r.blocklength, r.origin, extent)?;
                }
                (*g, add(g.origin, mul(g.blocklength, extent)?)?)
            }
        });
    }
    if let Some((r, _)) = run {
        fold.add(Some(r.ty), r.old, r.blocklength, r.origin, r.old.extent())?;
    }
    Ok(fold.finish())
}

/// Structs skip leading empty blocks and merge a block into the previous one when it has the
/// same handle and starts where that one ends.
fn structure(grids: &[Grid]) -> Result<Summary> {
    let Some(start) = grids.iter().position(|g| g.blocklength > 0) else {
        return Ok(empty());
    };
    let mut fold = Fold::new();
    let mut last = grids[start];
    let mut end = add(last.origin, mul(last.blocklength, last.old.extent())?)?;
    for g in &grids[start + 1..] {
        if same_handle(g.ty, last.ty) && g.origin == end {
            last.blocklength += g.blocklength;
            end = add(last.origin, mul(last.blocklength, last.old.extent())?)?;
        } else {
            fold.add_grid(&last)?;
            last = *g;
            end = add(g.origin, mul(g.blocklength, g.old.extent())?)?;
        }
    }
    fold.add_grid(&last)?;
    Ok(fold.finish())
}

fn same_handle(a: &Datatype, b: &Datatype) -> bool {
    match (a.predefined(), b.predefined()) {
        (Some(x), Some(y)) => x == y,
        _ => Arc::ptr_eq(&a.0, &b.0),
    }
}

/// The state `opal_datatype_add` updates, in `ptrdiff_t` arithmetic: Open MPI wraps, and a
/// fresh type starts from sentinels (lb `LONG_MAX`, ub `LONG_MIN`, the same for the true bounds)
/// that only adds with data replace, so a type of markers or empty members reports them.
struct Fold {
    lb: i64,
    ub: i64,
    true_lb: i64,
    true_ub: i64,
    size: i128,
    align: i128,
    user_lb: bool,
    user_ub: bool,
}

/// The summary's values as `ptrdiff_t` (every summary is checked to fit `MPI_Aint`).
fn aint(v: i128) -> i64 {
    v as i64
}

impl Fold {
    /// `ompi_datatype_create`: bounds at their sentinels.
    fn new() -> Fold {
        Fold {
            lb: i64::MAX,
            ub: i64::MIN,
            true_lb: i64::MAX,
            true_ub: i64::MIN,
            size: 0,
            align: 1,
            user_lb: false,
            user_ub: false,
        }
    }

    /// A struct's (merged) block: its elements one after the other from its origin.
    fn add_grid(&mut self, block: &Grid) -> Result<()> {
        let (ty, old) = (block.ty, block.old);
        self.add(Some(ty), old, block.blocklength, block.origin, old.extent())
    }

    /// `opal_datatype_add(self, old, n, disp, spacing)`; `ty` identifies markers.
    fn add(
        &mut self,
        ty: Option<&Datatype>,
        old: &Summary,
        n: i128,
        disp: i128,
        spacing: i128,
    ) -> Result<()> {
        if n == 0 {
            return Ok(());
        }
        let disp = aint(disp);
        match ty.and_then(Datatype::predefined) {
            Some(Predefined::Lb) => {
                explicit_marker(&mut self.lb, &mut self.user_lb, disp, i64::min);
                return Ok(());
            }
            Some(Predefined::Ub) => {
                explicit_marker(&mut self.ub, &mut self.user_ub, disp, i64::max);
                return Ok(());
            }
            _ => {}
        }
        let (old_lb, old_ub) = (aint(old.lb), aint(old.ub));
        // A spacing of -1 means "the extent of the added type" to opal.
        let spacing = if spacing == -1 {
            old_ub.wrapping_sub(old_lb)
        } else {
            aint(spacing)
        };
        let last = disp.wrapping_add(spacing.wrapping_mul(aint(n - 1)));
        let (lo, hi) = if disp < last {
            (disp, last)
        } else {
            (last, disp)
        };
        let (mut lb, mut ub) = (lo.wrapping_add(old_lb), hi.wrapping_add(old_ub));
        let mut true_lb = lb.wrapping_sub(old_lb.wrapping_sub(aint(old.true_lb)));
        let mut true_ub = ub.wrapping_sub(old_ub.wrapping_sub(aint(old.true_ub)));
        if true_lb > true_ub {
            std::mem::swap(&mut true_lb, &mut true_ub);
        }
        let (old_user_lb, old_user_ub) = (old.explicit_lb.is_some(), old.explicit_ub.is_some());
        if old_user_lb != self.user_lb {
            if self.user_lb {
                lb = self.lb;
            }
            self.user_lb = true;
        } else {
            lb = lb.min(self.lb);
        }
        if old_user_ub != self.user_ub {
            if self.user_ub {
                ub = self.ub;
            }
            self.user_ub = true;
        } else {
            ub = ub.max(self.ub);
        }
        self.lb = lb;
        self.ub = ub;
        self.align = self.align.max(old.align);
        if !self.user_ub {
            let align = self.align as i64;
            let e = self.ub.wrapping_sub(self.lb) % align;
            if e != 0 {
                self.ub = self.ub.wrapping_add(align - e);
            }
        }
        if old.size == 0 {
            return Ok(());
        }
        self.size = add(self.size, mul(n, old.size)?)?;
        self.true_lb = self.true_lb.min(true_lb);
        self.true_ub = self.true_ub.max(true_ub);
        Ok(())
    }

    fn finish(self) -> Summary {
        let (lb, ub) = (i128::from(self.lb), i128::from(self.ub));
        let (true_lb, true_ub) = (i128::from(self.true_lb), i128::from(self.true_ub));
        Summary {
            size: self.size,
            lb,
            ub,
            true_lb,
            true_ub,
            align: self.align,
            explicit_lb: self.user_lb.then_some(lb),
            explicit_ub: self.user_ub.then_some(ub),
            data: (self.size > 0).then_some((true_lb, true_ub)),
            span: None,
        }
    }
}

/// An `MPI_LB`/`MPI_UB` marker at `disp`: the bound is the marker when it is the first one
/// (`set` false), else the outermost of the markers (`outermost`: `min` for lb, `max` for ub).
fn explicit_marker(bound: &mut i64, set: &mut bool, disp: i64, outermost: fn(i64, i64) -> i64) {
    *bound = if *set { outermost(*bound, disp) } else { disp };
    *set = true;
}
