! A BLOCK construct declares its own sizes (F2008). The first block's names are its own: it is
! analysed where it stands. The second declares a name the program also uses outside it (its
! nz hides the program's nz): such a block is not analysed, the program's nz would be changed.
program block_locals
  use mpi
  implicit none
  integer :: plane, column, nz, ierr
  call MPI_Init(ierr)
  nz = 2
  block
    integer, parameter :: nx = 14, ny = 10
    integer :: nlev
    nlev = 3
    call MPI_Type_vector(nlev, nx*ny, 2*nx*ny, MPI_REAL, plane, ierr)
  end block
  block
    integer :: nz
    nz = 5
    call MPI_Type_vector(nz, 1, 4, MPI_REAL, column, ierr)
    ! unknown: a BLOCK whose local hides a name of its program is not analysed
  end block
  call MPI_Type_commit(plane, ierr)
  call MPI_Type_free(plane, ierr)
  call MPI_Type_free(column, ierr)
  call MPI_Type_contiguous(nz, MPI_REAL, column, ierr)
  ! unknown: the block not analysed names nz, so the program's nz is forgotten too
  call MPI_Type_free(column, ierr)
  call MPI_Finalize(ierr)
end program block_locals
