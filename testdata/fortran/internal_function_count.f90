! The count comes from an internal (contained) function of the program.
program internal_function
  use mpi
  implicit none
  integer :: blk, ierr
  call MPI_Init(ierr)
  call MPI_Type_contiguous(cells(6, 4), MPI_REAL, blk, ierr)
  call MPI_Type_commit(blk, ierr)
  call MPI_Type_free(blk, ierr)
  call MPI_Finalize(ierr)
contains
  integer function cells(nx, ny)
    integer, intent(in) :: nx, ny
    cells = (nx + 2) * (ny + 2)
  end function cells
end program internal_function
