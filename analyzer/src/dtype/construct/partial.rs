//! Partial summaries of constructor calls some of whose arguments are not known: only the
//! fields that every model computes from the known arguments alone (see `dtype::partial`).
//! Known arguments are checked as MPI checks them; a call they make invalid has no partial
//! summary (its datatype is never made). What overflows is unknown.

use super::grid::check_subarray_sizes;
use super::*;
use crate::dtype::summary::in_aint;
use crate::dtype::{Partial, PartialCall, PartialSummary};

pub(crate) fn partial(
    target: Target,
    call: &PartialCall,
    api: Api,
    olds: &[Option<Partial>],
) -> Option<Partial> {
    let checks = Checks::new(api, target);
    let old = |i: usize| olds.get(i)?.as_ref();
    let size = |i: usize| old(i)?.size();
    let summaries = match call {
        PartialCall::Blocks { count, blocklength } => {
            let count = checks.count("count", *count).ok()?;
            let blocklength = checks.count("blocklength", *blocklength).ok()?;
            sized(mul(mul(count, blocklength).ok()?, size(0)?).ok())
        }
        PartialCall::Lengths { blocklengths } => {
            checks.count("count", blocklengths.len() as i128).ok()?;
            checks.counts("array_of_blocklengths", blocklengths).ok()?;
            // Struct takes one old type per block; the others one for all.
            let of_block = |i: usize| if olds.len() == 1 { 0 } else { i };
            let total = blocklengths.iter().enumerate().try_fold(0, |acc, (i, &n)| {
                add(acc, mul(n, size(of_block(i))?).ok()?).ok()
            });
            sized(total)
        }
        PartialCall::Subarray { sizes, subsizes } => {
            check_subarray_sizes(&checks, sizes.as_deref(), subsizes).ok()?;
            let product = |v: &[i128]| v.iter().try_fold(1, |acc, &n| mul(acc, n).ok());
            let copies = product(subsizes)?;
            let elements = sizes.as_deref().and_then(product);
            let size = size(0).and_then(|s| mul(copies, s).ok());
            // The selection is resized to lb 0 and the extent of the whole array.
            MpiModel::ALL.map(|m| PartialSummary {
                size,
                lb: Some(0),
                extent: elements
                    .zip(old(0).and_then(|o| o.summary(m).extent))
                    .and_then(|(n, e)| mul(n, e).ok()),
                ..PartialSummary::default()
            })
        }
        PartialCall::Resized { lb, extent } => {
            let lb = lb.map(|v| checks.aint("lb", v)).transpose().ok()?;
            let extent = extent.map(|v| checks.aint("extent", v)).transpose().ok()?;
            if let (Some(lb), Some(extent)) = (lb, extent) {
                Some(add(lb, extent).ok()?).filter(|&ub| in_aint(ub))?;
            }
            // Every model gives the lb and extent asked for, and keeps the old type's size
            // and true bounds.
            MpiModel::ALL.map(|m| {
                let kept = old(0).map(|o| *o.summary(m)).unwrap_or_default();
                PartialSummary { lb, extent, ..kept }
            })
        }
        PartialCall::Dup => return old(0).cloned(),
    };
    Partial::new(summaries).filter(fits_aint)
}

/// Only the size known, the same under every model.
fn sized(size: Option<i128>) -> [PartialSummary; 3] {
    [PartialSummary {
        size,
        ..PartialSummary::default()
    }; 3]
}

/// Every value MPI reports fits its `MPI_Aint`, or the call fails (see `summary::check_aint`).
fn fits_aint(p: &Partial) -> bool {
    MpiModel::ALL.iter().all(|&m| {
        let s = p.summary(m);
        [s.size, s.lb, s.extent, s.true_lb, s.true_extent]
            .into_iter()
            .flatten()
            .all(in_aint)
    })
}
