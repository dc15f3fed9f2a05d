//! One C program per batch of types: each type is built in its own function, measured, packed
//! to recover its byte offsets, and freed.
//!
//! Output, one line per type (stdout flushed after each, so a crash loses at most the type that
//! crashed):
//!
//! ```text
//! T <id> <size> <lb> <extent> <true_lb> <true_extent> P <start>:<len> ...   packed offsets, in order
//!                                                          (`?:<len>`: bytes MPI_Pack never wrote)
//! T <id> <size> <lb> <extent> <true_lb> <true_extent> NP                     not packed (empty/big)
//! T <id> ... PE <why>                                                        packing failed
//! E <id> <step> <rc> <error string>                                          a call failed
//! B <index>                                                                  before each case
//! ```

use std::fmt::Write as _;

use super::tree::{c_function, Tree};

/// True extents above this are not packed (the random trees stay far below).
pub const PACK_LIMIT: i64 = 1 << 22;

const PRELUDE: &str = r#"
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>

#ifdef OPEN_MPI
/* Open MPI 4.1 still exports the MPI-1 functions and markers removed in MPI-3.0, but hides them. */
extern struct ompi_predefined_datatype_t ompi_mpi_ub, ompi_mpi_lb;
#define OR_UB ((MPI_Datatype)&ompi_mpi_ub)
#define OR_LB ((MPI_Datatype)&ompi_mpi_lb)
#undef MPI_Type_struct
#undef MPI_Type_hvector
#undef MPI_Type_hindexed
int MPI_Type_struct(int, int *, MPI_Aint *, MPI_Datatype *, MPI_Datatype *);
int MPI_Type_hvector(int, int, MPI_Aint, MPI_Datatype, MPI_Datatype *);
int MPI_Type_hindexed(int, int *, MPI_Aint *, MPI_Datatype, MPI_Datatype *);
#else
#define OR_UB MPI_UB
#define OR_LB MPI_LB
#endif

static void fail(int id, int step, int rc) {
  char msg[MPI_MAX_ERROR_STRING + 1]; int len = 0;
  if (MPI_Error_string(rc, msg, &len) != MPI_SUCCESS) len = 0;
  msg[len] = 0;
  for (int i = 0; i < len; i++) if (msg[i] == '\n') msg[i] = ' ';
  printf("E %d %d %d %s\n", id, step, rc, msg);
}

static void report(int id, MPI_Datatype t, int derived) {
  MPI_Count size = -1, lb = 0, extent = 0, tlb = 0, textent = 0;
  int rc;
  if (derived && (rc = MPI_Type_commit(&t)) != MPI_SUCCESS) { fail(id, 1000, rc); return; }
  if ((rc = MPI_Type_size_x(t, &size)) != MPI_SUCCESS) { fail(id, 1001, rc); return; }
  if ((rc = MPI_Type_get_extent_x(t, &lb, &extent)) != MPI_SUCCESS) { fail(id, 1002, rc); return; }
  if ((rc = MPI_Type_get_true_extent_x(t, &tlb, &textent)) != MPI_SUCCESS) { fail(id, 1003, rc); return; }
  printf("T %d %lld %lld %lld %lld %lld", id, (long long)size, (long long)lb, (long long)extent,
         (long long)tlb, (long long)textent);
  if (size <= 0 || textent <= 0 || textent > LIMIT) { printf(" NP\n"); return; }
  fflush(stdout); /* the values survive a crash inside MPI_Pack */
  int psize = 0;
  if (MPI_Pack_size(1, t, MPI_COMM_WORLD, &psize) != MPI_SUCCESS || psize < size) { printf(" PE pack_size %d\n", psize); return; }
  unsigned char *in = malloc((size_t)textent);
  unsigned char *out = malloc((size_t)psize);
  long long *off = calloc((size_t)size, sizeof *off);
  unsigned char *hole = calloc((size_t)size, 1);
  /* base pointer such that displacement true_lb lands on in[0] */
  void *base = (void *)((uintptr_t)in - (intptr_t)tlb);
  for (int shift = 0; shift == 0 || (shift < 40 && (textent - 1) >> shift != 0); shift += 8) {
    for (MPI_Count k = 0; k < textent; k++) in[k] = (unsigned char)((k >> shift) & 0xff);
    /* Pack twice, into buffers prefilled differently: a byte that differs was never written
       (MPICH stores long double through the x87, which copies 10 of its 16 bytes). */
    for (int fill = 0; fill < 2; fill++) {
      memset(out, fill ? 0xff : 0x00, (size_t)psize);
      int pos = 0;
      rc = MPI_Pack(base, 1, t, out, psize, &pos, MPI_COMM_WORLD);
      if (rc != MPI_SUCCESS || pos != size) { printf(" PE pack rc %d pos %d\n", rc, pos); goto done; }
      for (MPI_Count j = 0; j < size; j++) {
        if (fill == 0) off[j] |= (long long)out[j] << shift;
        else if (out[j] != (unsigned char)((off[j] >> shift) & 0xff)) hole[j] = 1;
      }
    }
  }
  printf(" P");
  long long start = off[0], len = 1;
  int inhole = hole[0];
  for (MPI_Count j = 1; j <= size; j++) {
    if (j < size && inhole && hole[j]) { len++; continue; }
    if (j < size && !inhole && !hole[j] && off[j] == start + len) { len++; continue; }
    if (inhole) printf(" ?:%lld", len);
    else printf(" %lld:%lld", start + (long long)tlb, len);
    if (j < size) { start = off[j]; len = 1; inhole = hole[j]; }
  }
  printf("\n");
done:
  free(in); free(out); free(off); free(hole);
}
"#;

/// The whole program for `cases` (id, tree).
pub fn program(cases: &[(usize, &Tree)]) -> String {
    let mut s = String::with_capacity(cases.len() * 600 + 4096);
    let _ = writeln!(s, "#define LIMIT {PACK_LIMIT}LL");
    s.push_str(PRELUDE);
    // A handle a library does not define (Open MPI without INTEGER16) is reported as an error.
    let mut leaves = std::collections::BTreeSet::new();
    for (_, tree) in cases {
        tree.leaves(&mut leaves);
    }
    for name in leaves {
        if name.starts_with("MPI_") && name != "MPI_LB" && name != "MPI_UB" {
            let _ = writeln!(
                s,
                "#ifndef {name}\n#define {name} MPI_DATATYPE_NULL\n#endif"
            );
        }
    }
    for (id, tree) in cases {
        s.push_str(&c_function(tree, *id));
    }
    s.push_str("typedef void (*case_fn)(void);\nstatic const case_fn CASES[] = {\n");
    for (id, _) in cases {
        let _ = writeln!(s, "  t_{id},");
    }
    s.push_str("  0\n};\n");
    s.push_str(
        r#"
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
  int n = (int)(sizeof CASES / sizeof CASES[0]) - 1;
  int start = argc > 1 ? atoi(argv[1]) : 0;
  for (int i = start; i < n; i++) {
    printf("B %d\n", i);
    fflush(stdout);
    CASES[i]();
    fflush(stdout);
  }
  printf("END\n");
  fflush(stdout);
  MPI_Finalize();
  return 0;
}
"#,
    );
    s
}
