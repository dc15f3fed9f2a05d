//! Target ABI models, and (to come) C struct/union layout and Fortran derived types on them.

mod fortran_kinds;
mod target;

pub use fortran_kinds::FortranKinds;
pub use target::{CType, FortranType, SizeAlign, Target};
