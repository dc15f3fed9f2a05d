! mpi_f08 keyword arguments in the standard's order: a strided column of a matrix.
program keyword_vector
  use mpi_f08
  implicit none
  integer, parameter :: nrow = 20, ncol = 7
  real :: a(nrow, ncol)
  type(MPI_Datatype) :: row
  call MPI_Init()
  a = 0.0
  call MPI_Type_vector(count=ncol, blocklength=1, stride=nrow, oldtype=MPI_REAL, &
                       newtype=row)
  call MPI_Type_commit(row)
  call MPI_Bcast(a, 1, row, 0, MPI_COMM_WORLD)
  call MPI_Type_free(row)
  call MPI_Finalize()
end program keyword_vector
