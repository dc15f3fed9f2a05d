! A BLOCK construct declares its own sizes (F2008).
program block_locals
  use mpi
  implicit none
  integer :: plane, ierr
  call MPI_Init(ierr)
  block
    integer, parameter :: nx = 14, ny = 10
    integer :: nz
    nz = 3
    call MPI_Type_vector(nz, nx*ny, 2*nx*ny, MPI_REAL, plane, ierr)
    ! unknown: a call inside a BLOCK construct is not lowered
  end block
  call MPI_Type_commit(plane, ierr)
  call MPI_Type_free(plane, ierr)
  call MPI_Finalize(ierr)
end program block_locals
