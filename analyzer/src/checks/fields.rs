//! Matching a datatype's typemap against the fields of the struct a buffer holds, for
//! displacement-mismatch and field-type-mismatch: the first entry that does not land on a field
//! of its own type.

use super::scalar;
use super::{messages, same_buffer, CallSite, Context};
use crate::dtype::{Datatype, Predefined};
use crate::eval::Element;
use crate::source::Span;

/// Typemap entries looked at per datatype.
const BUDGET: u64 = 1 << 16;

/// Why an entry does not fit the struct.
pub(crate) enum Misfit {
    /// The entry starts in padding, or inside a field rather than at one of its elements.
    Displacement {
        basic: Predefined,
        /// Byte position in the element.
        at: i128,
        /// The field it starts inside, if any.
        inside: Option<String>,
    },
    /// The entry starts at a field element of another type.
    FieldType {
        basic: Predefined,
        at: i128,
        field: String,
        field_type: String,
        /// The previous entry was in another field: a block ran past that field's end.
        ran_past: Option<String>,
    },
}

/// A message whose buffer is a struct and whose datatype misfits it: the datatype argument's
/// span and the first misfit.
pub(crate) struct SiteMisfit {
    pub datatype: Span,
    pub misfit: Misfit,
}

/// Every message of the context's sites that misfits its struct, worked out once for the two
/// rules that report them.
pub(crate) fn misfits<'c>(cx: &'c Context<'_>) -> &'c [SiteMisfit] {
    cx.misfits.get_or_init(|| {
        let mut found = Vec::new();
        for site in &cx.sites {
            site_misfits(cx, site, &mut found);
        }
        found
    })
}

fn site_misfits(cx: &Context<'_>, site: &CallSite<'_>, found: &mut Vec<SiteMisfit>) {
    for m in messages(site.function) {
        let Some(buffer) = same_buffer(site, m.buf) else {
            continue;
        };
        let Some(element) = &buffer.element else {
            continue;
        };
        let (Some(size), Some(members)) = (element.size, &element.members) else {
            continue;
        };
        if members.is_empty() || size <= 0 {
            continue;
        }
        let Some(dt) = cx.datatype_at(site, m.datatype) else {
            continue;
        };
        let Some(datatype) = site.arg_span(m.datatype) else {
            continue;
        };
        let start = buffer.offset.unwrap_or(0);
        if let Some(misfit) = first_misfit(cx, dt, element, start, size) {
            found.push(SiteMisfit { datatype, misfit });
        }
    }
}

fn first_misfit(
    cx: &Context<'_>,
    dt: &Datatype,
    element: &Element,
    start: i128,
    size: i128,
) -> Option<Misfit> {
    let target = cx.analysis.target;
    let members = element.members.as_ref()?;
    let mut walk = dt.typemap(cx.model()).with_budget(BUDGET);
    // The field the previous entry landed on, where that entry ended, and its type.
    let mut previous: Option<(&str, i128, Predefined)> = None;
    let mut result = None;
    for entry in walk.by_ref() {
        let basic = scalar::of_basic(entry.basic, target)?;
        if basic.class == scalar::Class::Byte {
            previous = None;
            continue;
        }
        let at = (start + entry.disp).rem_euclid(size);
        // Without a list per entry: the walk meets every entry of the typemap.
        let containing = || {
            members
                .iter()
                .filter(move |m| m.offset <= at && at < m.offset + m.size * m.count)
        };
        let mut aligned = containing().filter(|m| (at - m.offset) % m.size == 0);
        let Some(first_aligned) = aligned.clone().next() else {
            result = Some(Misfit::Displacement {
                basic: entry.basic,
                at,
                inside: containing().next().map(|m| m.name.clone()),
            });
            break;
        };
        if let Some(m) = aligned.find(|m| scalar::of_member(m).is_some_and(|s| s.matches(basic))) {
            previous = Some((&m.name, at + entry.size, entry.basic));
            continue;
        }
        let m = first_aligned;
        let ran_past = previous
            .filter(|(name, end, b)| *end == at && *b == entry.basic && *name != m.name)
            .map(|(name, ..)| name.to_owned());
        result = Some(Misfit::FieldType {
            basic: entry.basic,
            at,
            field: m.name.clone(),
            field_type: describe(&m.ty),
            ran_past,
        });
        break;
    }
    if walk.over_budget() {
        return None;
    }
    result
}

fn describe(ty: &crate::ir::Ty) -> String {
    match ty {
        crate::ir::Ty::C(c) => c.spelling().to_owned(),
        crate::ir::Ty::Fortran { ty, .. } => ty.keyword().to_owned(),
        _ => "?".to_owned(),
    }
}
