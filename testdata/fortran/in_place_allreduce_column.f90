! MPI_IN_PLACE reductions around a column type: the send buffer MPI ignores is not a buffer.
program in_place
  use mpi
  implicit none
  integer, parameter :: nx = 10, ny = 6
  double precision :: field(nx, ny), sums(ny)
  integer :: column, ierr
  call MPI_Init(ierr)
  field = 1.0d0
  sums = 2.0d0
  call MPI_Allreduce(MPI_IN_PLACE, sums, ny, MPI_DOUBLE_PRECISION, MPI_SUM, &
                     MPI_COMM_WORLD, ierr)
  call MPI_Type_vector(ny, 1, nx, MPI_DOUBLE_PRECISION, column, ierr)
  call MPI_Type_commit(column, ierr)
  call MPI_Bcast(field, 1, column, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(column, ierr)
  call MPI_Finalize(ierr)
end program in_place
