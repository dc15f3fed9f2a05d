//! The expander against GCC's preprocessor: each case's uses, expanded by both, must give the
//! same tokens. With CI=true `cpp` must be present; elsewhere the oracle part says why it skips.

use std::collections::HashMap;
use std::io::Write;
use std::process::{Command, Stdio};

use super::*;

/// The definitions of `defines` (`#define` lines only).
fn definitions(defines: &str) -> HashMap<String, Rc<Definition>> {
    let mut table = HashMap::new();
    for line in defines.lines() {
        let Some(rest) = line.trim().strip_prefix("#define ") else {
            continue;
        };
        let name_end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let (name, after) = rest.split_at(name_end);
        let definition = match after.strip_prefix('(') {
            Some(list) => {
                let close = list.find(')').expect("closed parameter list");
                let mut params: Vec<String> = list[..close]
                    .split(',')
                    .map(|p| p.trim().to_owned())
                    .filter(|p| !p.is_empty())
                    .collect();
                let variadic = params.last().is_some_and(|p| p == "...");
                if variadic {
                    params.pop();
                }
                Definition::new(Some(params), variadic, &list[close + 1..])
            }
            None => Definition::new(None, false, after),
        };
        table.insert(name.to_owned(), Rc::new(definition));
    }
    table
}

/// `text` expanded with `defines` (names in `unknown` are neither macros nor not), its tokens
/// joined by one space.
fn ours(defines: &str, unknown: &[&str], text: &str) -> Result<String, Refusal> {
    let table = definitions(defines);
    let lookup = |name: &str| match table.get(name) {
        Some(d) => Lookup::Macro(Rc::clone(d)),
        None if unknown.contains(&name) => Lookup::Unknown,
        None => Lookup::Plain,
    };
    let mut expander = Expander {
        lookup: &lookup,
        budget: 10_000,
    };
    let tokens = tokens::tokenize(text, 0).expect("no directive");
    let expanded = match expander.expand_text(tokens.clone())? {
        Some(e) => e.tokens,
        None => tokens,
    };
    Ok(spelled(&expanded))
}

fn spelled(tokens: &[Token]) -> String {
    let words: Vec<&str> = tokens.iter().map(|t| &*t.text).collect();
    words.join(" ")
}

/// What GCC's preprocessor makes of `text` after `defines`, in the same form; `None` (or a
/// failure under CI=true) when `cpp` is not there.
fn gcc(defines: &str, text: &str) -> Option<String> {
    let child = Command::new("cpp")
        .args(["-P", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    let mut child = match child {
        Ok(child) => child,
        Err(e) => {
            assert!(
                !std::env::var("CI").is_ok_and(|v| v == "true"),
                "CI=true but cpp cannot run: {e}"
            );
            eprintln!("cpp cannot run ({e}): skipping the comparison with GCC");
            return None;
        }
    };
    let input = format!("{defines}\n{text}\n");
    child.stdin.take()?.write_all(input.as_bytes()).ok()?;
    let output = child.wait_with_output().ok()?;
    let out = String::from_utf8(output.stdout).ok()?;
    Some(spelled(&tokens::tokenize(&out, 0)?))
}

const DEFINES: &str = "\
#define N 5
#define TWICE(x) (2 * (x))
#define F(fmt, ...) f(fmt, ## __VA_ARGS__)
#define V(...) v(0, ## __VA_ARGS__)
#define PASTE_N(x) x ## N
#define SPACE_N(x) x N
#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a ## b
#define XCAT(a, b) CAT(a, b)
#define TYPE_OF(x) x##_type
#define MPITYPE(T) MPI_##T
#define VEC_OF(T, n, out) MPI_Type_contiguous(n, MPITYPE(T), out)
#define BUILD(kind, ...) MPI_Type_##kind(__VA_ARGS__)
#define BYTES(T, n) ((n) * (int)sizeof(T))
#define DECLARE(T, n) T n[4]
#define FIELD(f, n, d) int len_##f = (n); MPI_Aint disp_##f = (d)
#define EMPTY
#define SELF SELF + 1
#define A B
#define B A
#define G(x) G(G(x))
#define FN MPI_Type_contiguous
#define CALLER TWICE
#define LP (
#define HALO 2
#define ROWLEN(n) ((n) + 2 * HALO)
#define IDX(len, r) ((len) * (r))
#define SET_NAME(t) MPI_Type_set_name(t, #t)
#define ARGS 1, 2
#define FIRST(a, b) a
#define APPLY(m, x) m(x)
#define HASH_HASH # ## #
#define NUM(a, b, c) a ## b ## c
";

/// Each case is expanded by both and must agree.
const CASES: &[&str] = &[
    "MPI_Type_vector(N, 1, TWICE(N), MPI_INT, &t);",
    "F(1, N) F(1) F(1,) V() V(N)",
    "PASTE_N(N) SPACE_N(N) CAT(N, N) XCAT(N, N)",
    "STR(  a  \"b\\n\"  'c'  N ) XSTR(N) XSTR(TWICE(N)) STR() SET_NAME(dbl)",
    "CAT(1, 2) CAT(0x, 1F) CAT(1e, -5) CAT(,) CAT(a,) CAT(, b) CAT(EMPTY, N) NUM(1, 2, 3) NUM(,,x)",
    "TYPE_OF(int) TYPE_OF(N) MPI_Type_contiguous(5, MPITYPE(DOUBLE), &dbl);",
    "VEC_OF(INT, 7, &ints); BUILD(contiguous, 9, MPI_INT, &t); BUILD(commit, &t);",
    "MPI_Type_contiguous(BYTES(long double, 3), MPI_BYTE, &raw); BYTES(struct particle, N)",
    "DECLARE(double, buf); FIELD(pos, 3, 0); FIELD(mass, N, TWICE(N));",
    "SELF A B G(3) FN(N, MPI_INT, &t) CALLER(N) TWICE LP N)",
    "MPI_Type_vector(HALO, N, IDX(ROWLEN(N), 1), MPI_DOUBLE, &rows);",
    "FIRST(ARGS, 3) APPLY(TWICE, N) APPLY(TWICE, (1, 2)) TWICE((a, b))",
    "HASH_HASH XSTR(HASH_HASH) XSTR(CAT(a, b)) STR(\"\\\\\" '\\'')",
];

#[test]
fn expansions_agree_with_gcc() {
    for case in CASES {
        let mine = ours(DEFINES, &[], case).unwrap_or_else(|e| panic!("{case}: {e:?}"));
        if let Some(theirs) = gcc(DEFINES, case) {
            assert_eq!(mine, theirs, "{case}");
        }
    }
}

#[test]
fn what_is_not_expanded_exactly_is_refused() {
    let defines = "#define OPT(...) f(0 __VA_OPT__(,) __VA_ARGS__)\n#define CAT(a, b) a ## b\n\
                   #define TWO(a, b) a\n#define STR(x) # y";
    for (text, refusal) in [
        ("OPT(1)", Refusal::Inexact),
        // A paste that makes no single token.
        ("CAT(x, +)", Refusal::Inexact),
        // Arguments that run past the text, or are too few.
        ("TWO(1, (2)", Refusal::Inexact),
        ("TWO(1)", Refusal::Inexact),
        // `#` before something other than a parameter.
        ("STR(a)", Refusal::Inexact),
    ] {
        assert_eq!(ours(defines, &[], text), Err(refusal), "{text}");
    }
    // Doubling 30 times is 2^30 tokens: over the budget.
    let mut doubling = String::from("#define A0 1\n");
    for i in 1..=30 {
        doubling.push_str(&format!("#define A{i} (A{} + A{})\n", i - 1, i - 1));
    }
    assert_eq!(ours(&doubling, &[], "A30"), Err(Refusal::Budget));
}

#[test]
fn a_name_that_may_be_a_macro_is_unknown() {
    let text = ours("#define F(x) x + M", &["M"], "M F(1) STR(M)").unwrap();
    assert_eq!(
        text,
        format!("{UNKNOWN_NAME} 1 + {UNKNOWN_NAME} STR ( {UNKNOWN_NAME} )")
    );
}

#[test]
fn uses_and_origins() {
    let table = definitions(DEFINES);
    let lookup = |name: &str| match table.get(name) {
        Some(d) => Lookup::Macro(Rc::clone(d)),
        None => Lookup::Plain,
    };
    let mut expander = Expander {
        lookup: &lookup,
        budget: 10_000,
    };
    let text = "g(N, TWICE(x), FN(y)) + FN";
    let expanded = expander
        .expand_text(tokens::tokenize(text, 100).unwrap())
        .unwrap()
        .unwrap();
    // `N` at 102, `TWICE(x)` at 105..113, and `FN` twice.
    assert_eq!(
        expanded.uses,
        [(102, 103), (105, 113), (115, 117), (124, 126)]
    );
    let x = expanded.tokens.iter().find(|t| &*t.text == "x").unwrap();
    assert_eq!(x.origin, Origin::Text(111));
    let two = expanded.tokens.iter().find(|t| &*t.text == "2").unwrap();
    assert_eq!(two.origin, Origin::Made(105, 113));
    assert!(expander
        .expand_text(tokens::tokenize("g(x)", 0).unwrap())
        .unwrap()
        .is_none());
}
