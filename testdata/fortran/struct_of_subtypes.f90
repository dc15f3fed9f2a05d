! A struct whose members are derived types: a column of u and a contiguous run of v,
! both in one message relative to u.
program struct_subtypes
  use mpi
  implicit none
  integer, parameter :: n = 16
  real(kind=8) :: u(n, n), v(n)
  integer :: col, run, both, blocks(2), types(2), ierr
  integer(kind=MPI_ADDRESS_KIND) :: au, av, displs(2)
  call MPI_Init(ierr)
  u = 0.0d0
  v = 0.0d0
  call MPI_Type_vector(n, 1, n, MPI_DOUBLE_PRECISION, col, ierr)
  call MPI_Type_contiguous(n/2, MPI_DOUBLE_PRECISION, run, ierr)
  call MPI_Get_address(u, au, ierr)
  call MPI_Get_address(v, av, ierr)
  displs = (/ 0_MPI_ADDRESS_KIND, av - au /)
  blocks = 1
  types = (/ col, run /)
  call MPI_Type_create_struct(2, blocks, displs, types, both, ierr)
  ! unknowable: av - au is the distance between two separate arrays
  call MPI_Type_commit(both, ierr)
  call MPI_Bcast(u, 1, both, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(both, ierr)
  call MPI_Type_free(run, ierr)
  call MPI_Type_free(col, ierr)
  call MPI_Finalize(ierr)
end program struct_subtypes
