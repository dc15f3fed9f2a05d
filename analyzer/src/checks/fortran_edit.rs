//! Text edits in Fortran source for the fixes: where declarations may go in a program unit, and
//! statements rendered for free or fixed form (code in columns 7-72, continuation lines).

use super::Context;
use crate::fix::Edit;
use crate::ir::Function;
use crate::source::{FortranForm, Language, Span};

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
        && line
            .get(..5)
            .is_some_and(|columns| columns.trim().is_empty())
        && !matches!(line.as_bytes()[5], b' ' | b'0')
}

/// The offset of the start of the line after the specification part of `function` (where new
/// declarations go), when the front end could place it.
pub(crate) fn declarations_end(cx: &Context<'_>, function: &Function) -> Option<usize> {
    let end = function.fortran?.specification_end?;
    let text = cx.analysis.text();
    Some(
        text.get(end..)?
            .find('\n')
            .map_or(text.len(), |i| end + i + 1),
    )
}

/// Statements as lines of source, indented like `indent` (in fixed form, from column 7 at
/// least: code in columns 1-6 would be a label, or a comment), each continued as
/// [`continued`] says.
pub(crate) fn render(statements: &[String], indent: &str, fixed: bool) -> String {
    let first = if fixed && columns(indent, true) < 6 {
        "      "
    } else {
        indent
    };
    statements
        .iter()
        .map(|s| continued(first, s, indent, fixed) + "\n")
        .collect()
}

/// The last column code may take: 72 in fixed form; 132 in free form, less room for the ` &`
/// of a continued line.
fn line_limit(fixed: bool) -> usize {
    if fixed {
        72
    } else {
        130
    }
}

/// `code` after `first` (what starts its line: blanks, or a fixed-form line's label field), in
/// as many lines as the form's line length needs, cut after a comma or at a blank outside
/// character strings: fixed form continues with `&` in column 6, free form with a trailing `&`
/// and lines indented past `indent`. A line with no such cut stays long.
fn continued(first: &str, code: &str, indent: &str, fixed: bool) -> String {
    let (next, end) = if fixed {
        ("     &".to_owned(), "")
    } else {
        (format!("{indent}    "), " &")
    };
    let limit = line_limit(fixed);
    let mut out = String::new();
    let mut rest = code;
    let mut prefix = first;
    while columns(prefix, fixed) + rest.chars().count() > limit {
        let room = limit.saturating_sub(columns(prefix, fixed));
        let Some(cut) = cut(rest, room) else {
            break;
        };
        let (piece, after) = rest.split_at(cut);
        out.push_str(&format!("{prefix}{}{end}\n", piece.trim_end()));
        rest = after.trim_start();
        prefix = &next;
    }
    out.push_str(prefix);
    out.push_str(rest);
    out
}

/// Where to cut `code` so that its first piece takes at most `room` columns: after the last
/// comma or at the last blank there outside a character string; `None` when there is none.
fn cut(code: &str, room: usize) -> Option<usize> {
    let mut quote = None;
    let mut found = None;
    for (i, c) in code.char_indices().take(room) {
        match (quote, c) {
            (Some(q), _) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, ',') => found = Some(i + 1),
            (None, ' ') if i > 0 => found = Some(i),
            _ => {}
        }
    }
    found
}

/// Each character of a line with the offset after it and the column it ends in, as gfortran
/// counts: one column per character, but in fixed form a tab in columns 1-6 reaches column 6,
/// the column of the continuation mark, so that the character after it is in column 7 (or,
/// a nonzero digit, is that mark).
fn column_ends(line: &str, fixed: bool) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut chars = line.char_indices().peekable();
    let mut column = 0;
    std::iter::from_fn(move || {
        let (i, c) = chars.next()?;
        column = match chars.peek() {
            _ if !(fixed && c == '\t' && column < 6) => column + 1,
            Some((_, '1'..='9')) => 5,
            _ => 6,
        };
        Some((i + c.len_utf8(), column))
    })
}

/// The columns `text` takes at the start of a line.
fn columns(text: &str, fixed: bool) -> usize {
    column_ends(text, fixed)
        .last()
        .map_or(0, |(_, column)| column)
}

/// The label field of a fixed-form line, columns 1-6 (a tab there and the continuation mark
/// after it included); `None` when the line is shorter.
fn label_field(line: &str) -> Option<&str> {
    column_ends(line, true)
        .find(|&(_, column)| column >= 6)
        .map(|(end, _)| &line[..end])
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
    split_top_level(inner)
}

/// A list split at the commas outside parentheses and brackets; `None` when they do not
/// balance.
fn split_top_level(inner: &str) -> Option<Vec<&str>> {
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

/// True when `MPI_ADDRESS_KIND` is visible in `function`, so that a fix may write it.
pub(crate) fn address_kind_visible(function: &Function) -> bool {
    function.fortran.is_some_and(|unit| unit.address_kind)
}

/// True when `use mpi_f08` is in effect in `function`: handles are `TYPE(MPI_Datatype)`.
pub(crate) fn uses_f08(function: &Function) -> bool {
    function.fortran.is_some_and(|unit| unit.f08)
}

/// `INTEGER(KIND=MPI_ADDRESS_KIND)` in upper or lower case (the kind's name stays as the
/// standard spells it).
pub(crate) fn address_integer(upper: bool) -> String {
    let integer = if upper {
        "INTEGER(KIND="
    } else {
        "integer(kind="
    };
    format!("{integer}MPI_ADDRESS_KIND)")
}

/// An `INTEGER(KIND=MPI_ADDRESS_KIND)` expression for the value of the default-integer
/// expression `expr`: a literal takes the kind suffix, anything else goes through `INT`.
pub(crate) fn address_value(expr: &str, upper: bool) -> String {
    let expr = expr.trim();
    if !expr.is_empty() && expr.bytes().all(|b| b.is_ascii_digit()) {
        format!("{expr}_MPI_ADDRESS_KIND")
    } else {
        format!(
            "{}({expr}, MPI_ADDRESS_KIND)",
            if upper { "INT" } else { "int" }
        )
    }
}

/// The start and end (before the line break) of the line `span` is on, when the statement
/// there is alone on it: only blanks before it (fixed form: from column 7), only blanks or a
/// comment after it.
pub(crate) fn own_line(cx: &Context<'_>, span: Span) -> Option<(usize, usize)> {
    let text = cx.analysis.text();
    if text.get(span.start..span.end)?.contains('\n') {
        return None;
    }
    let start = text[..span.start].rfind('\n').map_or(0, |i| i + 1);
    let end = text[span.end..]
        .find('\n')
        .map_or(text.len(), |i| span.end + i);
    let (before, after) = (&text[start..span.start], text[span.end..end].trim());
    let room = if fixed(cx) { 6 } else { 0 };
    (before.trim().is_empty()
        && before.len() >= room
        && (after.is_empty() || after.starts_with('!')))
    .then_some((start, end))
}

/// The code of a line and what follows it (blanks and a `!` comment), split at the first `!`
/// outside a character string.
fn split_comment(line: &str) -> (&str, &str) {
    let mut quote = None;
    for (i, b) in line.bytes().enumerate() {
        match (quote, b) {
            (Some(q), _) if b == q => quote = None,
            (Some(_), _) => {}
            (None, b'\'' | b'"') => quote = Some(b),
            (None, b'!') => return line.split_at(i),
            _ => {}
        }
    }
    (line, "")
}

/// The edits of one line, as they are when the line keeps its code within the columns the
/// form allows once they are applied (72 in fixed form, 132 in free form), or else as one edit
/// that writes the line's code continued on as many lines as it needs (its comment after the
/// last); `None` for edits on several lines or writing line breaks, or when the code cannot be
/// cut or already passes the limit (fixed form: sequence numbers in columns 73-80).
pub(crate) fn fit(cx: &Context<'_>, edits: &[Edit]) -> Option<Vec<Edit>> {
    let text = cx.analysis.text();
    let Some(first) = edits.iter().map(|e| e.span.start).min() else {
        return Some(Vec::new());
    };
    let start = text[..first].rfind('\n').map_or(0, |i| i + 1);
    let end = text[first..].find('\n').map_or(text.len(), |i| first + i);
    let end = if text[..end].ends_with('\r') {
        end - 1
    } else {
        end
    };
    let mut sorted: Vec<&Edit> = edits.iter().collect();
    sorted.sort_by_key(|e| e.span.start);
    let (mut line, mut at) = (String::new(), start);
    for e in sorted {
        if e.span.end > end || e.span.start < at || e.new_text.contains('\n') {
            return None;
        }
        line.push_str(&text[at..e.span.start]);
        line.push_str(&e.new_text);
        at = e.span.end;
    }
    line.push_str(&text[at..end]);
    let fixed = fixed(cx);
    let limit = if fixed { 72 } else { 132 };
    let code_columns = |line: &str| columns(split_comment(line).0.trim_end(), fixed);
    if code_columns(&line) <= limit {
        return Some(edits.to_vec());
    }
    if code_columns(&text[start..end]) > limit {
        return None;
    }
    let (code, comment) = split_comment(&line);
    let first = if fixed {
        label_field(code)?
    } else {
        &code[..code.len() - code.trim_start().len()]
    };
    let continued = continued(first, code[first.len()..].trim_end(), first, fixed);
    if continued
        .lines()
        .any(|l| columns(l, fixed) > line_limit(fixed))
    {
        return None;
    }
    let comment = comment.trim_end();
    let separator = if comment.is_empty() { "" } else { " " };
    Some(vec![Edit::replace(
        Span::new(start, end),
        format!("{continued}{separator}{}", comment.trim_start()),
    )])
}

/// The identifiers of the code in `span`, with their offsets: comments, character strings and
/// (fixed form) columns 1-6 and 73 on are left out.
fn identifiers<'a>(cx: &Context<'a>, span: Span) -> Vec<(usize, &'a str)> {
    let text = cx.analysis.text();
    let fixed = fixed(cx);
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut out = Vec::new();
    let mut offset = span.start;
    for line in text
        .get(span.start..span.end)
        .unwrap_or("")
        .split_inclusive('\n')
    {
        let at = offset;
        offset += line.len();
        if comment_or_blank(line, fixed) || line.trim_start().starts_with('#') {
            continue;
        }
        let (from, to) = if fixed {
            (6.min(line.len()), 72.min(line.len()))
        } else {
            (0, line.len())
        };
        let bytes = &line.as_bytes()[from..to];
        let (mut i, mut quote) = (0, None);
        while i < bytes.len() {
            let b = bytes[i];
            i += 1;
            match (quote, b) {
                (Some(q), _) if b == q => quote = None,
                (Some(_), _) => {}
                (None, b'\'' | b'"') => quote = Some(b),
                (None, b'!') => break,
                (None, b) if word(b) => {
                    let s = i - 1;
                    while i < bytes.len() && word(bytes[i]) {
                        i += 1;
                    }
                    // A number's kind suffix or exponent is no identifier.
                    if b.is_ascii_alphabetic() {
                        let s = at + from + s;
                        out.push((s, &text[s..at + from + i]));
                    }
                }
                _ => {}
            }
        }
    }
    out
}

/// True when every mention of `name` in the code of the unit (its header and internal
/// procedures included) starts at one of the offsets `seen`, and the unit includes no file but
/// `mpif.h` (whose code would not be seen).
pub(crate) fn mentioned_only_at(
    cx: &Context<'_>,
    function: &Function,
    name: &str,
    seen: &[usize],
) -> bool {
    let includes_other = cx.text(function.span).lines().any(|line| {
        let line = line.trim_start().to_ascii_lowercase();
        let include = line.starts_with("include") || line.starts_with("#include");
        include && !line.contains("mpif.h")
    });
    !includes_other
        && identifiers(cx, function.span)
            .iter()
            .filter(|(_, word)| word.eq_ignore_ascii_case(name))
            .all(|(at, _)| seen.contains(at))
}

/// A type declaration statement of INTEGER entities alone on its line, without attributes
/// (`INTEGER DISP(3), N`, `integer*4 :: stride`), as written.
#[derive(Clone)]
pub(crate) struct Declaration<'a> {
    /// The line, without its line break.
    pub line: Span,
    indent: &'a str,
    /// `INTEGER`, `integer*4`, `INTEGER(KIND=4)`.
    type_spec: &'a str,
    colons: bool,
    /// The entities as written (`DISP(3)`, `n = 2`) with their names.
    entities: Vec<(&'a str, &'a str)>,
    /// What follows the code: blanks and a comment.
    comment: &'a str,
}

impl<'a> Declaration<'a> {
    /// The declaration statement the name at `name_span` is declared in, when it is one.
    pub(crate) fn integer_at(cx: &Context<'a>, name_span: Span) -> Option<Declaration<'a>> {
        let text = cx.analysis.text();
        let fixed = fixed(cx);
        let start = text
            .get(..name_span.start)?
            .rfind('\n')
            .map_or(0, |i| i + 1);
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let line = &text[start..end];
        let next = text
            .get(end + 1..)
            .unwrap_or("")
            .lines()
            .next()
            .unwrap_or("");
        let previous = text[..start.saturating_sub(1)].lines().next_back();
        let continued = |l: &str| split_comment(l).0.trim_end().ends_with('&');
        let (code, _) = split_comment(line);
        // Fixed form: nothing but blanks after column 72 (no sequence numbers) outside a comment.
        if fixed && !code.bytes().skip(72).all(|b| b.is_ascii_whitespace()) {
            return None;
        }
        let code = code.trim_end();
        let comment = &line[code.len()..];
        if continued(line)
            || previous.is_some_and(|p| !fixed && continued(p))
            || continuation(line, fixed)
            || continuation(next, fixed)
            || code.contains([';', '\t'])
            || (fixed && !code.get(..6)?.trim().is_empty())
        {
            return None;
        }
        let statement = code.trim_start();
        let indent = &code[..code.len() - statement.len()];
        let rest = statement.get(7..)?;
        if !statement[..7].eq_ignore_ascii_case("integer") {
            return None;
        }
        let kind = if let Some(star) = rest.strip_prefix('*') {
            1 + star.len() - star.trim_start_matches(|c: char| c.is_ascii_digit()).len()
        } else if rest.trim_start().starts_with('(') {
            rest.find(')')? + 1
        } else {
            0
        };
        let type_spec = &statement[..7 + kind];
        let after = &rest[kind..];
        let (colons, list) = match after.trim_start().strip_prefix("::") {
            Some(list) => (true, list),
            // Without `::`: no attributes and no initialisation.
            None if after.starts_with(' ')
                && !after.trim_start().starts_with(',')
                && !after.contains(['/', '=']) =>
            {
                (false, after)
            }
            None => return None,
        };
        let entities = split_top_level(list)?
            .into_iter()
            .map(|e| {
                let e = e.trim();
                let name_len = e.len()
                    - e.trim_start_matches(|c: char| c.is_ascii_alphanumeric() || c == '_')
                        .len();
                (name_len > 0).then(|| (e, &e[..name_len]))
            })
            .collect::<Option<Vec<_>>>()?;
        Some(Declaration {
            line: Span::new(start, end),
            indent,
            type_spec,
            colons,
            entities,
            comment,
        })
    }

    /// True when the statement declares `name`.
    pub(crate) fn declares(&self, name: &str) -> bool {
        self.entities
            .iter()
            .any(|(_, n)| n.eq_ignore_ascii_case(name))
    }

    /// The statement rewritten as one edit of its line: the entities named in `widen` declared
    /// `INTEGER(KIND=MPI_ADDRESS_KIND)` in a statement of their own after it (in the case of its
    /// type), the arrays in `resize` redimensioned.
    fn rewrite(&self, cx: &Context<'_>, Changes { widen, resize }: &Changes<'_>) -> Option<Edit> {
        let upper = !self.type_spec.bytes().any(|b| b.is_ascii_lowercase());
        let separator = if self.colons { " :: " } else { " " };
        let (mut kept, mut moved) = (Vec::new(), Vec::new());
        for &(entity, name) in &self.entities {
            let entity = match resize.iter().find(|r| r.0.eq_ignore_ascii_case(name)) {
                Some(&(_, old, new)) => {
                    let dimension = entity[name.len()..].trim_start();
                    (dimension.strip_prefix('(')?.strip_suffix(')')?.trim() == old.to_string())
                        .then(|| format!("{name}({new})"))?
                }
                None => entity.to_owned(),
            };
            if widen.iter().any(|w| w.eq_ignore_ascii_case(name)) {
                moved.push(entity);
            } else {
                kept.push(entity);
            }
        }
        let mut statements = Vec::new();
        if !kept.is_empty() {
            statements.push(format!("{}{separator}{}", self.type_spec, kept.join(", ")));
        }
        if !moved.is_empty() {
            let address = address_integer(upper);
            statements.push(format!("{address}{separator}{}", moved.join(", ")));
        }
        let mut text = render(&statements, self.indent, fixed(cx));
        text.pop();
        if !self.comment.trim().is_empty() {
            text.push_str(self.comment);
        }
        Some(Edit::replace(self.line, text))
    }
}

/// What changes in one declaration statement.
#[derive(Default)]
struct Changes<'a> {
    widen: Vec<&'a str>,
    /// Arrays: name, elements as written, new elements.
    resize: Vec<(&'a str, usize, usize)>,
}

/// Changes to a unit's INTEGER declarations, gathered by statement: one edit rewrites each.
#[derive(Default)]
pub(crate) struct Redeclarations<'a>(Vec<(Declaration<'a>, Changes<'a>)>);

impl<'a> Redeclarations<'a> {
    /// Declares `name` (declared in `declaration`) INTEGER(KIND=MPI_ADDRESS_KIND).
    pub(crate) fn widen(&mut self, declaration: Declaration<'a>, name: &'a str) {
        self.changes(declaration).widen.push(name);
    }

    /// Redimensions the array `name` from `old` elements (as written) to `new`.
    pub(crate) fn resize(
        &mut self,
        declaration: Declaration<'a>,
        name: &'a str,
        old: usize,
        new: usize,
    ) {
        self.changes(declaration).resize.push((name, old, new));
    }

    fn changes(&mut self, declaration: Declaration<'a>) -> &mut Changes<'a> {
        let at = match self.0.iter().position(|(d, _)| d.line == declaration.line) {
            Some(at) => at,
            None => {
                self.0.push((declaration, Changes::default()));
                self.0.len() - 1
            }
        };
        &mut self.0[at].1
    }

    pub(crate) fn edits(&self, cx: &Context<'_>) -> Option<Vec<Edit>> {
        self.0
            .iter()
            .map(|(d, changes)| d.rewrite(cx, changes))
            .collect()
    }
}

/// `, ierr` when a call passes the `ierror` argument after the MPI arguments, empty when it
/// leaves it out (`mpi_f08`).
pub(crate) fn ierror(cx: &Context<'_>, site: &super::CallSite<'_>) -> Option<String> {
    let args = call_arguments(cx.text(site.span))?;
    match args.len().checked_sub(site.function.params.len())? {
        0 => Some(String::new()),
        1 => Some(format!(", {}", args.last()?.trim())),
        _ => None,
    }
}

/// True when the unit writes its keywords in upper case (`PROGRAM`, `SUBROUTINE`, ...): new
/// statements follow the first word of its code.
pub(crate) fn keywords_upper(cx: &Context<'_>, function: &Function) -> bool {
    identifiers(cx, function.span)
        .first()
        .is_some_and(|(_, word)| !word.bytes().any(|b| b.is_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tab_in_the_label_field_reaches_column_seven_or_is_the_continuation_mark() {
        assert_eq!(label_field("      CALL F"), Some("      "));
        assert_eq!(label_field("   10 CONTINUE"), Some("   10 "));
        assert_eq!(label_field("\tCALL F"), Some("\t"));
        assert_eq!(label_field("10\tCONTINUE"), Some("10\t"));
        assert_eq!(label_field("\t1, B)"), Some("\t1"));
        assert_eq!(label_field("   C"), None);
        // After column 6 a tab is one column.
        assert_eq!(columns("\tX =\t1", true), 6 + 5);
        assert_eq!(columns("\tX", false), 2);
    }

    #[test]
    fn long_statements_are_continued_within_the_line() {
        let call = format!("CALL F({})", ["ARGUMENT"; 12].join(", "));
        let fixed = continued("\t", &call, "\t", true);
        let lines: Vec<&str> = fixed.lines().collect();
        assert!(lines.len() > 1, "{fixed}");
        assert!(lines.iter().all(|l| columns(l, true) <= 72), "{fixed}");
        assert!(
            lines[1..].iter().all(|l| l.starts_with("     &")),
            "{fixed}"
        );
        let free = continued("  ", &call.repeat(3), "  ", false);
        assert!(free.lines().all(|l| l.chars().count() <= 132), "{free}");
        assert!(
            free.lines().rev().skip(1).all(|l| l.ends_with(" &")),
            "{free}"
        );
    }
}
