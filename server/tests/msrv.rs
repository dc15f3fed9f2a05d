//! The workspace's `rust-version` is true: no locked dependency needs a newer Rust, and every
//! package inherits it (so clippy's `incompatible_msrv` checks our use of std against it).

use std::process::Command;

use serde_json::Value;

fn version(text: &str) -> Vec<u64> {
    text.split('.')
        .map(|part| part.parse().expect("a numeric version part"))
        .collect()
}

#[test]
fn the_stated_rust_version_covers_every_dependency() {
    // Not `--offline`: the metadata needs every platform's dependencies, and a fresh machine's
    // build fetched only its own (`windows-sys`, `anstyle-wincon`, ... are fetched here).
    let output = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    let packages = metadata["packages"].as_array().expect("packages");
    let members = metadata["workspace_members"].as_array().expect("members");
    let stated: Vec<Vec<u64>> =
        packages
            .iter()
            .filter(|p| members.contains(&p["id"]))
            .map(|p| {
                let name = &p["name"];
                version(p["rust_version"].as_str().unwrap_or_else(|| {
                    panic!("{name} does not inherit the workspace's rust-version")
                }))
            })
            .collect();
    let msrv = stated.iter().min().expect("members").clone();
    assert!(stated.iter().all(|v| *v == msrv), "{stated:?}");
    for p in packages {
        if let Some(needed) = p["rust_version"].as_str() {
            assert!(
                version(needed) <= msrv,
                "{} {} needs Rust {needed}, above the stated {msrv:?}",
                p["name"],
                p["version"]
            );
        }
    }
}
