//! The fuzz targets of analyzer/fuzz run without cargo-fuzz, so that every CI run exercises them:
//! on the repository's fixtures (the fuzzers' seeds), on those fixtures cut and spliced, and on
//! a few thousand deterministic pseudo-random inputs each.

#[allow(dead_code)]
#[path = "../fuzz/src/targets.rs"]
mod targets;

use std::path::{Path, PathBuf};

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn fixtures(extensions: &[&str]) -> Vec<PathBuf> {
    fn walk(dir: &Path, extensions: &[&str], out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, extensions, out);
            } else if path
                .extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| extensions.contains(&e))
            {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("../testdata"),
        extensions,
        &mut out,
    );
    out.sort();
    out
}

/// Mutations of a seed: a cut, a splice of two seeds, a few flipped or inserted bytes.
fn mutate(rng: &mut ChaCha8Rng, a: &[u8], b: &[u8]) -> Vec<u8> {
    let cut = |rng: &mut ChaCha8Rng, s: &[u8]| -> (usize, usize) {
        let i = rng.next_u64() as usize % (s.len() + 1);
        let j = i + rng.next_u64() as usize % (s.len() - i + 1);
        (i, j)
    };
    let mut out = match rng.next_u64() % 4 {
        0 => {
            let (i, j) = cut(rng, a);
            a[i..j].to_vec()
        }
        1 => {
            let ((_, i), (j, _)) = (cut(rng, a), cut(rng, b));
            [&a[..i], &b[j..]].concat()
        }
        _ => a.to_vec(),
    };
    for _ in 0..rng.next_u64() % 8 {
        if out.is_empty() {
            break;
        }
        let at = rng.next_u64() as usize % out.len();
        match rng.next_u64() % 3 {
            0 => out[at] = rng.next_u64() as u8,
            1 => out.insert(
                at,
                b"()[]{};,\n#&'\"0123456789"[rng.next_u64() as usize % 23],
            ),
            _ => {
                out.remove(at);
            }
        }
    }
    out
}

/// Seeds, mutated seeds and random bytes through one target.
fn drive(target: fn(&[u8]), extensions: &[&str], mutations: usize, random: usize, seed: u64) {
    let seeds: Vec<Vec<u8>> = fixtures(extensions)
        .iter()
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    for s in &seeds {
        target(s);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if !seeds.is_empty() {
        for _ in 0..mutations {
            let a = &seeds[rng.next_u64() as usize % seeds.len()];
            let b = &seeds[rng.next_u64() as usize % seeds.len()];
            target(&mutate(&mut rng, a, b));
        }
    }
    for _ in 0..random {
        let n = (rng.next_u64() % 512) as usize;
        let mut bytes = vec![0; n];
        rng.fill_bytes(&mut bytes);
        target(&bytes);
    }
}

#[test]
fn c_frontend_on_seeds_mutations_and_noise() {
    drive(targets::c_frontend, &["c", "h"], 1_000, 2_000, 1);
}

#[test]
fn fortran_fixed_on_seeds_mutations_and_noise() {
    drive(
        targets::fortran_fixed,
        &["f", "F", "for", "f77"],
        500,
        2_000,
        2,
    );
}

#[test]
fn fortran_free_on_seeds_mutations_and_noise() {
    drive(targets::fortran_free, &["f90", "F90"], 1_000, 2_000, 3);
}

#[test]
fn engine_on_random_constructor_programs() {
    drive(targets::engine, &[], 0, 1_000, 4);
}
