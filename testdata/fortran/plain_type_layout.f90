! A derived type without SEQUENCE or BIND(C): its layout is the compiler's. The struct type
! describes it through MPI_GET_ADDRESS of the components, as portable code must.
program plain_layout
  use mpi
  implicit none
  type state
     logical :: active
     real(kind=8) :: t
     integer(kind=2) :: level
     real :: q(2)
  end type state
  type(state) :: s
  integer :: blocks(4), types(4), stype, ierr
  integer(kind=MPI_ADDRESS_KIND) :: base, addr(4), displs(4)
  call MPI_Init(ierr)
  call MPI_Get_address(s, base, ierr)
  call MPI_Get_address(s%active, addr(1), ierr)
  call MPI_Get_address(s%t, addr(2), ierr)
  call MPI_Get_address(s%level, addr(3), ierr)
  call MPI_Get_address(s%q, addr(4), ierr)
  displs = addr - base
  blocks = (/ 1, 1, 1, 2 /)
  types = (/ MPI_LOGICAL, MPI_DOUBLE_PRECISION, MPI_INTEGER2, MPI_REAL /)
  call MPI_Type_create_struct(4, blocks, displs, types, stype, ierr)
  call MPI_Type_commit(stype, ierr)
  s%active = .true.
  call MPI_Bcast(s, 1, stype, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(stype, ierr)
  call MPI_Finalize(ierr)
end program plain_layout
