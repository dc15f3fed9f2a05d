! ScaLAPACK-style block-cyclic distribution of a matrix for MPI-IO.
program darray_io
  use mpi
  implicit none
  integer :: gsizes(2), distribs(2), dargs(2), psizes(2), darray, ierr
  call MPI_Init(ierr)
  gsizes = (/ 1000, 800 /)
  distribs = MPI_DISTRIBUTE_CYCLIC
  dargs = (/ 64, 64 /)
  psizes = (/ 1, 1 /)
  call MPI_Type_create_darray(1, 0, 2, gsizes, distribs, dargs, psizes, &
       MPI_ORDER_FORTRAN, MPI_DOUBLE_PRECISION, darray, ierr)
  call MPI_Type_commit(darray, ierr)
  call MPI_Finalize(ierr)
end program darray_io
