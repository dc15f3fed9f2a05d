//! Text edits in Fortran source for the fixes: where declarations may go in a program unit, and
//! statements rendered for free or fixed form (code in columns 7-72, continuation lines).

use super::Context;
use crate::ir::Function;
use crate::source::{FortranForm, Language};

/// Statements that may appear in the specification part (lower case, as a line starts).
const SPECIFICATION: &[&str] = &[
    "use ",
    "use,",
    "implicit",
    "include",
    "integer",
    "real",
    "double",
    "complex",
    "logical",
    "character",
    "type(",
    "type (",
    "parameter",
    "dimension",
    "save",
    "external",
    "intrinsic",
];

/// True for fixed-form source.
pub(crate) fn fixed(cx: &Context<'_>) -> bool {
    matches!(
        cx.language(),
        Language::Fortran {
            form: FortranForm::Fixed,
            ..
        }
    )
}

/// A comment or blank line (fixed form: `C`, `c`, `*` or `!` in column 1).
fn comment_or_blank(line: &str, fixed: bool) -> bool {
    let trimmed = line.trim_start();
    trimmed.is_empty() || trimmed.starts_with('!') || (fixed && line.starts_with(['c', 'C', '*']))
}

/// A fixed-form continuation line (a character other than blank or `0` in column 6).
fn continuation(line: &str, fixed: bool) -> bool {
    fixed
        && line.len() >= 6
        && !line.starts_with('\t')
        && line[..5].trim().is_empty()
        && !matches!(line.as_bytes()[5], b' ' | b'0')
}

/// The offset of the start of the line after the last specification statement of `function`
/// (where new declarations go), when the unit's first lines are recognised: the unit's header,
/// then only the statements above (with comments, blanks and continuation lines), then the
/// first executable statement (derived-type definitions are skipped to their `END TYPE`).
pub(crate) fn declarations_end(cx: &Context<'_>, function: &Function) -> Option<usize> {
    let text = cx.analysis.text();
    let fixed = fixed(cx);
    let unit = text.get(function.span.start..function.span.end)?;
    let mut offset = function.span.start;
    let mut end = None;
    let mut in_type = false;
    for (i, line) in unit.split_inclusive('\n').enumerate() {
        let at = offset;
        offset += line.len();
        if i == 0 || comment_or_blank(line, fixed) {
            continue;
        }
        if continuation(line, fixed) || line.trim_start().starts_with('&') {
            end = end.map(|_| offset);
            continue;
        }
        let lower = line.trim_start().to_ascii_lowercase();
        let free_continued = |l: &str| l.split('!').next().unwrap_or("").trim_end().ends_with('&');
        if in_type && !lower.starts_with("end") {
            continue;
        }
        if SPECIFICATION.iter().any(|k| lower.starts_with(k)) && !lower.starts_with("type ::") {
            if free_continued(&lower) {
                return None;
            }
            end = Some(offset);
        } else if lower.starts_with("type") {
            in_type = true;
        } else if in_type {
            let closing = lower.split_whitespace().collect::<String>();
            if closing.starts_with("endtype") {
                in_type = false;
                end = Some(offset);
            }
        } else {
            return end.filter(|&e| e <= at);
        }
    }
    None
}

/// Statements as lines of source: free form indented like `indent`; fixed form from column 7,
/// lines longer than 72 columns continued with `&` in column 6.
pub(crate) fn render(statements: &[String], indent: &str, fixed: bool) -> String {
    statements
        .iter()
        .map(|s| {
            if !fixed {
                return format!("{indent}{s}\n");
            }
            let mut out = String::new();
            let mut rest = s.as_str();
            let mut prefix = "      ";
            while prefix.len() + rest.len() > 72 {
                let mut room = 72 - prefix.len();
                while !rest.is_char_boundary(room) {
                    room -= 1;
                }
                let cut = rest[..room].rfind([',', ' ']).map_or(room, |i| i + 1);
                out.push_str(&format!("{prefix}{}\n", &rest[..cut]));
                rest = &rest[cut..];
                prefix = "     &";
            }
            out.push_str(&format!("{prefix}{rest}\n"));
            out
        })
        .collect()
}

/// True when `name` occurs in the unit's text as a word (case-insensitive): a new variable
/// must not take the name of anything there.
pub(crate) fn name_taken(cx: &Context<'_>, function: &Function, name: &str) -> bool {
    let unit = cx.text(function.span).to_ascii_lowercase();
    let name = name.to_ascii_lowercase();
    unit.match_indices(&name).any(|(i, _)| {
        let word = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !word(unit[..i].chars().next_back()) && !word(unit[i + name.len()..].chars().next())
    })
}

/// The arguments of a call as written (`call f(a, b(1, 2), c)`: `a`, `b(1, 2)`, `c`), split at
/// the commas outside parentheses; `None` when the parentheses do not balance or there is a
/// string or comment inside.
pub(crate) fn call_arguments(call: &str) -> Option<Vec<&str>> {
    let open = call.find('(')?;
    let inner = call[open + 1..].trim_end().strip_suffix(')')?;
    if inner.contains(['\'', '"', '!', '\n']) {
        return None;
    }
    let (mut depth, mut start, mut out) = (0i32, 0, Vec::new());
    for (i, c) in inner.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
        if depth < 0 {
            return None;
        }
    }
    out.push(&inner[start..]);
    (depth == 0).then_some(out)
}
