! Example 4.16 without MPI_UB: the row's extent set with MPI_Type_create_resized.
program transpose_resized
  use mpi
  implicit none
  real :: a(100,100), b(100,100)
  integer :: row, row1, myrank, ierr, sizeofreal
  integer(kind=MPI_ADDRESS_KIND) :: lb, extent
  integer :: status(MPI_STATUS_SIZE)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, myrank, ierr)
  call MPI_Sizeof(a(1,1), sizeofreal, ierr)
  call MPI_Type_vector(100, 1, 100, MPI_REAL, row, ierr)
  lb = 0
  extent = sizeofreal
  call MPI_Type_create_resized(row, lb, extent, row1, ierr)
  call MPI_Type_commit(row1, ierr)
  call MPI_Sendrecv(a, 100, row1, myrank, 0, b, 100*100, MPI_REAL, myrank, 0, &
                    MPI_COMM_WORLD, status, ierr)
  call MPI_Finalize(ierr)
end program transpose_resized
