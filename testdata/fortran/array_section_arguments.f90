! Array sections as the arrays of a constructor: the second half of the block lengths and
! displacements built for a bigger type.
program section_args
  use mpi
  implicit none
  integer :: blocks(8), displs(8), tail, ierr, i
  real(kind=8) :: x(100)
  call MPI_Init(ierr)
  do i = 1, 8
     blocks(i) = i
     displs(i) = 12*(i - 1)
  end do
  x = 0.0d0
  call MPI_Type_indexed(4, blocks(5:8), displs(5:8), MPI_DOUBLE_PRECISION, tail, ierr)
  call MPI_Type_commit(tail, ierr)
  call MPI_Bcast(x, 1, tail, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(tail, ierr)
  call MPI_Finalize(ierr)
end program section_args
