//! cpp's conditional groups decided on the text, before the parse, as cpp itself does them.
//!
//! Fortran code often opens a construct in one branch and closes it in another (`#ifndef X` /
//! `IF (c) THEN` / `#endif` ... `#ifndef X` / `ENDIF` / `#endif`), or wraps a module's
//! `CONTAINS` and procedures in one `#if`: no parse tree holds such a group, so tree-sitter
//! makes an error of it, or the walk drops what the grammar put in an odd place. Here every
//! group whose branch the macros decide is replaced by the branch compiled: its directive lines
//! and the other branches' lines become blanks (byte for byte, line ends kept, so that every
//! offset stays where it was). A group that cannot be decided stays as written, for the tree's
//! preprocessor, which runs its branches as an `IF` of unknown condition.
//!
//! The macros are followed as cpp follows them, from the state the file starts with:
//! `#define`, `#undef` and `#include`d headers (through the resolver, within a budget of their
//! own). A name an undecided group may change becomes uncertain; after an undecided group that
//! includes a header, nothing more is decided.
//!
//! The same scan expands the macros of each line of code with the macros in force there
//! ([`super::expansion`]). That does move offsets: the map it returns leads back to the text as
//! written.

use std::collections::HashMap;
use std::rc::Rc;

use tree_sitter::Node;

use super::expansion::{LineExpander, Replacement};
use super::{kinds as k, parser, preproc};
use crate::source::{FortranForm, OffsetMap};
use crate::syntax::preproc::{Condition, MacroState, Macros};
use crate::syntax::TextBudget;

/// How deep `#include`s nest while their macros are followed (as for lowering them).
const MAX_DEPTH: usize = super::MAX_INCLUDE_DEPTH;

/// One directive: its first line and the lines its `\` continuations take.
struct Directive {
    first: usize,
    last: usize,
    /// The directive's text, continuations joined.
    text: String,
}

impl Directive {
    /// The directive's name (`if`, `ifdef`, `define`, ...), and the text after it.
    fn name(&self) -> (&str, &str) {
        let rest = self.text.trim_start().trim_start_matches('#').trim_start();
        let end = rest
            .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .unwrap_or(rest.len());
        (&rest[..end], rest[end..].trim())
    }
}

/// The lines of `text` (without their ends) and the directives among them.
fn directives(lines: &[&str]) -> Vec<Directive> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].trim_start().starts_with('#') {
            i += 1;
            continue;
        }
        let first = i;
        let mut text = String::new();
        loop {
            let line = lines[i];
            match line.trim_end().strip_suffix('\\') {
                Some(joined) if i + 1 < lines.len() => {
                    text.push_str(joined);
                    text.push(' ');
                    i += 1;
                }
                _ => {
                    text.push_str(line);
                    break;
                }
            }
        }
        found.push(Directive {
            first,
            last: i,
            text,
        });
        i += 1;
    }
    found
}

/// One conditional group: the indices (into the directives) of its `#if`, `#elif`s, `#else`
/// and `#endif`.
struct Group {
    branches: Vec<usize>,
    end: usize,
}

/// The groups by the index of their opening directive; an unterminated one is left out (it
/// stays as written).
fn groups(directives: &[Directive]) -> HashMap<usize, Group> {
    let mut open: Vec<Vec<usize>> = Vec::new();
    let mut groups = HashMap::new();
    for (i, directive) in directives.iter().enumerate() {
        match directive.name().0 {
            "if" | "ifdef" | "ifndef" => open.push(vec![i]),
            "elif" | "elifdef" | "elifndef" | "else" => {
                if let Some(group) = open.last_mut() {
                    group.push(i);
                }
            }
            "endif" => {
                if let Some(branches) = open.pop() {
                    groups.insert(branches[0], Group { branches, end: i });
                }
            }
            _ => {}
        }
    }
    groups
}

/// What the scan knows, and how it reads headers.
struct Scan<'r> {
    macros: Macros<String>,
    include: &'r mut dyn FnMut(&str) -> Option<String>,
    budget: TextBudget,
    headers: HashMap<String, Rc<str>>,
    /// An undecided group included a header: its macros are unknown from there on.
    lost: bool,
    depth: usize,
    /// Expands the main file's lines of code, when they are expanded.
    expander: Option<LineExpander>,
    /// The lines of code with uses of macros, and their replacements.
    replaced: Vec<(usize, Vec<Replacement>)>,
}

/// A text as cpp leaves it: decided groups taken away, macros expanded.
pub(super) struct Preprocessed {
    pub text: String,
    /// Leads offsets of `text` back to the text as written, when expansions moved them.
    pub expansions: Option<OffsetMap>,
}

/// `text` with every conditional group the macros decide replaced by its compiled branch, and,
/// when `expand` gives the form of its lines, the macros of its code expanded (see the module
/// documentation); `None` when cpp changes nothing.
pub(super) fn resolve(
    text: &str,
    macros: &Macros<String>,
    include: &mut dyn FnMut(&str) -> Option<String>,
    expand: Option<FortranForm>,
) -> Option<Preprocessed> {
    let lines: Vec<&str> = text.split('\n').collect();
    let mut scan = Scan {
        macros: macros.clone(),
        include,
        budget: TextBudget::includes(),
        headers: HashMap::new(),
        lost: false,
        depth: 0,
        expander: expand.map(LineExpander::new),
        replaced: Vec::new(),
    };
    let mut blank = vec![false; lines.len()];
    scan.lines(&lines, Some(&mut blank));
    if !blank.contains(&true) && scan.replaced.is_empty() {
        return None;
    }
    let mut out = String::with_capacity(text.len());
    let mut map = OffsetMap::for_original(text.len());
    // Where the original's bytes not yet mapped start.
    let mut copied_from = 0;
    let mut replaced = scan.replaced.iter().peekable();
    let mut line_start = 0;
    for (i, line) in lines.iter().enumerate() {
        if i > 0 {
            out.push('\n');
            line_start += 1;
        }
        if let Some((_, uses)) = replaced.next_if(|(at, _)| *at == i) {
            let mut written = 0;
            for (range, expansion) in uses {
                out.push_str(&line[written..range.start]);
                out.push_str(expansion);
                map.push_copied(copied_from, line_start + range.start - copied_from);
                map.push_replaced(line_start + range.start, range.len(), expansion.len());
                copied_from = line_start + range.end;
                written = range.end;
            }
            out.push_str(&line[written..]);
        } else if blank[i] {
            // A `\r` before the line end stays: the line keeps its ending.
            let body = line.strip_suffix('\r');
            out.extend(std::iter::repeat_n(' ', body.unwrap_or(line).len()));
            if body.is_some() {
                out.push('\r');
            }
        } else {
            out.push_str(line);
        }
        line_start += line.len();
    }
    map.push_copied(copied_from, text.len() - copied_from);
    Some(Preprocessed {
        text: out,
        expansions: (!scan.replaced.is_empty()).then_some(map),
    })
}

impl Scan<'_> {
    /// Follows the directives of `lines`, marking in `blank` (the main file's only) the lines
    /// that decided groups take away.
    fn lines(&mut self, lines: &[&str], mut blank: Option<&mut Vec<bool>>) {
        let directives = directives(lines);
        let groups = groups(&directives);
        let guard = include_guard(&directives, &groups);
        // The directives of the groups being walked, and whether each is decided: (end,
        // compiled branch's range of directives, or `None` when undecided).
        let mut i = 0;
        // Directive indices below which nothing is interpreted (inside an undecided group).
        let mut undecided_until: Option<usize> = None;
        // The decided groups open here: (index of their `#endif`, first and last directive of
        // the branch compiled).
        let mut open: Vec<(usize, Option<(usize, usize)>)> = Vec::new();
        // The first line of code not yet expanded.
        let mut code = 0;
        while i < directives.len() {
            if let Some(blank) = blank.as_deref() {
                self.expand_code(lines, code..directives[i].first, blank);
                code = directives[i].last + 1;
            }
            while let Some(&(end, _)) = open.last() {
                if i <= end {
                    break;
                }
                open.pop();
            }
            let live = open
                .iter()
                .all(|(_, branch)| branch.is_some_and(|(from, to)| i > from && i < to));
            let directive = &directives[i];
            let (name, rest) = directive.name();
            if let Some(until) = undecided_until {
                if i < until {
                    self.undecided(name, rest);
                    i += 1;
                    continue;
                }
                undecided_until = None;
            }
            match (name, groups.get(&i)) {
                ("if" | "ifdef" | "ifndef", Some(group)) => {
                    let compiled = if live && !self.lost {
                        self.decide(group, &directives, guard == Some(i))
                    } else if live {
                        None
                    } else {
                        Some(None)
                    };
                    match compiled {
                        None => {
                            undecided_until = Some(group.end);
                            i += 1;
                            continue;
                        }
                        Some(branch) => {
                            if let Some(blank) = blank.as_deref_mut() {
                                blank_group(blank, group, branch, &directives);
                            }
                            let range = branch.map(|b| (group.branches[b], next(group, b)));
                            open.push((group.end, range));
                        }
                    }
                }
                _ if live => self.directive(name, rest, directive),
                _ => {}
            }
            i += 1;
        }
        if let Some(blank) = blank.as_deref() {
            self.expand_code(lines, code..lines.len(), blank);
        }
    }

    /// Expands the macros of the lines of code in `range` that cpp compiles or may compile,
    /// with the macros in force there (none once a header's may be anything).
    fn expand_code(&mut self, lines: &[&str], range: std::ops::Range<usize>, blank: &[bool]) {
        let Some(expander) = self.expander.as_mut() else {
            return;
        };
        if self.lost {
            return;
        }
        for i in range.filter(|&i| !blank[i]) {
            let uses = expander.expand(lines[i], &self.macros);
            if !uses.is_empty() {
                self.replaced.push((i, uses));
            }
        }
    }

    /// What a directive inside an undecided group does to the macros: any name it defines may
    /// be defined or not afterwards, and a header it includes may define anything.
    fn undecided(&mut self, name: &str, rest: &str) {
        match name {
            "define" | "undef" => {
                if let Some(macro_name) = leading_name(rest) {
                    self.macros.set(macro_name, MacroState::Uncertain);
                }
            }
            "include" => self.lost = true,
            _ => {}
        }
    }

    /// A directive of the code compiled: a definition, an `#undef`, or an `#include`.
    fn directive(&mut self, name: &str, rest: &str, directive: &Directive) {
        match name {
            "define" => {
                let Some((tree, source)) = parse_directive(&directive.text) else {
                    return;
                };
                let kinds = [k::PREPROC_DEF, k::PREPROC_FUNCTION_DEF];
                let definition = first_of(tree.root_node(), &kinds)
                    .and_then(|node| preproc::definition(node, &source));
                if let Some((name, state)) = definition {
                    self.macros.set(name, state);
                }
            }
            "undef" => {
                if let Some(macro_name) = leading_name(rest) {
                    self.macros.set(macro_name, MacroState::Undefined);
                }
            }
            "include" => {
                let header = rest.trim_matches(['"', '<', '>', '\'', ' ']);
                self.header(header);
            }
            _ => {}
        }
    }

    /// Follows the macros of an `#include`d header (the MPI header defines none that matter).
    fn header(&mut self, name: &str) {
        let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
        if base.eq_ignore_ascii_case("mpif.h") || base.eq_ignore_ascii_case("mpi.h") {
            return;
        }
        if self.depth >= MAX_DEPTH {
            return;
        }
        let text = match self.headers.get(name) {
            Some(text) => Some(text.clone()),
            None => (self.include)(name).map(|t| {
                let text: Rc<str> = Rc::from(t);
                self.headers.insert(name.to_owned(), text.clone());
                text
            }),
        };
        // As the lowering does, a header not found defines nothing.
        let Some(text) = text else {
            return;
        };
        if !self.budget.take(text.len()) {
            self.lost = true;
            return;
        }
        let lines: Vec<&str> = text.split('\n').collect();
        self.depth += 1;
        self.lines(&lines, None);
        self.depth -= 1;
    }

    /// The branch of `group` cpp compiles (`Some(None)`: none), or `None` when undecidable.
    /// The `guard` of a header (see [`include_guard`]) is undefined unless the analysis
    /// defined it: a name of the implementation's (`_CPP_OPTIONS_H_`) is no longer uncertain
    /// there, since no compiler defines a program's header guard.
    fn decide(
        &self,
        group: &Group,
        directives: &[Directive],
        guard: bool,
    ) -> Option<Option<usize>> {
        for (b, &at) in group.branches.iter().enumerate() {
            let (name, rest) = directives[at].name();
            let taken = match name {
                "else" => Some(true),
                "ifndef" if guard => {
                    let name = leading_name(rest)?;
                    Some(!matches!(
                        self.macros.get(&name),
                        Some(MacroState::Defined { .. })
                    ))
                }
                "ifdef" | "elifdef" => self.macros.is_defined(leading_name(rest)?.as_str()),
                "ifndef" | "elifndef" => self
                    .macros
                    .is_defined(leading_name(rest)?.as_str())
                    .map(|d| !d),
                _ => self.condition(rest),
            }?;
            if taken {
                return Some(Some(b));
            }
        }
        Some(None)
    }

    /// The value of an `#if` expression, decided by the tree's preprocessor on its own parse.
    fn condition(&self, expression: &str) -> Option<bool> {
        let (tree, source) = parse_directive(&format!("#if {expression}\n#endif"))?;
        let node = first_of(tree.root_node(), &[k::PREPROC_IF])?;
        let condition = Condition {
            text: &source,
            macros: &self.macros,
            body_value: &preproc::number_body,
        };
        condition.decide(node)
    }
}

/// The group that is a header's include guard: `#ifndef G` as its first directive, `#define G`
/// right after it, its `#endif` the last directive, and no other branch.
fn include_guard(directives: &[Directive], groups: &HashMap<usize, Group>) -> Option<usize> {
    let group = groups.get(&0)?;
    let (name, rest) = directives[0].name();
    let (define, defined) = directives.get(1)?.name();
    let guarded = name == "ifndef"
        && define == "define"
        && group.branches.len() == 1
        && group.end + 1 == directives.len()
        && leading_name(rest)? == leading_name(defined)?;
    guarded.then_some(0)
}

/// The directive after branch `b` of `group` (the next branch's, or the `#endif`).
fn next(group: &Group, b: usize) -> usize {
    group.branches.get(b + 1).copied().unwrap_or(group.end)
}

/// Marks the lines of `group` that cpp does not compile: its directives, and every branch but
/// `compiled`.
fn blank_group(
    blank: &mut [bool],
    group: &Group,
    compiled: Option<usize>,
    directives: &[Directive],
) {
    let last = directives[group.end].last;
    for (b, &at) in group.branches.iter().enumerate() {
        let directive = &directives[at];
        let until = directives[next(group, b)].first;
        let branch_end = if Some(b) == compiled {
            directive.last + 1
        } else {
            until
        };
        for line in &mut blank[directive.first..branch_end] {
            *line = true;
        }
    }
    for line in &mut blank[directives[group.end].first..=last] {
        *line = true;
    }
}

/// The macro name a directive's text starts with.
fn leading_name(rest: &str) -> Option<String> {
    let end = rest
        .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
        .unwrap_or(rest.len());
    (end > 0).then(|| rest[..end].to_owned())
}

/// One directive parsed on its own, with the text parsed.
fn parse_directive(text: &str) -> Option<(tree_sitter::Tree, String)> {
    let source = format!("{}\n", text.trim_start());
    let tree = parser()?.parse(&source, None)?;
    Some((tree, source))
}

/// The first node of one of `kinds` below `root`.
fn first_of<'t>(root: Node<'t>, kinds: &[&str]) -> Option<Node<'t>> {
    let mut found = None;
    super::visit_nodes(root, |n| {
        if found.is_none() && kinds.contains(&n.kind()) {
            found = Some(n);
        }
        found.is_none()
    });
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` resolved with `A` defined by a `-D`, headers from `headers`; each line of the
    /// result with its blanks shown as `.` when the whole line was taken away.
    fn resolved(text: &str, headers: &[(&str, &str)]) -> Option<String> {
        let macros = preproc::command_line_macros(&[("A".to_owned(), None)]);
        let mut include = |name: &str| {
            headers
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, t)| (*t).to_owned())
        };
        let out = resolve(text, &macros, &mut include, None)?.text;
        assert_eq!(out.len(), text.len(), "offsets move");
        let lines = out.split('\n').zip(text.split('\n'));
        let shown: Vec<String> = lines
            .map(|(o, t)| {
                if o != t {
                    ".".repeat(t.len().min(1))
                } else {
                    o.to_owned()
                }
            })
            .collect();
        Some(shown.join("\n"))
    }

    #[test]
    fn decided_groups_keep_their_compiled_branch_only() {
        let text = "#ifdef A\nIF (c) THEN\n#endif\nx = 1\n#ifndef A\nbad\n#else\nENDIF\n#endif";
        assert_eq!(
            resolved(text, &[]).unwrap(),
            ".\nIF (c) THEN\n.\nx = 1\n.\n.\n.\nENDIF\n."
        );
        // A `\` continues a directive; `#elif` decided after a false `#if`.
        let text = "#if defined(B) || \\\n  0\nb\n#elif A\na\n#endif";
        assert_eq!(resolved(text, &[]).unwrap(), ".\n.\n.\n.\na\n.");
    }

    #[test]
    fn undecided_groups_stay_and_what_they_change_is_uncertain() {
        // `X` depends on a name the compiler may define: the group stays, and `D`, which it
        // defines, is uncertain after it.
        let text = "#ifdef __X\n#define D\n#endif\n#ifdef D\nd\n#endif\n#ifdef A\na\n#endif";
        assert_eq!(
            resolved(text, &[]).unwrap(),
            "#ifdef __X\n#define D\n#endif\n#ifdef D\nd\n#endif\n.\na\n."
        );
        // After an undecided group that includes a header, nothing is decided.
        let text = "#ifdef __X\n#include \"h.h\"\n#endif\n#ifdef A\na\n#endif";
        assert_eq!(resolved(text, &[("h.h", "#define Z")]), None);
    }

    #[test]
    fn headers_define_macros_and_their_guards_are_undefined() {
        let header = "#ifndef _OPTS_H_\n#define _OPTS_H_\n#define B 2\n#endif";
        let text = "#include \"opts.h\"\n#if B == 2\nb\n#else\nc\n#endif";
        assert_eq!(
            resolved(text, &[("opts.h", header)]).unwrap(),
            "#include \"opts.h\"\n.\nb\n.\n.\n."
        );
        // Without the guard idiom (no `#define` of the name right after), a reserved name
        // stays uncertain.
        let header = "#ifndef _OPTS_H_\n#define B 2\n#endif";
        assert_eq!(resolved(text, &[("opts.h", header)]), None);
    }
}
