! MPI-IO file view of a pencil of a global 3-D array (2decomp's write_one style).
program io_view
  use mpi
  implicit none
  integer, parameter :: mytype = MPI_DOUBLE_PRECISION
  integer :: sizes(3), subsizes(3), starts(3), newtype, ierr
  integer(kind=MPI_OFFSET_KIND) :: disp
  integer :: xsize(3), xstart(3)
  call MPI_Init(ierr)
  xsize = (/ 128, 16, 8 /)
  xstart = (/ 1, 33, 9 /)
  sizes(1) = 128
  sizes(2) = 64
  sizes(3) = 32
  subsizes(:) = xsize(:)
  starts = xstart - 1
  call MPI_Type_create_subarray(3, sizes, subsizes, starts, &
       MPI_ORDER_FORTRAN, mytype, newtype, ierr)
  call MPI_Type_commit(newtype, ierr)
  disp = 0_MPI_OFFSET_KIND
  call MPI_Type_free(newtype, ierr)
  call MPI_Finalize(ierr)
end program io_view
