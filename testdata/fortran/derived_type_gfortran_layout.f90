! Derived types without SEQUENCE or BIND(C), laid out as gfortran lays them out: mixed kinds
! with padding, a nested type and an array of it, CHARACTER components, an extended type (its
! parent first) with a default initialization.
module layouts
  implicit none
  type mixed
     integer(1) :: flag
     real(8) :: x
     integer(2) :: k
     character(len=3) :: code
     logical :: ok
     complex(8) :: z
     integer :: counts(3)
     character :: last
  end type mixed
  type cell
     character :: tag
     real(8) :: v(2)
  end type cell
  type mesh
     integer(2) :: id
     type(cell) :: cells(2)
     character(len=5) :: name
  end type mesh
  type, extends(cell) :: marked_cell
     integer :: mark = 7
  end type marked_cell
end module layouts

program derived_type_gfortran_layout
  use mpi
  use layouts
  implicit none
  type(mixed) :: m(2)
  type(mesh) :: g(2)
  type(marked_cell) :: mc(3)
  integer :: whole, padded, nested, child, bytes, ierr
  integer :: blens(4), types(4)
  integer(kind=MPI_ADDRESS_KIND) :: disps(4), base, extent

  call MPI_Init(ierr)
  bytes = storage_size(m(1)) / 8
  call MPI_Type_contiguous(bytes, MPI_BYTE, whole, ierr)

  call MPI_Get_address(m(1), base, ierr)
  call MPI_Get_address(m(1)%x, disps(1), ierr)
  call MPI_Get_address(m(1)%code, disps(2), ierr)
  call MPI_Get_address(m(1)%z, disps(3), ierr)
  call MPI_Get_address(m(1)%last, disps(4), ierr)
  disps = disps - base
  blens = (/ 1, 3, 1, 1 /)
  types = (/ MPI_DOUBLE_PRECISION, MPI_CHARACTER, MPI_DOUBLE_COMPLEX, MPI_CHARACTER /)
  call MPI_Type_create_struct(4, blens, disps, types, padded, ierr)

  call MPI_Get_address(g(1), base, ierr)
  call MPI_Get_address(g(1)%cells(2)%v(2), disps(1), ierr)
  call MPI_Get_address(g(1)%name, disps(2), ierr)
  call MPI_Get_address(g(2)%cells(1)%tag, disps(3), ierr)
  disps(1) = disps(1) - base
  disps(2) = disps(2) - base
  disps(3) = disps(3) - base
  blens(1) = 1
  blens(2) = 5
  blens(3) = 1
  types(1) = MPI_DOUBLE_PRECISION
  types(2) = MPI_CHARACTER
  types(3) = MPI_CHARACTER
  call MPI_Type_create_struct(3, blens, disps, types, nested, ierr)

  call MPI_Get_address(mc(1), base, ierr)
  call MPI_Get_address(mc(1)%v, disps(1), ierr)
  call MPI_Get_address(mc(1)%mark, disps(2), ierr)
  call MPI_Get_address(mc(2), extent, ierr)
  disps(1) = disps(1) - base
  disps(2) = disps(2) - base
  extent = extent - base
  blens(1) = 2
  blens(2) = 1
  types(1) = MPI_DOUBLE_PRECISION
  types(2) = MPI_INTEGER
  call MPI_Type_create_struct(2, blens, disps, types, child, ierr)
  call MPI_Type_create_resized(child, 0_MPI_ADDRESS_KIND, extent, whole, ierr)
  call MPI_Finalize(ierr)
end program derived_type_gfortran_layout
