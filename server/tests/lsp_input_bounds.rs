//! What the server reads from disk for a document stays bounded, as on the command line: the
//! includes (one budget for all of them), the configuration (its size checked before it is
//! read); and its notes never quote an included file.

mod lsp_harness;

use std::path::Path;

use lsp_harness::Client;

const SEND: &str = "void f(void) { MPI_Datatype t; MPI_Type_contiguous(2, MPI_INT, &t); MPI_Type_commit(&t); MPI_Type_free(&t); }\n";

fn uri_of(path: &Path) -> String {
    format!("file://{}", path.display())
}

/// Opens `main.c`, written in `dir` with `text`, and returns the messages of the diagnostics
/// published for it.
async fn published(client: &mut Client, dir: &Path, text: &str) -> Vec<String> {
    let path = dir.join("main.c");
    std::fs::write(&path, text).unwrap();
    let uri = uri_of(&path);
    client.open(&uri, "c", text).await;
    let published = client.diagnostics(&uri, 1).await;
    published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["message"].as_str().unwrap().to_owned())
        .collect()
}

/// Five headers, each including the next 20 times, under a document including the first 20
/// times: the server analysed 20^6 inclusions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn include_fan_out_stops_at_the_documents_budget() {
    let dir = tempfile::tempdir().unwrap();
    for level in 1..=5 {
        let body = if level == 5 {
            String::new()
        } else {
            format!("#include \"h{}.h\"\n", level + 1).repeat(20)
        };
        std::fs::write(dir.path().join(format!("h{level}.h")), body).unwrap();
    }
    let text = format!("{}{SEND}", "#include \"h1.h\"\n".repeat(20));
    let mut client = Client::default().await;
    let messages = published(&mut client, dir.path(), &text).await;
    let budget = messages
        .iter()
        .filter(|m| m.contains("every include after it not read"))
        .count();
    assert_eq!(budget, 1, "{messages:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notes_never_quote_an_included_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("secret.h"),
        "struct { int a; hunter2 correct horse battery staple } y;\n",
    )
    .unwrap();
    let text = format!("#include \"secret.h\"\n{SEND}");
    let mut client = Client::default().await;
    let messages = published(&mut client, dir.path(), &text).await;
    for secret in ["hunter2", "correct", "horse", "battery", "staple"] {
        assert!(messages.iter().all(|m| !m.contains(secret)), "{messages:?}");
    }
    assert!(
        messages
            .iter()
            .any(|m| m.contains("could not parse line 1 of `secret.h`")),
        "{messages:?}"
    );
}

/// A 2 GiB configuration file (sparse) was read whole, in the server's memory, before TOML
/// refused it; its size refuses it unread.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_configuration_file_too_large_is_refused_by_its_size() {
    let dir = tempfile::tempdir().unwrap();
    let config = std::fs::File::create(dir.path().join(".mpi-dtype-lint.toml")).unwrap();
    config.set_len(2 << 30).unwrap();
    let mut client = Client::default().await;
    let messages = published(&mut client, dir.path(), SEND).await;
    assert!(messages.is_empty(), "{messages:?}");
    let warning = client
        .wait_for(|m| m["method"] == "window/logMessage")
        .await;
    let warning = warning["params"]["message"].as_str().unwrap();
    assert!(
        warning.contains(
            ".mpi-dtype-lint.toml: 2147483648 bytes is larger than the 1048576 bytes read; using defaults"
        ),
        "{warning}"
    );
}
