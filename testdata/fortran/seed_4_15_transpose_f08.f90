! Example 4.15 with mpi_f08 and the optional ierror passed by keyword.
program transpose
  use mpi_f08
  implicit none
  real :: a(100,100), b(100,100)
  type(MPI_Datatype) :: row, xpose
  integer(kind=MPI_ADDRESS_KIND) :: lb, sizeofreal
  integer :: myrank, ierr

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, myrank)
  call MPI_Type_get_extent(MPI_REAL, lb, sizeofreal, ierror=ierr)
  call MPI_Type_vector(100, 1, 100, MPI_REAL, row, ierror=ierr)
  call MPI_Type_create_hvector(100, 1, sizeofreal, row, xpose, ierr)
  call MPI_Type_commit(xpose, ierror=ierr)
  call MPI_Sendrecv(a, 1, xpose, myrank, 0, b, 100*100, MPI_REAL, myrank, 0, &
                    MPI_COMM_WORLD, MPI_STATUS_IGNORE)
  call MPI_Finalize()
end program transpose
