! MPI_TYPE_SET_NAME on a handle, then the handle in another constructor: still known.
program set_name
  use mpi
  implicit none
  integer :: pair, copy, ierr
  call MPI_Init(ierr)
  call MPI_Type_contiguous(2, MPI_DOUBLE_PRECISION, pair, ierr)
  call MPI_Type_set_name(pair, 'velocity pair', ierr)
  call MPI_Type_dup(pair, copy, ierr)
  call MPI_Type_commit(copy, ierr)
  call MPI_Type_free(copy, ierr)
  call MPI_Type_free(pair, ierr)
  call MPI_Finalize(ierr)
end program set_name
