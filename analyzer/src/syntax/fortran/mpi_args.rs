//! Placing the arguments of an MPI call in the C order the evaluator's call table expects:
//! Fortran keyword arguments (`newtype=t`, common with `use mpi_f08`) go to their parameter's
//! position, and the trailing `ierror` (optional with `mpi_f08`) is dropped.

use crate::eval::MpiFunction;
use crate::ir::Expr;

/// The parameter names of the MPI procedures datatype code passes by keyword, as the standard
/// spells them (the same in C and Fortran); `ierror` is not listed.
const PARAMETER_NAMES: &[(&str, &[&str])] = &[
    ("MPI_Type_contiguous", &["count", "oldtype", "newtype"]),
    (
        "MPI_Type_vector",
        &["count", "blocklength", "stride", "oldtype", "newtype"],
    ),
    (
        "MPI_Type_create_hvector",
        &["count", "blocklength", "stride", "oldtype", "newtype"],
    ),
    (
        "MPI_Type_indexed",
        &[
            "count",
            "array_of_blocklengths",
            "array_of_displacements",
            "oldtype",
            "newtype",
        ],
    ),
    (
        "MPI_Type_create_hindexed",
        &[
            "count",
            "array_of_blocklengths",
            "array_of_displacements",
            "oldtype",
            "newtype",
        ],
    ),
    (
        "MPI_Type_create_indexed_block",
        &[
            "count",
            "blocklength",
            "array_of_displacements",
            "oldtype",
            "newtype",
        ],
    ),
    (
        "MPI_Type_create_hindexed_block",
        &[
            "count",
            "blocklength",
            "array_of_displacements",
            "oldtype",
            "newtype",
        ],
    ),
    (
        "MPI_Type_create_struct",
        &[
            "count",
            "array_of_blocklengths",
            "array_of_displacements",
            "array_of_types",
            "newtype",
        ],
    ),
    (
        "MPI_Type_create_subarray",
        &[
            "ndims",
            "array_of_sizes",
            "array_of_subsizes",
            "array_of_starts",
            "order",
            "oldtype",
            "newtype",
        ],
    ),
    (
        "MPI_Type_create_darray",
        &[
            "size",
            "rank",
            "ndims",
            "array_of_gsizes",
            "array_of_distribs",
            "array_of_dargs",
            "array_of_psizes",
            "order",
            "oldtype",
            "newtype",
        ],
    ),
    (
        "MPI_Type_create_resized",
        &["oldtype", "lb", "extent", "newtype"],
    ),
    ("MPI_Type_dup", &["oldtype", "newtype"]),
    ("MPI_Type_commit", &["datatype"]),
    ("MPI_Type_free", &["datatype"]),
    ("MPI_Type_size", &["datatype", "size"]),
    ("MPI_Type_get_extent", &["datatype", "lb", "extent"]),
    (
        "MPI_Type_get_true_extent",
        &["datatype", "true_lb", "true_extent"],
    ),
    ("MPI_Get_address", &["location", "address"]),
    ("MPI_Sizeof", &["x", "size"]),
];

/// The keyword names of a function's parameters, when known.
fn parameter_names(function: &MpiFunction) -> Option<&'static [&'static str]> {
    // The large-count `_c` variants take the same names.
    let base = function.name.strip_suffix("_c").unwrap_or(function.name);
    PARAMETER_NAMES
        .iter()
        .find(|(name, _)| *name == base)
        .map(|&(_, names)| names)
}

/// An argument as written: positional, or `name=value`.
pub(super) struct WrittenArg {
    pub keyword: Option<String>,
    pub value: Expr,
}

/// The arguments in the order of the call table, without `ierror`; `None` when a keyword
/// argument names no parameter this front end knows (the call cannot be placed).
pub(super) fn place_arguments(
    function: &MpiFunction,
    written: Vec<WrittenArg>,
) -> Option<Vec<Expr>> {
    let arity = function.params.len();
    let mut placed: Vec<Option<Expr>> = Vec::new();
    for (position, arg) in written.into_iter().enumerate() {
        let index = match arg.keyword.as_deref() {
            None => position,
            Some("ierror") => continue,
            Some(keyword) => parameter_names(function)?
                .iter()
                .position(|name| *name == keyword)?,
        };
        // A positional argument past the C parameters is the Fortran `ierror`.
        if index >= arity {
            continue;
        }
        if placed.len() <= index {
            placed.resize_with(index + 1, || None);
        }
        placed[index] = Some(arg.value);
    }
    // A gap (an optional argument left out) cannot be placed positionally.
    placed.into_iter().collect()
}
