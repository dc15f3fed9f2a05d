//! Target ABI models, and the layout of C structs and unions and Fortran derived types on them.

pub(crate) mod aggregate;
mod fortran_kinds;
pub(crate) mod reads;
mod record;
mod target;

pub use fortran_kinds::FortranKinds;
pub use target::{CType, FortranType, SizeAlign, Target};
