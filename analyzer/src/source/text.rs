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

    /// The span of the same text after it moved by `delta` bytes.
    pub fn moved_by(self, delta: isize) -> Self {
        Span {
            start: self.start.wrapping_add_signed(delta),
            end: self.end.wrapping_add_signed(delta),
        }
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
    encoding: Encoding,
}

/// The encoding a file's bytes were decoded from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Encoding {
    #[default]
    Utf8,
    /// Recognised by its byte order mark, as editors write it on Windows.
    Utf16Le,
    Utf16Be,
}

impl Encoding {
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
        }
    }
}

const UTF8_BOM: &[u8] = b"\xEF\xBB\xBF";

impl SourceText {
    /// Decodes a file's bytes. A UTF-16 byte order mark makes them UTF-16 (little or big
    /// endian); otherwise binary content is recognised by a NUL byte near the start, and the
    /// bytes are decoded as UTF-8. Each invalid sequence is replaced by U+FFFD, with one note
    /// saying how many bytes were invalid and pointing at the first replacement. A byte order
    /// mark is dropped, as editors do, so offsets match the editor's view of the text. The size
    /// cap ([`MAX_SOURCE_BYTES`]) is the caller's to apply.
    pub fn decode(bytes: &[u8]) -> Decoded {
        // `FF FE 00 00` opens UTF-32LE, which is not decoded: its NULs make it binary.
        let utf16 = match bytes {
            [0xFF, 0xFE, 0, 0, ..] => None,
            [0xFF, 0xFE, rest @ ..] => Some((Encoding::Utf16Le, rest)),
            [0xFE, 0xFF, rest @ ..] => Some((Encoding::Utf16Be, rest)),
            _ => None,
        };
        let (text, invalid) = match utf16 {
            Some((encoding, units)) => {
                let (text, invalid) = decode_utf16(units, encoding);
                if let Some(nul_offset) = text.bytes().take(BINARY_SNIFF_BYTES).position(|b| b == 0)
                {
                    return Decoded::Binary { nul_offset };
                }
                (text, invalid)
            }
            None => {
                let sniffed = &bytes[..bytes.len().min(BINARY_SNIFF_BYTES)];
                if let Some(nul_offset) = sniffed.iter().position(|&b| b == 0) {
                    return Decoded::Binary { nul_offset };
                }
                decode_utf8(bytes.strip_prefix(UTF8_BOM).unwrap_or(bytes))
            }
        };
        let encoding = utf16.map_or(Encoding::Utf8, |(encoding, _)| encoding);
        let mut notes = Vec::new();
        if let Some(start) = invalid.first_replacement {
            let bytes = invalid.bytes;
            let mut message = format!(
                "the file is not valid {}: {bytes} invalid byte{} replaced by U+FFFD",
                encoding.name(),
                if bytes == 1 { "" } else { "s" }
            );
            if invalid.sequences > 1 {
                let _ = write!(message, " in {} places", invalid.sequences);
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
            invalid_bytes: invalid.bytes,
            encoding,
        })
    }

    /// Wraps text that is already a string (an editor buffer): no notes.
    pub fn from_string(text: String) -> Self {
        SourceText {
            text,
            ..SourceText::default()
        }
    }

    /// The encoding the bytes were decoded from.
    pub fn encoding(&self) -> Encoding {
        self.encoding
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

/// The bytes replaced by U+FFFD while decoding.
#[derive(Default)]
struct Invalid {
    bytes: usize,
    sequences: usize,
    /// Offset of the first replacement in the decoded text.
    first_replacement: Option<usize>,
}

impl Invalid {
    fn replace(&mut self, text: &mut String, bytes: usize) {
        self.first_replacement.get_or_insert(text.len());
        self.bytes += bytes;
        self.sequences += 1;
        text.push(char::REPLACEMENT_CHARACTER);
    }
}

fn decode_utf8(bytes: &[u8]) -> (String, Invalid) {
    let mut text = String::with_capacity(bytes.len());
    let mut invalid = Invalid::default();
    for chunk in bytes.utf8_chunks() {
        text.push_str(chunk.valid());
        if !chunk.invalid().is_empty() {
            invalid.replace(&mut text, chunk.invalid().len());
        }
    }
    (text, invalid)
}

/// Decodes UTF-16 without its byte order mark; a lone surrogate or an odd last byte is invalid.
fn decode_utf16(bytes: &[u8], encoding: Encoding) -> (String, Invalid) {
    let units = bytes.chunks_exact(2).map(|pair| {
        let pair = [pair[0], pair[1]];
        match encoding {
            Encoding::Utf16Be => u16::from_be_bytes(pair),
            Encoding::Utf16Le | Encoding::Utf8 => u16::from_le_bytes(pair),
        }
    });
    let mut text = String::with_capacity(bytes.len() / 2);
    let mut invalid = Invalid::default();
    for decoded in char::decode_utf16(units) {
        match decoded {
            Ok(c) => text.push(c),
            Err(_) => invalid.replace(&mut text, 2),
        }
    }
    if bytes.len() % 2 == 1 {
        invalid.replace(&mut text, 1);
    }
    (text, invalid)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(bytes: &[u8]) -> SourceText {
        match SourceText::decode(bytes) {
            Decoded::Text(text) => text,
            Decoded::Binary { nul_offset } => panic!("binary (NUL at {nul_offset})"),
        }
    }

    fn utf16(text: &str, big_endian: bool) -> Vec<u8> {
        let mut bytes = if big_endian {
            vec![0xFE, 0xFF]
        } else {
            vec![0xFF, 0xFE]
        };
        for unit in text.encode_utf16() {
            let pair = if big_endian {
                unit.to_be_bytes()
            } else {
                unit.to_le_bytes()
            };
            bytes.extend(pair);
        }
        bytes
    }

    #[test]
    fn utf16_with_its_byte_order_mark_is_decoded() {
        let source = "int caf\u{e9} = 1; /* \u{1F600} */\r\nMPI_Send();\n";
        for (big_endian, encoding) in [(false, Encoding::Utf16Le), (true, Encoding::Utf16Be)] {
            let text = text_of(&utf16(source, big_endian));
            assert_eq!(text.as_str(), source);
            assert_eq!(text.encoding(), encoding);
            assert!(text.notes().is_empty());
        }
    }

    #[test]
    fn invalid_utf16_is_replaced_and_told() {
        // A lone high surrogate, then an odd last byte.
        let mut bytes = utf16("a", false);
        bytes.extend([0x00, 0xD8, b'b', 0x00, b'c']);
        let text = text_of(&bytes);
        assert_eq!(text.as_str(), "a\u{FFFD}b\u{FFFD}");
        assert_eq!(text.invalid_byte_count(), 3);
        assert!(text.notes()[0].message.contains("not valid UTF-16LE"));
    }

    #[test]
    fn utf16_holding_nul_characters_is_binary() {
        assert!(matches!(
            SourceText::decode(&utf16("ab\0c", false)),
            Decoded::Binary { nul_offset: 2 }
        ));
        // UTF-32LE's byte order mark starts like UTF-16LE's.
        assert!(matches!(
            SourceText::decode(b"\xFF\xFE\0\0a\0\0\0"),
            Decoded::Binary { .. }
        ));
    }

    #[test]
    fn a_utf8_byte_order_mark_is_dropped() {
        let text = text_of(b"\xEF\xBB\xBFint x;\n");
        assert_eq!(text.as_str(), "int x;\n");
        assert_eq!(text.encoding(), Encoding::Utf8);
    }
}
