//! Hover over the protocol: what the server adds to the analyzer's hovers (which
//! analyzer/tests/hover.rs pins, content and all) is the conversion of positions and ranges
//! (UTF-16 columns, fixed-form Fortran mapped back to the lines as written) and the Markdown
//! wrapping. Each document marks the cursor with `$0`.

mod lsp_harness;

use lsp_harness::Client;
use serde_json::{json, Value};

/// The text without its `$0`, and the marker's 0-based line and UTF-16 column.
fn cursor(marked: &str) -> (String, u32, u32) {
    let at = marked.find("$0").expect("a `$0` cursor");
    let text = marked.replacen("$0", "", 1);
    let line = text[..at].matches('\n').count();
    let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..at].encode_utf16().count();
    (text, line as u32, column as u32)
}

async fn hover(uri: &str, language: &str, marked: &str) -> Value {
    let (text, line, column) = cursor(marked);
    let mut client = Client::default().await;
    client.open(uri, language, &text).await;
    client.hover(uri, line, column).await
}

fn range(start: (u32, u32), end: (u32, u32)) -> Value {
    json!({
        "start": { "line": start.0, "character": start.1 },
        "end": { "line": end.0, "character": end.1 },
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover_is_markdown_over_the_word_in_utf16_columns() {
    // Two characters outside the BMP before the handle: 8 bytes, 4 UTF-16 units.
    let marked = "#include <mpi.h>\nvoid f(double *a) {\n    MPI_Datatype column;\n    \
                  MPI_Type_vector(4, 1, 4, MPI_DOUBLE, &column);\n    MPI_Type_commit(&column);\n    \
                  /*𝄞𝄞*/ MPI_Send(a, 1, col$0umn, 1, 0, MPI_COMM_WORLD);\n}\n";
    let hover = hover("file:///h/utf16.c", "c", marked).await;
    assert_eq!(hover["contents"]["kind"], "markdown", "{hover}");
    let value = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(value.contains("extent 104"), "{value}");
    // `/*𝄞𝄞*/ MPI_Send(a, 1, ` is 4 + 4 + 1 + 15 UTF-16 units after the indent.
    let start = 4 + 8 + 1 + 15;
    assert_eq!(hover["range"], range((5, start), (5, start + 6)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hover_range_in_fixed_form_fortran_is_on_the_lines_as_written() {
    let marked = "      PROGRAM P\n      INCLUDE 'mpif.h'\n      INTEGER T, IERR\n      \
                  CALL MPI_TYPE_$0VECTOR(3, 1, 4, MPI_REAL,\n     &                     T, IERR)\n      \
                  END\n";
    let hover = hover("file:///h/fixed.f", "fortran", marked).await;
    let value = hover["contents"]["value"].as_str().unwrap_or_default();
    assert!(value.contains("size 12, extent 36"), "{value}");
    // The call statement, from `CALL` to the `)` on the continuation line.
    assert_eq!(hover["range"], range((3, 6), (4, 35)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_hover_away_from_anything_or_outside_the_document() {
    let uri = "file:///h/empty.c";
    let (text, line, column) = cursor("int $0x;\n");
    let mut client = Client::default().await;
    client.open(uri, "c", &text).await;
    assert_eq!(client.hover(uri, line, column).await, Value::Null);
    assert_eq!(client.hover(uri, 100_000, 7).await, Value::Null);
    assert_eq!(client.hover(uri, 0, 100_000).await, Value::Null);
}
