! Example 4.13 in free form with `use mpi` and MPI_Type_get_extent.
program section3d
  use mpi
  implicit none
  real :: a(100,100,100), e(9,9,9)
  integer :: oneslice, twoslice, threeslice, myrank, ierr
  integer(kind=MPI_ADDRESS_KIND) :: lb, sizeofreal
  integer :: status(MPI_STATUS_SIZE)

  call MPI_Init(ierr)
  call MPI_Comm_rank(MPI_COMM_WORLD, myrank, ierr)
  call MPI_Type_get_extent(MPI_REAL, lb, sizeofreal, ierr)
  call MPI_Type_vector(9, 1, 2, MPI_REAL, oneslice, ierr)
  call MPI_Type_create_hvector(9, 1, 100*sizeofreal, oneslice, twoslice, ierr)
  call MPI_Type_create_hvector(9, 1, 100*100*sizeofreal, twoslice, &
                               threeslice, ierr)
  call MPI_Type_commit(threeslice, ierr)
  call MPI_Sendrecv(a(1,3,2), 1, threeslice, myrank, 0, e, 9*9*9, &
                    MPI_REAL, myrank, 0, MPI_COMM_WORLD, status, ierr)
  call MPI_Finalize(ierr)
end program section3d
