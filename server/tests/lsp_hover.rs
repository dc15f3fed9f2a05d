//! Hovers: datatype handles at their uses, constructor calls, structs, basic types and findings.

mod lsp_harness;

use insta::assert_json_snapshot;
use lsp_harness::{fixture, position_of, Client};

const PARTICLES: &str = "file:///fixtures/seed_4_17_particles.c";

async fn hover_at(
    text: &str,
    uri: &str,
    language: &str,
    needle: &str,
    skip: usize,
) -> serde_json::Value {
    let mut client = Client::default().await;
    client.open(uri, language, text).await;
    let (line, column) = position_of(text, needle, skip);
    client.hover(uri, line, column).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover_on_a_handle_shows_its_datatype_and_state_there() {
    let text = fixture("c/seed_4_17_particles.c");
    let hover = hover_at(&text, PARTICLES, "c", "NPART, Particlestride, rank", 7).await;
    assert_json_snapshot!(hover);
}

const SECTION3D: &str = "file:///fixtures/seed_4_13_section3d.f";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover_on_a_constructor_call_in_fixed_form_fortran() {
    let text = fixture("fortran/seed_4_13_section3d.f");
    let hover = hover_at(&text, SECTION3D, "fortran", "HVECTOR( 9, 1, 100*100", 3).await;
    assert_json_snapshot!(hover);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover_on_a_basic_type_shows_its_size_and_alignment() {
    let text = fixture("fortran/seed_4_13_section3d.f");
    let hover = hover_at(&text, SECTION3D, "fortran", "MPI_REAL, myrank", 2).await;
    assert_json_snapshot!(hover);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover_on_a_finding_explains_its_rule() {
    let text = fixture("fortran/seed_4_13_section3d.f");
    let hover = hover_at(&text, SECTION3D, "fortran", "MPI_TYPE_EXTENT", 4).await;
    assert_json_snapshot!(hover);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover_on_a_struct_shows_its_layout() {
    let text = fixture("c/seed_4_17_particles.c");
    let hover = hover_at(&text, PARTICLES, "c", "struct Partstruct\n", 8).await;
    assert_json_snapshot!(hover);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover_shows_values_that_differ_between_mpi_libraries() {
    let text = "#include <mpi.h>\nvoid f(void) {\n    MPI_Datatype t;\n    MPI_Type_create_hvector(2, 1, 12, MPI_DOUBLE, &t);\n}\n";
    let hover = hover_at(
        text,
        "file:///fixtures/hvector.c",
        "c",
        "MPI_Type_create_hvector",
        0,
    )
    .await;
    assert_json_snapshot!(hover);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_hover_away_from_anything_or_outside_the_document() {
    let text = fixture("c/seed_4_17_particles.c");
    let mut client = Client::default().await;
    client.open(PARTICLES, "c", &text).await;
    assert_eq!(client.hover(PARTICLES, 0, 0).await, serde_json::Value::Null);
    assert_eq!(
        client.hover(PARTICLES, 100_000, 7).await,
        serde_json::Value::Null
    );
    assert_eq!(
        client.hover(PARTICLES, 3, 100_000).await,
        serde_json::Value::Null
    );
}
