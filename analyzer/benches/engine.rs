//! Engine costs on huge types: they must follow the constructor tree, not the typemap.
//!
//! Run: `cargo bench -p mpi-dtype-analyzer --bench engine`

use analyzer::dtype::{
    compare_signatures, Api, Constructor, Datatype, Engine, MpiModel, Predefined,
};
use criterion::{black_box, criterion_group, criterion_main, Criterion};

/// Vectors nested `depth` deep, each of `count` blocks: `count^depth` doubles.
fn nested_vectors(engine: &Engine, count: i128, depth: usize) -> Datatype {
    let mut t = engine.predefined(Predefined::Double).unwrap();
    for _ in 0..depth {
        let extent = t.summary(MpiModel::Standard).extent();
        let ctor = Constructor::Hvector {
            count,
            blocklength: 1,
            stride: extent * 2,
        };
        t = engine.construct(&ctor, Api::Standard, &[t]).unwrap();
    }
    t
}

fn summaries(c: &mut Criterion) {
    let engine = Engine::default();
    c.bench_function("build 4-deep vector of 2^40 doubles", |b| {
        b.iter(|| nested_vectors(&engine, black_box(1 << 10), 4))
    });
    c.bench_function("build vector of 3 doubles", |b| {
        b.iter(|| nested_vectors(&engine, black_box(3), 1))
    });
    let blocks: Vec<i128> = (0..10_000).collect();
    c.bench_function("build hindexed of 10k blocks", |b| {
        let double = engine.predefined(Predefined::Double).unwrap();
        b.iter(|| {
            let ctor = Constructor::Hindexed {
                blocklengths: blocks.clone(),
                displacements: blocks.iter().map(|d| d * 80_000).collect(),
            };
            engine
                .construct(&ctor, Api::Standard, std::slice::from_ref(&double))
                .unwrap()
        })
    });
}

fn signatures(c: &mut Criterion) {
    let engine = Engine::default();
    let huge = nested_vectors(&engine, 1 << 10, 4);
    let flat = engine
        .construct(
            &Constructor::Contiguous { count: 1 << 20 },
            Api::Standard,
            &[engine.predefined(Predefined::Double).unwrap()],
        )
        .unwrap();
    c.bench_function(
        "compare signatures: 2^40 doubles vs 2^20 x 2^20 doubles",
        |b| b.iter(|| compare_signatures(black_box(&huge), 1, black_box(&flat), 1 << 20, 1 << 20)),
    );
    let pair = engine
        .construct(
            &Constructor::Struct {
                blocklengths: vec![1, 1],
                displacements: vec![0, 8],
            },
            Api::Standard,
            &[
                engine.predefined(Predefined::Double).unwrap(),
                engine.predefined(Predefined::Int).unwrap(),
            ],
        )
        .unwrap();
    let pairs = engine
        .construct(
            &Constructor::Contiguous { count: 1000 },
            Api::Standard,
            &[pair],
        )
        .unwrap();
    c.bench_function(
        "compare signatures: 1000 x {double, int}, mixed runs",
        |b| b.iter(|| compare_signatures(black_box(&pairs), 1, black_box(&pairs), 1, 1 << 20)),
    );
}

fn overlap(c: &mut Criterion) {
    let engine = Engine::default();
    let huge = nested_vectors(&engine, 1 << 10, 4);
    c.bench_function("overlap check of 2^40 doubles (structural)", |b| {
        b.iter(|| black_box(&huge).overlaps(MpiModel::Standard, 1 << 20))
    });
    let double = engine.predefined(Predefined::Double).unwrap();
    let interleaved = engine
        .construct(
            &Constructor::Hvector {
                count: 4096,
                blocklength: 2,
                stride: 8,
            },
            Api::Standard,
            &[double],
        )
        .unwrap();
    c.bench_function("overlap check of 8192 overlapping doubles (walk)", |b| {
        b.iter(|| black_box(&interleaved).overlaps(MpiModel::Standard, 1 << 20))
    });
}

criterion_group!(benches, summaries, signatures, overlap);
criterion_main!(benches);
