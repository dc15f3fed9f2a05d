//! C lowering, construct by construct: each case is a small C snippet whose `MPI_Type_*` calls
//! carry their expected size and extent inline, `/* expect: size=N extent=M */` (or
//! `/* expect: unknown */`), on the line of the call, under x86_64-linux-gnu and MPICH.

use analyzer::analysis::{analyze, AnalysisOptions};
use analyzer::dtype::MpiModel;
use analyzer::source::Language;
use analyzer::syntax::c::kinds;
use analyzer::syntax::NoIncludes;
use std::collections::HashMap;

const CASES: &[(&str, &str)] = &[
    (
        "forward goto out of a loop and a statement macro joins at its label",
        r#"
#define ERR_CHECK(e) do { if (e) goto fn_fail; } while (0)
int g(int);
void f(int m) {
  MPI_Datatype t; int i, n, err;
  n = 3;
  for (i = 0; i < m; i++) {
    err = g(i);
    if (err) goto fn_fail;
  }
  err = g(n);
  ERR_CHECK(err);
  n = 3;
fn_fail:
  MPI_Type_contiguous(n, MPI_INT, &t); /* expect: size=12 extent=12 */
}"#,
    ),
    (
        "a goto whose label comes twice, or is reached backward, forgets",
        r#"
int g(int);
void f(int m) {
  MPI_Datatype t; int n;
  n = 3;
again:
  MPI_Type_contiguous(n, MPI_INT, &t); /* expect: unknown */
  if (g(n)) { n = 5; goto again; }
  n = 4;
  if (m) goto done;
  n = 6;
  if (m > 2) { done: MPI_Type_contiguous(n, MPI_INT, &t); } /* expect: unknown */
}"#,
    ),
    (
        "struct, offsetof, sizeof, resized",
        r#"
struct p { int id; double x[3]; char tag; };
void f(void) {
  MPI_Datatype t, r; int bl[3] = {1, 3, 1};
  MPI_Aint d[3] = {offsetof(struct p, id), offsetof(struct p, x), offsetof(struct p, tag)};
  MPI_Datatype ty[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR};
  MPI_Type_create_struct(3, bl, d, ty, &t); /* expect: size=29 extent=40 */
  MPI_Type_create_resized(t, 0, sizeof(struct p), &r); /* expect: size=29 extent=40 */
}"#,
    ),
    (
        "typedef, nested struct, array member, offsetof path",
        r#"
typedef struct { double x, y; } v2;
typedef struct { int n; v2 pts[4]; } poly;
void f(void) {
  MPI_Datatype t;
  MPI_Type_contiguous(offsetof(poly, pts[2].y) / sizeof(double), MPI_DOUBLE, &t); /* expect: size=48 extent=48 */
}"#,
    ),
    (
        "union, anonymous member",
        r#"
struct s { int kind; union { double d; char c[12]; }; };
void f(void) {
  MPI_Datatype t;
  MPI_Type_contiguous(sizeof(struct s), MPI_CHAR, &t); /* expect: size=24 extent=24 */
  MPI_Type_contiguous(offsetof(struct s, c), MPI_CHAR, &t); /* expect: size=8 extent=8 */
}"#,
    ),
    (
        "_Alignas, packed attribute, #pragma pack",
        r#"
struct a { char c; _Alignas(32) double d; };
struct __attribute__((packed)) b { char c; double d; };
#pragma pack(push, 2)
struct c { char c; double d; };
#pragma pack(pop)
struct e { char c; double d; };
void f(void) {
  MPI_Datatype t;
  MPI_Type_contiguous(sizeof(struct a), MPI_CHAR, &t); /* expect: size=64 extent=64 */
  MPI_Type_contiguous(sizeof(struct b), MPI_CHAR, &t); /* expect: size=9 extent=9 */
  MPI_Type_contiguous(sizeof(struct c), MPI_CHAR, &t); /* expect: size=10 extent=10 */
  MPI_Type_contiguous(sizeof(struct e), MPI_CHAR, &t); /* expect: size=16 extent=16 */
  MPI_Type_contiguous(_Alignof(struct a), MPI_CHAR, &t); /* expect: size=32 extent=32 */
}"#,
    ),
    (
        "bit-fields laid out as gcc does; packed ones and unknown widths are unknown",
        r#"
struct flags { unsigned a : 3; unsigned b : 5; int n; };
struct __attribute__((packed)) tight { unsigned a : 3; unsigned b : 5; int n; };
struct wide { unsigned a : WIDTH_UNKNOWN; int n; };
void f(void) {
  MPI_Datatype t;
  MPI_Type_contiguous(sizeof(struct flags), MPI_CHAR, &t); /* expect: size=8 extent=8 */
  MPI_Type_contiguous(offsetof(struct flags, n), MPI_CHAR, &t); /* expect: size=4 extent=4 */
  MPI_Type_contiguous(sizeof(struct tight), MPI_CHAR, &t); /* expect: unknown */
  MPI_Type_contiguous(sizeof(struct wide), MPI_CHAR, &t); /* expect: unknown */
}"#,
    ),
    (
        "standard header names are known where their header is included, and only there",
        r#"
#include <stdint.h>
typedef int bool;
struct r { int32_t a; int_fast64_t b; bool c; };
void f(void) {
  MPI_Datatype t;
  MPI_Type_contiguous(sizeof(struct r), MPI_CHAR, &t); /* expect: size=24 extent=24 */
  MPI_Type_contiguous(sizeof(size_t), MPI_CHAR, &t); /* expect: unknown */
  MPI_Type_contiguous(INT32_MAX / 100000000, MPI_CHAR, &t); /* expect: size=21 extent=21 */
  MPI_Type_contiguous(INT_MAX / 100000000, MPI_CHAR, &t); /* expect: unknown */
}"#,
    ),
    (
        "complex.h's complex, and a member named complex once it is #undef'd",
        r#"
#include <complex.h>
struct z1 { char c; double complex z; };
#undef complex
struct z2 { char c; double complex; };
void f(void) {
  MPI_Datatype t;
  MPI_Type_contiguous(sizeof(struct z1), MPI_CHAR, &t); /* expect: size=24 extent=24 */
  MPI_Type_contiguous(sizeof(struct z2), MPI_CHAR, &t); /* expect: size=16 extent=16 */
}"#,
    ),
    (
        "object-like and function-like macros, self reference",
        r#"
#define N 4
#define TWICE(x) (2 * (x))
#define LOOP LOOP
void f(void) {
  MPI_Datatype t;
  MPI_Type_vector(N, 1, TWICE(N), MPI_INT, &t); /* expect: size=16 extent=100 */
  MPI_Type_contiguous(LOOP, MPI_INT, &t); /* expect: unknown */
}"#,
    ),
    (
        "#if decided, #ifdef, #else, undecided joined",
        r#"
#define DIM 3
#if DIM == 3
#define LEN 27
#else
#define LEN 9
#endif
#ifdef NOT_DEFINED_ANYWHERE
#define W 1
#else
#define W 2
#endif
void f(void) {
  MPI_Datatype t; int n = 5;
  MPI_Type_contiguous(LEN * W, MPI_INT, &t); /* expect: size=216 extent=216 */
#if MPI_VERSION >= 4
  n = 6;
#endif
  MPI_Type_contiguous(n, MPI_INT, &t); /* expect: unknown */
}"#,
    ),
    (
        "enums and const variables",
        r#"
enum { NX = 8, NY, NZ = NY * 2 };
static const int halo = 2;
void f(void) {
  MPI_Datatype t;
  MPI_Type_vector(NY, NX, NZ + halo, MPI_FLOAT, &t); /* expect: size=288 extent=672 */
}"#,
    ),
    (
        "designated initializers and implied lengths",
        r#"
void f(void) {
  MPI_Datatype t;
  int bl[] = {[2] = 3, [0] = 1, 2};
  int disp[] = {0, 10, 20};
  MPI_Type_indexed(sizeof(bl) / sizeof(bl[0]), bl, disp, MPI_INT, &t); /* expect: size=24 extent=92 */
}"#,
    ),
    (
        "assignments, compound assignments, loops",
        r#"
void f(void) {
  MPI_Datatype t; int bl[4], disp[4], i = 0, k;
  for (k = 0; k < 4; k++) { bl[k] = 1; disp[k] = 0; }
  while (i < 4) { disp[i] += 3 * i; i++; }
  do { bl[3] *= 2; } while (0);
  MPI_Type_indexed(4, bl, disp, MPI_INT, &t); /* expect: size=20 extent=44 */
}"#,
    ),
    (
        "if/else joined, switch",
        r#"
void f(int unknown) {
  MPI_Datatype t; int n = 2, m = 1;
  if (unknown) n = 3; else n = 3;
  if (unknown) m = 7;
  switch (n) { case 2: n = 10; break; case 3: n = 20; /* fall through */ default: n += 1; }
  MPI_Type_contiguous(n, MPI_INT, &t); /* expect: size=84 extent=84 */
  MPI_Type_contiguous(m, MPI_INT, &t); /* expect: unknown */
}"#,
    ),
    (
        "addresses: &s, &s.f, s.f, &a[i].f, a + 1, &p->f",
        r#"
struct q { int a; double b[2]; };
void f(void) {
  struct q s, arr[3]; struct q *p = &arr[1];
  MPI_Aint base, x, y, z, w, v;
  MPI_Get_address(&s, &base); MPI_Get_address(s.b, &x);
  MPI_Get_address(&arr[0], &y); MPI_Get_address(&arr[2].b, &z);
  MPI_Get_address(arr + 1, &w); MPI_Get_address(&p->b[1], &v);
  MPI_Datatype t;
  MPI_Type_contiguous(x - base, MPI_CHAR, &t); /* expect: size=8 extent=8 */
  MPI_Type_contiguous(MPI_Aint_diff(z, y), MPI_CHAR, &t); /* expect: size=56 extent=56 */
  MPI_Type_contiguous(w - y, MPI_CHAR, &t); /* expect: size=24 extent=24 */
  MPI_Type_contiguous(v - y, MPI_CHAR, &t); /* expect: size=40 extent=40 */
}"#,
    ),
    (
        "arrays of handles, handles from helpers",
        r#"
static MPI_Datatype make(int n) { MPI_Datatype r; MPI_Type_contiguous(n, MPI_DOUBLE, &r); /* expect: size=24 extent=24 */ return r; }
static void fill(MPI_Datatype *out) { MPI_Type_vector(2, 1, 3, MPI_INT, out); /* expect: size=8 extent=16 */ }
void f(void) {
  MPI_Datatype ts[2] = {MPI_INT, MPI_DOUBLE}, a, b, c;
  a = make(3); fill(&b);
  MPI_Type_contiguous(2, ts[1], &c); /* expect: size=16 extent=16 */
  MPI_Type_contiguous(2, a, &c); /* expect: size=48 extent=48 */
  MPI_Type_contiguous(1, b, &ts[0]); /* expect: size=8 extent=16 */
}"#,
    ),
    (
        "malloc'd buffers of known size",
        r#"
void f(void) {
  int n = 6; int *d = malloc(n * sizeof(int)); MPI_Datatype t;
  for (int i = 0; i < n; i++) d[i] = 2 * i;
  MPI_Type_create_indexed_block(n, 1, d, MPI_INT, &t); /* expect: size=24 extent=44 */
}"#,
    ),
    (
        "#include resolved, with a guard",
        r#"
#include "sizes.h"
#include "sizes.h"
void f(void) {
  MPI_Datatype t;
  MPI_Type_contiguous(HEADER_N, MPI_INT, &t); /* expect: size=28 extent=28 */
}"#,
    ),
    (
        "statement macros used without `;`, one from a header",
        r#"
#include "check.h"
#define ERR { if (err) nerrs++; }
#define TRACE(x)
int g(void);
void f(void) {
  MPI_Datatype t, u; int err = 0, nerrs = 0, a[3], b[2];
  err = g(); ERR
  a[0] = 1; a[1] = 2; a[2] = 3;
  err = g(); CHECK_ERR
  b[0] = 4; TRACE(b)
  b[1] = 8;
  MPI_Type_contiguous(a[0] + a[1] + a[2], MPI_INT, &t); /* expect: size=24 extent=24 */
  MPI_Type_vector(b[0], 1, b[1], MPI_INT, &u); /* expect: size=16 extent=100 */
}"#,
    ),
    (
        "macros expanded with the definitions in force at each use, and only those",
        r#"
#define N 4
#if defined(__GNUC__)
#define M 8
#endif
#define STR_OF(x) #x
#define OPT(...) f(0 __VA_OPT__(,) __VA_ARGS__)
#define ARGS(first, ...) ((first) + count(0, ##__VA_ARGS__))
#define count(...) 2
void f(void) {
  MPI_Datatype t;
  MPI_Type_contiguous(LATER, MPI_INT, &t); /* expect: unknown */
  MPI_Type_contiguous(N, MPI_INT, &t); /* expect: size=16 extent=16 */
#undef N
  MPI_Type_contiguous(N, MPI_INT, &t); /* expect: unknown */
  MPI_Type_contiguous(M, MPI_INT, &t); /* expect: unknown */
#define N 2
#define LATER 3
  MPI_Type_contiguous(N * LATER, MPI_INT, &t); /* expect: size=24 extent=24 */
  MPI_Type_contiguous(sizeof STR_OF(abc), MPI_CHAR, &t); /* expect: size=4 extent=4 */
  MPI_Type_contiguous(OPT(1), MPI_INT, &t); /* expect: unknown */
  MPI_Type_contiguous(ARGS(1), MPI_INT, &t); /* expect: size=12 extent=12 */
}"#,
    ),
    (
        "constructors inside statement macros",
        r#"
#define MAKE_VEC(t, n) do { MPI_Type_vector(n, 1, 4, MPI_INT, &t); } while (0)
#define MAKE_OWN { MPI_Type_contiguous(3, MPI_DOUBLE, &own); }
#define CHECK(call) { int rc_ = (call); if (rc_ != 0) nerrs++; }
#define LOG(fmt, ...) { printf(fmt, __VA_ARGS__); MPI_Type_contiguous(2, MPI_INT, &w); }
#define SHOW(x) puts(#x);
#define PASTE(a, b) { MPI_Type_contiguous(2, MPI_INT, &a##b); }
void f(void) {
  MPI_Datatype t, own, c, w, xy; int nerrs = 0, n = 5;
  MAKE_VEC(t, n); /* expect: size=20 extent=68 */
  MAKE_OWN /* expect: size=24 extent=24 */
  CHECK(MPI_Type_contiguous(n, MPI_CHAR, &c)) /* expect: size=5 extent=5 */
  LOG("%d %d\n", n, nerrs) /* expect: size=8 extent=8 */
  SHOW(MPI_Type_contiguous(9, MPI_INT, &c))
  PASTE(x, y); /* expect: size=8 extent=8 */
  if (n > 4) MAKE_VEC(t, 2); else MAKE_VEC(t, 3); /* expect: size=8 extent=20 */
  /* expect: size=12 extent=36 */ MAKE_VEC(t, /* rows, cols */ 3 // n, m
  );
}"#,
    ),
    (
        "a goto inside a statement macro: the label sees every name the function assigns",
        r#"
#define FAIL(cond) { if (cond) goto fail; }
#define SET(x, v) do { x = v; } while (0)
void f(int k) {
  MPI_Datatype t, u;
  int n = 2;
  FAIL(k > 3)
  SET(n, 5);
  MPI_Type_contiguous(n, MPI_INT, &t); /* expect: size=20 extent=20 */
fail:
  MPI_Type_contiguous(n, MPI_INT, &u); /* expect: unknown */
}"#,
    ),
    (
        "a statement macro right before a directive, or a brace",
        r#"
#define MAKE(t, n) { MPI_Type_contiguous(n, MPI_INT, &t); }
#define UNKNOWN_ARITY(a, b) { MPI_Type_contiguous(a, MPI_INT, &b); }
void f(void) {
  MPI_Datatype t, u, v;
  /* expect: size=8 extent=8 */ MAKE(t, 2)
#if 1
  { MAKE(u, 3)} /* expect: size=12 extent=12 */
#endif
  UNKNOWN_ARITY(4)
#ifdef X
#endif
}"#,
    ),
];

/// `(size, extent)` expected on each line, `None` for unknown.
fn expectations(source: &str) -> HashMap<u32, Vec<Option<(i128, i128)>>> {
    let mut out: HashMap<u32, Vec<Option<(i128, i128)>>> = HashMap::new();
    for (i, line) in source.lines().enumerate() {
        for part in line.split("/* expect: ").skip(1) {
            let body = part.split("*/").next().unwrap_or("").trim();
            let value = if body == "unknown" {
                None
            } else {
                let mut nums = body
                    .split_whitespace()
                    .map(|w| w.split_once('=').unwrap().1.parse::<i128>().unwrap());
                Some((nums.next().unwrap(), nums.next().unwrap()))
            };
            out.entry(i as u32 + 1).or_default().push(value);
        }
    }
    out
}

#[test]
fn each_construct_evaluates_as_expected() {
    let options = AnalysisOptions {
        model: MpiModel::Mpich,
        ..AnalysisOptions::default()
    };
    let mut failures = Vec::new();
    for (name, source) in CASES {
        let mut headers = HashMap::from([
            (
                "sizes.h".to_owned(),
                "#ifndef SIZES_H\n#define SIZES_H\n#define HEADER_N 7\nstruct once { int a; };\n#endif\n".to_owned(),
            ),
            (
                "check.h".to_owned(),
                "#define CHECK_ERR { \\\n  if (err != 0) /* count it */ \\\n    nerrs++; \\\n}\n".to_owned(),
            ),
        ]);
        let analysis = analyze(source, Language::C, &options, &mut headers);
        let mut found: HashMap<u32, Vec<Option<(i128, i128)>>> = HashMap::new();
        for report in analysis.types() {
            let value = report
                .datatype
                .map(|d| (d.size(), d.summary(MpiModel::Mpich).extent()));
            found.entry(report.line).or_default().push(value);
        }
        let expected = expectations(source);
        if found != expected {
            failures.push(format!(
                "{name}:\n  expected {expected:?}\n  found    {found:?}\n  notes {:?}",
                analysis.notes
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn parse_errors_are_notes_not_panics() {
    let analysis = analyze(
        "void f( { int x = ; }",
        Language::C,
        &AnalysisOptions::default(),
        &mut NoIncludes,
    );
    assert!(!analysis.notes.is_empty());
}

#[test]
fn node_kinds_exist_in_the_grammar() {
    let language: tree_sitter::Language = tree_sitter_c::LANGUAGE.into();
    for kind in kinds::NAMED {
        assert_ne!(
            language.id_for_node_kind(kind, true),
            0,
            "named node kind `{kind}`"
        );
    }
    for kind in kinds::ANONYMOUS {
        assert_ne!(
            language.id_for_node_kind(kind, false),
            0,
            "anonymous node kind `{kind}`"
        );
    }
    for field in kinds::FIELDS {
        assert!(
            language.field_id_for_name(field).is_some(),
            "field `{field}`"
        );
    }
}

/// A comment that ends a directive is read by the grammar as it is: blanking it made
/// `#include <string.h> /* strcpy() */` a syntax error (the pre-pass blanks only comments with
/// more of the directive after them).
#[test]
fn a_comment_ending_a_directive_is_no_syntax_error() {
    let source = "#include <string.h> /* strcpy() */\n#define N /* rows */ 4\n\
                  void f(void) {\n  MPI_Datatype t;\n  MPI_Type_contiguous(N, MPI_INT, &t);\n}\n";
    let analysis = analyze(
        source,
        Language::C,
        &AnalysisOptions::default(),
        &mut NoIncludes,
    );
    let notes: Vec<&str> = analysis.notes.iter().map(|n| n.message.as_str()).collect();
    assert!(notes.is_empty(), "{notes:?}");
    let sizes: Vec<Option<i128>> = analysis
        .types()
        .iter()
        .map(|t| t.datatype.as_ref().map(|d| d.size()))
        .collect();
    assert_eq!(sizes, [Some(16)]);
}

/// A `continue` in a `switch` (written there or brought by a statement macro; in a switch that
/// is modelled, or in one with a statement before its first case, which is not) continues the
/// loop around it. The switch is then not modelled: what it assigns is forgotten and the rest of
/// the loop's body may be skipped, so `n` is unknown (it is 3); it was 4 (the `continue`
/// dropped), or the run-once loop of the switch caught it and ran until the step budget ran out.
#[test]
fn a_continue_in_a_switch_continues_the_loop_around() {
    for switch in [
        "switch (i) { case 2: NEXT default: break; }",
        "switch (i) { case 2: continue; default: break; }",
        "switch (i) { n = n; case 2: NEXT default: break; }",
    ] {
        let source = format!(
            "#define NEXT continue;\n\
             void f(void) {{\n  MPI_Datatype t, u;\n  int i, n = 0, m = 0;\n\
             for (i = 0; i < 4; i++) {{\n    {switch}\n    n = n + 1;\n  }}\n\
             for (i = 0; i < 3; i++) m = m + 2;\n\
             MPI_Type_contiguous(n, MPI_INT, &t);\n  MPI_Type_contiguous(m, MPI_INT, &u);\n}}\n"
        );
        let analysis = analyze(
            &source,
            Language::C,
            &AnalysisOptions::default(),
            &mut NoIncludes,
        );
        let notes: Vec<&str> = analysis.notes.iter().map(|n| n.message.as_str()).collect();
        assert!(notes.is_empty(), "{switch}: {notes:?}");
        let sizes: Vec<Option<i128>> = analysis
            .types()
            .iter()
            .map(|t| t.datatype.as_ref().map(|d| d.size()))
            .collect();
        assert_eq!(sizes, [None, Some(24)], "{switch}");
    }
}
