//! Analysis throughput of the C front end (parse, lower, evaluate) on a generated MPI-dense
//! corpus: many functions, each building struct, vector, indexed and subarray types from
//! macros, offsetof, loops that fill displacement arrays, and helper calls.

use analyzer::analysis::{analyze, AnalysisOptions};
use analyzer::source::Language;
use analyzer::syntax::NoIncludes;
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// One translation unit of about `bytes` bytes (below the front end's parse limit).
fn corpus(bytes: usize) -> String {
    let mut text = String::from(
        "#include <mpi.h>\n#include <stddef.h>\n#define NX 64\n#define HALO 2\n\
         typedef struct { int id; double pos[3]; float w; char tag[5]; } rec_t;\n",
    );
    let mut i = 0;
    while text.len() < bytes {
        text.push_str(&format!(
            "static void build_{i}(MPI_Datatype *out) {{\n\
             \x20 int bl[4] = {{1, 3, 1, 5}};\n\
             \x20 MPI_Aint d[4] = {{offsetof(rec_t, id), offsetof(rec_t, pos), offsetof(rec_t, w), offsetof(rec_t, tag)}};\n\
             \x20 MPI_Datatype ty[4] = {{MPI_INT, MPI_DOUBLE, MPI_FLOAT, MPI_CHAR}}, s, v, x;\n\
             \x20 int disp[NX / 4], len[NX / 4];\n\
             \x20 for (int k = 0; k < NX / 4; k++) {{ disp[k] = 4 * k + {i} % 3; len[k] = 1 + k % 2; }}\n\
             \x20 MPI_Type_create_struct(4, bl, d, ty, &s);\n\
             \x20 MPI_Type_create_resized(s, 0, sizeof(rec_t), out);\n\
             \x20 MPI_Type_vector(NX, 1, NX + 2 * HALO, MPI_DOUBLE, &v);\n\
             \x20 MPI_Type_indexed(NX / 4, len, disp, MPI_DOUBLE, &x);\n\
             \x20 int sizes[2] = {{NX + 2 * HALO, NX + 2 * HALO}}, sub[2] = {{NX, NX}}, st[2] = {{HALO, HALO}};\n\
             \x20 MPI_Type_create_subarray(2, sizes, sub, st, MPI_ORDER_C, MPI_DOUBLE, &v);\n\
             \x20 MPI_Type_commit(out);\n\
             \x20 MPI_Type_free(&s);\n}}\n\
             void use_{i}(rec_t *buf, MPI_Comm comm) {{\n\
             \x20 MPI_Datatype t;\n  build_{i}(&t);\n\
             \x20 MPI_Send(buf, 10, t, 0, {i}, comm);\n  MPI_Type_free(&t);\n}}\n"
        ));
        i += 1;
    }
    text
}

fn c_frontend(c: &mut Criterion) {
    let text = corpus(256 << 10);
    let options = AnalysisOptions::default();
    let mut group = c.benchmark_group("c_frontend");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.sample_size(10);
    group.bench_function("analyze_mpi_dense_256k", |b| {
        b.iter(|| {
            analyze(&text, Language::C, &options, &mut NoIncludes)
                .types()
                .len()
        })
    });
    group.finish();
}

/// An int fill loop over a 2 GiB buffer whose inner loop runs once per outer iteration (MPICH's
/// test/mpi/io/bigtype.c does this): the evaluation stops at its step budget, and each step must
/// stay cheap (it cost a copy of the whole state, 4.5 s a file).
fn nested_fill_loop(c: &mut Criterion) {
    let text = "#include <stdlib.h>\n#include <mpi.h>\nint main(void)\n{\n  int i, j;\n  size_t k = 0;\n  int *buf = malloc(536870912 * sizeof(int));\n  for (i = 0; i < 536870912; i++) {\n    for (j = 0; j < 1; j++) {\n      buf[k] = k;\n      k++;\n    }\n  }\n  MPI_Datatype t;\n  MPI_Type_contiguous(3, MPI_INT, &t);\n  return 0;\n}\n";
    let options = AnalysisOptions::default();
    let mut group = c.benchmark_group("c_frontend");
    group.sample_size(10);
    group.bench_function("nested_fill_loop_2gib", |b| {
        b.iter(|| {
            analyze(text, Language::C, &options, &mut NoIncludes)
                .types()
                .len()
        })
    });
    group.finish();
}

criterion_group!(benches, c_frontend, nested_fill_loop);
criterion_main!(benches);
