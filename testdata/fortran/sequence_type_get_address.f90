! A SEQUENCE derived type described member by member with MPI_GET_ADDRESS on its components.
program sequence_struct
  use mpi
  implicit none
  type particle
     sequence
     real(kind=8) :: pos(3)
     real(kind=8) :: mass
     integer :: id
     integer :: flags
  end type particle
  type(particle) :: p(10)
  integer :: ptype, ierr
  integer :: blocks(3), types(3)
  integer(kind=MPI_ADDRESS_KIND) :: base, addr(3), displs(3)
  call MPI_Init(ierr)
  call MPI_Get_address(p(1), base, ierr)
  call MPI_Get_address(p(1)%pos, addr(1), ierr)
  call MPI_Get_address(p(1)%mass, addr(2), ierr)
  call MPI_Get_address(p(1)%id, addr(3), ierr)
  displs = addr - base
  blocks = (/ 3, 1, 2 /)
  types = (/ MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION, MPI_INTEGER /)
  call MPI_Type_create_struct(3, blocks, displs, types, ptype, ierr)
  call MPI_Type_commit(ptype, ierr)
  p%id = 0
  call MPI_Bcast(p, 10, ptype, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(ptype, ierr)
  call MPI_Finalize(ierr)
end program sequence_struct
