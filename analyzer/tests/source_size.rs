//! The house rule that keeps the analyzer readable: no source file over 800 lines (issue 16).
//! A file that grows past it is split by concern, as `eval/mpi/` and `syntax/fortran/unit.rs`
//! were.

use std::path::Path;

const MAX_LINES: usize = 800;

#[test]
fn no_source_file_of_the_analyzer_is_over_800_lines() {
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    let mut over = Vec::new();
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir)
            .expect("readable source directory")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let lines = std::fs::read_to_string(&path)
                    .expect("UTF-8 source")
                    .lines()
                    .count();
                if lines > MAX_LINES {
                    over.push(format!("{}: {lines} lines", path.display()));
                }
            }
        }
    }
    assert!(
        over.is_empty(),
        "over {MAX_LINES} lines:\n{}",
        over.join("\n")
    );
}
