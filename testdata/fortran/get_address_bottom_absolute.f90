! Absolute addresses of two separate arrays with MPI_BOTTOM: the distance between them is
! the run's, not the code's.
program bottom_absolute
  use mpi
  implicit none
  real(kind=8) :: u(10), v(20)
  integer(kind=MPI_ADDRESS_KIND) :: displs(2)
  integer :: blocks(2), types(2), pair, ierr
  call MPI_Init(ierr)
  u = 1.0d0
  v = 2.0d0
  call MPI_Get_address(u, displs(1), ierr)
  call MPI_Get_address(v, displs(2), ierr)
  blocks = (/ 10, 20 /)
  types = MPI_DOUBLE_PRECISION
  call MPI_Type_create_struct(2, blocks, displs, types, pair, ierr)
  ! unknowable: absolute addresses of two separate arrays (MPI_BOTTOM)
  call MPI_Type_commit(pair, ierr)
  call MPI_Bcast(MPI_BOTTOM, 1, pair, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(pair, ierr)
  call MPI_Finalize(ierr)
end program bottom_absolute
