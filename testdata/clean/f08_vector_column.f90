! The mpi_f08 bindings: handles are TYPE(MPI_Datatype), ierror is optional.
! A row of a column-major matrix (stride = leading dimension) is copied to
! a contiguous buffer by a self Sendrecv.
program f08_vector_column
  use mpi_f08
  implicit none
  integer, parameter :: m = 30, n = 20
  double precision :: a(m, n), row(n)
  type(MPI_Datatype) :: rowtype
  integer :: rank, i, j

  call MPI_Init()
  call MPI_Comm_rank(MPI_COMM_WORLD, rank)
  do j = 1, n
     do i = 1, m
        a(i, j) = i + 0.001d0 * j
     end do
  end do

  call MPI_Type_vector(n, 1, m, MPI_DOUBLE_PRECISION, rowtype)
  call MPI_Type_commit(rowtype)
  call MPI_Sendrecv(a(5, 1), 1, rowtype, rank, 0, row, n, MPI_DOUBLE_PRECISION, rank, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  print *, rank, row(n)

  call MPI_Type_free(rowtype)
  call MPI_Finalize()
end program f08_vector_column
