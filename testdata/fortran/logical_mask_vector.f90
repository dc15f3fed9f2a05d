! A LOGICAL mask: every other entry of a column sent as MPI_LOGICAL.
program logical_mask
  use mpi
  implicit none
  integer, parameter :: n = 30
  logical :: mask(n)
  integer :: evens, ierr
  call MPI_Init(ierr)
  mask = .false.
  call MPI_Type_vector(n/2, 1, 2, MPI_LOGICAL, evens, ierr)
  call MPI_Type_commit(evens, ierr)
  call MPI_Bcast(mask, 1, evens, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(evens, ierr)
  call MPI_Finalize(ierr)
end program logical_mask
