! MPI_TYPE_CREATE_F90_INTEGER for a SELECTED_INT_KIND(12) integer, and a contiguous type of it.
program f90_integer
  use mpi
  implicit none
  integer, parameter :: r = 12, ik = selected_int_kind(r)
  integer(kind=ik) :: counters(20)
  integer :: bigint, block, ierr
  call MPI_Init(ierr)
  counters = 0_ik
  call MPI_Type_create_f90_integer(r, bigint, ierr)
  call MPI_Type_contiguous(20, bigint, block, ierr)
  call MPI_Type_commit(block, ierr)
  call MPI_Bcast(counters, 1, block, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(block, ierr)
  call MPI_Finalize(ierr)
end program f90_integer
