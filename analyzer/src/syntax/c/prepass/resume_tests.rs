use std::rc::Rc;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;

/// A header the file includes, as its resolver finds it.
const HEADER: &str = "#define CHECK(x) { if (x) n++; }\n#define QUIET(x)\n";

/// Of every construct the pre-pass rewrites or reads ahead for: statement macros (defined in
/// the file and in the header, and unknown), attributes, `offsetof` paths, complex types,
/// comments in directives, comments and strings across lines.
const FILE: &str = r#"#include "check.h"
#include <complex.h>
#define ERR { if (err) goto out; }
#define NOTHING /* empty */
"#;

/// Functions, to repeat after [`FILE`]'s directives.
const BODY: &str = r#"struct __attribute__((packed)) pair { int a; double complex z; };
void f(int err, int n) {
  err = g(); ERR
  int sizes[2];
  CHECK(err)
  QUIET(n) NOTHING
  sizes[0] = offsetof(struct pair, a.b[1]);
  err = g(); UNKNOWN_ERR

  /* a comment
     over lines */ h("a string \" with a quote");
  _Complex float w;
out:
  return;
}
"#;

fn header(name: &str) -> Option<Rc<str>> {
    (name == "check.h").then(|| Rc::from(HEADER))
}

/// The pre-pass of `text`, resumed from `previous` when given.
/// A version's pre-pass, the macros known after it, and what it keeps for the next.
type Pass = (Prepassed, StatementMacros, KeptPrepass);

fn pass(text: &str, previous: Option<&Pass>) -> Pass {
    pass_with(header, text, previous)
}

/// The same with the headers `resolve` finds.
fn pass_with(
    mut resolve: impl FnMut(&str) -> Option<Rc<str>>,
    text: &str,
    previous: Option<&Pass>,
) -> Pass {
    let mut includes = Includes {
        resolve: &mut resolve,
        max_depth: 8,
        seen: HashSet::new(),
        read: Fingerprint::default(),
    };
    let mut macros = StatementMacros::default();
    let previous = previous.map(|(pre, _, kept)| (kept, pre.text.as_str()));
    let (pre, kept) = prepass_main(text, &mut macros, &mut includes, previous);
    (pre, macros, kept)
}

fn assert_same(resumed: &Pass, text: &str) {
    let (fresh, macros, _) = pass(text, None);
    let (pre, resumed_macros, _) = resumed;
    assert_eq!(pre.text, fresh.text, "{text:?}");
    assert_eq!(pre.complex_at, fresh.complex_at, "{text:?}");
    assert_eq!(pre.offsetof_members, fresh.offsetof_members, "{text:?}");
    assert_eq!(pre.hidden_attributes, fresh.hidden_attributes, "{text:?}");
    assert_eq!(pre.replaced_uses, fresh.replaced_uses, "{text:?}");
    assert_eq!(*resumed_macros, macros, "{text:?}");
}

#[test]
fn the_file_exercises_every_rewrite() {
    let (pre, _, _) = pass(&(FILE.to_owned() + BODY), None);
    assert!(pre.text.contains("ERR\n;"), "{}", pre.text);
    assert!(pre.text.contains("CHECK(err)\n;"), "{}", pre.text);
    assert!(pre.text.contains("UNKNOWN_ERR\n\n;"), "{}", pre.text);
    assert_eq!(pre.complex_at.len(), 2);
    assert_eq!(pre.offsetof_members.len(), 1);
    assert_eq!(pre.hidden_attributes.len(), 1);
}

#[test]
fn an_edit_inside_a_function_scans_its_lines_only() {
    let text = FILE.to_owned() + &BODY.repeat(40);
    let first = pass(&text, None);
    let at = text.len() / 2;
    let at = at + text[at..].find("sizes[0]").unwrap();
    let mut edited = text.clone();
    edited.insert_str(at, "n = 1; ");
    let resumed = pass(&edited, Some(&first));
    assert_same(&resumed, &edited);
    let scanned = resumed.2.scanned.clone();
    assert!(scanned.len() < 200, "{scanned:?}");
    // The next edit resumes from this one's.
    let mut again = edited.clone();
    again.insert(at + 2, 'x');
    let resumed = pass(&again, Some(&resumed));
    assert_same(&resumed, &again);
    assert!(resumed.2.scanned.len() < 200, "{:?}", resumed.2.scanned);
}

#[test]
fn an_edit_to_a_directive_scans_to_the_end() {
    let text = FILE.to_owned() + &BODY.repeat(3);
    let first = pass(&text, None);
    let edited = text.replacen("#define ERR { if (err) goto out; }", "#define ERR 1", 2);
    let resumed = pass(&edited, Some(&first));
    assert_same(&resumed, &edited);
    assert_eq!(resumed.2.scanned.end, edited.len());
}

#[test]
fn a_changed_header_is_read_again() {
    let text = FILE.to_owned() + BODY;
    let first = pass(&text, None);
    let edited = text.replacen("int sizes", "int  sizes", 1);
    let changed = |name: &str| (name == "check.h").then(|| Rc::from("#define CHECK(x) x\n"));
    let (pre, _, kept) = pass_with(changed, &edited, Some(&first));
    assert!(pre.text.contains("CHECK(err)\n"), "{}", pre.text);
    assert_eq!(kept.scanned, 0..edited.len());
}

#[test]
fn thousands_of_random_edits_pre_pass_as_fresh_scans_do() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let pieces = [
        "x",
        ";",
        "}",
        "{",
        "\n",
        "\n\n",
        " ",
        "/*",
        "*/",
        "//",
        "\"",
        "'",
        "\\",
        "#",
        "(",
        ")",
        "ERR",
        "ERR\n",
        "CHECK(a)",
        "QUIET(",
        "UNKNOWN\n",
        "#define ERR\n",
        "#undef ERR\n",
        "#define S(x) do { x; } while (0)\n",
        "S(1)",
        "struct",
        " __attribute__((aligned(8)))",
        "offsetof(struct pair, a.b)",
        "complex",
        "_Complex",
        "#include \"check.h\"\n",
        "#include <complex.h>\n",
        "\\\n",
    ];
    let mut text = FILE.to_owned() + &BODY.repeat(4);
    let mut previous = pass(&text, None);
    let mut stopped_early = 0;
    for _ in 0..3000 {
        let mut at = rng.gen_range(0..=text.len());
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        if rng.gen_bool(0.55) {
            text.insert_str(at, pieces[rng.gen_range(0..pieces.len())]);
        } else {
            let end = (at + rng.gen_range(1..12)).min(text.len());
            if text.is_char_boundary(end) {
                text.replace_range(at..end, "");
            }
        }
        let resumed = pass(&text, Some(&previous));
        assert_same(&resumed, &text);
        stopped_early += usize::from(resumed.2.scanned.end < text.len());
        previous = resumed;
    }
    // The edits exercised the stops, not only scans to the end.
    assert!(stopped_early > 1000, "{stopped_early}");
}
