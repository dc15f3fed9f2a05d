use super::*;

fn run(text: &str) -> String {
    let out = prepass(text, &mut StatementMacros::default(), None).text;
    assert_eq!(out.len(), text.len());
    out
}

#[test]
fn statement_macro_without_semicolon_is_completed() {
    let text = "#define ERR {if(err){n++;}}\nvoid f(void) {\n  err = g(); ERR\n  int a[2];\n}\n";
    let want = "#define ERR {if(err){n++;}}\nvoid f(void) {\n  err = g(); ERR\n; int a[2];\n}\n";
    assert_eq!(run(text), want);
    let text = "#define ERR {if(err){n++;}}\nvoid f(void) { g(); ERR /* check */ int a[2]; }\n";
    let want = "#define ERR {if(err){n++;}}\nvoid f(void) { g(); ERR;/* check */ int a[2]; }\n";
    assert_eq!(run(text), want);
    // `do { } while (0)`, `;`-terminated and empty bodies, with arguments.
    let text = "#define A(x) do { g(x); } while (0)\n#define B(x) g(x);\n\
                void f(void) { A((1, 2)) B(3)\tint a; }\n";
    let want = "#define A(x) do { g(x); } while (0)\n#define B(x) g(x);\n\
                void f(void) { A((1, 2));B(3);int a; }\n";
    assert_eq!(run(text), want);
    // A macro that expands to nothing is blanked, with or without `;`.
    let text = "#define C(x)\n#define D\nvoid f(void) { if (x) C(\")\")\n  g(); D int a; C(1); }\n";
    let want = "#define C(x)\n#define D\nvoid f(void) { if (x)       \n  g();   int a;     ; }\n";
    assert_eq!(run(text), want);
}

#[test]
fn other_uses_are_left_alone() {
    for text in [
        // Already complete.
        "#define ERR { n++; }\nvoid f(void) { ERR; if (x) ERR; else ERR /* c */ ; }\n",
        // Not in statement position.
        "#define ERR { n++; }\nvoid f(void) { x = ERR + 1; g(ERR); s.ERR = 1; }\n",
        // Not an expression-like macro, or not defined (yet, any more, or consistently).
        "#define N 4\nvoid f(void) { N int a; }\n",
        "void f(void) { ERR int a; }\n#define ERR { n++; }\n",
        "#define ERR { n++; }\n#undef ERR\nvoid f(void) { ERR int a; }\n",
        "#if A\n#define ERR { n++; }\n#else\n#define ERR n++\n#endif\nvoid f(void) { ERR int a; }\n",
        // A function-like macro without arguments is no invocation.
        "#define F(x) { g(x); }\nvoid f(void) { F int a; }\n",
        // Nothing follows.
        "#define ERR { n++; }\nvoid f(void) { g(); ERR",
        // Inside a directive.
        "#define ERR { n++; }\n#define TWICE ERR ERR\n",
    ] {
        assert_eq!(run(text), text);
    }
    let text = "#define ERR { n++; }\nvoid f(void) { g(); ERR \n#if X\n h();\n#endif\n}\n";
    let want = "#define ERR { n++; }\nvoid f(void) { g(); ERR;\n#if X\n h();\n#endif\n}\n";
    assert_eq!(run(text), want);
    // No blank to write on before the directive's line (or the `}`): the use becomes `;`.
    let text = "#define E(x) { n += x; }\nvoid f(void) { g(); E(1)\n#if X\n h(); E(2)}\n#endif\n";
    let want = "#define E(x) { n += x; }\nvoid f(void) { g(); ;   \n#if X\n h(); ;   }\n#endif\n";
    let pre = prepass(text, &mut StatementMacros::default(), None);
    assert_eq!(pre.text, want);
    assert_eq!(pre.replaced_uses, HashMap::from([(45, 49), (62, 66)]));
}

#[test]
fn unknown_statement_macros_alone_on_their_line_get_their_semicolon() {
    let text = "void f(void) {\n  err = g(); CHECK_ERR\n\n  /* sizes */\n  sizes[0] = n;\n  ERR_OUT  // x\n}\n";
    // The `;` takes the first blank after the name, the line's length unchanged.
    let want = "void f(void) {\n  err = g(); CHECK_ERR\n\n; /* sizes */\n  sizes[0] = n;\n  ERR_OUT; // x\n}\n";
    assert_eq!(run(text), want);
    for text in [
        // At file scope: a return type on a line of its own.
        "static BOOL\nfoo(void) { return 0; }\n",
        // Not alone on its line, not upper case, or followed by what continues a declaration.
        "void f(void) { g(); CHECK_ERR int a; }\n",
        "void f(void) { g(); check_err\n  a = 1; }\n",
        "void f(void) {\n  FILE\n    *fp = 0;\n}\n",
        // Defined in the file as something else than a statement.
        "#define LIMIT 4\nvoid f(void) {\n  LIMIT\n  a = 1;\n}\n",
    ] {
        assert_eq!(run(text), text);
    }
}

#[test]
fn definitions_from_included_headers() {
    let text = "#include \"check.h\"\nvoid f(void) { g(); CHECK_ERR int a; }\n";
    let mut resolve = |name: &str| {
        (name == "check.h").then(|| {
            Rc::from(
                "#ifndef H\n#define H\n#define CHECK_ERR { \\\n  if (err) n++; \\\n}\n#endif\n",
            )
        })
    };
    let mut includes = Includes {
        resolve: &mut resolve,
        max_depth: 8,
        seen: HashSet::new(),
        read: Fingerprint::default(),
    };
    let mut macros = StatementMacros::default();
    let out = prepass(text, &mut macros, Some(&mut includes)).text;
    assert_eq!(
        out,
        "#include \"check.h\"\nvoid f(void) { g(); CHECK_ERR;int a; }\n"
    );
    // Not found: stays as written.
    assert_eq!(run(text), text);
}

#[test]
fn comments_in_directives_become_blanks() {
    let text = "#define X { a(); /* c */ b(); } // d\n/* e */ int y; // f\n";
    let want = "#define X { a();         b(); } // d\n/* e */ int y; // f\n";
    assert_eq!(run(text), want);
    // A comment that ends a directive stays (the grammar takes no blanks after a path).
    let text = "#include <string.h> /* strcpy() */\n#define A /* x */ \\\n  1 /* y */\n";
    let want = "#include <string.h> /* strcpy() */\n#define A         \\\n  1 /* y */\n";
    assert_eq!(run(text), want);
}
