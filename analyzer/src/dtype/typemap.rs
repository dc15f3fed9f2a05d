//! Lazy walks over the typemap: entries in typemap order, contiguous byte blocks, overlap. Every
//! walk has a work budget and says when it ran out, so cost never follows the data unbounded.

use super::node::{Datatype, Kind, Unit};
use super::summary::{openmpi, unit_size, Grid};
use super::{MpiModel, Predefined};

/// The default work budget of the walks (steps, each at most one entry or one node visit).
pub(crate) const DEFAULT_BUDGET: u64 = 1 << 20;

/// One typemap entry: a basic type at a byte displacement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub basic: Predefined,
    pub disp: i128,
    /// Size of the basic type in bytes.
    pub size: i128,
}

/// A run of contiguous bytes of the typemap, in typemap order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    pub disp: i128,
    pub len: i128,
}

/// A position in one node: which copy of a child comes next.
struct Frame {
    ty: Datatype,
    base: i128,
    /// Block (or vector count) index, and copy index inside the block.
    block: usize,
    copy: i128,
}

/// The typemap of a datatype under one model, as an iterator of entries.
pub struct Typemap {
    model: MpiModel,
    stack: Vec<Frame>,
    budget: u64,
    spent: u64,
    over_budget: bool,
    /// Yield a subtree whose entries all have one basic type as one run (for signatures).
    collapse_uniform: bool,
}

/// One step of a walk: an entry, or (when collapsing) a run of one basic type.
pub(crate) enum Step {
    Entry(Entry),
    Run(Predefined, u128),
}

impl Datatype {
    /// The typemap, from its first entry.
    pub fn typemap(&self, model: MpiModel) -> Typemap {
        self.typemap_from(model, 0)
    }

    /// The typemap from entry `start` on (0-based); seeking costs O(depth x log blocks).
    pub fn typemap_from(&self, model: MpiModel, start: u128) -> Typemap {
        let mut walk = Typemap {
            model,
            stack: Vec::new(),
            budget: DEFAULT_BUDGET,
            spent: 0,
            over_budget: false,
            collapse_uniform: false,
        };
        if start < self.entry_count() {
            walk.seek(self.clone(), 0, start);
        }
        walk
    }

    /// Contiguous byte blocks of the typemap, merged in typemap order; `None` past `budget`.
    pub fn blocks(&self, model: MpiModel, budget: u64) -> Option<Vec<Block>> {
        let mut walk = self.typemap(model).with_budget(budget);
        let mut blocks: Vec<Block> = Vec::new();
        for e in walk.by_ref() {
            match blocks.last_mut() {
                Some(b) if b.disp + b.len == e.disp => b.len += e.size,
                _ => blocks.push(Block {
                    disp: e.disp,
                    len: e.size,
                }),
            }
        }
        (!walk.over_budget()).then_some(blocks)
    }

    /// Whether two entries of the typemap share a byte; `None` when neither a proof from the
    /// structure nor a walk within `budget` decides it.
    pub fn overlaps(&self, model: MpiModel, budget: u64) -> Option<bool> {
        if disjoint_by_structure(self, model) {
            return Some(false);
        }
        let mut blocks = self.blocks(model, budget)?;
        blocks.sort_unstable_by_key(|b| b.disp);
        Some(blocks.windows(2).any(|w| w[0].disp + w[0].len > w[1].disp))
    }
}

impl Typemap {
    /// Caps the work of this walk.
    pub fn with_budget(mut self, budget: u64) -> Typemap {
        self.budget = budget;
        self
    }

    /// True when the walk stopped because it ran out of budget, not at the end of the typemap.
    pub fn over_budget(&self) -> bool {
        self.over_budget
    }

    /// Pushes frames down to entry `start` of `ty` placed at `base`.
    fn seek(&mut self, ty: Datatype, base: i128, start: u128) {
        let (mut ty, mut base, mut start) = (ty, base, start);
        loop {
            let mut frame = Frame {
                ty: ty.clone(),
                base,
                block: 0,
                copy: 0,
            };
            let child = match ty.kind() {
                Kind::Basic(_) => None,
                Kind::Marker(_) => None,
                Kind::Pair { .. } => {
                    frame.block = start as usize;
                    start = 0;
                    None
                }
                Kind::Resized { old, .. } | Kind::Dup(old) => {
                    frame.block = 1;
                    Some((old.clone(), base))
                }
                Kind::Vector {
                    blocklength, old, ..
                } => {
                    let per = old.entry_count().max(1);
                    let k = start / per;
                    start -= k * per;
                    let bl = (*blocklength).max(1) as u128;
                    frame.block = (k / bl) as usize;
                    frame.copy = (k % bl) as i128;
                    self.child_at(&mut frame)
                }
                Kind::Indexed {
                    entries_before,
                    old,
                    ..
                } => {
                    let per_copy = |_| old.entry_count();
                    (frame.block, frame.copy) = seek_block(entries_before, &mut start, per_copy);
                    self.child_at(&mut frame)
                }
                Kind::Struct {
                    entries_before,
                    blocks,
                    ..
                } => {
                    let per_copy = |b: usize| blocks[b].old.entry_count();
                    (frame.block, frame.copy) = seek_block(entries_before, &mut start, per_copy);
                    self.child_at(&mut frame)
                }
            };
            self.stack.push(frame);
            match child {
                Some((c, d)) => {
                    ty = c;
                    base = d;
                }
                None => return,
            }
        }
    }

    /// The child copy the frame points at (and advances the frame past it); `None` when the
    /// node has no copy left.
    fn child_at(&self, f: &mut Frame) -> Option<(Datatype, i128)> {
        let model = self.model;
        let ty = f.ty.clone();
        match ty.kind() {
            Kind::Basic(_) | Kind::Marker(_) => None,
            Kind::Pair {
                first,
                second,
                second_offset,
            } => {
                let child = match f.block {
                    0 => (first.clone(), f.base),
                    1 => (second.clone(), f.base + second_offset),
                    _ => return None,
                };
                f.block += 1;
                Some(child)
            }
            Kind::Resized { old, .. } | Kind::Dup(old) => (f.block == 0).then(|| {
                f.block = 1;
                (old.clone(), f.base)
            }),
            Kind::Vector {
                count,
                blocklength,
                stride,
                unit,
                old,
                ..
            } => {
                if f.block as i128 >= *count || *blocklength == 0 {
                    return None;
                }
                let o = old.summary(model);
                let stride = vector_stride(model, old, *count, *blocklength, *stride, unit)?;
                let disp = f.base + f.block as i128 * stride + f.copy * o.extent();
                advance(f, *blocklength);
                Some((old.clone(), disp))
            }
            Kind::Indexed {
                blocks, unit, old, ..
            } => {
                while f.block < blocks.len() && blocks[f.block].0 == 0 {
                    f.block += 1;
                }
                let &(blocklength, d) = blocks.get(f.block)?;
                let o = old.summary(model);
                let disp = f.base + d * unit_size(unit, o, model) + f.copy * o.extent();
                advance(f, blocklength);
                Some((old.clone(), disp))
            }
            Kind::Struct { blocks, unit, .. } => {
                while f.block < blocks.len() && blocks[f.block].blocklength == 0 {
                    f.block += 1;
                }
                let b = blocks.get(f.block)?;
                let o = b.old.summary(model);
                let disp =
                    f.base + b.displacement * unit_size(unit, o, model) + f.copy * o.extent();
                advance(f, b.blocklength);
                Some((b.old.clone(), disp))
            }
        }
    }
}

/// The byte distance between the blocks of a vector under `model` (Open MPI reads a stride of
/// -1 byte as the extent of what it repeats: see `openmpi::vector_spacing`).
fn vector_stride(
    model: MpiModel,
    old: &Datatype,
    count: i128,
    blocklength: i128,
    stride: i128,
    unit: &Unit,
) -> Option<i128> {
    let o = old.summary(model);
    let stride = stride * unit_size(unit, o, model);
    if model != MpiModel::OpenMpi {
        return Some(stride);
    }
    let grid = Grid {
        ty: old,
        old: o,
        origin: 0,
        count,
        stride,
        blocklength,
    };
    openmpi::vector_spacing(&grid).ok()
}

fn advance(f: &mut Frame, blocklength: i128) {
    f.copy += 1;
    if f.copy == blocklength {
        f.copy = 0;
        f.block += 1;
    }
}

impl Typemap {
    /// A walk that yields uniform subtrees as runs; displacements are not computed for them.
    pub(crate) fn collapsing(mut self) -> Typemap {
        self.collapse_uniform = true;
        self
    }

    pub(crate) fn step(&mut self) -> Option<Step> {
        loop {
            if self.spent >= self.budget {
                self.over_budget = !self.stack.is_empty();
                return None;
            }
            self.spent += 1;
            let mut frame = self.stack.pop()?;
            if frame.block == 0 && frame.copy == 0 {
                match (frame.ty.kind(), frame.ty.uniform_basic()) {
                    (Kind::Basic(p), _) => {
                        return Some(Step::Entry(Entry {
                            basic: *p,
                            disp: frame.base,
                            size: frame.ty.size(),
                        }));
                    }
                    (_, Some(p)) if self.collapse_uniform => {
                        return Some(Step::Run(p, frame.ty.entry_count()))
                    }
                    _ => {}
                }
            }
            let Some((child, disp)) = self.child_at(&mut frame) else {
                continue;
            };
            self.stack.push(frame);
            if child.entry_count() > 0 {
                self.stack.push(Frame {
                    ty: child,
                    base: disp,
                    block: 0,
                    copy: 0,
                });
            }
        }
    }
}

impl Iterator for Typemap {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        match self.step()? {
            Step::Entry(e) => Some(e),
            Step::Run(..) => unreachable!("runs only come from collapsing walks"),
        }
    }
}

/// A proof from the constructor tree that no two entries overlap: each node's copies are
/// internally disjoint and their footprints do not intersect. Conservative: `false` means
/// "not proven".
fn disjoint_by_structure(ty: &Datatype, model: MpiModel) -> bool {
    // Footprint of `n` copies of `old` at `d + j * extent`, when they are pairwise disjoint.
    let run = |old: &Datatype, d: i128, n: i128| -> Option<(i128, i128)> {
        let o = old.summary(model);
        let (span, ext) = (o.true_extent(), o.extent().abs());
        if n == 0 || old.entry_count() == 0 {
            return Some((d, d));
        }
        if !(n == 1 || ext >= span) || !disjoint_by_structure(old, model) {
            return None;
        }
        let reach = (n - 1) * o.extent();
        Some((d + o.true_lb + reach.min(0), d + o.true_ub + reach.max(0)))
    };
    let all_disjoint = |mut spans: Vec<(i128, i128)>| {
        spans.retain(|s| s.0 != s.1);
        spans.sort_unstable();
        spans.windows(2).all(|w| w[0].1 <= w[1].0)
    };
    match ty.kind() {
        Kind::Basic(_) | Kind::Marker(_) | Kind::Pair { .. } => true,
        Kind::Resized { old, .. } | Kind::Dup(old) => disjoint_by_structure(old, model),
        Kind::Vector {
            count,
            blocklength,
            stride,
            unit,
            old,
            ..
        } => {
            let Some((lo, hi)) = run(old, 0, *blocklength) else {
                return false;
            };
            let Some(stride) = vector_stride(model, old, *count, *blocklength, *stride, unit)
            else {
                return false;
            };
            *count <= 1 || stride.abs() >= hi - lo
        }
        Kind::Indexed {
            blocks, unit, old, ..
        } => {
            let scale = unit_size(unit, old.summary(model), model);
            let spans: Option<Vec<_>> = blocks
                .iter()
                .map(|&(bl, d)| run(old, d * scale, bl))
                .collect();
            spans.is_some_and(all_disjoint)
        }
        Kind::Struct { blocks, unit, .. } => {
            let spans: Option<Vec<_>> = blocks
                .iter()
                .map(|b| {
                    run(
                        &b.old,
                        b.displacement * unit_size(unit, b.old.summary(model), model),
                        b.blocklength,
                    )
                })
                .collect();
            spans.is_some_and(all_disjoint)
        }
    }
}

/// The block and the copy inside it that hold entry `start` of a node whose blocks begin at
/// `entries_before` (entries of all the blocks before each one), each copy of block `b` having
/// `per_copy(b)` entries; `start` becomes the entry's index inside that copy.
fn seek_block(
    entries_before: &[u128],
    start: &mut u128,
    per_copy: impl Fn(usize) -> u128,
) -> (usize, i128) {
    let b = entries_before.partition_point(|&n| n <= *start) - 1;
    let per = per_copy(b);
    let k = (*start - entries_before[b]) / per.max(1);
    *start -= entries_before[b] + k * per;
    (b, k as i128)
}
