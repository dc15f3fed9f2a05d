! INTEGER*8 displacement arrays and an indexed-block gather of a stencil.
program int8_disps
  use mpi
  implicit none
  integer*8 :: bdisp(4)
  integer(8) :: base8
  integer :: idisp(5), blen(4), ierr, hi, ib, i
  call MPI_Init(ierr)
  base8 = 16
  do i = 1, 4
     bdisp(i) = base8 * (i - 1) * 10
     blen(i) = i
  end do
  call MPI_Type_create_hindexed(4, blen, bdisp, MPI_DOUBLE_PRECISION, hi, ierr)
  idisp = (/ 0, 7, 14, 21, 28 /)
  call MPI_Type_create_indexed_block(5, 2, idisp, MPI_INTEGER, ib, ierr)
  call MPI_Type_commit(hi, ierr)
  call MPI_Type_commit(ib, ierr)
  call MPI_Finalize(ierr)
end program int8_disps
