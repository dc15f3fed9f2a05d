! MPI_GET_ADDRESS of elements of one array: displacements relative to its first element.
program address_elements
  use mpi
  implicit none
  integer, parameter :: n = 50
  real(kind=4) :: x(n)
  integer(kind=MPI_ADDRESS_KIND) :: base, a2, a3, displs(2)
  integer :: blocks(2), picked, ierr
  call MPI_Init(ierr)
  call MPI_Get_address(x(1), base, ierr)
  call MPI_Get_address(x(11), a2, ierr)
  call MPI_Get_address(x(31), a3, ierr)
  displs(1) = a2 - base
  displs(2) = a3 - base
  blocks = (/ 5, 7 /)
  x = 0.0
  call MPI_Type_create_hindexed(2, blocks, displs, MPI_REAL, picked, ierr)
  call MPI_Type_commit(picked, ierr)
  call MPI_Bcast(x, 1, picked, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(picked, ierr)
  call MPI_Finalize(ierr)
end program address_elements
