//! Macro expansion as the C preprocessor does it (C11 6.10.3, and GCC's `, ## __VA_ARGS__`):
//! a macro's use is replaced by its body, each parameter by its argument, the argument first
//! expanded on its own unless `#` or `##` is next to the parameter; `#` makes a string of the
//! argument as written, `##` pastes two tokens into one; the result is read again with the text
//! after it, where a macro is never expanded inside its own expansion (each token carries the
//! set of macros that made it, as in Prosser's algorithm).
//!
//! The front end expands the code it lowers with the macros in force where that code stands
//! (see `expand.rs`), so a macro redefined or `#undef`'d between two uses means at each use what
//! the compiler reads there. Never a guess: a name that may or may not be a macro here becomes
//! [`UNKNOWN_NAME`], whose value the lowering leaves unknown; what cannot be expanded exactly
//! (`__VA_OPT__`, a paste that makes no single token, a use whose arguments run past the text,
//! too many tokens) is refused as a whole.

use std::collections::VecDeque;
use std::rc::Rc;

use super::tokens::{self, HideSet, Kind, Origin, Token};

/// What a name that may or may not be a macro here becomes: the lowering reads it as an
/// unknown value (or type).
pub(crate) const UNKNOWN_NAME: &str = "__mpi_dtype_lint_unknown";

/// How deep arguments are expanded inside the arguments of other uses.
const MAX_ARGUMENT_DEPTH: usize = 64;

/// A macro's definition, as expansion reads it.
#[derive(Debug)]
pub(crate) struct Definition {
    /// The parameters of a function-like macro (without the `...`).
    pub params: Option<Vec<String>>,
    pub variadic: bool,
    body: Vec<Token>,
}

impl Definition {
    /// `body` is the replacement list, comments and line continuations removed.
    pub(super) fn new(params: Option<Vec<String>>, variadic: bool, body: &str) -> Definition {
        let body = tokens::tokenize_body(body);
        Definition {
            params,
            variadic,
            body,
        }
    }

    /// A definition whose body is already tokens (read by another language's rules).
    pub(crate) fn of_tokens(params: Option<Vec<String>>, body: Vec<Token>) -> Definition {
        Definition {
            params,
            variadic: false,
            body,
        }
    }

    /// The parameter `token` names: its index, the number of parameters for `__VA_ARGS__`.
    fn param_index(&self, token: &Token) -> Option<usize> {
        let params = self.params.as_ref()?;
        if token.kind != Kind::Ident {
            return None;
        }
        match params.iter().position(|p| **p == *token.text) {
            Some(i) => Some(i),
            None => (self.variadic && &*token.text == "__VA_ARGS__").then_some(params.len()),
        }
    }
}

/// What a name is where the code is expanded.
pub(crate) enum Lookup {
    Macro(Rc<Definition>),
    /// A macro or not, depending on what could not be decided (an `#if` branch).
    Unknown,
    /// No macro.
    Plain,
}

/// Why a text was not expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// The expansion comes to more tokens than are left.
    Budget,
    /// Something expansion does not model, or not well-formed.
    Inexact,
}

/// A text expanded: its tokens, and the byte ranges of the uses it expanded (the outermost).
#[derive(Debug)]
pub(crate) struct Expanded {
    pub tokens: Vec<Token>,
    pub uses: Vec<(usize, usize)>,
}

/// Expands texts with the macros `lookup` says are in force, within a number of tokens.
pub(crate) struct Expander<'a> {
    pub lookup: &'a dyn Fn(&str) -> Lookup,
    /// Tokens its expansions may still make.
    pub budget: usize,
}

/// The hide set of a use's replacement: the name's, intersected with the closing parenthesis'
/// for a function-like macro, and the macro itself.
fn hide_set(name: &Token, close: Option<&Token>, macro_name: &Rc<str>) -> HideSet {
    let mut set: Vec<Rc<str>> = match close {
        Some(close) => name
            .hide
            .iter()
            .filter(|h| close.hide.contains(h))
            .cloned()
            .collect(),
        None => name.hide.to_vec(),
    };
    if !set.contains(macro_name) {
        set.push(Rc::clone(macro_name));
    }
    Rc::from(set)
}

/// A token the expansion of the use at `origin` made.
fn made(kind: Kind, text: Rc<str>, space: bool, origin: Origin) -> Token {
    Token {
        kind,
        text,
        space,
        origin,
        hide: Rc::from(Vec::new()),
    }
}

/// The smallest range holding both.
fn hull(a: (usize, usize), b: (usize, usize)) -> (usize, usize) {
    (a.0.min(b.0), a.1.max(b.1))
}

impl Expander<'_> {
    /// Expands `tokens` (a text's) in full; `None` when no macro is used in them.
    pub(crate) fn expand_text(&mut self, tokens: Vec<Token>) -> Result<Option<Expanded>, Refusal> {
        let mut uses = Vec::new();
        let tokens = self.expand(tokens, 0, &mut uses)?;
        if uses.is_empty() {
            return Ok(None);
        }
        // A use whose expansion ends in a macro's name that the text's `(...)` then invokes
        // spans both: keep the outermost ranges.
        uses.sort_by_key(|&(start, end)| (start, std::cmp::Reverse(end)));
        let mut outer: Vec<(usize, usize)> = Vec::new();
        for (start, end) in uses {
            match outer.last_mut() {
                Some(last) if start < last.1 => last.1 = last.1.max(end),
                _ => outer.push((start, end)),
            }
        }
        Ok(Some(Expanded {
            tokens,
            uses: outer,
        }))
    }

    /// Expands `tokens` and reads the result again until no use is left; the ranges of the
    /// uses expanded go to `uses` (at depth 0 only: those of the text itself).
    fn expand(
        &mut self,
        tokens: Vec<Token>,
        depth: usize,
        uses: &mut Vec<(usize, usize)>,
    ) -> Result<Vec<Token>, Refusal> {
        if depth > MAX_ARGUMENT_DEPTH {
            return Err(Refusal::Inexact);
        }
        let mut queue: VecDeque<Token> = tokens.into();
        let mut out = Vec::new();
        while let Some(token) = queue.pop_front() {
            if token.kind != Kind::Ident || token.hide.contains(&token.text) {
                out.push(token);
                continue;
            }
            let definition = match (self.lookup)(&token.text) {
                Lookup::Plain => {
                    out.push(token);
                    continue;
                }
                Lookup::Unknown => {
                    uses.push(token.range());
                    out.push(made(
                        Kind::Ident,
                        Rc::from(UNKNOWN_NAME),
                        token.space,
                        Origin::Made(token.range().0, token.range().1),
                    ));
                    continue;
                }
                Lookup::Macro(definition) => definition,
            };
            let (args, close) = match &definition.params {
                Some(params) => {
                    // A function-like macro's name without `(` after it is no use.
                    if !queue.front().is_some_and(|t| t.is("(")) {
                        out.push(token);
                        continue;
                    }
                    let split = if definition.variadic {
                        params.len()
                    } else {
                        usize::MAX
                    };
                    let (args, close) = collect_arguments(&mut queue, split)?;
                    (Some(args), Some(close))
                }
                None => (None, None),
            };
            let range = match &close {
                Some(close) => hull(token.range(), close.range()),
                None => token.range(),
            };
            uses.push(range);
            let hide = hide_set(&token, close.as_ref(), &token.text);
            let origin = Origin::Made(range.0, range.1);
            let mut replacement = self.substitute(&definition, args.as_deref(), origin, depth)?;
            self.budget = self
                .budget
                .checked_sub(replacement.len())
                .ok_or(Refusal::Budget)?;
            if let Some(first) = replacement.first_mut() {
                first.space = token.space;
            }
            // Tokens of one replacement mostly share their hide set: each union is made once.
            let mut last: Option<(HideSet, HideSet)> = None;
            for t in replacement.iter_mut() {
                let joined = match &last {
                    Some((before, after)) if Rc::ptr_eq(before, &t.hide) => Rc::clone(after),
                    _ => {
                        let after = union(&t.hide, &hide);
                        last = Some((Rc::clone(&t.hide), Rc::clone(&after)));
                        after
                    }
                };
                t.hide = joined;
            }
            for t in replacement.into_iter().rev() {
                queue.push_front(t);
            }
        }
        Ok(out)
    }

    /// The body of `definition` with `args` substituted (`None` for an object-like macro);
    /// tokens of the body get `origin`.
    fn substitute(
        &mut self,
        definition: &Definition,
        args: Option<&[Vec<Token>]>,
        origin: Origin,
        depth: usize,
    ) -> Result<Vec<Token>, Refusal> {
        let args = args.unwrap_or(&[]);
        let params = definition.params.as_ref().map_or(0, Vec::len);
        // Absent (not merely empty) variadic arguments: GCC drops the comma of `, ##
        // __VA_ARGS__` then; with no named parameter, `()` passes none.
        let variadic_absent = definition.variadic
            && (args.len() == params || (params == 0 && args.iter().all(Vec::is_empty)));
        let arity_ok = match (&definition.params, definition.variadic) {
            (None, _) => true,
            (Some(_), false) => {
                args.len() == params || (params == 0 && args.len() == 1 && args[0].is_empty())
            }
            (Some(_), true) => args.len() == params || args.len() == params + 1,
        };
        if !arity_ok {
            return Err(Refusal::Inexact);
        }
        let empty = Vec::new();
        let arg = |i: usize| args.get(i).unwrap_or(&empty);
        let mut expanded: Vec<Option<Vec<Token>>> = vec![None; params + 1];
        let function_like = definition.params.is_some();
        let body = &definition.body;
        let placemarker = || made(Kind::Placemarker, Rc::from(""), false, origin);
        let mut out: Vec<Token> = Vec::new();
        let mut i = 0;
        while i < body.len() {
            // The budget is for the whole result: a long argument written many times stops here.
            if out.len() > self.budget {
                return Err(Refusal::Budget);
            }
            let token = &body[i];
            if &*token.text == "__VA_OPT__" {
                return Err(Refusal::Inexact);
            }
            if function_like && (token.is("#") || token.is("%:")) {
                let p = body
                    .get(i + 1)
                    .and_then(|t| definition.param_index(t))
                    .ok_or(Refusal::Inexact)?;
                let text = tokens::stringize(arg(p));
                out.push(made(Kind::Literal, Rc::from(text), token.space, origin));
                i += 2;
                continue;
            }
            if token.is("##") || token.is("%:%:") {
                let operand = body.get(i + 1).ok_or(Refusal::Inexact)?;
                let lhs = out.pop().ok_or(Refusal::Inexact)?;
                i += 2;
                let p = definition.param_index(operand);
                if p == Some(params) && definition.variadic && lhs.is(",") {
                    if !variadic_absent {
                        out.push(lhs);
                        let va = self.expanded_arg(
                            &mut expanded,
                            p.unwrap_or(params),
                            arg(params),
                            depth,
                        )?;
                        out.extend(va);
                    }
                    continue;
                }
                let mut rhs: Vec<Token> = match p {
                    Some(p) => arg(p).clone(),
                    None => vec![with_origin(operand, origin)],
                };
                if rhs.is_empty() {
                    rhs.push(placemarker());
                }
                let first = rhs.remove(0);
                out.push(paste(lhs, first, origin)?);
                out.extend(rhs);
                continue;
            }
            match definition.param_index(token) {
                Some(p) => {
                    let pasted_next = body.get(i + 1).is_some_and(|t| t.is("##") || t.is("%:%:"));
                    let mut tokens = if pasted_next {
                        let raw = arg(p).clone();
                        if raw.is_empty() {
                            vec![placemarker()]
                        } else {
                            raw
                        }
                    } else {
                        self.expanded_arg(&mut expanded, p, arg(p), depth)?
                    };
                    if let Some(first) = tokens.first_mut() {
                        first.space = token.space;
                    }
                    out.extend(tokens);
                }
                None => out.push(with_origin(token, origin)),
            }
            i += 1;
        }
        out.retain(|t| t.kind != Kind::Placemarker);
        Ok(out)
    }

    /// Argument `p` expanded on its own (once per use).
    fn expanded_arg(
        &mut self,
        cache: &mut [Option<Vec<Token>>],
        p: usize,
        arg: &[Token],
        depth: usize,
    ) -> Result<Vec<Token>, Refusal> {
        if let Some(done) = cache.get(p).and_then(Option::as_ref) {
            if done.len() > self.budget {
                return Err(Refusal::Budget);
            }
            return Ok(done.clone());
        }
        // Uses inside arguments lie inside the use: their ranges are not needed.
        let tokens = self.expand(arg.to_vec(), depth + 1, &mut Vec::new())?;
        if let Some(slot) = cache.get_mut(p) {
            *slot = Some(tokens.clone());
        }
        Ok(tokens)
    }
}

/// A body token placed at a use.
fn with_origin(token: &Token, origin: Origin) -> Token {
    Token {
        origin,
        ..token.clone()
    }
}

fn union(a: &HideSet, b: &HideSet) -> HideSet {
    if b.iter().all(|name| a.contains(name)) {
        return Rc::clone(a);
    }
    let mut set = a.to_vec();
    for name in b.iter() {
        if !set.contains(name) {
            set.push(Rc::clone(name));
        }
    }
    Rc::from(set)
}

/// `lhs ## rhs`: one token, or refused (pasting that makes no single token is undefined).
fn paste(lhs: Token, rhs: Token, origin: Origin) -> Result<Token, Refusal> {
    if rhs.kind == Kind::Placemarker {
        return Ok(lhs);
    }
    if lhs.kind == Kind::Placemarker {
        return Ok(Token {
            space: lhs.space,
            ..rhs
        });
    }
    let text = format!("{}{}", lhs.text, rhs.text);
    let (kind, text) = tokens::single(&text).ok_or(Refusal::Inexact)?;
    Ok(made(kind, text, lhs.space, origin))
}

/// The arguments of a use whose `(` is first in `queue`, split at the commas outside
/// parentheses (after the first `split` ones, the rest is one variadic argument); and its `)`.
fn collect_arguments(
    queue: &mut VecDeque<Token>,
    split: usize,
) -> Result<(Vec<Vec<Token>>, Token), Refusal> {
    queue.pop_front();
    let mut args = vec![Vec::new()];
    let mut depth = 0usize;
    while let Some(token) = queue.pop_front() {
        if token.is("(") {
            depth += 1;
        } else if token.is(")") {
            if depth == 0 {
                return Ok((args, token));
            }
            depth -= 1;
        } else if token.is(",") && depth == 0 && args.len() <= split {
            args.push(Vec::new());
            continue;
        }
        if let Some(last) = args.last_mut() {
            last.push(token);
        }
    }
    // The arguments run past the text expanded.
    Err(Refusal::Inexact)
}

#[cfg(test)]
#[path = "cpp_tests.rs"]
mod tests;
