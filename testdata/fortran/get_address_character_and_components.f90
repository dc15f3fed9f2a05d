! Addresses of elements of a CHARACTER(LEN=16) array and of components of elements of an
! array of a SEQUENCE type, as byte displacements of one hindexed type.
program char_component_addresses
  use mpi
  implicit none
  type point
     sequence
     real(kind=8) :: x(3)
     integer :: id, pad
  end type point
  character(len=16) :: names(5)
  type(point) :: p(4)
  integer(kind=MPI_ADDRESS_KIND) :: b, e(3), displs(3)
  integer :: blocks(3), bytes, ierr
  call MPI_Init(ierr)
  names = ' '
  p%id = 0
  call MPI_Get_address(p(1), b, ierr)
  call MPI_Get_address(p(3)%id, e(1), ierr)
  call MPI_Get_address(p(2)%x(3), e(2), ierr)
  displs(1) = e(1) - b
  displs(2) = e(2) - b
  call MPI_Get_address(names(1), b, ierr)
  call MPI_Get_address(names(3), e(3), ierr)
  displs(3) = e(3) - b
  blocks = (/ 4, 8, 16 /)
  call MPI_Type_create_hindexed(3, blocks, displs, MPI_BYTE, bytes, ierr)
  call MPI_Type_commit(bytes, ierr)
  call MPI_Type_free(bytes, ierr)
  call MPI_Finalize(ierr)
end program char_component_addresses
