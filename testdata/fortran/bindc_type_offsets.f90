! A BIND(C) derived type with padding (a real(8) after an integer), displacements from
! MPI_GET_ADDRESS of the components of an array element, resized to the element's size.
program bindc_offsets
  use mpi
  use iso_c_binding, only: c_int, c_double
  implicit none
  type, bind(c) :: cell
     integer(c_int) :: kind
     real(c_double) :: value
     integer(c_int) :: owner
  end type cell
  type(cell) :: cells(4)
  integer :: blocks(3), types(3), raw, celltype, ierr
  integer(kind=MPI_ADDRESS_KIND) :: a0, a(3), displs(3), lb, ext, a1
  call MPI_Init(ierr)
  call MPI_Get_address(cells(1), a0, ierr)
  call MPI_Get_address(cells(1)%kind, a(1), ierr)
  call MPI_Get_address(cells(1)%value, a(2), ierr)
  call MPI_Get_address(cells(1)%owner, a(3), ierr)
  call MPI_Get_address(cells(2), a1, ierr)
  displs = a - a0
  blocks = 1
  types = (/ MPI_INTEGER, MPI_DOUBLE_PRECISION, MPI_INTEGER /)
  call MPI_Type_create_struct(3, blocks, displs, types, raw, ierr)
  lb = 0
  ext = a1 - a0
  call MPI_Type_create_resized(raw, lb, ext, celltype, ierr)
  call MPI_Type_commit(celltype, ierr)
  cells%kind = 1
  call MPI_Bcast(cells, 4, celltype, 0, MPI_COMM_WORLD, ierr)
  call MPI_Type_free(celltype, ierr)
  call MPI_Type_free(raw, ierr)
  call MPI_Finalize(ierr)
end program bindc_offsets
