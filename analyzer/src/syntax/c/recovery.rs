//! Recovery from syntax errors in the main file, so that an error costs the analysis of the
//! code it is in and no more: in the editor, a half-typed line (`for (int i = 0; i <`) must not
//! take the rest of its function, nor the functions after it, with it.
//!
//! tree-sitter's error recovery puts what follows a broken statement into its `ERROR`, up to
//! the end of the function or of the file. Two repairs parse part of the main text again
//! (tree-sitter's included ranges, offsets unchanged), within a budget of a few times the file:
//! - an item whose error runs past a line holding only a `}` in its first column, the usual
//!   end of a function, is parsed again in two parts ([`Lowerer::swallowing_end`]);
//! - in a function, a broken statement (and with it what tree-sitter took into it) is rewritten,
//!   in the same number of bytes, into a stand-in: a statement that may have changed any
//!   variable, since the finished line may do anything (`MPI_Type_c` may become a commit of
//!   any type). The statements after it keep their analysis, of what they do themselves
//!   ([`Lowerer::lower_rewritten_function`]).

use std::ops::Range;
use std::rc::Rc;

use tree_sitter::{Node, Point, Tree};

use super::expand::words;
use super::memo::Read;
use super::{k, Lowerer, MacroState};
use crate::catalog::MpiFunction;
use crate::hash::HashMap;
use crate::ir::{Stmt, StmtKind};
use crate::source::Span;

/// The main file's text may be parsed again this many times over.
const RECOVERY_BUDGET: usize = 4;

/// Broken statements rewritten in one function at most (each costs a parse of the function or
/// two).
const MAX_REWRITES: usize = 4;

/// Functions rewritten in one file at most (each costs a copy of the text).
const MAX_REWRITTEN_FUNCTIONS: usize = 64;

/// What the recovery may still do in one file: bytes to parse again, and copies of the text
/// to rewrite functions in.
struct Budget {
    parse: usize,
    copies: usize,
}

/// The stand-ins of the function being lowered: the text it is lowered from, and the offset
/// of each rewritten line with the statement that stands for it.
pub(super) struct StandIns {
    text: Rc<str>,
    at: HashMap<usize, Stmt>,
}

impl Lowerer<'_> {
    /// Lowers the main file's top-level items, recovering from the errors that took in code
    /// after them.
    pub(super) fn lower_main_items_recovering(&mut self, root: Node<'_>, len: usize) {
        let mut budget = Budget {
            parse: RECOVERY_BUDGET * len,
            copies: MAX_REWRITTEN_FUNCTIONS,
        };
        self.lower_main_items(root, &mut budget, true);
    }

    /// Lowers the items of the main file (`top`) or of a range of it parsed on its own; at the
    /// top, a function without syntax errors may be the previous version's (`memo.rs`), and
    /// every other item counts into the context of the functions after it.
    fn lower_main_items(&mut self, root: Node<'_>, budget: &mut Budget, top: bool) {
        let mut cursor = root.walk();
        let children: Vec<Node<'_>> = root.named_children(&mut cursor).collect();
        for child in children {
            if top && child.kind() == k::FUNCTION_DEFINITION && !child.has_error() {
                self.lower_memoised_function(child);
                continue;
            }
            self.lower_main_item(child, budget);
            if top && child.kind() != k::COMMENT {
                self.memo_item(child);
            }
        }
    }

    fn lower_main_item(&mut self, child: Node<'_>, budget: &mut Budget) {
        if let Some(end) = self.swallowing_end(child) {
            if let Some(left) = budget.parse.checked_sub(child.byte_range().len()) {
                budget.parse = left;
                if self.enter(child) {
                    self.lower_main_range(child.start_byte()..end, budget);
                    self.lower_main_range(end..child.end_byte(), budget);
                    self.leave();
                }
                return;
            }
        }
        if child.kind() == k::FUNCTION_DEFINITION
            && child.has_error()
            && self.lower_rewritten_function(child, budget)
        {
            return;
        }
        self.lower_top_item(child);
    }

    /// Where the first function-ending line inside `node` ends, when `node` has a syntax error
    /// and text follows that line in it. Lines as written: the pre-pass may have written a `;`
    /// over a line's end.
    fn swallowing_end(&self, node: Node<'_>) -> Option<usize> {
        if !node.has_error() {
            return None;
        }
        let text = self.file.original.get(..node.end_byte())?;
        let mut at = node.start_byte();
        while let Some(found) = text.get(at..)?.find("\n}") {
            let brace = at + found + 1;
            let line_end = text[brace..]
                .find('\n')
                .map_or(text.len(), |i| brace + i + 1);
            let only_brace = text[brace + 1..line_end].trim().is_empty();
            if only_brace && !text[line_end..].trim().is_empty() {
                return Some(line_end);
            }
            at = brace;
        }
        None
    }

    /// Parses `range` of the main file's text on its own and lowers its top-level items as the
    /// main file's.
    fn lower_main_range(&mut self, range: Range<usize>, budget: &mut Budget) {
        let text = self.file.text.clone();
        let Some(tree) = self.parse_part(&text, range) else {
            return;
        };
        // Expansions look their function up in the main tree: this one has it now.
        let main = self.main_tree.replace(tree.clone());
        self.lower_main_items(tree.root_node(), budget, false);
        self.main_tree = main;
    }

    /// `text` (the main text, or a copy with lines rewritten) parsed in `range` only.
    fn parse_part(&self, text: &str, range: Range<usize>) -> Option<Tree> {
        let point = |offset: usize| {
            let before = self.file.original.get(..offset).unwrap_or("");
            let row = before.matches('\n').count();
            let column = offset - before.rfind('\n').map_or(0, |i| i + 1);
            Point { row, column }
        };
        let included = tree_sitter::Range {
            start_byte: range.start,
            end_byte: range.end,
            start_point: point(range.start),
            end_point: point(range.end),
        };
        let mut parser = Self::new_parser()?;
        parser.set_included_ranges(&[included]).ok()?;
        parser.parse(text.as_bytes(), None)
    }

    /// Lowers `function`, which has a syntax error, with its broken statements rewritten into
    /// stand-ins, when that makes the rest of it parse; `false`, with nothing lowered, when it
    /// does not.
    fn lower_rewritten_function(&mut self, function: Node<'_>, budget: &mut Budget) -> bool {
        let range = function.byte_range();
        let Some(mut broken) = self.broken_statement(function, &self.file.original) else {
            return false;
        };
        let Some(copies) = budget.copies.checked_sub(1) else {
            return false;
        };
        budget.copies = copies;
        let mut text = self.file.text.to_string();
        let mut original = self.file.original.to_string();
        let mut rewrites: Vec<Range<usize>> = Vec::new();
        let tree = loop {
            let mut outcome = None;
            for lines in broken {
                let Some(left) = budget.parse.checked_sub(range.len()) else {
                    return false;
                };
                budget.parse = left;
                let Some(saved) = rewrite_lines(&mut text, &mut original, lines.clone()) else {
                    continue;
                };
                let tree = self.parse_part(&text, range.clone());
                let next = tree
                    .as_ref()
                    .and_then(|tree| function_at(tree, range.start))
                    .map(|rewritten| self.broken_statement(rewritten, &original));
                match (tree, next) {
                    (Some(tree), Some(None)) => outcome = Some(Ok(tree)),
                    // Each rewrite must move on.
                    (Some(_), Some(Some(next))) if next[0].start >= lines.end => {
                        outcome = Some(Err(next));
                    }
                    _ => {
                        text.replace_range(lines.clone(), &saved.0);
                        original.replace_range(lines, &saved.1);
                        continue;
                    }
                }
                rewrites.push(lines);
                break;
            }
            match outcome {
                Some(Ok(tree)) => break tree,
                Some(Err(next)) if rewrites.len() < MAX_REWRITES => broken = next,
                _ => return false,
            }
        };
        let names = self.stand_in_names(range.clone());
        let mut at = HashMap::default();
        for lines in rewrites {
            let written = self.file.original.get(lines.clone()).unwrap_or("");
            let span = Span::new(
                lines.start + (written.len() - written.trim_start().len()),
                lines.start + written.trim_end().len(),
            );
            let quoted = self.quote(function, written);
            self.note(
                span,
                format!(
                    "could not parse {quoted}: read as a statement that may change any variable"
                ),
            );
            let names = names.clone();
            let kind = StmtKind::Opaque { names };
            at.insert(lines.start, Stmt { kind, span });
        }
        let text: Rc<str> = Rc::from(text);
        let saved_text = std::mem::replace(&mut self.file.text, text.clone());
        let saved_original = std::mem::replace(&mut self.file.original, Rc::from(original));
        self.stand_ins = Some(StandIns { text, at });
        let main = self.main_tree.replace(tree.clone());
        if let Some(rewritten) = function_at(&tree, range.start) {
            self.lower_top_item(rewritten);
        }
        self.main_tree = main;
        self.stand_ins = None;
        self.file.text = saved_text;
        self.file.original = saved_original;
        true
    }

    /// Every name a stand-in in the function at `range` may have changed: the identifiers of
    /// the function as written, and the variables declared at file scope so far.
    pub(super) fn stand_in_names(&self, range: Range<usize>) -> Vec<String> {
        let written = self.file.original.get(range).unwrap_or("");
        let mut names: Vec<String> = words(written).map(str::to_owned).collect();
        self.read(|| Read::GlobalNames);
        names.extend(self.global_names().map(str::to_owned));
        names.sort();
        names.dedup();
        names
    }

    /// The names of the globals declared so far, in order.
    pub(super) fn global_names(&self) -> impl Iterator<Item = &str> {
        self.program.globals.iter().filter_map(|s| match &s.kind {
            StmtKind::Decl(d) => Some(d.name.as_str()),
            _ => None,
        })
    }

    /// Whether an expression statement is a name alone that begins an MPI routine's name
    /// without being one (`MPI_T`, which the pre-pass gave a `;` as a statement macro of a
    /// header not found): a call being typed, which may become anything.
    pub(super) fn mpi_call_being_typed(&self, expression: Node<'_>) -> bool {
        expression.kind() == k::IDENTIFIER
            && self.outer_file.is_none()
            && !self.file.fragment
            && MpiFunction::begins_a_name(self.text(expression))
    }

    /// The stand-in that goes before the statement `node`, while a rewritten function is
    /// lowered.
    pub(super) fn stand_in(&self, node: Node<'_>) -> Option<Stmt> {
        let stand_ins = self.stand_ins.as_ref()?;
        if !Rc::ptr_eq(&stand_ins.text, &self.file.text) {
            return None;
        }
        stand_ins.at.get(&node.start_byte()).cloned()
    }

    /// What to rewrite of the first broken statement of `function`, shortest first: from its
    /// start (the start of its line, when only blanks come before it there) to the end of its
    /// first line, or of the line of its first error (without the line's end). A missing `}`
    /// is no broken statement: tree-sitter's recovery put it where the function ends, and the
    /// code is read as blocks that end there. Nor is a statement that uses a macro defined in
    /// the file: its expansion is lowered instead, which may parse (a type name as a macro's
    /// argument).
    fn broken_statement(&self, function: Node<'_>, text: &str) -> Option<Vec<Range<usize>>> {
        let (error, statement) = errors(function).into_iter().find_map(|error| {
            if error.is_missing() && error.kind() == "}" {
                return None;
            }
            let mut statement = error;
            while statement.parent()?.kind() != k::COMPOUND_STATEMENT {
                statement = statement.parent()?;
            }
            let uses_macro = words(text.get(statement.byte_range())?)
                .any(|word| matches!(self.macros.get(word), Some(MacroState::Defined { .. })));
            (!uses_macro).then_some((error, statement))
        })?;
        let line_start = text
            .get(..statement.start_byte())?
            .rfind('\n')
            .map_or(0, |i| i + 1);
        let before = text.get(line_start..statement.start_byte())?;
        let start = if before.trim().is_empty() {
            line_start
        } else {
            statement.start_byte()
        };
        let line_end = |at: usize| {
            text.get(at..)
                .map(|rest| at + rest.find('\n').unwrap_or(rest.len()))
        };
        let first = line_end(start)?;
        let last = line_end(error.start_byte().max(start))?;
        let mut candidates = Vec::with_capacity(2);
        candidates.push(start..first);
        if last > first {
            candidates.push(start..last);
        }
        Some(candidates)
    }
}

/// The function definition of `tree` (parsed in a range) that starts at `start`.
fn function_at(tree: &Tree, start: usize) -> Option<Node<'_>> {
    let root = tree.root_node();
    let mut cursor = root.walk();
    let found = root
        .named_children(&mut cursor)
        .find(|n| n.start_byte() == start && n.kind() == k::FUNCTION_DEFINITION);
    found
}

/// The errors and missing tokens of `node`, in the text's order (not those inside an error).
fn errors(node: Node<'_>) -> Vec<Node<'_>> {
    let mut found = Vec::new();
    let mut pending = vec![node];
    while let Some(node) = pending.pop() {
        if node.is_error() || node.is_missing() {
            found.push(node);
            continue;
        }
        let mut cursor = node.walk();
        let children: Vec<Node<'_>> = node
            .children(&mut cursor)
            .filter(|c| c.has_error())
            .collect();
        pending.extend(children.into_iter().rev());
    }
    found
}

/// Rewrites `lines` of both texts into a stand-in of the same length, from their start: a `;`,
/// or what keeps the code after it in the same place of the function: a control statement's
/// head becomes `if(_)` (the statement after it stays its body, run or not; its braces stay
/// where they are) unless a `}` follows; a `return` stays one. The stand-in goes before the
/// statement at its start. Text whose rewriting would change the blocks or the paths around it
/// (directives, `else`, labels, jumps, braces without a head), or too short for its head, is
/// not rewritten: `None`. Returns what the two texts had there.
fn rewrite_lines(
    text: &mut String,
    original: &mut String,
    lines: Range<usize>,
) -> Option<(String, String)> {
    let boundaries = |t: &str| t.is_char_boundary(lines.start) && t.is_char_boundary(lines.end);
    if !boundaries(text) || !boundaries(original) {
        return None;
    }
    let written = original.get(lines.clone())?;
    let jumps = ["else", "case", "default", "do", "goto", "break", "continue"];
    if written.contains('#') || words(written).any(|w| jumps.contains(&w)) {
        return None;
    }
    let code = written.trim_start();
    let first_word = words(written).next().unwrap_or("");
    // A head at the end of its block has no statement to govern.
    let ends_block = original[lines.end..].trim_start().starts_with('}');
    let braces = written.contains(['{', '}']);
    let head = match first_word {
        "if" | "for" | "while" | "switch" if !ends_block && code.starts_with(first_word) => "if(_)",
        _ if braces => return None,
        "return" if code.starts_with("return") => "return;",
        _ if code.trim_end().ends_with(':') => return None,
        _ => ";",
    };
    let first_line = written.find('\n').unwrap_or(written.len());
    // The head goes over the first line's start, which must be long enough and hold no brace.
    let head_covers_brace = written
        .bytes()
        .take(head.len())
        .any(|b| b == b'{' || b == b'}');
    if first_line < head.len() || head_covers_brace {
        return None;
    }
    let mut rewritten: String = written
        .chars()
        .map(|c| match c {
            '\n' | '{' | '}' => c.to_string(),
            _ => " ".repeat(c.len_utf8()),
        })
        .collect();
    rewritten.replace_range(..head.len(), head);
    let saved = (text[lines.clone()].to_owned(), written.to_owned());
    text.replace_range(lines.clone(), &rewritten);
    original.replace_range(lines, &rewritten);
    Some(saved)
}
