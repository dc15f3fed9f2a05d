! A resized type with a negative lower bound: one ghost element before each block.
program resized_negative
  use mpi
  implicit none
  integer :: blk, ghosted, ierr
  integer(kind=MPI_ADDRESS_KIND) :: lb, extent
  call MPI_Init(ierr)
  call MPI_Type_contiguous(4, MPI_DOUBLE_PRECISION, blk, ierr)
  lb = -8
  extent = 48
  call MPI_Type_create_resized(blk, lb, extent, ghosted, ierr)
  call MPI_Type_commit(ghosted, ierr)
  call MPI_Type_free(ghosted, ierr)
  call MPI_Type_free(blk, ierr)
  call MPI_Finalize(ierr)
end program resized_negative
