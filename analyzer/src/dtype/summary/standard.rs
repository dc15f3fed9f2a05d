//! The standard's definitions (MPI 4.1 §5.1, MPI-2.2 §4.1.6): explicit markers are sticky, and
//! the extent is padded to the largest alignment of the basic types in the map. Where MPICH and
//! Open MPI agree on something the standard leaves open or words otherwise, the model follows
//! them: a member's bounds are its old type's lb and ub (its padding included, as for the pair
//! types), and a contiguous or (h)indexed type of an old type without data is the empty type.

use super::{add, epsilon, max_opt, min_opt, span_union, Grid, Result, Rules, Shape};
use crate::dtype::node::{Datatype, Summary};
use crate::dtype::Predefined;

pub(crate) struct Standard;

impl Rules for Standard {
    fn basic(_: Predefined, size: i128, align: i128) -> Summary {
        super::plain(size, align)
    }

    // A marker only sets an explicit bound: both libraries leave it out of the natural bounds
    // (MPICH strips markers from structs; Open MPI's add returns before touching them).
    fn marker_lb() -> Summary {
        Summary {
            span: None,
            ..finish(0, 1, None, None, Some(0), None)
        }
    }

    fn marker_ub() -> Summary {
        Summary {
            span: None,
            ..finish(0, 1, None, None, None, Some(0))
        }
    }

    fn grids(shape: Shape, grids: &[Grid]) -> Result<Summary> {
        if let Some(first) = grids.first().filter(|g| g.old.size == 0) {
            // Both libraries return the empty type for a contiguous or a general (h)indexed type
            // of an old type without data, whatever its markers; for vectors and the `_block`
            // variants they differ, and the standard keeps the sticky markers.
            let replicates = matches!(
                shape,
                Shape::Contiguous | Shape::Indexed { block: false, .. }
            );
            if shape != Shape::Struct && (replicates || !first.old.has_explicit_bounds()) {
                return Ok(empty());
            }
        }
        let (mut size, mut align) = (0, 1);
        let (mut data, mut span) = (None, None);
        let (mut explicit_lb, mut explicit_ub) = (None, None);
        for grid in grids {
            let Some((lo, hi)) = grid.offsets()? else {
                continue;
            };
            let old = grid.old;
            size = add(size, super::mul(grid.copies()?, old.size)?)?;
            let shift = |s: Option<(i128, i128)>| -> Result<Option<(i128, i128)>> {
                s.map(|(l, h)| Ok((add(lo, l)?, add(hi, h)?))).transpose()
            };
            if old.data.is_some() {
                align = align.max(old.align);
            }
            data = span_union(data, shift(old.data)?);
            span = span_union(span, shift(old.span)?);
            explicit_lb = min_opt(
                explicit_lb,
                old.explicit_lb.map(|l| add(lo, l)).transpose()?,
            );
            explicit_ub = max_opt(
                explicit_ub,
                old.explicit_ub.map(|u| add(hi, u)).transpose()?,
            );
        }
        Ok(finish(size, align, data, span, explicit_lb, explicit_ub))
    }

    fn pair(members: &[Grid; 2]) -> Result<Summary> {
        Self::grids(Shape::Struct, members)
    }

    fn resized(_: &Datatype, old: &Summary, lb: i128, extent: i128) -> Result<Summary> {
        // Previous markers are erased and a new pair put at lb and lb + extent (MPI-2.2 §4.1.7);
        // the markers set the explicit bounds only, the natural ones stay those of `old`.
        let ub = add(lb, extent)?;
        Ok(finish(
            old.size,
            old.align,
            old.data,
            old.span,
            Some(lb),
            Some(ub),
        ))
    }
}

/// The empty typemap: all bounds 0.
fn empty() -> Summary {
    finish(0, 1, None, None, None, None)
}

/// Bounds from the typemap: `lb` is the least lb marker, else the least displacement of any entry;
/// `ub` the greatest ub marker, else the greatest end of any entry plus the padding epsilon.
/// The natural bounds (padding included) are kept as the span an enclosing type sees.
///
/// A typemap without basic entries stands as a zero-size point at 0 for its natural bounds:
/// inside a struct both libraries count it at its displacement.
fn finish(
    size: i128,
    align: i128,
    data: Option<(i128, i128)>,
    span: Option<(i128, i128)>,
    explicit_lb: Option<i128>,
    explicit_ub: Option<i128>,
) -> Summary {
    let lb = explicit_lb.or(span.map(|s| s.0)).unwrap_or(0);
    let natural = span.map(|(lo, hi)| (lo, hi + epsilon(hi - lb, align)));
    let ub = explicit_ub.or(natural.map(|n| n.1)).unwrap_or(lb);
    let (true_lb, true_ub) = data.unwrap_or((0, 0));
    Summary {
        size,
        lb,
        ub,
        true_lb,
        true_ub,
        align,
        explicit_lb,
        explicit_ub,
        data,
        span: natural.or(Some((0, 0))),
    }
}
