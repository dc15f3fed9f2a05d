//! Decoding of a file's bytes into text.

use std::fmt::Write as _;

/// Files larger than this are not analysed; the caller reports them instead (16 MiB is far above
/// any hand-written source file and keeps the analysis' memory bounded).
pub const MAX_SOURCE_BYTES: usize = 16 * 1024 * 1024;

/// How many leading bytes are searched for a NUL byte to recognise binary content (the same
/// heuristic as git and grep).
pub const BINARY_SNIFF_BYTES: usize = 8 * 1024;

/// A half-open byte range `start..end` in a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Span {
    /// Offset of the first byte.
    pub start: usize,
    /// Offset one past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`; a reversed pair is swapped rather than rejected.
    pub fn new(start: usize, end: usize) -> Self {
        Span {
            start: start.min(end),
            end: start.max(end),
        }
    }

    /// Length in bytes (zero for a reversed span built field by field).
    pub fn len(self) -> usize {
        self.end.saturating_sub(self.start)
    }

    /// True for an empty span (a position).
    pub fn is_empty(self) -> bool {
        self.end <= self.start
    }
}

impl From<std::ops::Range<usize>> for Span {
    fn from(range: std::ops::Range<usize>) -> Self {
        Span::new(range.start, range.end)
    }
}

/// Something worth telling the user about the input that is not a finding about the program,
/// such as bytes that were not valid UTF-8.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// Where in the decoded text the note applies.
    pub span: Span,
    /// Human-readable explanation.
    pub message: String,
}

/// The outcome of decoding a file's bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Decoded {
    /// Text to analyse (possibly with notes about replaced bytes).
    Text(SourceText),
    /// The content looks binary (a NUL byte among the first [`BINARY_SNIFF_BYTES`] bytes); the
    /// caller should report the file instead of analysing it.
    Binary {
        /// Offset of the first NUL byte.
        nul_offset: usize,
    },
}

/// Decoded source text with the notes produced while decoding.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SourceText {
    text: String,
    notes: Vec<Note>,
    invalid_bytes: usize,
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

impl SourceText {
    /// Decodes a file's bytes: binary content is recognised by a NUL byte near the start;
    /// otherwise the bytes are decoded as UTF-8, each invalid sequence replaced by U+FFFD, with
    /// one note saying how many bytes were invalid and pointing at the first replacement.
    /// A leading UTF-8 byte order mark is dropped, as editors do, so offsets match the editor's
    /// view of the text. The size cap ([`MAX_SOURCE_BYTES`]) is the caller's to apply.
    pub fn decode(bytes: &[u8]) -> Decoded {
        let sniffed = &bytes[..bytes.len().min(BINARY_SNIFF_BYTES)];
        if let Some(nul_offset) = sniffed.iter().position(|&b| b == 0) {
            return Decoded::Binary { nul_offset };
        }
        let bytes = bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes);

        let mut text = String::with_capacity(bytes.len());
        let mut invalid_bytes = 0;
        let mut invalid_sequences = 0;
        let mut first_replacement = None;
        for chunk in bytes.utf8_chunks() {
            text.push_str(chunk.valid());
            if !chunk.invalid().is_empty() {
                first_replacement.get_or_insert(text.len());
                invalid_bytes += chunk.invalid().len();
                invalid_sequences += 1;
                text.push(char::REPLACEMENT_CHARACTER);
            }
        }

        let mut notes = Vec::new();
        if let Some(start) = first_replacement {
            let mut message = format!(
                "the file is not valid UTF-8: {invalid_bytes} invalid byte{} replaced by U+FFFD",
                if invalid_bytes == 1 { "" } else { "s" }
            );
            if invalid_sequences > 1 {
                let _ = write!(message, " in {invalid_sequences} places");
            }
            message.push_str("; this is the first");
            notes.push(Note {
                span: Span::new(start, start + char::REPLACEMENT_CHARACTER.len_utf8()),
                message,
            });
        }
        Decoded::Text(SourceText {
            text,
            notes,
            invalid_bytes,
        })
    }

    /// Wraps text that is already a string (an editor buffer): no notes.
    pub fn from_string(text: String) -> Self {
        SourceText {
            text,
            notes: Vec::new(),
            invalid_bytes: 0,
        }
    }

    /// The decoded text.
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Notes produced while decoding, with spans in the decoded text.
    pub fn notes(&self) -> &[Note] {
        &self.notes
    }

    /// How many bytes of the input were not valid UTF-8 and were replaced.
    pub fn invalid_byte_count(&self) -> usize {
        self.invalid_bytes
    }

    /// The decoded text, by value.
    pub fn into_string(self) -> String {
        self.text
    }
}
