//! `analyzer/RULES.md` is generated from the rules' own documentation (the registry in
//! `checks`), as rust-analyzer generates its docs: when the file is out of date this test
//! rewrites it and fails, so the change shows in the diff and gets committed.

use analyzer::checks::RULES;

fn reference() -> String {
    let mut out = String::from(
        "# Rules\n\n\
         <!-- Generated from analyzer/src/checks/*.rs by analyzer/tests/rules_reference.rs; \
         edit the rules' documentation there, then run `cargo test -p mpi-dtype-analyzer \
         --test rules_reference`. -->\n\n\
         | id | default severity | finds |\n|---|---|---|\n",
    );
    for rule in RULES {
        out += &format!(
            "| [{id}](#{id}) | {} | {} |\n",
            rule.severity.name(),
            rule.summary,
            id = rule.id
        );
    }
    for rule in RULES {
        out += &format!("\n## {}\n\n{}\n\n", rule.id, rule.summary);
        out += &demote_headings(rule.docs.trim());
        out.push('\n');
    }
    out
}

/// Each rule's sections become subsections of the rule's own heading; lines inside code
/// blocks (C's `#include`) are left alone.
fn demote_headings(markdown: &str) -> String {
    let mut in_code = false;
    let mut out = String::new();
    for line in markdown.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        if !in_code && line.starts_with('#') {
            out.push('#');
        }
        out += line;
        out.push('\n');
    }
    out
}

#[test]
fn rules_md_is_generated_from_the_rules_documentation() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("RULES.md");
    let expected = reference();
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    if actual != expected {
        std::fs::write(&path, &expected).expect("write RULES.md");
        panic!("analyzer/RULES.md was out of date and has been regenerated: commit it");
    }
}

#[test]
fn every_rule_documents_what_why_example_and_fix() {
    for rule in RULES {
        for section in [
            "## What it finds",
            "## Why it is a bug",
            "## Example",
            "## Fix",
        ] {
            assert!(
                rule.docs.contains(section),
                "{}: no `{section}` in its documentation",
                rule.id
            );
        }
    }
}
