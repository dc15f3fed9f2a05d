//! Source text handling, before any parsing: decoding bytes into text, choosing the language
//! from the file name, converting byte offsets to editor positions, and rewriting Fortran fixed
//! form into free form (with a map back to the original offsets) for the free-form-only parser.
//!
//! Everything here is pure: bytes and strings in, plain data out, no panics on any input.

mod fixed_form;
mod language;
mod line_index;
mod offset_map;
mod text;

pub use fixed_form::{normalize_fixed_form, FixedFormOptions, FixedLineLength, NormalizedSource};
pub use language::{FortranForm, FortranFormOverride, Language};
pub use line_index::{LineColumn, LineIndex, PositionEncoding};
pub use offset_map::OffsetMap;
pub use text::{Decoded, Encoding, Note, SourceText, Span, BINARY_SNIFF_BYTES, MAX_SOURCE_BYTES};
