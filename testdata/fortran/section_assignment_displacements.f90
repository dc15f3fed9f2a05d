! Whole-array and section assignments build the displacements: every block starts where the
! previous one ends.
program section_assignment
  use mpi
  implicit none
  integer :: blocks(4), displs(4), runs, ierr
  real :: x(40)
  call MPI_Init(ierr)
  blocks = 3
  blocks(3:4) = 5
  displs(1) = 0
  displs(2:4) = 10
  displs(3:4) = displs(3:4) + (/ 8, 16 /)
  x = 0.0
  call MPI_Type_indexed(4, blocks, displs, MPI_REAL, runs, ierr)
  call MPI_Type_commit(runs, ierr)
  call MPI_Bcast(x, 1, runs, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(runs, ierr)
  call MPI_Finalize(ierr)
end program section_assignment
