//! The `source` module: decoding, language detection, the line index and the fixed-form
//! rewrite with its offset map.

use std::path::Path;

use analyzer::source::{
    normalize_fixed_form, Decoded, FixedFormOptions, FixedLineLength, FortranForm,
    FortranFormOverride, Language, LineColumn, LineIndex, NormalizedSource, OffsetMap,
    PositionEncoding, SourceText, Span, BINARY_SNIFF_BYTES, MAX_SOURCE_BYTES,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const ENCODINGS: [PositionEncoding; 3] = [
    PositionEncoding::Utf8,
    PositionEncoding::Utf16,
    PositionEncoding::Utf32,
];

fn decoded_text(bytes: &[u8]) -> SourceText {
    match SourceText::decode(bytes) {
        Decoded::Text(text) => text,
        Decoded::Binary { nul_offset } => panic!("unexpected binary verdict at {nul_offset}"),
    }
}

fn normalize(original: &str) -> NormalizedSource {
    normalize_fixed_form(original, &FixedFormOptions::default())
}

fn position(line: u32, column: u32) -> LineColumn {
    LineColumn { line, column }
}

// ---------------------------------------------------------------------------------------------
// Decoding

#[test]
fn valid_utf8_decodes_without_notes() {
    let text = decoded_text("      REAL x ! größe 😀\n".as_bytes());
    assert_eq!(text.as_str(), "      REAL x ! größe 😀\n");
    assert!(text.notes().is_empty());
    assert_eq!(text.invalid_byte_count(), 0);
}

#[test]
fn invalid_utf8_is_replaced_with_one_note_counting_the_bytes() {
    // 0xFF alone, then a truncated two-byte sequence, then a truncated three-byte sequence.
    let text = decoded_text(b"ab\xffcd\xc3(x\xe2\x82");
    assert_eq!(text.as_str(), "ab\u{FFFD}cd\u{FFFD}(x\u{FFFD}");
    assert_eq!(text.invalid_byte_count(), 4);
    let [note] = text.notes() else {
        panic!("expected exactly one note, got {:?}", text.notes());
    };
    assert_eq!(note.span, Span::new(2, 5));
    assert_eq!(&text.as_str()[note.span.start..note.span.end], "\u{FFFD}");
    assert!(note.message.contains("4 invalid bytes"), "{}", note.message);
    assert!(note.message.contains("3 places"), "{}", note.message);
}

#[test]
fn a_single_invalid_byte_is_reported_in_the_singular() {
    let text = decoded_text(b"x\x80");
    assert_eq!(text.invalid_byte_count(), 1);
    assert!(text.notes()[0].message.contains("1 invalid byte "));
}

#[test]
fn nul_bytes_near_the_start_mean_binary() {
    let mut bytes = b"\x7fELF\x02\x01".to_vec();
    bytes.push(0);
    assert_eq!(
        SourceText::decode(&bytes),
        Decoded::Binary { nul_offset: 6 }
    );
    let mut late_nul = vec![b'x'; BINARY_SNIFF_BYTES];
    late_nul.push(0);
    let text = decoded_text(&late_nul);
    assert_eq!(text.as_str().len(), BINARY_SNIFF_BYTES + 1);
}

#[test]
fn byte_order_mark_is_dropped_and_empty_input_is_empty_text() {
    assert_eq!(decoded_text(b"\xef\xbb\xbfint x;").as_str(), "int x;");
    assert_eq!(decoded_text(b"").as_str(), "");
    assert_eq!(
        SourceText::from_string("int x;".to_owned()).into_string(),
        "int x;"
    );
    const { assert!(MAX_SOURCE_BYTES >= 1 << 20) };
}

// ---------------------------------------------------------------------------------------------
// Language detection

#[test]
fn languages_by_extension() {
    use FortranForm::{Fixed, Free};
    let fortran = |form, preprocessed| Some(Language::Fortran { form, preprocessed });
    let cases = [
        ("c", Some(Language::C)),
        ("h", Some(Language::C)),
        ("f", fortran(Fixed, false)),
        ("for", fortran(Fixed, false)),
        ("f77", fortran(Fixed, false)),
        ("ftn", fortran(Fixed, false)),
        ("F", fortran(Fixed, true)),
        ("FOR", fortran(Fixed, true)),
        ("F77", fortran(Fixed, true)),
        ("FTN", fortran(Fixed, true)),
        ("fpp", fortran(Fixed, true)),
        ("FPP", fortran(Fixed, true)),
        ("f90", fortran(Free, false)),
        ("f95", fortran(Free, false)),
        ("f03", fortran(Free, false)),
        ("f08", fortran(Free, false)),
        ("F90", fortran(Free, true)),
        ("F95", fortran(Free, true)),
        ("F03", fortran(Free, true)),
        ("F08", fortran(Free, true)),
        ("cpp", None),
        ("txt", None),
        ("", None),
    ];
    for (extension, expected) in cases {
        assert_eq!(Language::from_extension(extension), expected, "{extension}");
    }
    assert_eq!(
        Language::from_path(Path::new("src/solver.F90")),
        fortran(Free, true)
    );
    assert_eq!(Language::from_path(Path::new("Makefile")), None);
    assert_eq!(Language::from_path(Path::new("dir.f/README")), None);
}

#[test]
fn configuration_names_of_languages() {
    use FortranForm::{Fixed, Free};
    let fortran = |form, preprocessed| Some(Language::Fortran { form, preprocessed });
    assert_eq!(Language::from_name("c"), Some(Language::C));
    assert_eq!(Language::from_name("fortran-fixed"), fortran(Fixed, false));
    assert_eq!(Language::from_name("fortran-free"), fortran(Free, false));
    assert_eq!(
        Language::from_name("fortran-fixed-cpp"),
        fortran(Fixed, true)
    );
    assert_eq!(Language::from_name("fortran-free-cpp"), fortran(Free, true));
    assert_eq!(Language::from_name("fortran"), None);
    assert_eq!(Language::from_name("C"), None);
}

#[test]
fn form_override_applies_to_fortran_only() {
    let fixed = Language::from_extension("F").expect("known extension");
    assert_eq!(
        fixed.with_form_override(FortranFormOverride::Free),
        Language::Fortran {
            form: FortranForm::Free,
            preprocessed: true
        }
    );
    let free = Language::from_extension("f90").expect("known extension");
    assert_eq!(
        free.with_form_override(FortranFormOverride::Fixed),
        Language::Fortran {
            form: FortranForm::Fixed,
            preprocessed: false
        }
    );
    assert_eq!(
        free.with_form_override(FortranFormOverride::ByExtension),
        free
    );
    assert_eq!(
        Language::C.with_form_override(FortranFormOverride::Fixed),
        Language::C
    );
}

// ---------------------------------------------------------------------------------------------
// Line index

/// Line `(start, content_end)` pairs, computed the obvious way.
fn naive_lines(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'\n' || bytes[i] == b'\r' {
            lines.push((start, i));
            i += if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
            start = i;
        } else {
            i += 1;
        }
    }
    lines.push((start, bytes.len()));
    lines
}

fn units(c: char, encoding: PositionEncoding) -> usize {
    match encoding {
        PositionEncoding::Utf8 => c.len_utf8(),
        PositionEncoding::Utf16 => c.len_utf16(),
        PositionEncoding::Utf32 => 1,
    }
}

fn naive_line_column(text: &str, offset: usize, encoding: PositionEncoding) -> LineColumn {
    let mut offset = offset.min(text.len());
    while !text.is_char_boundary(offset) {
        offset -= 1;
    }
    let lines = naive_lines(text);
    let line = lines
        .iter()
        .rposition(|&(start, _)| start <= offset)
        .unwrap_or(0);
    let (start, content_end) = lines[line];
    let offset = offset.min(content_end);
    let column: usize = text[start..offset]
        .chars()
        .map(|c| units(c, encoding))
        .sum();
    position(line as u32, column as u32)
}

fn naive_offset(text: &str, pos: LineColumn, encoding: PositionEncoding) -> usize {
    let lines = naive_lines(text);
    let Some(&(start, content_end)) = lines.get(pos.line as usize) else {
        return text.len();
    };
    let mut column = 0;
    for (index, c) in text[start..content_end].char_indices() {
        if column + units(c, encoding) > pos.column as usize {
            return start + index;
        }
        column += units(c, encoding);
    }
    content_end
}

#[test]
fn columns_in_all_three_encodings() {
    let text = "a😀é€b\nx";
    let index = LineIndex::new(text);
    let b = text.find('b').expect("b is in the text");
    assert_eq!(
        index.line_column(b, PositionEncoding::Utf8),
        position(0, 10)
    );
    assert_eq!(
        index.line_column(b, PositionEncoding::Utf16),
        position(0, 5)
    );
    assert_eq!(
        index.line_column(b, PositionEncoding::Utf32),
        position(0, 4)
    );
    assert_eq!(index.offset(position(0, 5), PositionEncoding::Utf16), b);
    assert_eq!(index.offset(position(0, 4), PositionEncoding::Utf32), b);
    assert_eq!(index.offset(position(0, 10), PositionEncoding::Utf8), b);
    assert_eq!(index.offset(position(1, 0), PositionEncoding::Utf16), b + 2);
}

#[test]
fn round_trips_at_every_character_boundary() {
    let text = "      CALL F(x) ! π ≈ 3\r\n😀😀 mixed\rlone CR\n\nüñí€\r\n";
    let index = LineIndex::new(text);
    for (offset, _) in text.char_indices().chain([(text.len(), ' ')]) {
        for encoding in ENCODINGS {
            let pos = index.line_column(offset, encoding);
            assert_eq!(pos, naive_line_column(text, offset, encoding), "{offset}");
            let at_terminator = matches!(text.as_bytes().get(offset), Some(b'\n'))
                && offset > 0
                && text.as_bytes()[offset - 1] == b'\r';
            if !at_terminator {
                assert_eq!(index.offset(pos, encoding), offset, "{offset} {encoding:?}");
            }
        }
    }
}

#[test]
fn line_endings_lf_crlf_and_lone_cr() {
    let text = "a\r\nb\rc\nd";
    let index = LineIndex::new(text);
    assert_eq!(index.line_count(), 4);
    assert_eq!(index.line_span(0), Some(Span::new(0, 1)));
    assert_eq!(index.line_span(1), Some(Span::new(3, 4)));
    assert_eq!(index.line_span(2), Some(Span::new(5, 6)));
    assert_eq!(index.line_span(3), Some(Span::new(7, 8)));
    assert_eq!(index.line_span(4), None);
    // Inside the CRLF pair: clamped to the end of line 0.
    assert_eq!(
        index.line_column(2, PositionEncoding::Utf16),
        position(0, 1)
    );
    assert_eq!(index.line_of(3), 1);
    assert_eq!(LineIndex::new("").line_count(), 1);
    assert_eq!(LineIndex::new("x\n").line_count(), 2);
    assert_eq!(LineIndex::new("x\n").text_len(), 2);
}

#[test]
fn out_of_range_positions_are_clamped() {
    let text = "ab😀\r\ncd";
    let index = LineIndex::new(text);
    for encoding in ENCODINGS {
        // Column past the end of the line: end of its content, before the CRLF.
        assert_eq!(index.offset(position(0, 999), encoding), 6);
        assert_eq!(index.offset(position(0, u32::MAX), encoding), 6);
        // Line past the end of the text: the end of the text.
        assert_eq!(index.offset(position(7, 0), encoding), text.len());
        assert_eq!(
            index.offset(position(u32::MAX, u32::MAX), encoding),
            text.len()
        );
        // Offset past the end: the last position.
        assert_eq!(index.line_column(999, encoding), position(1, 2));
        assert_eq!(index.line_column(usize::MAX, encoding), position(1, 2));
        // Offset inside the emoji: its start.
        assert_eq!(index.line_column(3, encoding), position(0, 2));
    }
    // A UTF-16 column between the two halves of a surrogate pair: the character's start.
    assert_eq!(index.offset(position(0, 3), PositionEncoding::Utf16), 2);
    // A UTF-8 column inside a character: the character's start.
    assert_eq!(index.offset(position(0, 4), PositionEncoding::Utf8), 2);
}

#[test]
fn line_index_agrees_with_a_naive_implementation_on_random_text() {
    let pieces = ["a", " ", "\n", "\r", "\r\n", "é", "€", "😀", "x", "\t"];
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..300 {
        let length = rng.gen_range(0..40);
        let text: String = (0..length)
            .map(|_| pieces[rng.gen_range(0..pieces.len())])
            .collect();
        let index = LineIndex::new(&text);
        for offset in 0..=text.len() + 2 {
            for encoding in ENCODINGS {
                assert_eq!(
                    index.line_column(offset, encoding),
                    naive_line_column(&text, offset, encoding),
                    "{text:?} {offset} {encoding:?}"
                );
            }
        }
        for _ in 0..50 {
            let pos = position(rng.gen_range(0..6), rng.gen_range(0..12));
            for encoding in ENCODINGS {
                assert_eq!(
                    index.offset(pos, encoding),
                    naive_offset(&text, pos, encoding),
                    "{text:?} {pos:?} {encoding:?}"
                );
            }
        }
    }
}

#[test]
fn an_index_edited_with_its_text_is_the_index_of_the_new_text() {
    let pieces = ["a", " ", "\n", "\r", "\r\n", "é", "€", "😀", "x", "\n\n"];
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let piece = |rng: &mut ChaCha8Rng| pieces[rng.gen_range(0..pieces.len())];
    let mut text: String = (0..120).map(|_| piece(&mut rng)).collect();
    let mut index = LineIndex::new(&text);
    let boundary = |text: &str, mut at: usize| {
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    for _ in 0..3000 {
        let mut edited = text.clone();
        let at = boundary(&edited, rng.gen_range(0..=edited.len()));
        let end = boundary(&edited, (at + rng.gen_range(0..6)).min(edited.len()));
        let inserted: String = (0..rng.gen_range(0..3)).map(|_| piece(&mut rng)).collect();
        edited.replace_range(at..end.max(at), &inserted);
        let fresh = LineIndex::new(&edited);
        // Told what was replaced, as an editor's change says.
        let changed = index.changed(&edited, at..end.max(at), at + inserted.len());
        assert_eq!(changed, fresh, "{text:?} -> {edited:?}");
        index = index.edited(&text, &edited);
        assert_eq!(index, fresh, "{text:?} -> {edited:?}");
        text = edited;
    }
    // An index of another text is no start: the new one is made whole.
    assert_eq!(
        LineIndex::new("ab").edited("abc", "x\ny"),
        LineIndex::new("x\ny")
    );
    assert_eq!(
        LineIndex::new("ab").changed("x\ny", 0..9, 3),
        LineIndex::new("x\ny")
    );
}

// ---------------------------------------------------------------------------------------------
// Offset map

#[test]
fn identity_map() {
    let map = OffsetMap::identity(10);
    assert_eq!(map.to_original(3), 3);
    assert_eq!(map.to_normalized(3), 3);
    assert_eq!(map.to_original(10), 10);
    assert_eq!(map.to_original(99), 10);
    assert_eq!(map.to_original_span(Span::new(2, 5)), Span::new(2, 5));
    assert!(map.is_copied(9));
    assert!(!map.is_copied(10));
    assert_eq!(OffsetMap::identity(0).to_original(0), 0);
    // Spans built field by field may be reversed or out of range: clamped, no panic.
    let reversed = Span { start: 5, end: 0 };
    assert!(reversed.is_empty());
    assert_eq!(reversed.len(), 0);
    assert_eq!(map.to_original_span(reversed), Span::new(5, 5));
    assert_eq!(map.to_original_span(Span::new(8, 99)), Span::new(8, 10));
    assert_eq!(map.to_normalized(99), 10);
}

// ---------------------------------------------------------------------------------------------
// Fixed form

/// Invariants every rewrite must keep, whatever the input: lengths, monotonic maps in both
/// directions, copied bytes mapping to the same bytes, and every byte staying on its line.
fn assert_map_invariants(original: &str, normalized: &NormalizedSource) {
    let text = &normalized.text;
    let map = &normalized.offset_map;
    assert_eq!(map.normalized_len(), text.len());
    assert_eq!(map.original_len(), original.len());
    let original_lines = LineIndex::new(original);
    let normalized_lines = LineIndex::new(text);
    assert_eq!(original_lines.line_count(), normalized_lines.line_count());
    let mut previous = 0;
    for offset in 0..=text.len() {
        let back = map.to_original(offset);
        assert!(back >= previous, "to_original not monotonic at {offset}");
        assert!(back <= original.len());
        previous = back;
        if offset < text.len() {
            assert_eq!(
                original_lines.line_of(back),
                normalized_lines.line_of(offset),
                "byte {offset} moved to another line"
            );
            if map.is_copied(offset) {
                assert_eq!(text.as_bytes()[offset], original.as_bytes()[back]);
                assert_eq!(map.to_normalized(back), offset);
            }
        }
    }
    let mut previous = 0;
    for offset in 0..=original.len() + 1 {
        let forward = map.to_normalized(offset);
        assert!(
            forward >= previous,
            "to_normalized not monotonic at {offset}"
        );
        assert!(forward <= text.len());
        previous = forward;
    }
}

/// Every maximal run of non-blank characters of the rewrite, or the part of it that was copied
/// from the original, maps back to the same text in the original.
fn assert_tokens_map_back(original: &str, normalized: &NormalizedSource) -> usize {
    let text = &normalized.text;
    let map = &normalized.offset_map;
    let bytes = text.as_bytes();
    let mut checked = 0;
    let mut offset = 0;
    while offset < bytes.len() {
        if bytes[offset].is_ascii_whitespace() {
            offset += 1;
            continue;
        }
        let token_start = offset;
        while offset < bytes.len() && !bytes[offset].is_ascii_whitespace() {
            offset += 1;
        }
        let mut run = token_start;
        while run < offset {
            if !map.is_copied(run) {
                run += 1;
                continue;
            }
            let run_start = run;
            while run < offset && map.is_copied(run) {
                run += 1;
            }
            let span = map.to_original_span(Span::new(run_start, run));
            let original_text = original.get(span.start..span.end);
            assert!(
                original_text.is_some_and(|o| o.eq_ignore_ascii_case(&text[run_start..run])),
                "{:?} maps back to {original_text:?}",
                &text[run_start..run]
            );
            checked += 1;
        }
    }
    checked
}

fn check_rewrite(original: &str, options: &FixedFormOptions) -> NormalizedSource {
    let normalized = normalize_fixed_form(original, options);
    assert_map_invariants(original, &normalized);
    assert_tokens_map_back(original, &normalized);
    normalized
}

/// Example 4.13 of the MPI-2.2 datatype chapter (shared/seeds/004), cleaned of PDF
/// extraction damage.
const EXAMPLE_413: &str = r"      SUBROUTINE EX413
C     Example 4.13: send and receive a section of a 3D array.
      INCLUDE 'mpif.h'
      REAL a(100,100,100), e(9,9,9)
      INTEGER oneslice, twoslice, threeslice, sizeofreal, myrank, ierr
      INTEGER status(MPI_STATUS_SIZE)

C     extract the section a(1:17:2, 3:11, 2:10)
C     and store it in e(:,:,:).

      CALL MPI_COMM_RANK(MPI_COMM_WORLD, myrank, ierr)

      CALL MPI_TYPE_EXTENT( MPI_REAL, sizeofreal, ierr)

C     create datatype for a 1D section
      CALL MPI_TYPE_VECTOR( 9, 1, 2, MPI_REAL, oneslice, ierr)

C     create datatype for a 2D section
      CALL MPI_TYPE_HVECTOR(9, 1, 100*sizeofreal, oneslice,
     &                      twoslice, ierr)

C     create datatype for the entire section
      CALL MPI_TYPE_HVECTOR( 9, 1, 100*100*sizeofreal, twoslice,
     &                       threeslice, ierr)

      CALL MPI_TYPE_COMMIT( threeslice, ierr)
      CALL MPI_SENDRECV(a(1,3,2), 1, threeslice, myrank, 0, e, 9*9*9,
     &                  MPI_REAL, myrank, 0, MPI_COMM_WORLD, status,
     &                  ierr)
      END
";

/// Example 4.14, cleaned.
const EXAMPLE_414: &str = r"      SUBROUTINE EX414
C     Example 4.14: copy the (strictly) lower triangular part of a
C     matrix.
      INCLUDE 'mpif.h'
      REAL a(100,100), b(100,100)
      INTEGER disp(100), blocklen(100), ltype, myrank, ierr
      INTEGER status(MPI_STATUS_SIZE)
      INTEGER i

C     copy lower triangular part of array a
C     onto lower triangular part of array b

      CALL MPI_COMM_RANK(MPI_COMM_WORLD, myrank, ierr)

C     compute start and size of each column
      DO 10 i=1, 100
         disp(i) = 100*(i-1) + i
         blocklen(i) = 100-i
   10 CONTINUE

C     create datatype for lower triangular part
      CALL MPI_TYPE_INDEXED( 100, blocklen, disp, MPI_REAL, ltype, ierr)

      CALL MPI_TYPE_COMMIT(ltype, ierr)
      CALL MPI_SENDRECV( a, 1, ltype, myrank, 0, b, 1,
     $                   ltype, myrank, 0, MPI_COMM_WORLD, status, ierr)
      END
";

/// Example 4.15, cleaned.
const EXAMPLE_415: &str = r"      SUBROUTINE EX415
*     Example 4.15: transpose a matrix.
      INCLUDE 'mpif.h'
      REAL a(100,100), b(100,100)
      INTEGER row, xpose, sizeofreal, myrank, ierr
      INTEGER status(MPI_STATUS_SIZE)

c     transpose matrix a onto b

      CALL MPI_COMM_RANK(MPI_COMM_WORLD, myrank, ierr)

      CALL MPI_TYPE_EXTENT( MPI_REAL, sizeofreal, ierr)

c     create datatype for one row
      CALL MPI_TYPE_VECTOR( 100, 1, 100, MPI_REAL, row, ierr)

c     create datatype for matrix in row-major order
      CALL MPI_TYPE_HVECTOR( 100, 1, sizeofreal, row, xpose, ierr)

      CALL MPI_TYPE_COMMIT( xpose, ierr)

c     send matrix in row-major order and receive in column major order
      CALL MPI_SENDRECV( a, 1, xpose, myrank, 0, b, 100*100,
     1     MPI_REAL, myrank, 0, MPI_COMM_WORLD, status, ierr)
      END
";

/// Example 4.16, cleaned.
const EXAMPLE_416: &str = r"      SUBROUTINE EX416
!     Example 4.16: another approach to the transpose problem.
      INCLUDE 'mpif.h'
      REAL a(100,100), b(100,100)
      INTEGER disp(2), blocklen(2), type(2), row, row1, sizeofreal
      INTEGER myrank, ierr
      INTEGER status(MPI_STATUS_SIZE)

      CALL MPI_COMM_RANK(MPI_COMM_WORLD, myrank, ierr)

C     transpose matrix a onto b

      CALL MPI_TYPE_EXTENT( MPI_REAL, sizeofreal, ierr)

C     create datatype for one row
      CALL MPI_TYPE_VECTOR( 100, 1, 100, MPI_REAL, row, ierr)

C     create datatype for one row, with the extent of one real number
      disp(1) = 0
      disp(2) = sizeofreal
      type(1) = row
      type(2) = MPI_UB
      blocklen(1) = 1
      blocklen(2) = 1
      CALL MPI_TYPE_STRUCT( 2, blocklen, disp, type, row1, ierr)

      CALL MPI_TYPE_COMMIT( row1, ierr)

C     send 100 rows and receive in column major order
      CALL MPI_SENDRECV( a, 100, row1, myrank, 0, b, 100*100,
     +                   MPI_REAL, myrank, 0, MPI_COMM_WORLD, status,
     +                   ierr)
      END
";

const SEED_EXAMPLES: [&str; 4] = [EXAMPLE_413, EXAMPLE_414, EXAMPLE_415, EXAMPLE_416];

#[test]
fn seed_examples_rewrite_line_for_line() {
    for example in SEED_EXAMPLES {
        let normalized = check_rewrite(example, &FixedFormOptions::default());
        let tokens = assert_tokens_map_back(example, &normalized);
        assert!(tokens > 50, "only {tokens} tokens checked");
        for (original_line, line) in example.lines().zip(normalized.text.lines()) {
            let expected = match original_line.chars().next() {
                Some('C' | 'c' | '*') => format!("!{}", &original_line[1..]),
                _ => original_line.to_owned(),
            };
            // Continued lines gain a trailing `&`, continuation markers become `&`.
            let line = line.strip_suffix('&').unwrap_or(line);
            if original_line.len() > 5 && !original_line[5..].starts_with(' ') {
                assert_eq!(&line[..5], &expected[..5]);
                assert_eq!(&line[5..6], "&", "{line}");
                assert_eq!(&line[6..], &expected[6..]);
            } else {
                assert_eq!(line, expected);
            }
        }
    }
}

/// The first node tree-sitter-fortran could not parse, with its text, if any.
fn first_parse_error(free_form: &str) -> Option<String> {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_fortran::LANGUAGE.into())
        .expect("tree-sitter-fortran matches the tree-sitter version");
    let tree = parser
        .parse(free_form, None)
        .expect("parsing is not cancelled");
    let mut cursor = tree.walk();
    let mut pending = vec![tree.root_node()];
    while let Some(node) = pending.pop() {
        if node.is_error() || node.is_missing() {
            let line = node.start_position().row;
            return Some(format!(
                "{} at line {}: {:?}",
                node.kind(),
                line + 1,
                free_form.lines().nth(line)
            ));
        }
        if node.has_error() {
            pending.extend(node.children(&mut cursor));
        }
    }
    None
}

#[test]
fn seed_examples_parse_without_errors_after_the_rewrite() {
    for example in SEED_EXAMPLES {
        let normalized = normalize(example);
        assert_eq!(
            first_parse_error(&normalized.text),
            None,
            "{}",
            normalized.text
        );
        // The check has teeth: the fixed-form original does not parse as free form.
        assert!(first_parse_error(example).is_some());
    }
}

#[test]
fn continuations_comments_labels_and_tab_format_parse_after_the_rewrite() {
    let original = concat!(
        "      PROGRAM P\n",
        "      INTEGER X, Y, T, IERR\n",
        "      CHARACTER*80 S\n",
        "   10 CONTINUE\n",
        "     0X = 1\n",
        "      CALL F(X, ! expect: address-kind\n",
        "C     a comment between a line and its continuation\n",
        "\n",
        "     &       Y)\n",
        "      S = 'split ! not a comment\n",
        "     1still the literal'\n",
        "      CALL MPI_TYPE_VEC\n",
        "     &TOR(1, 2, 3, T, IERR)\n",
        "   20 Y = 2\n",
        "     &\n",
        "     &    + 3\n",
        "\tX = 1 +\n",
        "\t1    2\n",
        "30\tCONTINUE\n",
        "      END\n",
    );
    let normalized = check_rewrite(original, &FixedFormOptions::default());
    assert_eq!(
        first_parse_error(&normalized.text),
        None,
        "{}",
        normalized.text
    );
}

#[test]
fn seed_example_4_13_exact_continuation_and_offsets() {
    let normalized = normalize(EXAMPLE_413);
    assert!(normalized.text.contains(
        "      CALL MPI_TYPE_HVECTOR( 9, 1, 100*100*sizeofreal, twoslice,&\n     &                       threeslice, ierr)\n"
    ));
    assert!(normalized
        .text
        .contains("status,&\n     &                  ierr)\n      END\n"));
    assert!(normalized
        .text
        .contains("\n!     create datatype for a 1D section\n"));
    // A token on a continuation line maps back to its original place.
    let in_normalized = normalized.text.find("threeslice, ierr)").expect("token");
    let in_original = EXAMPLE_413.find("threeslice, ierr)").expect("token");
    assert_eq!(
        normalized.offset_map.to_original(in_normalized),
        in_original
    );
    assert_eq!(
        normalized.offset_map.to_normalized(in_original),
        in_normalized
    );
    let span = normalized
        .offset_map
        .to_original_span(Span::new(in_normalized, in_normalized + 10));
    assert_eq!(span, Span::new(in_original, in_original + 10));
}

#[test]
fn every_fixed_form_rule() {
    let original = concat!(
        "C comment in column one\n",
        "c lower-case comment\n",
        "* star comment\n",
        "! bang comment\n",
        "   ! indented bang comment\n",
        "D     PRINT *, 'debug'\n",
        "      PROGRAM P\n",
        "   10 CONTINUE\n",
        "     0X = 1\n",
        "      CALL F(A, ! expect: address-kind\n",
        "C     a comment between a line and its continuation\n",
        "\n",
        "     &       B)\n",
        "      S = 'split ! not a comment\n",
        "     1still the literal'\n",
        "      CALL MPI_TYPE_VEC\n",
        "     &TOR(1, 2, 3, T, IERR)\n",
        "#ifdef FOO\n",
        "#define BAR \\\n",
        "C not a comment but part of the directive\n",
        "#endif\n",
        "   20 Y = 2\n",
        "     &\n",
        "     &    + 3\n",
        "      END\n",
    );
    let expected = concat!(
        "! comment in column one\n",
        "! lower-case comment\n",
        "! star comment\n",
        "! bang comment\n",
        "   ! indented bang comment\n",
        "!     PRINT *, 'debug'\n",
        "      PROGRAM P\n",
        "   10 CONTINUE\n",
        "      X = 1\n",
        "      CALL F(A, &! expect: address-kind\n",
        "!     a comment between a line and its continuation\n",
        "\n",
        "     &       B)\n",
        "      S = 'split ! not a comment&\n",
        "     &still the literal'\n",
        "      CALL MPI_TYPE_VECTOR&\n",
        "     &(1, 2, 3, T, IERR)\n",
        "#ifdef FOO\n",
        "#define BAR \\\n",
        "C not a comment but part of the directive\n",
        "#endif\n",
        "   20 Y = 2&\n",
        "      \n",
        "     &    + 3\n",
        "      END\n",
    );
    let normalized = check_rewrite(original, &FixedFormOptions::default());
    assert_eq!(normalized.text, expected);

    // The comment with an inline expectation keeps its original position.
    let comment = normalized.text.find("! expect").expect("comment");
    assert_eq!(
        normalized.offset_map.to_original(comment),
        original.find("! expect").expect("comment")
    );
    // The inserted `&` stands where the comment starts; the replaced `C` maps to itself.
    assert!(!normalized.offset_map.is_copied(comment - 1));
    assert_eq!(
        normalized.offset_map.to_original(comment - 1),
        original.find("! expect").expect("comment")
    );
    assert_eq!(normalized.offset_map.to_original(0), 0);
    assert!(!normalized.offset_map.is_copied(0));
}

#[test]
fn a_split_name_or_number_is_rejoined_on_the_first_line() {
    let original = concat!(
        "      CALL MPI_TYPE_CREATE_HIND\n",
        "     &EXED(2, BL, DISP, MPI_REAL, T, IERR)\n",
        "      X = 12\n",
        "C     a comment in between\n",
        "     &34 + Y\n",
        // Nothing would be left on the continuation line: no move.
        "      Z = AB\n",
        "     &CD\n",
        // Not a split: a blank or an operator between the parts.
        "      W = A \n",
        "     &B\n",
    );
    let normalized = check_rewrite(original, &FixedFormOptions::default());
    assert_eq!(
        normalized.text,
        concat!(
            "      CALL MPI_TYPE_CREATE_HINDEXED&\n",
            "     &(2, BL, DISP, MPI_REAL, T, IERR)\n",
            "      X = 1234&\n",
            "!     a comment in between\n",
            "     & + Y\n",
            "      Z = AB&\n",
            "     &CD\n",
            "      W = A &\n",
            "     &B\n",
        )
    );
    // The moved part maps to the end of the first part, on the first line.
    let moved = normalized.text.find("EXED").expect("moved part");
    let first_line_end = original.find('\n').expect("line end");
    assert_eq!(normalized.offset_map.to_original(moved), first_line_end);
    assert!(!normalized.offset_map.is_copied(moved));
    let name = normalized.text.find("MPI_TYPE_CREATE").expect("name");
    let span = normalized
        .offset_map
        .to_original_span(Span::new(name, moved + 4));
    assert_eq!(&original[span.start..span.end], "MPI_TYPE_CREATE_HIND");
}

#[test]
fn debug_lines_as_code() {
    let options = FixedFormOptions {
        debug_lines_are_code: true,
        ..FixedFormOptions::default()
    };
    let normalized = check_rewrite("D     PRINT *, 'debug'\nd  10 CONTINUE\nd   10\n", &options);
    // In the last line the `0` is in column 6: it is a blank there, not part of the label.
    assert_eq!(
        normalized.text,
        "      PRINT *, 'debug'\n   10 CONTINUE\n    1 \n"
    );
}

#[test]
fn crlf_line_ends_are_kept() {
    let original = "      CALL F(A,\r\n     &  B)\r\nC done\r\n";
    let normalized = check_rewrite(original, &FixedFormOptions::default());
    assert_eq!(
        normalized.text,
        "      CALL F(A,&\r\n     &  B)\r\n! done\r\n"
    );
}

#[test]
fn tab_format() {
    let original = concat!(
        "\tPROGRAM T\n",
        "\tX = 1 +\n",
        "\t1    2\n",
        "10\tCONTINUE\n",
        "\t0Y = 3\n",
        "  \t CALL G(A,\n",
        "\t9B)\n",
    );
    let normalized = check_rewrite(original, &FixedFormOptions::default());
    assert_eq!(
        normalized.text,
        concat!(
            "\tPROGRAM T\n",
            "\tX = 1 +&\n",
            "\t&    2\n",
            "10\tCONTINUE\n",
            // `0` after a TAB is not a continuation digit: the statement starts at the `0`.
            "\t0Y = 3\n",
            "  \t CALL G(A,&\n",
            "\t&B)\n",
        )
    );
}

#[test]
fn tab_format_counts_columns_from_column_seven() {
    // After the TAB the statement starts in column 7, so 66 characters fit.
    let statement = "X".repeat(66);
    let original = format!("\t{statement}DROPPED\n\t1{statement}DROPPED\n");
    let normalized = check_rewrite(&original, &FixedFormOptions::default());
    assert_eq!(normalized.text, format!("\t{statement}&\n\t&{statement}\n"));
}

#[test]
fn columns_past_72_are_dropped() {
    let code = format!("{:<72}", "      Y = 2");
    let original = format!("{code}00010020\n      Z = 3{}IGNORED\n", " ".repeat(61));
    let normalized = check_rewrite(&original, &FixedFormOptions::default());
    assert_eq!(
        normalized.text,
        format!("{code}\n      Z = 3{}\n", " ".repeat(61))
    );
    // The dropped sequence number maps forward to the line end.
    let dropped = original.find("00010020").expect("sequence number");
    assert_eq!(normalized.offset_map.to_normalized(dropped), 72);
    assert_eq!(normalized.offset_map.to_original(72), 80);

    // With 132 columns the sequence number is code; with no limit everything is.
    let wide = FixedFormOptions {
        line_length: FixedLineLength::Columns132,
        ..FixedFormOptions::default()
    };
    assert_eq!(check_rewrite(&original, &wide).text, original);
    let long = format!("{}TAIL\n", "      X = 1".to_owned() + &" ".repeat(200));
    let unlimited = FixedFormOptions {
        line_length: FixedLineLength::Unlimited,
        ..FixedFormOptions::default()
    };
    assert_eq!(check_rewrite(&long, &unlimited).text, long);
    assert_eq!(
        check_rewrite(&long, &wide).text,
        format!("      X = 1{}\n", " ".repeat(132 - 11))
    );
}

#[test]
fn a_comment_started_before_column_73_is_kept_whole() {
    let original = format!("      X = 1 ! {}\n", "long comment ".repeat(10));
    let normalized = check_rewrite(&original, &FixedFormOptions::default());
    assert_eq!(normalized.text, original);
}

#[test]
fn a_continued_character_literal_cut_at_column_72() {
    let first = format!("      S = '{}", "a".repeat(61));
    assert_eq!(first.len(), 72);
    let original = format!("{first}IGNORED\n     &bcd'\n");
    let normalized = check_rewrite(&original, &FixedFormOptions::default());
    assert_eq!(normalized.text, format!("{first}&\n     &bcd'\n"));
}

#[test]
fn lines_of_ten_thousand_characters() {
    let long_code = format!("      CALL F({})\n", "A,".repeat(5000));
    let long_comment = format!("C{}\n", "x".repeat(10_000));
    let long_continuation = format!("     &{}\n", "+1".repeat(5000));
    let original = format!("{long_code}{long_comment}{long_continuation}");
    let normalized = check_rewrite(&original, &FixedFormOptions::default());
    let lines: Vec<&str> = normalized.text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], format!("{}&", &long_code[..72]));
    assert_eq!(lines[1].len(), 10_001);
    assert_eq!(lines[2], format!("     &{}", &long_continuation[6..72]));

    let unlimited = FixedFormOptions {
        line_length: FixedLineLength::Unlimited,
        ..FixedFormOptions::default()
    };
    let normalized = check_rewrite(&original, &unlimited);
    assert_eq!(normalized.text.len(), original.len() + 1);
}

#[test]
fn a_file_of_continuation_lines_only() {
    let original = "     &A(1) = 2,\n".repeat(1000);
    let normalized = check_rewrite(&original, &FixedFormOptions::default());
    let lines: Vec<&str> = normalized.text.lines().collect();
    assert_eq!(lines.len(), 1000);
    // The first line has nothing to continue, so it starts the statement.
    assert_eq!(lines[0], "      A(1) = 2,&");
    for line in &lines[1..999] {
        assert_eq!(*line, "     &A(1) = 2,&");
    }
    assert_eq!(lines[999], "     &A(1) = 2,");
}

#[test]
fn degenerate_lines() {
    for original in [
        "",
        "\n",
        "\r",
        "   1",
        "   1\n     &X\n",
        "     &",
        "     0",
        "\t",
        "\t1",
        "1234!c\n     &A\n",
        "     é\n",
        "    éX = 1\n",
        "     '\n     &'\n",
        "#define A \\",
        "      X = 'open\n      Y = 1 ! comment\n",
        "      X = 1\n     &  ! only a comment\n     &  + 2\n",
    ] {
        for line_length in [
            FixedLineLength::Columns72,
            FixedLineLength::Columns132,
            FixedLineLength::Unlimited,
        ] {
            for debug_lines_are_code in [false, true] {
                let options = FixedFormOptions {
                    line_length,
                    debug_lines_are_code,
                };
                check_rewrite(original, &options);
            }
        }
    }
    assert_eq!(
        normalize("      X = 1\n     &  ! only a comment\n     &  + 2\n").text,
        "      X = 1&\n        ! only a comment\n     &  + 2\n"
    );
    // A label on an empty continuation line is blanked and does not take the `&`.
    assert_eq!(
        normalize("      X = 1\n   12&\n     &+ 2\n").text,
        "      X = 1&\n      \n     &+ 2\n"
    );
    assert_eq!(
        normalize("      X = 'open\n      Y = 1 ! comment\n").text,
        "      X = 'open\n      Y = 1 ! comment\n"
    );
}

/// Random bytes biased towards what fixed-form rules look at, through decoding, the line index
/// and the rewrite: nothing panics and every invariant holds.
#[test]
fn random_input_never_panics() {
    let alphabet: &[u8] = b"Cc*!Dd 0123456789&$+\t'\"\n\r#\\abxyz=(),;";
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    for round in 0..2000 {
        let length = rng.gen_range(0..300);
        let bytes: Vec<u8> = (0..length)
            .map(|_| match rng.gen_range(0..20) {
                0 => rng.gen(),
                1 => 0xC3,
                _ => alphabet[rng.gen_range(0..alphabet.len())],
            })
            .collect();
        let Decoded::Text(text) = SourceText::decode(&bytes) else {
            continue;
        };
        let text = text.as_str();
        let index = LineIndex::new(text);
        for encoding in ENCODINGS {
            let probe = rng.gen_range(0..=text.len() + 1);
            let pos = index.line_column(probe, encoding);
            let back = index.offset(pos, encoding);
            assert!(back <= text.len());
            assert_eq!(index.line_column(back, encoding), pos);
        }
        let options = FixedFormOptions {
            line_length: match round % 3 {
                0 => FixedLineLength::Columns72,
                1 => FixedLineLength::Columns132,
                _ => FixedLineLength::Unlimited,
            },
            debug_lines_are_code: round % 2 == 0,
        };
        check_rewrite(text, &options);
    }
}
