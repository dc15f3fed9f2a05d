//! The code that builds an MPI datatype for a C struct or a Fortran derived type, and where it
//! goes.

use super::*;

/// Code that builds a committed MPI datatype for a struct, and where it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedDatatype {
    pub title: String,
    pub edits: Vec<Edit>,
}

/// For the C struct or `SEQUENCE`/`BIND(C)` derived type declared around `offset`: code that
/// builds an MPI datatype describing it, resized to its exact size, inserted after the
/// declaration (C: a function returning the committed type; Fortran: a subroutine, for the
/// `CONTAINS` part).
pub fn generate_datatype(analysis: &Analysis, offset: usize) -> Option<GeneratedDatatype> {
    let aggregate = innermost(&analysis.program.aggregates, offset, |a| a.span)?;
    let layout = aggregate_layout(analysis, aggregate)?;
    match (analysis.language, aggregate.kind) {
        (Language::C, AggregateKind::Struct | AggregateKind::Union) => {
            generate_c(analysis, aggregate, &layout)
        }
        (Language::Fortran { form, .. }, AggregateKind::FortranSequence) => {
            generate_fortran(analysis, aggregate, &layout, form == FortranForm::Fixed)
        }
        _ => None,
    }
}

/// A subroutine `<type>_mpi_type(newtype)` in the `CONTAINS` part of the module or program that
/// declares the type (a `CONTAINS` line is added when there is none): the components' addresses
/// from `MPI_GET_ADDRESS` relative to the first element, the extent from two consecutive
/// elements. Only flat types (no nested derived-type components).
fn generate_fortran(
    analysis: &Analysis,
    aggregate: &Aggregate,
    layout: &AggregateLayout,
    fixed: bool,
) -> Option<GeneratedDatatype> {
    let type_name = analysis.slice(aggregate.name_span).trim().to_owned();
    if type_name.is_empty() || layout.members.iter().any(|m| m.name.contains(['.', '['])) {
        return None;
    }
    let blocks: Vec<(&MemberLayout, Predefined)> = layout
        .members
        .iter()
        .map(|m| Some((m, m.basic?)))
        .collect::<Option<_>>()?;
    let text = analysis.text();
    // The generated subroutine goes into the unit or module declaring the type: it sees MPI
    // as that one does.
    let program = &analysis.program;
    let units: Vec<(Span, Option<FortranUnit>)> = program
        .functions
        .iter()
        .map(|f| (f.span, f.fortran))
        .chain(
            program
                .fortran_modules
                .iter()
                .map(|&(span, m)| (span, Some(m))),
        )
        .collect();
    let f08 = innermost(&units, aggregate.span.start, |&(span, _)| span)
        .and_then(|&(_, unit)| unit)
        .is_some_and(|unit| unit.f08);
    let (handle, ierr, ierr_decl) = if f08 {
        ("type(MPI_Datatype)", "", "")
    } else {
        ("integer", ", ierr", ", ierr")
    };
    let n = blocks.len();
    let indent = if fixed { "      " } else { "  " };
    let mut lines = vec![
        format!("! A committed MPI datatype for {type_name}, resized to the distance between two"),
        "! consecutive elements so that arrays of it work.".to_owned(),
        format!("subroutine {type_name}_mpi_type(newtype)"),
        format!("  {handle}, intent(out) :: newtype"),
        format!("  type({type_name}) :: probe(2)"),
        format!("  integer :: lengths({n}){ierr_decl}"),
        format!("  {handle} :: types({n}), members"),
        format!("  integer(kind=MPI_ADDRESS_KIND) :: disps({n}), base, next"),
    ];
    for (i, (m, basic)) in blocks.iter().enumerate() {
        let k = i + 1;
        lines.push(format!("  lengths({k}) = {}", m.count));
        lines.push(format!("  types({k}) = {}", basic.name()));
        lines.push(format!(
            "  call MPI_Get_address(probe(1)%{}, disps({k}){ierr})",
            m.name
        ));
    }
    lines.extend([
        format!("  call MPI_Get_address(probe(1), base{ierr})"),
        format!("  call MPI_Get_address(probe(2), next{ierr})"),
        "  disps = disps - base".to_owned(),
        format!("  call MPI_Type_create_struct({n}, lengths, disps, types, members{ierr})"),
        format!("  call MPI_Type_create_resized(members, 0_MPI_ADDRESS_KIND, next - base, newtype{ierr})"),
        format!("  call MPI_Type_free(members{ierr})"),
        format!("  call MPI_Type_commit(newtype{ierr})"),
        format!("end subroutine {type_name}_mpi_type"),
    ]);
    // Fixed form: comments in column 1, statements from column 7, continuation past column 72.
    let render = |line: &str| -> String {
        if line.starts_with('!') {
            return format!("{line}\n");
        }
        let full = format!("{indent}{line}");
        if !fixed || full.len() <= 72 {
            return format!("{full}\n");
        }
        let (head, tail) = full.split_at(full[..72].rfind([',', ' ']).map_or(72, |i| i + 1));
        format!("{head}\n     &{}{tail}\n", &indent[6..])
    };
    let code: String = lines.iter().map(|l| render(l)).collect();
    let lower = text.to_ascii_lowercase();
    let after = aggregate.span.end.min(text.len());
    let end_unit = line_starts(&lower, after).find(|&at| {
        let line = lower[at..].trim_start();
        ["end module", "end program", "endmodule", "endprogram"]
            .iter()
            .any(|e| line.starts_with(e))
            || line == "end"
            || line.starts_with("end\n")
            || line.starts_with("end!")
    })?;
    let has_contains = line_starts(&lower, after)
        .take_while(|&at| at < end_unit)
        .any(|at| lower[at..].trim_start().starts_with("contains"));
    let contains = if has_contains {
        String::new()
    } else {
        format!("{indent}contains\n")
    };
    Some(GeneratedDatatype {
        title: format!("Generate MPI datatype for {type_name}"),
        edits: vec![Edit::insert(end_unit, format!("{contains}{code}"))],
    })
}

/// Offsets of the starts of the lines from `from` on (`from` itself when a line starts there).
fn line_starts(text: &str, from: usize) -> impl Iterator<Item = usize> + '_ {
    let here = (from == 0 || text.as_bytes().get(from - 1) == Some(&b'\n')).then_some(from);
    here.into_iter()
        .chain(
            text[from..]
                .match_indices('\n')
                .map(move |(i, _)| from + i + 1),
        )
        .filter(move |&at| at < text.len())
}

/// The name C code spells the aggregate's type with: its tag, or a typedef of it.
fn c_type_name(analysis: &Analysis, aggregate: &Aggregate) -> Option<String> {
    let tagged = analysis.slice(aggregate.name_span).trim();
    if !tagged.is_empty() && aggregate.name.ends_with(tagged) {
        return Some(aggregate.name.clone());
    }
    analysis
        .program
        .typedefs
        .iter()
        .find(|(_, ty)| matches!(ty, Ty::Named(n) if *n == aggregate.name))
        .map(|(name, _)| name.clone())
}

/// A C identifier made of the letters of `name` (`struct Partstruct` -> `Partstruct`).
fn identifier(name: &str) -> String {
    let last = name.rsplit(' ').next().unwrap_or(name);
    last.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

fn generate_c(
    analysis: &Analysis,
    aggregate: &Aggregate,
    layout: &AggregateLayout,
) -> Option<GeneratedDatatype> {
    let type_name = c_type_name(analysis, aggregate)?;
    let blocks: Vec<(&MemberLayout, Predefined)> = layout
        .members
        .iter()
        .map(|m| Some((m, m.basic?)))
        .collect::<Option<_>>()?;
    let n = blocks.len();
    let join = |f: &dyn Fn(&(&MemberLayout, Predefined)) -> String| {
        blocks.iter().map(f).collect::<Vec<_>>().join(", ")
    };
    let lengths = join(&|(m, _)| m.count.to_string());
    let displacements = join(&|(m, _)| format!("offsetof({type_name}, {})", m.name));
    let types = join(&|(_, p)| p.name().to_owned());
    let function = format!("{}_mpi_type", identifier(&type_name));
    let code = format!(
        "\n/* A committed MPI datatype for {type_name}: every member at its offset, resized to\n   sizeof ({size} bytes on {target}) so that arrays of it work. */\n\
static MPI_Datatype {function}(void)\n{{\n    \
int          lengths[{n}] = {{{lengths}}};\n    \
MPI_Aint     displacements[{n}] = {{{displacements}}};\n    \
MPI_Datatype types[{n}] = {{{types}}};\n    \
MPI_Datatype members, resized;\n    \
MPI_Type_create_struct({n}, lengths, displacements, types, &members);\n    \
MPI_Type_create_resized(members, 0, sizeof({type_name}), &resized);\n    \
MPI_Type_free(&members);\n    \
MPI_Type_commit(&resized);\n    \
return resized;\n}}\n",
        size = layout.size,
        target = analysis.target.triple(),
    );
    let text = analysis.text();
    let after_declaration = text[aggregate.span.end.min(text.len())..]
        .find('\n')
        .map_or(text.len(), |i| aggregate.span.end + i + 1);
    let mut edits = Vec::new();
    if !text.contains("<stddef.h>") {
        edits.push(Edit::insert(0, "#include <stddef.h> /* offsetof */\n"));
    }
    edits.push(Edit::insert(after_declaration, code));
    Some(GeneratedDatatype {
        title: format!("Generate MPI datatype for {type_name}"),
        edits,
    })
}
