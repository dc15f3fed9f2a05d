//! cpp's macro expansion in the code of a preprocessed Fortran file (`.F`, `.F90`). gfortran runs
//! cpp before it reads the text, so with MITgcm's `#define _RL Real*8` the line `_RL x(n)` is a
//! declaration, and `_BEGIN_MASTER(myThid)` is `IF ( myThid .EQ. 1 ) THEN`.
//!
//! Expansion is the C front end's ([`crate::syntax::c::cpp`]), on tokens read by Fortran's rules
//! ([`tokenize_fortran`]). Only macros that the file, its headers or a `-D` certainly define at
//! the line are expanded; any other name stays as written, for the lowering to read. A line is
//! left as written when a use on it cannot be expanded exactly (a body with `#` or `##`, which
//! cpp's traditional mode reads otherwise; arguments that run past the line), and so is every
//! line once the file's budget is spent.

use std::ops::Range;
use std::rc::Rc;

use crate::source::FortranForm;
use crate::syntax::c::cpp::{Definition, Expanded, Expander, Lookup, Refusal, UNKNOWN_NAME};
use crate::syntax::c::tokens::{tokenize_fortran, Kind};
use crate::syntax::preproc::{MacroState, Macros};

/// How many tokens the expansions of one file may make in all.
const MAX_EXPANDED_TOKENS: usize = 200_000;

/// One use of a macro on a line: the bytes it takes there, and the text cpp writes instead.
pub(super) type Replacement = (Range<usize>, String);

/// Expands the code lines of one file, within its budget.
pub(super) struct LineExpander {
    form: FortranForm,
    budget: usize,
}

impl LineExpander {
    pub(super) fn new(form: FortranForm) -> Self {
        LineExpander {
            form,
            budget: MAX_EXPANDED_TOKENS,
        }
    }

    /// The uses on `line` of the macros in force, each with its replacement; none when the line
    /// uses no macro, or cannot be expanded exactly.
    pub(super) fn expand(&mut self, line: &str, macros: &Macros<String>) -> Vec<Replacement> {
        if self.budget == 0 {
            return Vec::new();
        }
        let Some(start) = self.code_start(line) else {
            return Vec::new();
        };
        let Some(code) = line.get(start..) else {
            return Vec::new();
        };
        let tokens = tokenize_fortran(code, start);
        let uses_a_macro = tokens.iter().any(|t| {
            t.kind == Kind::Ident && matches!(macros.get(&t.text), Some(MacroState::Defined { .. }))
        });
        if !uses_a_macro {
            return Vec::new();
        }
        let lookup = |name: &str| lookup(macros, name);
        let mut expander = Expander {
            lookup: &lookup,
            budget: self.budget,
        };
        match expander.expand_text(tokens) {
            Ok(Some(expanded)) => {
                self.budget = expander.budget;
                replacements(&expanded)
            }
            Ok(None) | Err(Refusal::Inexact) => Vec::new(),
            Err(Refusal::Budget) => {
                self.budget = 0;
                Vec::new()
            }
        }
    }

    /// Where the code of `line` starts: in fixed form, the statement field (after column 6, or
    /// after a tab in the label field); `None` for a fixed-form comment line.
    fn code_start(&self, line: &str) -> Option<usize> {
        match self.form {
            FortranForm::Free => Some(0),
            FortranForm::Fixed => {
                let first = *line.as_bytes().first()?;
                if matches!(first, b'C' | b'c' | b'*' | b'!' | b'D' | b'd') {
                    return None;
                }
                let label = &line.as_bytes()[..line.len().min(6)];
                Some(
                    label
                        .iter()
                        .position(|&b| b == b'\t')
                        .map_or(label.len(), |tab| tab + 1),
                )
            }
        }
    }
}

/// What `name` is at a line where `macros` are in force: a macro only where it is certainly
/// defined.
fn lookup(macros: &Macros<String>, name: &str) -> Lookup {
    let Some(MacroState::Defined { params, body }) = macros.get(name) else {
        return Lookup::Plain;
    };
    let body = tokenize_fortran(body, 0);
    let traditional = body.iter().any(|t| t.is("#") || t.is("##"));
    let variadic = params.iter().flatten().any(|p| p.contains("..."));
    if traditional || variadic {
        return Lookup::Unknown;
    }
    Lookup::Macro(Rc::new(Definition::of_tokens(params.clone(), body)))
}

/// The text of each outermost use: the tokens it made, one blank where one came before them.
fn replacements(expanded: &Expanded) -> Vec<Replacement> {
    if expanded.tokens.iter().any(|t| &*t.text == UNKNOWN_NAME) {
        return Vec::new();
    }
    expanded
        .uses
        .iter()
        .map(|&(start, end)| {
            let mut text = String::new();
            let inside = expanded.tokens.iter().filter(|t| {
                let (s, e) = t.range();
                s >= start && e <= end
            });
            for token in inside {
                if !text.is_empty() && token.space {
                    text.push(' ');
                }
                text.push_str(&token.text);
            }
            (start..end, text)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::preproc::MacroState;

    fn macros(definitions: &[(&str, Option<&[&str]>, &str)]) -> Macros<String> {
        let mut macros = Macros::default();
        for (name, params, body) in definitions {
            let params = params.map(|p| p.iter().map(|s| s.to_string()).collect());
            let body = body.to_string();
            macros.set(name.to_string(), MacroState::Defined { params, body });
        }
        macros
    }

    /// `line` with its replacements made.
    fn expanded(line: &str, form: FortranForm, macros: &Macros<String>) -> String {
        let mut out = line.to_owned();
        for (range, text) in LineExpander::new(form).expand(line, macros).iter().rev() {
            out.replace_range(range.clone(), text);
        }
        out
    }

    #[test]
    fn defined_macros_are_expanded_as_cpp_expands_them() {
        let m = macros(&[
            ("_RL", None, "Real*8"),
            ("_BEGIN_MASTER", Some(&["a"]), "IF ( a .EQ. 1 ) THEN"),
            ("_BEGIN_CRIT", Some(&["a"]), "_BEGIN_MASTER(a)"),
            ("_d", None, "D"),
        ]);
        let fixed = FortranForm::Fixed;
        assert_eq!(expanded("      _RL x(n)", fixed, &m), "      Real*8 x(n)");
        assert_eq!(
            expanded("      _BEGIN_CRIT( myThid )", fixed, &m),
            "      IF ( myThid .EQ. 1 ) THEN"
        );
        assert_eq!(
            expanded("      y = 0.5 _d 0", fixed, &m),
            "      y = 0.5 D 0"
        );
        // Not in literals, comments, comment lines, the label field, or another case.
        for unchanged in [
            "      s = '_RL' // \"_RL\" ! _RL",
            "C     _RL x",
            "      _rl x",
            "      _BEGIN_MASTER",
        ] {
            assert_eq!(expanded(unchanged, fixed, &m), unchanged);
        }
        assert_eq!(
            expanded("_RL :: x ! _RL", FortranForm::Free, &m),
            "Real*8 :: x ! _RL"
        );
    }

    #[test]
    fn lines_that_cannot_be_expanded_exactly_stay_as_written() {
        let mut m = macros(&[
            ("_RL", None, "Real*8"),
            ("F", Some(&["a"]), "a"),
            ("S", Some(&["a"]), "#a"),
        ]);
        // Arguments past the line, and `#`, whose traditional meaning differs.
        for unchanged in ["_RL x = F(1,", "_RL x = S(y)"] {
            assert_eq!(expanded(unchanged, FortranForm::Free, &m), unchanged);
        }
        // A name not certainly defined is not expanded; the others on the line are.
        m.set("_RS".to_owned(), MacroState::Uncertain);
        assert_eq!(
            expanded("_RS x; _RL y", FortranForm::Free, &m),
            "_RS x; Real*8 y"
        );
    }
}
