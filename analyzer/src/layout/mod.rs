//! Target ABI models, and (to come) C struct/union layout and Fortran derived types on them.

mod target;

pub use target::{CType, FortranType, SizeAlign, Target};
