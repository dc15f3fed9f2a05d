//! Human descriptions of datatypes: the constructor tree in one line, and a byte-layout picture.

use std::fmt::Write;

use super::node::{Datatype, Kind, Label, Unit};
use super::{Api, Constructor, Distribution, MpiModel, Order, Predefined, DFLT_DARG};

/// Longest description before it is cut.
const MAX_DESCRIPTION: usize = 400;
/// Elements of an argument array shown before "...".
const SHOWN_ITEMS: usize = 4;

/// Typemap entries a layout picture may walk: a hover stays fast (a type with more entries
/// still shows its numbers, without the picture).
pub(crate) const PICTURE_BUDGET: u64 = 1 << 16;

impl Datatype {
    /// The constructor tree in one line, e.g.
    /// `hvector(9 x 1, stride 40000 B) of vector(9 x 1, stride 2) of MPI_REAL`.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        describe_into(self, &mut out);
        if out.len() > MAX_DESCRIPTION {
            let cut = (0..=MAX_DESCRIPTION)
                .rev()
                .find(|&i| out.is_char_boundary(i))
                .unwrap_or(0);
            out.truncate(cut);
            out.push_str("...");
        }
        out
    }

    /// A text picture of the bytes between the lower and upper bounds (and the data, where it
    /// reaches outside them), at most `width` characters wide; `None` when the typemap is too
    /// long to walk within [`PICTURE_BUDGET`] steps.
    pub fn layout_picture(&self, model: MpiModel, width: usize) -> Option<String> {
        let s = self.summary(model);
        let has_data = s.size > 0;
        let lo = if has_data { s.lb.min(s.true_lb) } else { s.lb };
        let hi = if has_data { s.ub.max(s.true_ub) } else { s.ub };
        let span = hi - lo;
        if span <= 0 || width == 0 {
            return Some(format!("(no bytes: lb {}, ub {})", s.lb, s.ub));
        }
        let cells = (width as i128).min(span);
        let per_cell = (span + cells - 1) / cells;
        let cells = ((span + per_cell - 1) / per_cell) as usize;
        let mut grid = vec![None::<Predefined>; cells];
        let mut mixed = vec![false; cells];
        // The bytes of each cell that hold data: a cell only partly data is drawn in
        // lowercase, so that a sparse type at a coarse scale does not look solid. Entries may
        // overlap (a byte sent twice is one byte of the picture): a cell's pieces are joined
        // once all are known.
        let mut full = vec![false; cells];
        let mut pieces: Vec<Vec<(i128, i128)>> = vec![Vec::new(); cells];
        let mut legend: Vec<Predefined> = Vec::new();
        let mut walk = self.typemap(model).with_budget(PICTURE_BUDGET);
        for e in walk.by_ref() {
            if !legend.contains(&e.basic) {
                legend.push(e.basic);
            }
            let first = ((e.disp - lo) / per_cell) as usize;
            let last = ((e.disp + e.size - 1 - lo) / per_cell) as usize;
            for c in first..=last.min(cells - 1) {
                match grid[c] {
                    Some(p) if p != e.basic => mixed[c] = true,
                    _ => grid[c] = Some(e.basic),
                }
                let cell_start = lo + c as i128 * per_cell;
                let cell_end = (cell_start + per_cell).min(hi);
                let piece = (e.disp.max(cell_start), (e.disp + e.size).min(cell_end));
                if piece == (cell_start, cell_end) {
                    full[c] = true;
                } else if !full[c] {
                    pieces[c].push(piece);
                }
            }
        }
        if walk.over_budget() {
            return None;
        }
        let letters = letters_for(&legend);
        let letter = |p: Predefined| {
            letters
                .iter()
                .find(|(q, _)| *q == p)
                .map_or('?', |(_, l)| *l)
        };
        let cell_bytes = |c: usize| {
            let start = lo + c as i128 * per_cell;
            (start + per_cell).min(hi) - start
        };
        let partly: Vec<bool> = (0..cells)
            .map(|c| !full[c] && covered(&mut pieces[c]) < cell_bytes(c))
            .collect();
        let partly = |c: usize| partly[c];
        let row: String = (0..cells)
            .map(|c| match (grid[c], mixed[c]) {
                (_, true) => '#',
                (Some(p), false) if partly(c) => letter(p).to_ascii_lowercase(),
                (Some(p), false) => letter(p),
                (None, false) => '.',
            })
            .collect();
        let mut out = String::new();
        let scale = if per_cell == 1 {
            "1 char = 1 byte".to_owned()
        } else {
            format!("1 char = {per_cell} bytes")
        };
        let _ = writeln!(out, "bytes {lo}..{hi} ({scale}; lb {}, ub {})", s.lb, s.ub);
        let _ = writeln!(out, "|{row}|");
        let keys: Vec<String> = letters.iter().map(|(p, l)| format!("{l} {p}")).collect();
        let mut key_line = keys.join("  ");
        if mixed.contains(&true) {
            key_line.push_str("  # mixed");
        }
        key_line.push_str("  . gap");
        if (0..cells).any(|c| grid[c].is_some() && !mixed[c] && partly(c)) {
            key_line.push_str("  lowercase: partly gap");
        }
        out.push_str(&key_line);
        // What a picture at a coarse scale cannot show: how much of the span is data.
        if per_cell > 1 && s.size < span {
            let share = percent(s.size, span);
            let _ = write!(out, "\nsize {} in {span} bytes ({share})", s.size);
        }
        Some(out)
    }
}

/// The bytes that `pieces` (half-open ranges) cover together.
fn covered(pieces: &mut [(i128, i128)]) -> i128 {
    pieces.sort_unstable();
    let mut total = 0;
    let mut reached = i128::MIN;
    for &(start, end) in pieces.iter() {
        let from = start.max(reached);
        if end > from {
            total += end - from;
        }
        reached = reached.max(end);
    }
    total
}

/// `part` of `whole` as a percentage to the nearest tenth, never rounded to 0% or 100%.
fn percent(part: i128, whole: i128) -> String {
    let whole = whole.max(1);
    let tenths = part.saturating_mul(1000).saturating_add(whole / 2) / whole;
    match tenths {
        0 if part > 0 => "under 0.1%".to_owned(),
        t if t >= 1000 && part < whole => "over 99.9%".to_owned(),
        t => format!("{}.{}%", t / 10, t % 10),
    }
}

/// One letter per basic type: the first letter of the name after `MPI_` not yet taken.
fn letters_for(types: &[Predefined]) -> Vec<(Predefined, char)> {
    let mut taken: Vec<(Predefined, char)> = Vec::new();
    for &p in types {
        let name = p.name().trim_start_matches("MPI_");
        let candidate = name
            .chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .chain('a'..='z')
            .map(|c| c.to_ascii_uppercase())
            .find(|c| !taken.iter().any(|(_, t)| t == c))
            .unwrap_or('?');
        taken.push((p, candidate));
    }
    taken
}

fn list(values: &[i128], unit: &str) -> String {
    let mut parts: Vec<String> = values
        .iter()
        .take(SHOWN_ITEMS)
        .map(|v| format!("{v}{unit}"))
        .collect();
    if values.len() > SHOWN_ITEMS {
        parts.push(format!("... ({} in all)", values.len()));
    }
    format!("[{}]", parts.join(", "))
}

fn order(o: Order) -> &'static str {
    match o {
        Order::C => "C order",
        Order::Fortran => "Fortran order",
    }
}

fn describe_into(ty: &Datatype, out: &mut String) {
    if out.len() > MAX_DESCRIPTION {
        return;
    }
    let olds: Vec<&Datatype> = children(ty);
    match &ty.0.label {
        Label::Predefined(p) => out.push_str(p.name()),
        Label::Call(api, ctor) | Label::Lowered { api, ctor, .. } => {
            out.push_str(&call_text(*api, ctor, &olds));
            let old = match &ty.0.label {
                Label::Lowered { old, .. } => old.as_ref(),
                _ => olds
                    .first()
                    .copied()
                    .filter(|_| !matches!(**ctor, Constructor::Struct { .. })),
            };
            if let Some(old) = old {
                out.push_str(" of ");
                describe_into(old, out);
            }
        }
        Label::Internal => {
            out.push_str(&internal_text(ty));
            if let Some(old) = olds.first() {
                out.push_str(" of ");
                describe_into(old, out);
            }
        }
    }
}

fn children(ty: &Datatype) -> Vec<&Datatype> {
    match ty.kind() {
        Kind::Basic(_) | Kind::Marker(_) | Kind::Pair { .. } => vec![],
        Kind::Vector { old, .. }
        | Kind::Indexed { old, .. }
        | Kind::Resized { old, .. }
        | Kind::Dup(old) => vec![old],
        Kind::Struct { blocks, .. } => blocks.iter().map(|b| &b.old).collect(),
    }
}

fn call_text(api: Api, ctor: &Constructor, olds: &[&Datatype]) -> String {
    let suffix = if api == Api::LargeCount { "_c" } else { "" };
    match ctor {
        Constructor::Contiguous { count } => format!("contiguous{suffix}({count})"),
        Constructor::Vector {
            count,
            blocklength,
            stride,
        } => {
            format!("vector{suffix}({count} x {blocklength}, stride {stride})")
        }
        Constructor::Hvector {
            count,
            blocklength,
            stride,
        } => {
            format!("hvector{suffix}({count} x {blocklength}, stride {stride} B)")
        }
        Constructor::Indexed {
            blocklengths,
            displacements,
        } => {
            format!(
                "indexed{suffix}(lengths {}, displacements {})",
                list(blocklengths, ""),
                list(displacements, "")
            )
        }
        Constructor::Hindexed {
            blocklengths,
            displacements,
        } => {
            format!(
                "hindexed{suffix}(lengths {}, displacements {})",
                list(blocklengths, ""),
                list(displacements, " B")
            )
        }
        Constructor::IndexedBlock {
            blocklength,
            displacements,
        } => {
            format!(
                "indexed_block{suffix}({} x {blocklength} at {})",
                displacements.len(),
                list(displacements, "")
            )
        }
        Constructor::HindexedBlock {
            blocklength,
            displacements,
        } => {
            format!(
                "hindexed_block{suffix}({} x {blocklength} at {})",
                displacements.len(),
                list(displacements, " B")
            )
        }
        Constructor::Struct {
            blocklengths,
            displacements,
        } => {
            let mut fields: Vec<String> = blocklengths
                .iter()
                .zip(displacements)
                .zip(olds)
                .take(SHOWN_ITEMS)
                .map(|((bl, d), old)| format!("{bl} x {} @ {d}", old.describe()))
                .collect();
            if blocklengths.len() > SHOWN_ITEMS {
                fields.push(format!("... ({} blocks in all)", blocklengths.len()));
            }
            format!("struct{suffix} {{ {} }}", fields.join(", "))
        }
        Constructor::Subarray {
            sizes,
            subsizes,
            starts,
            order: o,
        } => format!(
            "subarray{suffix}(sizes {}, subsizes {}, starts {}, {})",
            list(sizes, ""),
            list(subsizes, ""),
            list(starts, ""),
            order(*o)
        ),
        Constructor::Darray {
            size,
            rank,
            gsizes,
            distribs,
            dargs,
            psizes,
            order: o,
        } => {
            let dist: Vec<String> = distribs
                .iter()
                .zip(dargs)
                .map(|(d, a)| {
                    let name = match d {
                        Distribution::Block => "block",
                        Distribution::Cyclic => "cyclic",
                        Distribution::None => "none",
                    };
                    if *a == DFLT_DARG || *d == Distribution::None {
                        name.to_owned()
                    } else {
                        format!("{name}({a})")
                    }
                })
                .collect();
            format!(
                "darray{suffix}(rank {rank} of {size}, gsizes {}, [{}], psizes {}, {})",
                list(gsizes, ""),
                dist.join(", "),
                list(psizes, ""),
                order(*o)
            )
        }
        Constructor::Resized { lb, extent } => format!("resized{suffix}(lb {lb}, extent {extent})"),
        Constructor::Dup => "dup".to_owned(),
        Constructor::F90Real { precision, range } => {
            format!("f90_real({}, {})", opt(*precision), opt(*range))
        }
        Constructor::F90Complex { precision, range } => {
            format!("f90_complex({}, {})", opt(*precision), opt(*range))
        }
        Constructor::F90Integer { range } => format!("f90_integer({range})"),
    }
}

fn opt(v: Option<i128>) -> String {
    v.map_or_else(|| "MPI_UNDEFINED".to_owned(), |v| v.to_string())
}

fn unit_text(unit: &Unit) -> &'static str {
    match unit {
        Unit::Bytes => " B",
        Unit::Extents | Unit::ExtentsOf(_) => "",
    }
}

fn internal_text(ty: &Datatype) -> String {
    match ty.kind() {
        Kind::Vector {
            count,
            blocklength,
            stride,
            unit,
            contiguous,
            ..
        } => {
            if *contiguous {
                format!("contiguous({blocklength})")
            } else {
                format!(
                    "vector({count} x {blocklength}, stride {stride}{})",
                    unit_text(unit)
                )
            }
        }
        Kind::Indexed { blocks, unit, .. } => {
            let d: Vec<i128> = blocks.iter().map(|b| b.1).collect();
            format!(
                "indexed({} blocks at {})",
                blocks.len(),
                list(&d, unit_text(unit))
            )
        }
        Kind::Struct { blocks, .. } => format!("struct({} blocks)", blocks.len()),
        Kind::Resized {
            lb, extent, unit, ..
        } => format!(
            "resized(lb {lb}{u}, extent {extent}{u})",
            u = unit_text(unit)
        ),
        Kind::Dup(_) => "dup".to_owned(),
        Kind::Basic(p) => p.name().to_owned(),
        Kind::Marker(m) => format!("{m:?}"),
        Kind::Pair { .. } => "pair".to_owned(),
    }
}
