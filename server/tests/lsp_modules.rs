//! The workspace's Fortran modules: a document that `USE`s a module defined in another file of
//! the workspace sees it, and sees it change as that file changes in the editor (unsaved), on
//! disk (watched files), or goes away.

mod lsp_harness;

use std::time::Duration;

use lsp_harness::Client;
use serde_json::{json, Value};
use tower_lsp_server::ls_types::Uri;

const GRID: &str = "module grid
  integer, parameter :: nx = 10, ny = 6
  double precision :: field(nx, ny)
end module grid
";

/// Sends one element more than the module's array holds (`nx * ny + 1`).
const USES_GRID: &str = "subroutine halo(comm)
  use mpi
  use grid
  implicit none
  integer :: comm, ierr
  call MPI_Send(field, 61, MPI_DOUBLE_PRECISION, 0, 0, comm, ierr)
end subroutine halo
";

/// The rule ids of published diagnostics.
fn codes(published: &Value) -> Vec<String> {
    published["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|d| d.get("code")?.as_str().map(str::to_owned))
        .collect()
}

/// Waits for diagnostics of `uri` whose rule ids are `expected` (earlier publications, from
/// before the index or the change reached the server, are passed over).
async fn wait_for_codes(client: &mut Client, uri: &str, expected: &[&str]) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let published = client
            .wait_for(|m| {
                m["method"] == "textDocument/publishDiagnostics" && m["params"]["uri"] == uri
            })
            .await;
        if codes(&published["params"]) == expected {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{uri}: never {expected:?}; last {published}"
        );
    }
}

fn uri_of(path: &std::path::Path) -> String {
    Uri::from_file_path(path).unwrap().as_str().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_module_in_another_workspace_file_is_seen_and_followed() {
    let dir = tempfile::tempdir().unwrap();
    let (grid, main) = (dir.path().join("grid.f90"), dir.path().join("halo.f90"));
    std::fs::write(&grid, GRID).unwrap();
    std::fs::write(&main, USES_GRID).unwrap();
    let capabilities =
        json!({ "workspace": { "didChangeWatchedFiles": { "dynamicRegistration": true } } });
    let (mut client, _) = Client::start_in_workspace(capabilities, &[&uri_of(dir.path())]).await;
    // The server asks to watch the Fortran files.
    let registration = client
        .wait_for(|m| m["method"] == "client/registerCapability")
        .await;
    let watcher = &registration["params"]["registrations"][0];
    assert_eq!(watcher["method"], "workspace/didChangeWatchedFiles");
    client
        .send_raw(
            json!({ "jsonrpc": "2.0", "id": registration["id"], "result": null })
                .to_string()
                .as_bytes(),
        )
        .await;

    let main_uri = uri_of(&main);
    client.open(&main_uri, "fortran", USES_GRID).await;
    // From disk: 60 elements, 61 sent.
    wait_for_codes(&mut client, &main_uri, &["buffer-overflow"]).await;

    // Edited in the editor, unsaved: 70 elements.
    let grid_uri = uri_of(&grid);
    client.open(&grid_uri, "fortran", GRID).await;
    let wider = GRID.replace("nx = 10", "nx = 12");
    client
        .notify(
            "textDocument/didChange",
            json!({ "textDocument": { "uri": grid_uri, "version": 2 }, "contentChanges": [{ "text": wider }] }),
        )
        .await;
    wait_for_codes(&mut client, &main_uri, &[]).await;

    // Closed without saving: the disk's again.
    client
        .notify(
            "textDocument/didClose",
            json!({ "textDocument": { "uri": grid_uri } }),
        )
        .await;
    wait_for_codes(&mut client, &main_uri, &["buffer-overflow"]).await;

    // Changed on disk, as the watcher tells.
    std::fs::write(&grid, &wider).unwrap();
    let changed = json!({ "changes": [{ "uri": grid_uri, "type": 2 }] });
    client
        .notify("workspace/didChangeWatchedFiles", changed)
        .await;
    wait_for_codes(&mut client, &main_uri, &[]).await;

    // Deleted: the module is unknown, and nothing is reported on what it declared.
    std::fs::write(&grid, GRID).unwrap();
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({ "changes": [{ "uri": grid_uri, "type": 2 }] }),
        )
        .await;
    wait_for_codes(&mut client, &main_uri, &["buffer-overflow"]).await;
    std::fs::remove_file(&grid).unwrap();
    client
        .notify(
            "workspace/didChangeWatchedFiles",
            json!({ "changes": [{ "uri": grid_uri, "type": 3 }] }),
        )
        .await;
    wait_for_codes(&mut client, &main_uri, &[]).await;
}
