//! Adversarial input for the whole analysis (front end, evaluation, rules, IDE queries): each
//! case gives an answer, with a note where something was left out, and never panics. Cases
//! already covered by c_bad_input.rs and fortran_lowering.rs (C and Fortran invalid UTF-8, 50 MB
//! files, 10k-deep parentheses, recursive C macros, one 10k-character fixed-form line) are not
//! repeated here. Each case is timed and its peak memory measured in release builds (see
//! BENCHMARKS.md: all well under 2 s and 500 MB); the tests assert results, not time, and print
//! their time with `--nocapture`.

use std::time::Instant;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

use analyzer::analysis::{analyze, Analysis, AnalysisOptions, STACK_BYTES};
use analyzer::checks::{check, Diagnostic, RuleSelection};
use analyzer::ide;
use analyzer::source::{Decoded, FortranForm, Language, SourceText};
use analyzer::syntax::NoIncludes;

const C: Language = Language::C;
const FREE: Language = Language::fortran(FortranForm::Free, false);
const FREE_CPP: Language = Language::fortran(FortranForm::Free, true);
const FIXED: Language = Language::fortran(FortranForm::Fixed, false);

/// Analysis, rules and hovers everywhere a type is defined, timed, on a thread with a quarter
/// of the stack the tool gives an analysis ([`STACK_BYTES`]): the bounds leave that margin.
fn run(name: &str, text: &str, language: Language) -> (Analysis, Vec<Diagnostic>) {
    let text = text.to_owned();
    let name = name.to_owned();
    std::thread::Builder::new()
        .stack_size(STACK_BYTES / 4)
        .spawn(move || {
            let start = Instant::now();
            let analysis = analyze(
                &text,
                language,
                &AnalysisOptions::default(),
                &mut NoIncludes,
            );
            let diagnostics = check(&analysis, &RuleSelection::default());
            for t in analysis.types() {
                let _ = ide::hover(&analysis, &diagnostics, t.span.start);
            }
            let _ = ide::inlay_hints(&analysis);
            eprintln!(
                "{name}: {} bytes in {:.3} s",
                text.len(),
                start.elapsed().as_secs_f64()
            );
            (analysis, diagnostics)
        })
        .expect("a thread")
        .join()
        .expect("the analysis neither overflows its stack nor panics")
}

fn has_note(analysis: &Analysis, fragment: &str) -> bool {
    analysis.notes.iter().any(|n| n.message.contains(fragment))
}

fn notes(analysis: &Analysis) -> Vec<&str> {
    analysis.notes.iter().map(|n| n.message.as_str()).collect()
}

/// The size of the type defined for handle `name` (the last definition), if known.
fn size_of(analysis: &Analysis, name: &str) -> Option<i128> {
    analysis
        .types()
        .iter()
        .rev()
        .find(|t| t.name == name)
        .and_then(|t| t.datatype.as_ref().map(|d| d.size()))
}

const C_GOOD: &str =
    "void good(void) {\n  MPI_Datatype g;\n  MPI_Type_vector(2, 1, 4, MPI_INT, &g);\n}\n";
const F_GOOD: &str = "subroutine good\n  integer :: g, ierr\n  call MPI_Type_vector(2, 1, 4, MPI_REAL, g, ierr)\nend subroutine\n";

/// Deterministic pseudo-random bytes.
fn noise(n: usize, seed: u64) -> Vec<u8> {
    let mut bytes = vec![0; n];
    ChaCha8Rng::seed_from_u64(seed).fill_bytes(&mut bytes);
    bytes
}

#[test]
fn binary_files_are_recognised_and_their_text_analysed_without_panic() {
    let mut bytes = b"\x7fELF\x02\x01\x01\0\0\0".to_vec();
    bytes.extend(noise(1 << 20, 0x9e37_79b9));
    assert!(matches!(
        SourceText::decode(&bytes),
        Decoded::Binary { nul_offset: 7 }
    ));
    // Whoever analyses it anyway (a client sending a binary buffer) gets an answer.
    let text = String::from_utf8_lossy(&bytes);
    for language in [C, FREE, FIXED, FREE_CPP] {
        let (analysis, _) = run("binary", &text, language);
        assert!(analysis.types().is_empty());
    }
}

#[test]
fn random_text_in_every_language() {
    let bytes: Vec<u8> = noise(1 << 20, 7)
        .into_iter()
        .map(|b| b" \n\t()[]{};,=+-*/#&!'\"_0123456789abcdefMPI_Type"[usize::from(b) % 45])
        .collect();
    let text = String::from_utf8(bytes).unwrap();
    for language in [C, FREE, FIXED, FREE_CPP] {
        let text = format!("{text}\n{}", if language == C { C_GOOD } else { "" });
        let _ = run("random text", &text, language);
    }
}

#[test]
fn invalid_utf8_everywhere_is_replaced_with_a_note() {
    // The good function first: the C front end analyses the first 512 KiB of a file only.
    let mut bytes = format!("{C_GOOD}\n").into_bytes();
    for (i, b) in noise(1 << 20, 3).into_iter().enumerate() {
        bytes.push(if i % 2 == 0 { b | 0x80 } else { b'a' + b % 26 });
    }
    let Decoded::Text(text) = SourceText::decode(&bytes) else {
        panic!("decoded as binary")
    };
    assert!(text.invalid_byte_count() > 100_000);
    assert!(!text.notes().is_empty());
    let (analysis, _) = run("invalid UTF-8", text.as_str(), C);
    assert_eq!(size_of(&analysis, "g"), Some(8));
    assert!(
        has_note(&analysis, "only the first"),
        "{:?}",
        notes(&analysis)
    );
}

const DEPTH: usize = 100_000;

#[test]
fn hundred_thousand_nested_parentheses_c() {
    let text = format!(
        "int deep = {}1{};\n{C_GOOD}",
        "(".repeat(DEPTH),
        ")".repeat(DEPTH)
    );
    let (analysis, _) = run("C parentheses 100k", &text, C);
    assert!(
        has_note(&analysis, "nesting deeper"),
        "{:?}",
        notes(&analysis)
    );
    assert_eq!(size_of(&analysis, "g"), Some(8));
}

#[test]
fn hundred_thousand_nested_braces_c() {
    let text = format!(
        "void f(void) {{ {} int x = 1; {} }}\n{C_GOOD}",
        "{".repeat(DEPTH),
        "}".repeat(DEPTH)
    );
    let (analysis, _) = run("C braces 100k", &text, C);
    assert!(
        has_note(&analysis, "nesting deeper"),
        "{:?}",
        notes(&analysis)
    );
    assert_eq!(size_of(&analysis, "g"), Some(8));
    // Unbalanced: only opening braces.
    let text = format!("void f(void) {}\n", "{".repeat(DEPTH));
    let (analysis, _) = run("C unbalanced braces 100k", &text, C);
    assert!(!analysis.notes.is_empty());
}

#[test]
fn hundred_thousand_nested_if_directives_c() {
    let text = format!(
        "{}int x;\n{}{C_GOOD}",
        "#if 1\n".repeat(DEPTH),
        "#endif\n".repeat(DEPTH)
    );
    let (analysis, _) = run("C #if 100k", &text, C);
    assert!(!analysis.notes.is_empty());
    let text = format!("{}{C_GOOD}", "#ifdef X\n".repeat(DEPTH));
    let (analysis, _) = run("C unterminated #ifdef 100k", &text, C);
    assert!(!analysis.notes.is_empty());
}

#[test]
fn hundred_thousand_nested_fortran_constructs() {
    let text = format!(
        "program deep\n  x = {}1{}\nend program\n{F_GOOD}",
        "(".repeat(DEPTH),
        ")".repeat(DEPTH)
    );
    let (analysis, _) = run("Fortran free parentheses 100k", &text, FREE);
    assert!(
        has_note(&analysis, "nesting deeper than"),
        "{:?}",
        notes(&analysis)
    );
    let blocks = format!(
        "program deep\n{}  x = 1\n{}end program\n{F_GOOD}",
        "if (x > 0) then\n".repeat(DEPTH),
        "end if\n".repeat(DEPTH)
    );
    let (analysis, _) = run("Fortran free if-blocks 100k", &blocks, FREE);
    assert!(!analysis.notes.is_empty());
    let directives = format!(
        "{}program p\nend program\n{}{F_GOOD}",
        "#if 1\n".repeat(DEPTH),
        "#endif\n".repeat(DEPTH)
    );
    let (analysis, _) = run("Fortran #if 100k", &directives, FREE_CPP);
    assert!(!analysis.notes.is_empty() || !analysis.types().is_empty());
    let fixed = format!(
        "      PROGRAM DEEP\n      X = {}1{}\n      END\n",
        "(".repeat(DEPTH),
        ")".repeat(DEPTH)
    );
    let _ = run("Fortran fixed parentheses 100k", &fixed, FIXED);
}

#[test]
fn exponential_and_self_recursive_macros() {
    // Each macro doubles the previous one: A40 would expand to 2^40 tokens.
    let mut text = String::from("#define A0 1\n");
    for i in 1..=40 {
        text.push_str(&format!("#define A{i} (A{} + A{})\n", i - 1, i - 1));
    }
    text.push_str(
        "#define SELF SELF\n#define G(x) G(G(x))\n\
         void f(void) {\n  MPI_Datatype t, u, v;\n  MPI_Type_contiguous(A40, MPI_INT, &t);\n\
         MPI_Type_contiguous(SELF, MPI_INT, &u);\n  MPI_Type_contiguous(G(3), MPI_INT, &v);\n}\n",
    );
    text.push_str(C_GOOD);
    let (analysis, _) = run("C exponential macros", &text, C);
    assert_eq!(size_of(&analysis, "u"), None);
    assert_eq!(size_of(&analysis, "v"), None);
    assert_eq!(size_of(&analysis, "g"), Some(8));
    // A40 is 2^40 ones: either evaluated exactly or left unknown, never wrong.
    assert!(matches!(
        size_of(&analysis, "t"),
        None | Some(4_398_046_511_104)
    ));
    let fortran = format!(
        "#define N N + 1\n#define M(x) M(x)\nsubroutine s\n  integer :: t, u, ierr\n\
         call MPI_Type_contiguous(N, MPI_REAL, t, ierr)\n  call MPI_Type_contiguous(M(2), MPI_REAL, u, ierr)\n\
         end subroutine\n{F_GOOD}"
    );
    let (analysis, _) = run("Fortran self-recursive macros", &fortran, FREE_CPP);
    assert_eq!(size_of(&analysis, "t"), None);
    assert_eq!(size_of(&analysis, "g"), Some(8));
}

/// Statement macros that expand to ever more: each doubling the one before (2^24 uses), a
/// 15 KB body used 20,000 times, a parameter written 2,000 times given a 100 KB argument. Each
/// stops at the file's expansion budget, with one note, and what was expanded before stays.
#[test]
fn statement_macros_expanding_without_end_stop_at_the_budget() {
    let make = "#define MAKE(t) { MPI_Type_contiguous(3, MPI_INT, &t); }\n";
    let mut doubling = String::from(make);
    doubling.push_str("#define M0(t) { MPI_Type_contiguous(2, MPI_INT, &t); }\n");
    for i in 1..=24 {
        doubling.push_str(&format!(
            "#define M{i}(t) {{ M{}(t); M{}(t); }}\n",
            i - 1,
            i - 1
        ));
    }
    doubling.push_str("void f(void) {\n  MPI_Datatype first, t;\n  MAKE(first);\n  M24(t);\n}\n");
    let assignments: String = (0..600).map(|i| format!("x{i} = x{i} + 1; ")).collect();
    let mut big = format!("{make}#define BIG(t) {{ int x0 = 0; {assignments} }}\n");
    big.push_str("void f(void) {\n  MPI_Datatype first;\n  MAKE(first);\n");
    big.push_str(&"  BIG(t);\n".repeat(20_000));
    big.push_str("}\n");
    let mut many = format!("{make}#define MANY(x) {{ {} }}\n", "x; ".repeat(2_000));
    many.push_str(&format!(
        "void f(void) {{\n  MPI_Datatype first;\n  MAKE(first);\n  MANY(g({}));\n}}\n",
        "1 + ".repeat(25_000) + "1"
    ));
    for (name, text) in [
        ("C doubling statement macros", doubling),
        ("C large statement macro used 20k times", big),
        ("C statement macro with a 100 KB argument", many),
    ] {
        let text = format!("{text}{C_GOOD}");
        let (analysis, _) = run(name, &text, C);
        let refused = analysis
            .notes
            .iter()
            .filter(|n| n.message.contains("not expanded: this file's expansions"))
            .count();
        assert_eq!(refused, 1, "{name}: {:?}", notes(&analysis));
        assert_eq!(size_of(&analysis, "first"), Some(12), "{name}");
        assert_eq!(size_of(&analysis, "g"), Some(8), "{name}");
    }
}

/// A Jacobi sweep between halo exchanges (the fuzzer's first timeout was such a fixture): the
/// sweeps' bodies only do arithmetic, so their iterations run the condition and the step alone
/// and stay within the step budget; the outer loop's counter stays exact.
#[test]
fn arithmetic_loop_bodies_do_not_spend_the_step_budget() {
    let c = "#define N 1000\nstatic double grid[N + 2][N + 2], next[N + 2][N + 2];\n\
             void f(MPI_Datatype column) {\n  int it, i, j;\n  MPI_Datatype t;\n  double diff = 0.0;\n\
             for (it = 0; it < 10; it++) {\n\
               MPI_Send(&grid[1][1], 1, column, 0, 0, MPI_COMM_WORLD);\n\
               for (j = 1; j <= N; j++)\n    for (i = 1; i <= N; i++) {\n\
                 next[j][i] = 0.25 * (grid[j - 1][i] + grid[j + 1][i] + grid[j][i - 1] + grid[j][i + 1]);\n\
                 diff += fabs(next[j][i] - grid[j][i]);\n    }\n\
               for (int j = 1; j <= N; j++)\n    for (int i = 1; i <= N; i++)\n      grid[j][i] = next[j][i];\n\
             }\n  MPI_Type_contiguous(it + j, MPI_DOUBLE, &t);\n}\n";
    let (analysis, _) = run("C Jacobi sweeps", c, C);
    assert!(
        !has_note(&analysis, "step budget"),
        "{:?}",
        notes(&analysis)
    );
    // `it` ends at 10 and `j` at N + 1.
    assert_eq!(size_of(&analysis, "t"), Some(8 * 1011));
    let fortran = "subroutine s\n  integer, parameter :: n = 1000\n  real(8) :: u(0:n+1, 0:n+1), v(0:n+1, 0:n+1)\n\
                   integer :: it, i, j, t, ierr\n\
                   do it = 1, 10\n    do j = 1, n\n      do i = 1, n\n\
                   v(i, j) = 0.25d0 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1))\n\
                   end do\n    end do\n    u = v\n  end do\n\
                   call MPI_Type_contiguous(it, MPI_DOUBLE_PRECISION, t, ierr)\nend subroutine\n";
    let (analysis, _) = run("Fortran Jacobi sweeps", fortran, FREE);
    assert!(
        !has_note(&analysis, "step budget"),
        "{:?}",
        notes(&analysis)
    );
    assert_eq!(size_of(&analysis, "t"), Some(8 * 11));
}

/// Names with a multi-byte character where `MPI_` would end (found by the fuzz smoke test).
#[test]
fn names_with_multibyte_characters_near_the_mpi_prefix() {
    let fortran = "subroutine s\n  integer :: t, ierr\n  integer(kind=8) :: a\n\
                   call MPI\u{FFFD}GET_ADDRESS(t, a, ierr)\n  call MP\u{e9}_x(t)\n\
                   call MPI_Type_contiguous(2, MPI_REAL, t, ierr)\nend subroutine\n";
    let (analysis, _) = run("Fortran multi-byte names", fortran, FREE);
    assert_eq!(size_of(&analysis, "t"), Some(8));
    let c = "void f(void) {\n  MPI_Datatype t;\n  MP\u{e9}_x(&t);\n  MPI\u{FFFD}Type(&t);\n\
             MPI_Type_contiguous(2, MPI_INT, &t);\n}\n";
    let (analysis, _) = run("C multi-byte names", c, C);
    assert_eq!(size_of(&analysis, "t"), Some(8));
}

/// A kept fuzz input, as the fuzz target reads it (lossy UTF-8).
fn fuzz_regression(file: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions");
    String::from_utf8_lossy(&std::fs::read(dir.join(file)).unwrap()).into_owned()
}

/// Declarations, array constructors, allocations and MPI calls inside loops run to the step
/// budget (two fuzz timeouts, 4.5 s and 3.3 s in release before, and an out-of-memory): a
/// declaration that runs again reuses its object, an allocation call makes at most 64 blocks,
/// and a call keeps at most 65 records, so states and records do not grow with the iterations. The timings are in BENCHMARKS.md (`--nocapture` prints them).
#[test]
fn loop_locals_and_allocations_run_to_the_budget() {
    for (file, language) in [
        ("loop-declarations-c_frontend.c", C),
        ("nested-havoc-fortran_free.f90", FREE),
    ] {
        // They end, at the step budget or where an iteration changes nothing.
        let (analysis, _) = run(file, &fuzz_regression(file), language);
        assert!(!analysis.types().is_empty(), "{file}");
    }
    let c = "void f(int c) {\n  double *p;\n  int x;\n  MPI_Datatype t;\n\
             for (;;) {\n    p = malloc(8);\n    if (c) x = 1;\n  }\n\
             MPI_Type_contiguous(2, MPI_INT, &t);\n}\n";
    let (analysis, _) = run("C malloc in an endless loop", c, C);
    assert!(
        has_note(&analysis, "first 64 blocks"),
        "{:?}",
        notes(&analysis)
    );
    assert_eq!(size_of(&analysis, "t"), Some(8));
}

/// A reused object starts a new lifetime: a pointer kept from the previous iteration no longer
/// reaches it, and an address a function returned is never taken for the next call's.
#[test]
fn reused_locals_are_not_reached_from_earlier_lifetimes() {
    let c = "void f(void) {\n  int *p = 0;\n  MPI_Aint a = 0, b = 0;\n  MPI_Datatype t;\n\
             for (int i = 0; i < 2; i++) {\n    int local[4];\n\
             if (i == 0) p = local;\n    else {\n      MPI_Get_address(p, &a);\n\
             MPI_Get_address(local, &b);\n    }\n  }\n\
             MPI_Type_contiguous((int)(b - a) + 1, MPI_INT, &t);\n}\n";
    let (analysis, _) = run("C pointer into the previous iteration", c, C);
    assert_eq!(size_of(&analysis, "t"), None);
    let c = "MPI_Aint where(void) {\n  int x;\n  MPI_Aint a;\n  MPI_Get_address(&x, &a);\n\
             return a;\n}\nvoid f(void) {\n  MPI_Datatype t;\n\
             MPI_Type_contiguous((int)(where() - where()) + 1, MPI_INT, &t);\n}\n";
    let (analysis, _) = run("C address returned twice", c, C);
    assert_eq!(size_of(&analysis, "t"), None);
    // Within one lifetime the object is what it was: per-iteration locals still evaluate.
    let c = "struct cell { double v; int id; };\nvoid f(void) {\n  MPI_Datatype t[3];\n\
             for (int i = 0; i < 3; i++) {\n    struct cell c;\n    MPI_Aint base, d;\n\
             MPI_Get_address(&c, &base);\n    MPI_Get_address(&c.id, &d);\n\
             MPI_Type_contiguous((int)(d - base), MPI_INT, &t[i]);\n  }\n}\n";
    let (analysis, _) = run("C locals per iteration", c, C);
    assert_eq!(size_of(&analysis, "t[i]"), Some(4 * 8));
}

/// Nestings where each level used to evaluate the level below twice (a fuzz hang: 25 levels of
/// `a[0]` took 5 s, 150 would never end): a subscript, member or dereference with no place has
/// no value either; an MPI call evaluates its count once; static types run no calls.
#[test]
fn nested_lvalues_and_calls_are_evaluated_once_per_level() {
    let n = 150;
    let nest = |open: &str, inner: &str, close: &str| {
        format!("{}{inner}{}", open.repeat(n), close.repeat(n))
    };
    for expr in [
        nest("", "a", "[0]"),
        nest("g(", "a", ")[0]"),
        nest("*(", "a", ")[0]"),
        nest("MPI_Type_size(", "t, &x", ")"),
        nest("MPI_Get_address(&a[", "0", "], 0)]"),
        nest("a[g(", "1", ")]"),
    ] {
        let c = format!(
            "void f(void) {{\n  MPI_Datatype t;\n  int x = 1, a[4];\n  x = {expr};\n\
             MPI_Type_contiguous(2, MPI_INT, &t);\n}}\n"
        );
        let (analysis, _) = run(&format!("C {}", &expr[..24]), &c, C);
        assert_eq!(size_of(&analysis, "t"), Some(8));
    }
    for expr in [
        nest("a(", "1", ")"),
        nest("b(", "1", ")"),
        nest("max(", "1", ", 2)"),
    ] {
        let f = format!(
            "subroutine s\n  integer :: x, t, ierr, a(4)\n  x = {expr}\n\
             call MPI_Type_contiguous(2, MPI_REAL, t, ierr)\nend subroutine\n"
        );
        let (analysis, _) = run(&format!("Fortran {}", &expr[..12]), &f, FREE);
        assert_eq!(size_of(&analysis, "t"), Some(8));
    }
}

/// Endless loops without a statement in them (a fuzzer's mutation cut a `DO` header so) end
/// after one iteration, which changes nothing; what follows them is evaluated.
#[test]
fn empty_endless_loops_end_at_once() {
    let fortran = "subroutine s\n  integer :: t, ierr\n  do\n  end do\n\
                   call MPI_Type_contiguous(2, MPI_REAL, t, ierr)\nend subroutine\n";
    let (analysis, _) = run("Fortran empty DO", fortran, FREE);
    assert!(
        !has_note(&analysis, "step budget"),
        "{:?}",
        notes(&analysis)
    );
    assert_eq!(size_of(&analysis, "t"), Some(8));
    let c = "void f(void) {\n  MPI_Datatype t;\n  for (;;) {}\n  while (1) ;\n\
             MPI_Type_contiguous(2, MPI_INT, &t);\n}\n";
    let (analysis, _) = run("C empty for(;;)", c, C);
    assert!(
        !has_note(&analysis, "step budget"),
        "{:?}",
        notes(&analysis)
    );
    assert_eq!(size_of(&analysis, "t"), Some(8));
}

#[test]
fn loops_of_a_trillion_iterations_stop_at_the_step_budget() {
    let text = "void f(double *buf) {\n  int disp[4], len[4];\n  MPI_Datatype t, u;\n\
                for (long i = 0; i < 1000000000000L; i++) { disp[i % 4] = (int)i; len[i % 4] = 1; }\n\
                MPI_Type_indexed(4, len, disp, MPI_DOUBLE, &t);\n\
                long n = 0;\n  for (long i = 0; i < 1000000; i++)\n    for (long j = 0; j < 1000000; j++)\n      n++;\n\
                MPI_Type_contiguous(2, MPI_INT, &u);\n  MPI_Type_commit(&t);\n  MPI_Send(buf, 1, t, 0, 0, MPI_COMM_WORLD);\n}\n";
    let (analysis, _) = run("C loops of 10^12", text, C);
    assert!(!analysis.notes.is_empty());
    // The loop never ran to the end: its results are unknown, not guessed.
    assert_eq!(size_of(&analysis, "t"), None);
    assert_eq!(size_of(&analysis, "u"), Some(8));
    let fortran = "subroutine s(buf)\n  use mpi\n  double precision :: buf(*)\n  integer :: t, u, ierr\n\
                   integer :: disp(4), len(4)\n  integer(kind=8) :: i, j, n\n\
                   do i = 1, 1000000000000_8\n    disp(mod(i, 4) + 1) = int(i)\n    len(mod(i, 4) + 1) = 1\n  end do\n\
                   call MPI_Type_indexed(4, len, disp, MPI_DOUBLE_PRECISION, t, ierr)\n\
                   n = 0\n  do i = 1, 1000000\n    do j = 1, 1000000\n      n = n + 1\n    end do\n  end do\n\
                   call MPI_Type_contiguous(2, MPI_REAL, u, ierr)\nend subroutine\n";
    let (analysis, _) = run("Fortran loops of 10^12", fortran, FREE);
    assert_eq!(size_of(&analysis, "t"), None);
    assert_eq!(size_of(&analysis, "u"), Some(8));
}

/// Array constructors of 10^12 elements, nested implied DOs, bounds near 2^63 and a COMMON
/// block forgotten by a million calls: each stops at the step budget or an overflow, unknown.
#[test]
fn fortran_arrays_of_two_to_the_40_elements() {
    let text = "subroutine s
  use mpi
  integer :: t, u, v, w, ierr, i, j
  integer :: disp(4)
                real(8), allocatable :: a(:, :)
  integer :: n
  common /blk/ n
                disp = [(i, i = 1, 1000000000000_8)]
                call MPI_Type_indexed(4, [1, 1, 1, 1], disp, MPI_REAL, t, ierr)
                call MPI_Type_indexed(2, [((1, i = 1, 1000000), j = 1, 1000000)], [0, 4], MPI_REAL, u, ierr)
                allocate(a(4611686018427387904_8, 4))
                call MPI_Type_contiguous(size(a), MPI_REAL8, v, ierr)
                n = 3
  do i = 1, 1000000
    call other(i)
  end do
                call MPI_Type_contiguous(2, MPI_REAL, w, ierr)
end subroutine
";
    let (analysis, _) = run("Fortran arrays of 2^40", text, FREE);
    assert_eq!(size_of(&analysis, "t"), None);
    assert_eq!(size_of(&analysis, "u"), None);
    assert_eq!(size_of(&analysis, "v"), None);
    assert_eq!(size_of(&analysis, "w"), Some(8));
}

#[test]
fn counts_near_two_to_the_63() {
    let text = "void f(void) {\n  MPI_Datatype a, b, c, d, e;\n\
                MPI_Type_contiguous_c(9223372036854775807, MPI_CHAR, &a);\n\
                MPI_Type_contiguous_c(9223372036854775807, MPI_DOUBLE, &b);\n\
                MPI_Type_vector_c(4611686018427387904, 1, 2, MPI_CHAR, &c);\n\
                MPI_Type_contiguous(2147483647, MPI_DOUBLE, &d);\n\
                MPI_Type_contiguous(9223372036854775807, MPI_INT, &e);\n\
                MPI_Type_commit(&a);\n  MPI_Type_commit(&b);\n}\n";
    let (analysis, diagnostics) = run("counts near 2^63", text, C);
    assert_eq!(size_of(&analysis, "a"), Some(i64::MAX as i128));
    // 8 x (2^63 - 1) bytes is past MPI_Count: an error, not a wrapped number.
    assert_eq!(size_of(&analysis, "b"), None);
    assert_eq!(size_of(&analysis, "d"), Some(8 * 2_147_483_647));
    // An `int` count of 2^63 - 1 does not fit the standard binding.
    assert_eq!(size_of(&analysis, "e"), None);
    let types = analysis.types();
    assert!(types.iter().any(|t| t.name == "b" && t.error.is_some()));
    let _ = diagnostics;
}

#[test]
fn a_vector_of_vectors_of_two_to_the_60_entries() {
    let text = "void f(char *in, char *out) {\n  MPI_Datatype a, b, c;\n\
                MPI_Type_vector_c(1073741824, 1, 2, MPI_CHAR, &a);\n\
                MPI_Type_create_resized(a, 0, 1, &c);\n\
                MPI_Type_vector_c(1073741824, 1, 1, c, &b);\n\
                MPI_Type_commit(&b);\n\
                MPI_Send(in, 1, b, 0, 0, MPI_COMM_WORLD);\n\
                MPI_Recv(out, 1, b, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n\
                MPI_Sendrecv(in, 1, b, 0, 0, out, 1, b, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);\n\
                MPI_Type_free(&b);\n}\n";
    let (analysis, diagnostics) = run("vector of vectors of 2^60", text, C);
    assert_eq!(size_of(&analysis, "b"), Some(1 << 60));
    let b = analysis
        .types()
        .into_iter()
        .find(|t| t.name == "b")
        .unwrap();
    let dt = b.datatype.unwrap();
    assert_eq!(dt.entry_count(), 1 << 60);
    let markdown = ide::datatype_markdown(&analysis, &dt);
    assert!(!markdown.is_empty());
    // The resized vectors overlap each other: a receive into them is flagged (or left unknown
    // past the overlap walk's budget), and nothing is misreported on the send.
    assert!(diagnostics
        .iter()
        .all(|d| d.rule.id != "signature-mismatch"));
}

#[test]
fn ten_thousand_character_fixed_form_lines() {
    // Comment lines, statement lines and continuation lines of 10k characters, 1000 of each.
    let mut text = String::from("      SUBROUTINE LONG\n      INTEGER T, IERR\n");
    for _ in 0..1000 {
        text.push_str(&format!("C{}\n", "c".repeat(10_000)));
        text.push_str(&format!("      X = 1{}\n", " + 1".repeat(2_500)));
        text.push_str(&format!("      Y = 2\n     &{}\n", "+ 2 ".repeat(2_500)));
    }
    text.push_str("      CALL MPI_TYPE_CONTIGUOUS(4, MPI_REAL, T, IERR)\n      END\n");
    assert!(text.len() > 30_000_000 / 2);
    let (analysis, _) = run("fixed-form 10k-character lines", &text, FIXED);
    assert!(has_note(&analysis, "larger than") || size_of(&analysis, "T") == Some(16));
    // A free-form line of a million characters: past the first 512 KiB, which are analysed up
    // to the last unit that ends there.
    let free = format!(
        "{F_GOOD}program p\n  x = 1{}\nend program\n",
        " + 1".repeat(250_000)
    );
    let (analysis, _) = run("free-form line of 1M characters", &free, FREE);
    assert!(
        has_note(&analysis, "larger than 512 KiB"),
        "{:?}",
        notes(&analysis)
    );
    assert_eq!(size_of(&analysis, "g"), Some(8));
}

#[test]
fn element_offsets_past_i128_are_unknown_not_wrapped() {
    // 2^125 + 5 elements of 8 bytes is 2^128 + 40 bytes: wrapped, it was 40.
    let text = "void f(void) {\n  double a[4];\n  MPI_Aint x, y;\n  MPI_Datatype t;\n\
                MPI_Get_address(&a[0], &x);\n\
                MPI_Get_address(&a[(1LL << 62) * (1LL << 63) + 5], &y);\n\
                MPI_Type_create_resized(MPI_DOUBLE, 0, y - x, &t);\n\
                MPI_Send(&a[(1LL << 62) * (1LL << 63) + 5], 1, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);\n}\n";
    let (analysis, diagnostics) = run("element offsets past i128", text, C);
    assert_eq!(size_of(&analysis, "t"), None);
    assert!(
        diagnostics.iter().all(|d| d.rule.id != "buffer-overflow"),
        "{diagnostics:?}"
    );
}

#[test]
fn library_arithmetic_past_i128_is_unknown() {
    let text = "void f(void) {\n  MPI_Datatype t, u;\n\
                char *p = malloc((1LL << 62) * (1LL << 62) * 64);\n\
                MPI_Type_contiguous(abs(-170141183460469231731687303715884105727 - 1), MPI_INT, &t);\n\
                MPI_Type_contiguous(abs(-3), MPI_INT, &u);\n}\n";
    let (analysis, _) = run("library arithmetic past i128", text, C);
    assert_eq!(size_of(&analysis, "t"), None);
    assert_eq!(size_of(&analysis, "u"), Some(12));
}

#[test]
fn array_sizes_that_name_their_own_array_stop_at_the_nesting_bound() {
    for (name, text) in [
        (
            "shadowing array sized by itself",
            "double u[4];\nvoid f(void) {\n  double u[sizeof(u) / sizeof(double)];\n\
             MPI_Send(u, 4, MPI_DOUBLE, 0, 0, MPI_COMM_WORLD);\n}\n",
        ),
        (
            "array sized by itself",
            "void f(void) {\n  int a[sizeof(a)];\n  MPI_Datatype t;\n\
             MPI_Type_contiguous(sizeof(a), MPI_BYTE, &t);\n\
             MPI_Send(a, 1, MPI_INT, 0, 0, MPI_COMM_WORLD);\n}\n",
        ),
        (
            "half-typed declaration sized by itself",
            "void f(void) {\n  int blens[2], disps[sizeof(disps)\n  MPI_Send(disps, 2, MPI_INT, 0, 0, MPI_COMM_WORLD);\n}\n",
        ),
    ] {
        let (analysis, _) = run(name, text, C);
        assert!(analysis.types().iter().all(|t| t.datatype.is_none()), "{name}");
    }
}
