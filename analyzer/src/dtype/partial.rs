//! Datatypes known in part: what MPI fixes of a type some of whose constructor arguments are
//! not known. A type resized to a known lb and extent has them whatever the bounds of its old
//! type; a type whose counts, block lengths and old types' sizes are known has a known size,
//! whatever its displacements. A field is known only where every MPI model computes it from
//! the known arguments alone; everything else stays unknown.

use std::sync::Arc;

use super::node::{Datatype, Summary, SUMMARY_FIELDS};
use super::MpiModel;

/// The values of a [`Summary`] under one model, each known or not. Extents are kept rather
/// than upper bounds: a type resized to a known extent at an unknown lb has a known extent.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PartialSummary {
    pub size: Option<i128>,
    pub lb: Option<i128>,
    pub extent: Option<i128>,
    pub true_lb: Option<i128>,
    pub true_extent: Option<i128>,
}

impl PartialSummary {
    pub(crate) fn of(s: &Summary) -> PartialSummary {
        PartialSummary {
            size: Some(s.size),
            lb: Some(s.lb),
            extent: Some(s.extent()),
            true_lb: Some(s.true_lb),
            true_extent: Some(s.true_extent()),
        }
    }

    /// `lb + extent` in `MPI_Aint` arithmetic (the inverse of [`Summary::extent`]).
    pub fn ub(&self) -> Option<i128> {
        Some(aint_sum(self.lb?, self.extent?))
    }

    /// One of the summary's fields by name, as [`Summary::field`]; `None` when not known.
    pub fn field(&self, field: &str) -> Option<i128> {
        match field {
            "size" => self.size,
            "lb" => self.lb,
            "ub" => self.ub(),
            "extent" => self.extent,
            "true_lb" => self.true_lb,
            "true_extent" => self.true_extent,
            _ => None,
        }
    }

    /// The fields both know with the same value.
    fn meet(&self, other: &PartialSummary) -> PartialSummary {
        let same = |a: Option<i128>, b: Option<i128>| a.filter(|_| a == b);
        PartialSummary {
            size: same(self.size, other.size),
            lb: same(self.lb, other.lb),
            extent: same(self.extent, other.extent),
            true_lb: same(self.true_lb, other.true_lb),
            true_extent: same(self.true_extent, other.true_extent),
        }
    }
}

fn aint_sum(a: i128, b: i128) -> i128 {
    i128::from((a as i64).wrapping_add(b as i64))
}

/// A datatype known in part, under every [`MpiModel`]. Never all unknown.
///
/// Shared, not inline: handles, definitions and their variants each hold an optional one,
/// and the inline summaries made those six times larger to copy and to keep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Partial {
    summaries: Arc<[PartialSummary; 3]>,
}

impl Partial {
    /// Everything of a known datatype.
    pub fn of(dt: &Datatype) -> Partial {
        Partial {
            summaries: Arc::new(MpiModel::ALL.map(|m| PartialSummary::of(dt.summary(m)))),
        }
    }

    /// `None` when no field is known.
    pub(crate) fn new(summaries: [PartialSummary; 3]) -> Option<Partial> {
        let known = summaries
            .iter()
            .any(|s| SUMMARY_FIELDS.iter().any(|f| s.field(f).is_some()));
        known.then(|| Partial {
            summaries: Arc::new(summaries),
        })
    }

    pub fn summary(&self, model: MpiModel) -> &PartialSummary {
        &self.summaries[model.index()]
    }

    /// The size, which no model computes differently.
    pub fn size(&self) -> Option<i128> {
        self.summaries[0].size
    }

    /// What two evaluations both know, alike: the fields on which they agree.
    pub fn meet(&self, other: &Partial) -> Option<Partial> {
        let [a, b, c] = &*self.summaries;
        let [x, y, z] = &*other.summaries;
        Partial::new([a.meet(x), b.meet(y), c.meet(z)])
    }

    /// The known fields whose values differ between the models, or that some model does not
    /// know.
    pub fn implementation_dependent(&self) -> Vec<&'static str> {
        let [standard, mpich, openmpi] = &*self.summaries;
        SUMMARY_FIELDS
            .into_iter()
            .filter(|f| {
                let v = standard.field(f);
                v != mpich.field(f) || v != openmpi.field(f)
            })
            .collect()
    }

    /// The names of the [`SUMMARY_FIELDS`] not known under `model`.
    pub fn unknown_fields(&self, model: MpiModel) -> Vec<&'static str> {
        let s = self.summary(model);
        SUMMARY_FIELDS
            .into_iter()
            .filter(|f| s.field(f).is_none())
            .collect()
    }
}
