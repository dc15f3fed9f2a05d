! mpi_f08 keyword arguments in another order than the standard's, with ierror given.
program keyword_reordered
  use mpi_f08
  implicit none
  integer, parameter :: n = 9
  integer :: blocks(3), displs(3), ierr
  type(MPI_Datatype) :: picked
  double precision :: x(n)
  call MPI_Init(ierr)
  blocks = (/ 2, 1, 3 /)
  displs = (/ 0, 4, 6 /)
  x = 1.0d0
  call MPI_Type_indexed(newtype=picked, oldtype=MPI_DOUBLE_PRECISION, &
                        array_of_displacements=displs, array_of_blocklengths=blocks, &
                        count=3, ierror=ierr)
  call MPI_Type_commit(picked, ierr)
  call MPI_Bcast(x, 1, picked, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(picked, ierr)
  call MPI_Finalize(ierr)
end program keyword_reordered
