//! The MPI catalog: every MPI routine the analysis models, once, with its parameters (names and
//! roles) and its effect. The front ends place Fortran keyword arguments with it, the evaluator
//! dispatches on it, and the rules read roles and removals from it.

use crate::dtype::Api;

mod reads;
mod table;

pub(crate) use table::MPI_FUNCTIONS;

/// What a parameter is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// An integer (a count, block length, stride, rank, size, precision ...).
    Int,
    /// An `MPI_Aint` (byte displacement, stride, lower bound, extent).
    Aint,
    /// An array of integers, `MPI_Aint`s or datatypes whose length is the call's first argument
    /// (`ndims` for subarray and darray, which is the third argument of darray).
    IntArray,
    AintArray,
    DatatypeArray,
    /// `MPI_ORDER_C` / `MPI_ORDER_FORTRAN`; darray's distributions.
    Order,
    DistribArray,
    /// A datatype read by the call (old type, query argument).
    TypeIn,
    /// A datatype that describes a buffer: communication, packing and I/O need it committed.
    MessageType,
    /// The handle a constructor writes.
    NewType,
    /// A datatype the call commits or frees in place.
    CommitType,
    FreeType,
    /// A message buffer; its count and datatype follow.
    Buf,
    /// The number of elements of the buffer's datatype.
    Count,
    /// A location whose address is taken (`MPI_Get_address`).
    Location,
    /// Outputs.
    OutInt,
    OutAint,
    /// Anything else (communicator, tag, status, request, op, info, ierror).
    Other,
}

impl Role {
    /// Whether the call may write the variable passed here (the handle a constructor or a free
    /// sets, an output, a receive buffer, a status or request).
    pub fn may_write(self) -> bool {
        matches!(
            self,
            Role::Buf | Role::NewType | Role::FreeType | Role::OutInt | Role::OutAint | Role::Other
        )
    }
}

/// What the evaluator does with a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    Construct(ConstructorKind),
    Commit,
    Free,
    Size,
    Extent {
        true_extent: bool,
    },
    /// MPI-1 `MPI_Type_extent` / `_lb` / `_ub`.
    Mpi1Bound(Mpi1Bound),
    GetAddress,
    /// Fortran `MPI_SIZEOF(x, size)`: the size of `x`'s type.
    Sizeof,
    AintAdd,
    AintDiff,
    /// Communication, packing, I/O: uses datatypes, changes nothing the evaluator tracks.
    Use,
    /// Queries that need no commit and change nothing.
    Query,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mpi1Bound {
    Extent,
    Lb,
    Ub,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstructorKind {
    Contiguous,
    Vector,
    Hvector,
    Indexed,
    Hindexed,
    IndexedBlock,
    HindexedBlock,
    Struct,
    Subarray,
    Darray,
    Resized,
    Dup,
    F90Real,
    F90Complex,
    F90Integer,
    MatchSize,
}

impl ConstructorKind {
    /// `MPI_Type_create_f90_*` and `MPI_Type_match_size` return a predefined datatype:
    /// committed, and not the program's to free (MPI-4.1 §19.2.5: the first "return a
    /// predefined MPI datatype", the second "a reference (handle) to one of the predefined
    /// named datatypes, not a duplicate"; Open MPI rejects the free, MPICH accepts it and
    /// aborts in `MPI_Finalize`).
    pub fn returns_predefined(self) -> bool {
        matches!(
            self,
            ConstructorKind::F90Real
                | ConstructorKind::F90Complex
                | ConstructorKind::F90Integer
                | ConstructorKind::MatchSize
        )
    }
}

/// One MPI function.
#[derive(Debug, PartialEq, Eq)]
pub struct MpiFunction {
    /// The C name.
    pub name: &'static str,
    /// The C parameters in order (Fortran adds a trailing `ierror`).
    pub params: &'static [Param],
    pub effect: Effect,
    /// Set when MPI-3.0 removed the function.
    pub removed: Option<Removal>,
    /// The arguments a collective reads only at its root or without `MPI_IN_PLACE`.
    pub reads: Reads,
}

/// Which arguments of a collective MPI reads (MPI-4.1 §6.5-§6.12): the others are
/// "significant only at root", or ignored when a buffer argument is `MPI_IN_PLACE`.
#[derive(Debug, PartialEq, Eq)]
pub struct Reads {
    /// The parameters read only by the root process.
    pub at_root: &'static [&'static str],
    /// The parameter that may be `MPI_IN_PLACE`, and the parameters MPI then ignores.
    pub in_place: Option<InPlace>,
}

#[derive(Debug, PartialEq, Eq)]
pub struct InPlace {
    pub buffer: &'static str,
    pub ignores: &'static [&'static str],
    /// `MPI_IN_PLACE` is allowed at the root only (rooted collectives): passing it shows that
    /// the calling process is the root.
    pub root_only: bool,
}

/// Whether MPI reads an argument of a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Read {
    Yes,
    /// Maybe not: only the root reads it and the call does not show that the calling process
    /// is the root, or the `MPI_IN_PLACE` argument that replaces it may be `MPI_IN_PLACE`.
    Maybe,
    /// `MPI_IN_PLACE` replaces it.
    No,
}

/// One parameter: its name as the standard spells it (Fortran keyword arguments use it) and
/// its role.
#[derive(Debug, PartialEq, Eq)]
pub struct Param {
    pub name: &'static str,
    pub role: Role,
    /// A buffer MPI writes (a receive, broadcast, reduction result, unpack, get, file read):
    /// what the program knew of its contents is gone after the call.
    pub written: bool,
}

/// What replaces a function MPI-3.0 removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Removal {
    pub replacement: &'static str,
    /// The replacement takes the same arguments in C (a rename is the whole migration).
    pub same_arguments: bool,
}

impl MpiFunction {
    /// The binding of the API the name selects.
    pub fn api(&self) -> Api {
        if self.removed.is_some() {
            Api::Mpi1
        } else if self.name.ends_with("_c") {
            Api::LargeCount
        } else {
            Api::Standard
        }
    }

    /// Looks a function up by name, C or Fortran spelling, with or without the `P` prefix.
    pub fn find(name: &str) -> Option<&'static MpiFunction> {
        let name = name
            .strip_prefix('P')
            .or_else(|| name.strip_prefix('p'))
            .filter(|n| crate::ir::is_mpi_name(n))
            .unwrap_or(name);
        MPI_FUNCTIONS
            .iter()
            .find(|f| f.name.eq_ignore_ascii_case(name))
    }

    /// Looks a function up by its C name as C sees it, case-sensitively (`mpi_address` is a C
    /// program's own function), with or without the `P` prefix.
    pub fn find_c(name: &str) -> Option<&'static MpiFunction> {
        let name = name.strip_prefix('P').unwrap_or(name);
        MPI_FUNCTIONS.iter().find(|f| f.name == name)
    }

    /// Whether `name` is the start, not the whole, of a routine's C name: a call being typed.
    pub fn begins_a_name(name: &str) -> bool {
        MPI_FUNCTIONS
            .iter()
            .any(|f| f.name.len() > name.len() && f.name.starts_with(name))
    }

    /// The role of parameter `index`.
    pub fn role(&self, index: usize) -> Option<Role> {
        self.params.get(index).map(|p| p.role)
    }

    /// The roles of the parameters in order.
    pub fn roles(&self) -> impl Iterator<Item = Role> + '_ {
        self.params.iter().map(|p| p.role)
    }

    /// Whether MPI reads parameter `index`, given whether the call's `MPI_IN_PLACE` parameter
    /// is `MPI_IN_PLACE` (`None`: it may be).
    pub fn reads(&self, index: usize, in_place: Option<bool>) -> Read {
        let Some(name) = self.params.get(index).map(|p| p.name) else {
            return Read::Yes;
        };
        let Reads {
            at_root,
            in_place: replaced,
        } = &self.reads;
        if replaced.as_ref().is_some_and(|p| p.ignores.contains(&name)) {
            match in_place {
                Some(true) => return Read::No,
                None => return Read::Maybe,
                Some(false) => {}
            }
        }
        let at_root_shown =
            in_place == Some(true) && replaced.as_ref().is_some_and(|p| p.root_only);
        if at_root.contains(&name) && !at_root_shown {
            Read::Maybe
        } else {
            Read::Yes
        }
    }

    /// The position of the parameter that may be `MPI_IN_PLACE`.
    pub fn in_place_position(&self) -> Option<usize> {
        self.position(self.reads.in_place.as_ref()?.buffer)
    }

    /// The position of the parameter a keyword argument names.
    pub fn position(&self, keyword: &str) -> Option<usize> {
        self.params
            .iter()
            .position(|p| p.name.eq_ignore_ascii_case(keyword))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_routine_is_listed_once() {
        for (i, f) in MPI_FUNCTIONS.iter().enumerate() {
            assert!(
                MPI_FUNCTIONS[..i].iter().all(|g| g.name != f.name),
                "{} twice",
                f.name
            );
        }
    }

    #[test]
    fn large_count_variants_take_the_parameters_of_their_base() {
        for f in MPI_FUNCTIONS {
            if let Some(base) = f.name.strip_suffix("_c") {
                let base = MpiFunction::find(base).expect("the base routine is listed");
                assert_eq!(f.params, base.params, "{}", f.name);
                assert_eq!(f.effect, base.effect, "{}", f.name);
            }
        }
    }

    #[test]
    fn removed_routines_name_a_listed_replacement() {
        for f in MPI_FUNCTIONS {
            if let Some(removal) = f.removed {
                let new = MpiFunction::find(removal.replacement).expect("listed");
                assert!(new.removed.is_none(), "{}", f.name);
                if removal.same_arguments {
                    assert_eq!(f.params, new.params, "{}", f.name);
                }
            }
        }
    }

    #[test]
    fn constructors_write_their_last_argument_and_parameter_names_are_distinct() {
        for f in MPI_FUNCTIONS {
            if matches!(f.effect, Effect::Construct(_)) {
                assert_eq!(f.roles().last(), Some(Role::NewType), "{}", f.name);
            }
            for (i, p) in f.params.iter().enumerate() {
                assert_eq!(f.position(p.name), Some(i), "{} {}", f.name, p.name);
            }
        }
    }

    #[test]
    fn the_arguments_collectives_may_not_read_are_their_parameters() {
        for f in MPI_FUNCTIONS {
            let Reads { at_root, in_place } = &f.reads;
            let mut names: Vec<&str> = at_root.to_vec();
            if let Some(p) = in_place {
                names.push(p.buffer);
                names.extend(p.ignores);
            }
            for name in names {
                assert!(f.position(name).is_some(), "{} {name}", f.name);
            }
        }
    }

    #[test]
    fn a_rooted_collective_reads_at_the_root_what_in_place_shows_is_the_root() {
        let gather = MpiFunction::find("MPI_Gather").expect("listed");
        let (sendtype, recvtype) = (2, 5);
        assert_eq!(gather.reads(sendtype, Some(false)), Read::Yes);
        assert_eq!(gather.reads(sendtype, Some(true)), Read::No);
        assert_eq!(gather.reads(sendtype, None), Read::Maybe);
        assert_eq!(gather.reads(recvtype, Some(false)), Read::Maybe);
        assert_eq!(gather.reads(recvtype, Some(true)), Read::Yes);
        let allgather = MpiFunction::find("MPI_Allgather").expect("listed");
        assert_eq!(allgather.reads(recvtype, Some(true)), Read::Yes);
        assert_eq!(allgather.reads(sendtype, Some(true)), Read::No);
        let send = MpiFunction::find("MPI_Send").expect("listed");
        assert_eq!(send.reads(2, None), Read::Yes);
    }

    #[test]
    fn names_are_found_in_any_case_and_with_the_profiling_prefix() {
        let f = MpiFunction::find("PMPI_TYPE_VECTOR").expect("found");
        assert_eq!(f.name, "MPI_Type_vector");
        assert_eq!(MpiFunction::find_c("PMPI_Type_vector"), Some(f));
        assert_eq!(MpiFunction::find_c("mpi_type_vector"), None);
        assert_eq!(f.position("STRIDE"), Some(2));
        assert_eq!(MpiFunction::find("MPI_Type_vectors"), None);
    }
}
