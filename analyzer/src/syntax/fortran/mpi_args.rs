//! Placing the arguments of an MPI call in the C order of the catalog:
//! Fortran keyword arguments (`newtype=t`, common with `use mpi_f08`) go to their parameter's
//! position, and the trailing `ierror` (optional with `mpi_f08`) is set apart: the call writes
//! it, as C's call returns its error code.

use crate::catalog::MpiFunction;
use crate::ir::Expr;

/// An argument as written: positional, or `name=value`.
pub(super) struct WrittenArg {
    pub keyword: Option<String>,
    pub value: Expr,
}

/// An MPI call's arguments in the order of the call table, and the `ierror` the call writes.
pub(super) struct Placed {
    pub args: Vec<Expr>,
    pub ierror: Option<Expr>,
}

/// The arguments in the order of the call table, and the `ierror` apart; `None` when a keyword
/// argument names no parameter this front end knows (the call cannot be placed).
pub(super) fn place_arguments(function: &MpiFunction, written: Vec<WrittenArg>) -> Option<Placed> {
    let arity = function.params.len();
    let mut placed: Vec<Option<Expr>> = Vec::new();
    let mut ierror = None;
    for (position, arg) in written.into_iter().enumerate() {
        let index = match arg.keyword.as_deref() {
            None => position,
            Some("ierror") => arity,
            Some(keyword) => function.position(keyword)?,
        };
        // The argument past the C parameters is the Fortran `ierror`.
        if index >= arity {
            ierror = ierror.or(Some(arg.value));
            continue;
        }
        if placed.len() <= index {
            placed.resize_with(index + 1, || None);
        }
        placed[index] = Some(arg.value);
    }
    // A gap (an optional argument left out) cannot be placed positionally.
    let args = placed.into_iter().collect::<Option<Vec<Expr>>>()?;
    Some(Placed { args, ierror })
}
