! A ScaLAPACK-style 2-D block-cyclic distribution (2 x 3 process grid) seen from process 4.
program darray_cyclic
  use mpi
  implicit none
  integer :: gsizes(2), distribs(2), dargs(2), psizes(2), local, ierr
  call MPI_Init(ierr)
  gsizes = (/ 100, 90 /)
  distribs = MPI_DISTRIBUTE_CYCLIC
  dargs = (/ 8, 16 /)
  psizes = (/ 2, 3 /)
  call MPI_Type_create_darray(6, 4, 2, gsizes, distribs, dargs, psizes, &
                              MPI_ORDER_FORTRAN, MPI_DOUBLE_PRECISION, local, ierr)
  call MPI_Type_commit(local, ierr)
  call MPI_Type_free(local, ierr)
  call MPI_Finalize(ierr)
end program darray_cyclic
