! MPI_ORDER_C from Fortran: the same block described with reversed dimensions, as code
! shared with a C driver does.
program subarray_c_order
  use mpi
  implicit none
  integer :: sizes(2), subsizes(2), starts(2), blockc, ierr
  call MPI_Init(ierr)
  sizes = (/ 12, 20 /)
  subsizes = (/ 4, 5 /)
  starts = (/ 2, 3 /)
  call MPI_Type_create_subarray(2, sizes, subsizes, starts, MPI_ORDER_C, MPI_INTEGER, &
                                blockc, ierr)
  call MPI_Type_commit(blockc, ierr)
  call MPI_Type_free(blockc, ierr)
  call MPI_Finalize(ierr)
end program subarray_c_order
