! MPI_TYPE_MATCH_SIZE finds the MPI type of an 8-byte REAL; a vector of it.
program match_size
  use mpi
  implicit none
  integer :: r8type, cols, ierr
  call MPI_Init(ierr)
  call MPI_Type_match_size(MPI_TYPECLASS_REAL, 8, r8type, ierr)
  call MPI_Type_vector(3, 2, 5, r8type, cols, ierr)
  ! unknown: the type MPI_TYPE_MATCH_SIZE returns is not modelled
  call MPI_Type_commit(cols, ierr)
  call MPI_Type_free(cols, ierr)
  call MPI_Finalize(ierr)
end program match_size
