! Keyword arguments with `use mpi` (explicit interfaces of the mpi module): a resized vector.
program keyword_use_mpi
  use mpi
  implicit none
  integer, parameter :: n = 8
  integer :: vec, cols, ierr
  integer(kind=MPI_ADDRESS_KIND) :: lb, ext
  real :: a(n, n)
  call MPI_Init(ierr)
  a = 0.0
  call MPI_Type_vector(n, 1, n, MPI_REAL, vec, ierr)
  lb = 0
  ext = 4
  call MPI_Type_create_resized(oldtype=vec, lb=lb, extent=ext, newtype=cols, ierror=ierr)
  call MPI_Type_commit(cols, ierr)
  call MPI_Bcast(a, 2, cols, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(cols, ierr)
  call MPI_Type_free(vec, ierr)
  call MPI_Finalize(ierr)
end program keyword_use_mpi
